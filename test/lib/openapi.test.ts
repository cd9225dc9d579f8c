/**
 * The OpenAPI helper layer every rule reads through: which specification a document is, media
 * types, the operations of a path item, Swagger 2.0 `produces`, examples of a media type, whether a
 * response has a body or an example, problem bodies (each once) and the problem examples of
 * `components`. Documents parsed and resolved by Spectral, as the rules receive them.
 */
import {
  bodiesOf,
  checkedProblemExamples,
  componentProblemBodies,
  documentOf,
  effectiveProduces,
  hasContent,
  hasExample,
  isJsonMediaType,
  isProblemMediaType,
  isXmlMediaType,
  malformedResponse,
  problemBodies,
  responsesOf,
  specOf,
} from '../../functions/lib/openapi';
import { parse } from './parsed';

const INFO = 'info: { title: Labs, version: 1.0.0 }';

async function docOf(yaml: string) {
  const { resolved } = await parse(yaml);
  return documentOf(resolved);
}

describe('specOf', () => {
  test('swagger 2.0 and openapi 3.x, as strings or as YAML numbers', async () => {
    expect(specOf({ swagger: '2.0' })).toBe(2);
    expect(specOf({ openapi: '3.0.3' })).toBe(3);
    expect(specOf({ openapi: '3.1.0' })).toBe(3);
    // `openapi: 3.1` and `swagger: 2.0` unquoted in YAML are numbers.
    expect(specOf((await parse(`openapi: 3.1\n${INFO}\npaths: {}\n`)).resolved)).toBe(3);
    expect(specOf((await parse(`swagger: 2.0\n${INFO}\npaths: {}\n`)).resolved)).toBe(2);
  });

  test('another version, or no version field, is neither (0)', () => {
    expect(specOf({ swagger: '1.2' })).toBe(0);
    expect(specOf({ swagger: '3.0' })).toBe(0);
    expect(specOf({ openapi: '2.0' })).toBe(0);
    expect(specOf({ openapi: '4.0.0' })).toBe(0);
    expect(specOf({ asyncapi: '2.6.0' })).toBe(0);
    expect(specOf({})).toBe(0);
  });
});

describe('media types', () => {
  test('base type and parameters, in any case', () => {
    expect(isProblemMediaType('application/problem+json')).toBe(true);
    expect(isProblemMediaType('Application/Problem+JSON')).toBe(true);
    expect(isProblemMediaType('application/problem+json; charset=utf-8')).toBe(true);
    // RFC 9110 allows whitespace before the semicolon.
    expect(isProblemMediaType('application/problem+json ; charset=utf-8')).toBe(true);
    expect(isProblemMediaType('application/json')).toBe(false);
    expect(isJsonMediaType('Application/JSON; charset=UTF-8')).toBe(true);
    expect(isXmlMediaType('Application/Problem+XML')).toBe(true);
  });

  test('JSON: application/json and application/<anything>+json, nothing else', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('application/vnd.labs.sample+json')).toBe(true);
    // JSON text sequences (RFC 7464) and JSON Lines are not one JSON document.
    expect(isJsonMediaType('application/json-seq')).toBe(false);
    expect(isJsonMediaType('application/jsonl')).toBe(false);
    expect(isJsonMediaType('text/json')).toBe(false);
    expect(isJsonMediaType('x-application/json')).toBe(false);
  });

  test('XML: <type>/xml and <type>/<anything>+xml, not a type that only starts with xml', () => {
    expect(isXmlMediaType('application/xml')).toBe(true);
    expect(isXmlMediaType('text/xml')).toBe(true);
    expect(isXmlMediaType('application/atom+xml')).toBe(true);
    expect(isXmlMediaType('application/xml-patch+json')).toBe(false);
    expect(isXmlMediaType('application/xml-dtd')).toBe(false);
    expect(isXmlMediaType('application/json')).toBe(false);
  });
});

