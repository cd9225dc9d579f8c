import { hasExceptions, isExceptionPlace, isExcepted, listExceptions } from '../../functions/lib/exceptions';

const KEY = 'x-api-conventions-exceptions';

describe('the four kinds of places where an exception is honoured', () => {
  test.each([
    [[], true],
    [['paths', '/health'], true],
    [['paths', '/health', 'get'], true],
    [['paths', '/health', 'query'], true],
    [['paths', '/health', 'additionalOperations', 'LINK'], true],
    [['webhooks', 'sampleReady'], true],
    [['webhooks', 'sampleReady', 'post'], true],
    [['components', 'responses', 'NotFound'], true],
    [['definitions', 'Problem'], true],
    [['parameters', 'Limit'], true],
    [['responses', 'NotFound'], true],
    [['paths', 'x-internal'], false],
    [['paths', '/health', 'parameters'], false],
    [['paths', '/health', 'get', 'responses', '200'], false],
    [['components', 'schemas', 'Sample', 'properties', 'id'], false],
    [['info'], false],
  ])('%j: %s', (path, honoured) => {
    expect(isExceptionPlace(path)).toBe(honoured);
  });
});

describe('listExceptions: what the estate report counts', () => {
  test('every entry at the four kinds of places, with its pointer, reason and whether it is in force', () => {
    const document = {
      openapi: '3.1.0',
      [KEY]: { 'problem-registry-single': 'LABS-88.' },
      paths: {
        '/health': {
          [KEY]: { 'path-version-segment': '' },
          get: {
            [KEY]: { 'error-responses-required': 'Probe (PLAT-1234).', 'error-response-required': 'typo' },
            responses: { '200': { description: 'Up.', [KEY]: { 'error-response-examples': 'not honoured here' } } },
          },
        },
      },
      components: { responses: { NotFound: { [KEY]: { 'problem-example-title': 7 } } } },
    };
    expect(listExceptions(document)).toEqual([
      { rule: 'problem-registry-single', at: '', reason: 'LABS-88.', valid: true },
      { rule: 'path-version-segment', at: '/paths/~1health', reason: '', valid: false },
      { rule: 'error-responses-required', at: '/paths/~1health/get', reason: 'Probe (PLAT-1234).', valid: true },
      { rule: 'error-response-required', at: '/paths/~1health/get', reason: 'typo', valid: false },
      { rule: 'problem-example-title', at: '/components/responses/NotFound', valid: false },
    ]);
  });

  test('nothing for a document without exceptions, one whose exceptions are not a map, or no document', () => {
    expect(listExceptions({ openapi: '3.1.0', paths: { '/a': { get: {} } } })).toEqual([]);
    expect(listExceptions({ openapi: '3.1.0', [KEY]: ['error-responses-required'] })).toEqual([]);
    expect(listExceptions(null)).toEqual([]);
  });
});

describe('isExcepted', () => {
  const shared = { [KEY]: { 'problem-example-title': 'Gateway title.' }, description: 'Not Found' };
  const written = {
    openapi: '3.1.0',
    paths: { '/a': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } } },
    components: { responses: { NotFound: shared } },
  };
  const resolved = {
    openapi: '3.1.0',
    paths: { '/a': { get: { responses: { '404': shared } } } },
    components: { responses: { NotFound: shared } },
  };
  const use = ['paths', '/a', 'get', 'responses', '404', 'content'];

  test('a defect reported through a $ref to an excepted component is excepted (the component is where it is written)', () => {
    expect(isExcepted('problem-example-title', resolved, written, use)).toBe(true);
    expect(isExcepted('problem-example-type', resolved, written, use)).toBe(false);
  });

  test('an exception on a node that is no place of the four kinds is not honoured, even on the path', () => {
    const inline = { openapi: '3.1.0', paths: { '/a': { get: { responses: { '404': shared } } } } };
    expect(isExcepted('problem-example-title', inline, inline, use)).toBe(false);
  });

  test('hasExceptions finds one at a component, and none in a document without', () => {
    expect(hasExceptions(resolved)).toBe(true);
    expect(hasExceptions({ openapi: '3.1.0', paths: { '/a': { get: {} } } })).toBe(false);
  });
});
