/** createRuleset(options): each option checked up front with a clear error, and each one working. */
import { checkOptions } from '../functions/lib/options';
import { createRuleset } from '../ruleset';
import { lint } from './__helpers__/spectral';

const info = { title: 'Options', version: '1' };
const page = {
  description: 'A page.',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['results'],
        properties: { results: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } },
      },
    },
  },
};

describe('invalid options are refused with a sentence that says what is expected', () => {
  test.each<[name: string, options: unknown, message: string]>([
    ['an array', [], 'createRuleset takes an options object, not an array'],
    [
      'an unknown option',
      { stritc: true },
      'unknown option "stritc"; the options are registry, typeStyle, strict, sortPattern, listDetection, docsUrl, baseline',
    ],
    ['a registry that is not a string', { registry: 5 }, 'option "registry" must be the URL or path of the registry'],
    [
      'a blank baseline',
      { baseline: '  ' },
      'option "baseline" must be the path of a baseline file, e.g. ".spectral-baseline.json"',
    ],
    ['a baseline that is not a string', { baseline: true }, 'option "baseline" must be the path of a baseline file'],
    [
      'an empty sort pattern',
      { sortPattern: '' },
      'option "sortPattern" must be a regular expression, as a non-empty string',
    ],
    [
      'a sort pattern that is not a string',
      { sortPattern: 5 },
      'option "sortPattern" must be a regular expression, as a non-empty string',
    ],
    [
      'list detection with another key',
      { listDetection: { only: ['GET /a'] } },
      'option "listDetection" takes include and exclude, not "only"',
    ],
    [
      'list detection with an empty string among the entries',
      { listDetection: { exclude: ['GET /a', ''] } },
      'option "listDetection.exclude" must be a list of operationIds or "METHOD /path" strings',
    ],
    ...[
      'https://docs.example.com/api-rules.html',
      'ftp://docs.example.com/{rule}.html',
      '{rule}.html',
      'https:///{rule}',
      'https:// docs.example.com/{rule}',
    ].map((docsUrl): [string, unknown, string] => [
      `docsUrl ${docsUrl}`,
      { docsUrl },
      `option "docsUrl" must be an http(s) URL in which {rule} stands for the rule id, e.g. "https://docs.example.com/api-rules/{rule}.html", not ${JSON.stringify(docsUrl)}`,
    ]),
    ['docsUrl that is not a string', { docsUrl: 5 }, 'option "docsUrl" must be an http(s) URL'],
    [
      'an empty registry',
      { registry: '' },
      'option "registry" must be the URL or path of the registry document, a non-empty string',
    ],
    ['another type style', { typeStyle: 'urn' }, 'option "typeStyle" must be "rfc9110" or "any-uri", not "urn"'],
    ['strict as a string', { strict: 'yes' }, 'option "strict" must be true or false, not "yes"'],
    ['a broken sort pattern', { sortPattern: '([a-z]' }, 'option "sortPattern" is not a valid regular expression'],
    [
      'list detection as a list',
      { listDetection: ['GET /a'] },
      'option "listDetection" must be an object { include?: string[], exclude?: string[] }',
    ],
    [
      'list detection with a number',
      { listDetection: { include: [1] } },
      'option "listDetection.include" must be a list of operationIds or "METHOD /path" strings',
    ],
  ])('%s', (_name, options, message) => {
    expect(() => createRuleset(options as never)).toThrow(message);
  });
});

describe('valid options are taken as given', () => {
  test.each([
    ['no options (null)', null],
    ['typeStyle rfc9110', { typeStyle: 'rfc9110' }],
    ['typeStyle any-uri', { typeStyle: 'any-uri' }],
    ['docsUrl over http, with {rule} in the path', { docsUrl: 'http://intranet/api-rules/{rule}' }],
    ['list detection with both keys', { listDetection: { include: ['GET /a/b/v1/c'], exclude: ['listThings'] } }],
  ])('%s', (_name, options) => {
    expect(() => createRuleset(options as never)).not.toThrow();
  });

  test('checkOptions of nothing is no option', () => {
    expect(checkOptions(undefined)).toEqual({});
    expect(checkOptions(null)).toEqual({});
  });
});

describe('strict', () => {
  const document = {
    openapi: '3.1.0',
    info,
    paths: { '/a/b/v1/c': { post: { responses: { '200': { description: 'OK' } } } } },
  };

  test('by default the required-responses rules warn (§7.1.2)', () => {
    const rules = createRuleset().rules as Record<string, { severity: string }>;
    expect(
      ['error-responses-required', 'error-responses-secured', 'error-response-examples', 'list-filter-safe-method'].map(
        id => rules[id].severity,
      ),
    ).toEqual(['warn', 'warn', 'warn', 'warn']);
  });

  test('strict makes every MUST an error', async () => {
    const rules = createRuleset({ strict: true }).rules as Record<string, { severity: string }>;
    expect(
      ['error-responses-required', 'error-responses-secured', 'error-response-examples', 'list-filter-safe-method'].map(
        id => rules[id].severity,
      ),
    ).toEqual(['error', 'error', 'error', 'error']);
    const findings = await lint(document, ['error-responses-required'], { strict: true });
    expect(findings.map(f => f.message)).toEqual([
      'No 400, 404 or 500 response; every operation must define 400, 404 and 500',
    ]);
  });
});

describe('listDetection and x-list-operation', () => {
  const listed = (extra: Record<string, unknown> = {}) => ({
    openapi: '3.1.0',
    info,
    paths: {
      '/a/b/v1/items': { get: { operationId: 'listItems', responses: { '200': page }, ...extra } },
      '/a/b/v1/search': { post: { operationId: 'searchItems', responses: { '200': page } } },
    },
  });
  const NO_LIMIT = /^List operation has no "limit"/;
  const messages = async (document: object, options = {}) =>
    (await lint(document, ['list-pagination-parameters'], options))
      .filter(f => NO_LIMIT.test(f.message))
      .map(f => f.path.join(' '));

  test('detection finds the GET answering an envelope', async () => {
    expect(await messages(listed())).toEqual(['paths /a/b/v1/items get']);
  });

  test('exclude (by operationId) and include (by "METHOD /path") override detection', async () => {
    expect(
      await messages(listed(), { listDetection: { exclude: ['listItems'], include: ['POST /a/b/v1/search'] } }),
    ).toEqual(['paths /a/b/v1/search post']);
  });

  test('x-list-operation on the operation wins over the options', async () => {
    expect(await messages(listed({ 'x-list-operation': true }), { listDetection: { exclude: ['listItems'] } })).toEqual(
      ['paths /a/b/v1/items get'],
    );
    expect(await messages(listed({ 'x-list-operation': false }))).toEqual([]);
  });
});

test("typeStyle any-uri accepts a problem type of the platform's own", async () => {
  const example = {
    status: 404,
    title: 'Not Found',
    detail: 'x',
    type: 'https://problems.example.com/not-found',
    instance: 'GET /a/b/v1/c',
  };
  const document = {
    openapi: '3.1.0',
    info,
    paths: {
      '/a/b/v1/c': {
        get: { responses: { '404': { description: 'nf', content: { 'application/problem+json': { example } } } } },
      },
    },
  };
  expect((await lint(document, ['problem-example-type'])).map(f => f.message)).toEqual([
    '404 example type is "https://problems.example.com/not-found"; expected https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5 (RFC 9110 §15.5.5)',
  ]);
  expect(await lint(document, ['problem-example-type'], { typeStyle: 'any-uri' })).toEqual([]);
});