describe('documentOf: the operations of each path item', () => {
  const paths = `
paths:
  /labs/v1/samples:
    get:
      responses: { '200': { description: Samples. } }
    query:
      responses: { '200': { description: Samples found by a query body. } }
    additionalOperations:
      LINK:
        responses: { '204': { description: Linked. } }
`;

  test('OpenAPI 3.2: the query method and additionalOperations (their method in lower case)', async () => {
    const doc = await docOf(`openapi: 3.2.0\n${INFO}${paths}`);
    expect(doc.operations.map(o => [o.method, o.path])).toEqual([
      ['get', ['paths', '/labs/v1/samples', 'get']],
      ['query', ['paths', '/labs/v1/samples', 'query']],
      ['link', ['paths', '/labs/v1/samples', 'additionalOperations', 'LINK']],
    ]);
  });

  test('before 3.2 (and in Swagger 2.0) a query key is not an operation', async () => {
    const v31 = await docOf(`openapi: 3.1.0\n${INFO}${paths}`);
    expect(v31.operations.map(o => o.method)).toEqual(['get', 'link']);
    const v2 = await docOf(`swagger: '2.0'\n${INFO}${paths}`);
    expect(v2.operations.map(o => o.method)).toEqual(['get', 'link']);
  });
});

describe('effectiveProduces (Swagger 2.0)', () => {
  test("the operation's own produces, else the root's; entries that are not strings left out", async () => {
    const doc = await docOf(`
swagger: '2.0'
${INFO}
produces: [application/json, ~, 42, application/problem+json]
paths:
  /labs/v1/samples:
    get:
      responses: { '200': { description: Samples. } }
    post:
      produces: [application/json, { type: problem }, application/problem+json]
      responses: { '201': { description: Created. } }
`);
    const [get, post] = doc.operations;
    expect(effectiveProduces(doc, get)).toEqual({
      values: ['application/json', 'application/problem+json'],
      path: ['produces'],
    });
    expect(effectiveProduces(doc, post)).toEqual({
      values: ['application/json', 'application/problem+json'],
      path: ['paths', '/labs/v1/samples', 'post', 'produces'],
    });
  });
});

describe('bodiesOf: the examples of a media type', () => {
  test('example, examples with value, externalValue, dataValue or serializedValue (3.2); an example with none of them is none', async () => {
    const doc = await docOf(`
openapi: 3.2.0
${INFO}
paths:
  /labs/v1/samples:
    get:
      responses:
        '200':
          description: Samples.
          content:
            application/json:
              example: { id: s1 }
              examples:
                inline: { value: { id: s2 } }
                remote: { externalValue: 'https://example.com/samples/s3.json' }
                data: { dataValue: { id: s4 }, serializedValue: '{"id":"s4"}' }
                serialized: { serializedValue: '{"id":"s5"}' }
                described: { summary: A sample described in words only. }
`);
    const [response] = responsesOf(doc.operations[0]);
    const at = ['paths', '/labs/v1/samples', 'get', 'responses', '200', 'content', 'application/json'];
    expect(bodiesOf(doc, response)[0].examples).toEqual([
      { value: { id: 's1' }, path: [...at, 'example'], external: false },
      { value: { id: 's2' }, path: [...at, 'examples', 'inline', 'value'], external: false },
      { value: undefined, path: [...at, 'examples', 'remote', 'externalValue'], external: true },
      { value: { id: 's4' }, path: [...at, 'examples', 'data', 'dataValue'], external: false },
      { value: undefined, path: [...at, 'examples', 'serialized', 'serializedValue'], external: true },
    ]);
  });
});

describe('hasContent, hasExample, malformedResponse', () => {
  const yaml = `
openapi: 3.1.0
${INFO}
paths:
  /labs/v1/samples:
    get:
      responses:
        '200':
          description: Samples, with an example.
          content:
            application/json: { example: [] }
        '204':
          description: No body.
        '400':
          description: An empty content map.
          content: {}
        '404':
          description: A body without an example, and a media type written as null.
          content:
            application/problem+json: { schema: { type: object } }
            application/json: ~
`;

  test('OpenAPI 3: content with at least one media type; an example needs content', async () => {
    const doc = await docOf(yaml);
    const responses = responsesOf(doc.operations[0]);
    expect(
      responses.map(r => [r.code, hasContent(doc, r), hasExample(doc, r), malformedResponse(doc, r.node)]),
    ).toEqual([
      ['200', true, true, false],
      ['204', false, false, false],
      ['400', false, false, false],
      ['404', true, false, true],
    ]);
  });

  test('Swagger 2.0: an empty examples map is no example', async () => {
    const doc = await docOf(`
swagger: '2.0'
${INFO}
produces: [application/json]
paths:
  /labs/v1/samples:
    get:
      responses:
        '200':
          description: Samples.
          schema: { type: array, items: { type: string } }
          examples: {}
        '201':
          description: Samples.
          examples: { application/json: [s1] }
`);
    const responses = responsesOf(doc.operations[0]);
    expect(responses.map(r => [r.code, hasContent(doc, r), hasExample(doc, r)])).toEqual([
      ['200', true, false],
      ['201', true, true],
    ]);
  });
});

