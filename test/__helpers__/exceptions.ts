/**
 * Documents with an exception (`x-api-conventions-exceptions`) for rules of several kinds, at each
 * kind of place it is honoured, as an API's team would write it: linted by Spectral
 * (test/exceptions.test.ts) and by Redocly CLI with the plugin (test/redocly/exceptions.cli.test.ts),
 * each once with the exception in force and once with it broken, which must leave the findings.
 */
const KEY = 'x-api-conventions-exceptions';

export interface ExceptionCase {
  name: string;
  rule: string;
  /** The document, with `ENTRY` where the exception's `<rule>: <reason>` line goes. */
  document: string;
  /** The JSON pointers of the rule's findings the exception drops, and of those it leaves. */
  excepted: string[];
  kept: string[];
  /** The exception's line: in force, and broken (as conventions-exception reports it). */
  valid: string;
  invalid: string;
}

const OK = "'200': {description: OK}";

export const EXCEPTION_CASES: ExceptionCase[] = [
  {
    name: 'error-responses-required, on an operation (a health probe)',
    rule: 'error-responses-required',
    document: `openapi: 3.0.3
info: {title: Labs, version: 1.0.0}
servers:
  - url: https://api.example.com/clinical/labs/v1
paths:
  /health:
    get:
      ${KEY}:
        ENTRY
      responses:
        ${OK}
  /samples:
    get:
      responses:
        ${OK}
`,
    excepted: ['/paths/~1health/get/responses'],
    kept: ['/paths/~1samples/get/responses'],
    valid: 'error-responses-required: Probed by the load balancer only; it never answers 4xx (PLAT-1234).',
    invalid: "error-responses-required: ''",
  },
  {
    name: 'problem-example-title, on a component response used by two operations',
    rule: 'problem-example-title',
    document: `openapi: 3.0.3
info: {title: Labs, version: 1.0.0}
servers:
  - url: https://api.example.com/clinical/labs/v1
paths:
  /samples/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        ${OK}
        '404': {$ref: '#/components/responses/NotFound'}
  /specimens/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        ${OK}
        '404': {$ref: '#/components/responses/NotFound'}
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              example: {status: 500, title: Server Error, detail: x, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1', instance: GET /specimens/1}
components:
  responses:
    NotFound:
      ${KEY}:
        ENTRY
      description: Not Found
      content:
        application/problem+json:
          example: {status: 404, title: Not found, detail: x, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5', instance: GET /samples/1}
`,
    excepted: ['/components/responses/NotFound/content/application~1problem+json/example/title'],
    kept: ['/paths/~1specimens~1{id}/get/responses/500/content/application~1problem+json/example/title'],
    valid: 'problem-example-title: Our gateway writes this title; changing it is PLAT-99.',
    invalid: 'problem-example-titel: Our gateway writes this title; changing it is PLAT-99.',
  },
  {
    name: 'path-version-segment, on a path item',
    rule: 'path-version-segment',
    document: `openapi: 3.1.0
info: {title: Labs, version: 1.0.0}
paths:
  /health:
    ${KEY}:
      ENTRY
    get:
      responses:
        ${OK}
  /status:
    get:
      responses:
        ${OK}
  /clinical/labs/v1/samples:
    get:
      responses:
        ${OK}
`,
    excepted: ['/paths/~1health'],
    kept: ['/paths/~1status'],
    valid: 'path-version-segment: Served at a fixed path for the load balancer (PLAT-1234).',
    invalid: 'path-version-segment: [PLAT-1234]',
  },
  {
    name: 'error-responses-required, at the document root (every operation)',
    rule: 'error-responses-required',
    document: `swagger: '2.0'
info: {title: Labs, version: 1.0.0}
basePath: /clinical/labs/v1
${KEY}:
  ENTRY
paths:
  /samples:
    get:
      responses:
        ${OK}
    post:
      responses:
        '201': {description: Created}
`,
    excepted: ['/paths/~1samples/get/responses', '/paths/~1samples/post/responses'],
    kept: [],
    valid: 'error-responses-required: An internal batch API; errors are reported by the job log (LABS-7).',
    invalid: 'conventions-exception: An internal batch API; errors are reported by the job log (LABS-7).',
  },
];

export const caseDocument = (c: ExceptionCase, entry: string): string => c.document.replace('ENTRY', entry);

/** A JSON pointer of a path as Spectral gives it. */
export const pointerOf = (path: (string | number)[]): string =>
  path.map(token => `/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