describe('problemBodies: each problem body once', () => {
  test('Swagger 2.0: a shared response once per status code and per produces list in force', async () => {
    const doc = await docOf(`
swagger: '2.0'
${INFO}
produces: [application/problem+json]
paths:
  /labs/v1/samples:
    get:
      responses:
        '404': { $ref: '#/responses/Problem' }
        '500': { $ref: '#/responses/Problem' }
    post:
      responses:
        '404': { $ref: '#/responses/Problem' }
    delete:
      produces: [application/json, application/problem+json]
      responses:
        '404': { $ref: '#/responses/Problem' }
responses:
  Problem:
    description: A problem.
    schema: { type: object }
`);
    expect(problemBodies(doc).map(b => [b.response.operation.method, b.response.code, b.mediaType])).toEqual([
      ['get', '404', 'application/problem+json'],
      ['get', '500', 'application/problem+json'],
      ['delete', '404', 'application/problem+json'],
    ]);
  });

  test('OpenAPI 3: a shared response once per status code', async () => {
    const doc = await docOf(`
openapi: 3.1.0
${INFO}
paths:
  /labs/v1/samples:
    get:
      responses:
        '404': { $ref: '#/components/responses/Problem' }
        '500': { $ref: '#/components/responses/Problem' }
    post:
      responses:
        '404': { $ref: '#/components/responses/Problem' }
components:
  responses:
    Problem:
      description: A problem.
      content:
        application/problem+json: { schema: { type: object } }
`);
    expect(problemBodies(doc).map(b => [b.response.operation.method, b.response.code])).toEqual([
      ['get', '404'],
      ['get', '500'],
    ]);
  });
});

describe('componentProblemBodies and checkedProblemExamples', () => {
  const components = `
components:
  responses:
    Problem:
      description: A problem, or a sample.
      content:
        application/problem+json:
          example: { type: 'about:blank', title: Not Found, status: 404 }
        application/json:
          example: { id: s1, status: 3 }
        application/problem+xml: ~
  examples:
    titled: { value: { status: 404, title: Not Found } }
    typed: { value: { status: 404, type: 'about:blank' } }
    detailed: { value: { status: 404, detail: No sample s1. } }
    textStatus: { value: { status: '404', title: Not Found } }
    sample: { value: { id: s1, status: 3, count: 2 } }
    words: { value: Not Found }
    remote: { externalValue: 'https://example.com/problems/not-found.json' }
`;

  test('OpenAPI 3: problem media types of components.responses; examples that read as a problem (an integer status beside a title, type or detail)', async () => {
    const doc = await docOf(`openapi: 3.1.0\n${INFO}\npaths: {}\n${components}`);
    expect(componentProblemBodies(doc).map(b => b.path)).toEqual([
      ['components', 'responses', 'Problem', 'content', 'application/problem+json'],
    ]);
    expect(checkedProblemExamples(doc).map(e => e.path)).toEqual([
      ['components', 'responses', 'Problem', 'content', 'application/problem+json', 'example'],
      ['components', 'examples', 'titled', 'value'],
      ['components', 'examples', 'typed', 'value'],
      ['components', 'examples', 'detailed', 'value'],
    ]);
  });

  test('Swagger 2.0 has no components: a components key there is not read', async () => {
    const doc = await docOf(`swagger: '2.0'\n${INFO}\npaths: {}\n${components}`);
    expect(componentProblemBodies(doc)).toEqual([]);
    expect(checkedProblemExamples(doc)).toEqual([]);
  });
});
