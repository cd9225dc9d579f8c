import { testRule } from '../__helpers__/spectral';

const KEY = 'x-api-conventions-exceptions';
const NO_REASON = (rule: string) =>
  `Exception for ${rule} has no reason; expected a sentence saying why the rule does not apply here`;
const UNKNOWN = (id: string, close?: string) =>
  `Exception names "${id}", which is not a rule of spectral-api-conventions; ${
    close === undefined ? 'expected one of its rule ids' : `did you mean ${close}?`
  }`;
const NOT_HONOURED = (what: string) =>
  `${KEY} is not honoured on ${what}; write it on the operation, path item or component it concerns, or at the document root`;

/** A health probe as platform teams write one: no error responses, a path outside the versioned tree. */
const HEALTH = `openapi: 3.0.3
info: {title: Labs, version: 1.0.0}
servers:
  - url: https://api.example.com/clinical/labs/v1
paths:
  /health:
    get:
      operationId: getHealth
      ${KEY}:
        error-responses-required: Probed by the load balancer only; it never answers 4xx (PLAT-1234).
      responses:
        '200':
          description: Up.
`;

testRule('conventions-exception', [
  {
    name: 'a health probe excepted from error-responses-required on its operation, with its reason: in force, nothing to say',
    document: HEALTH,
    errors: [],
  },
  {
    name: 'exceptions at all four kinds of places (root, path item, operation, component), each with a reason',
    document: `openapi: 3.1.0
info: {title: Labs, version: 1.0.0}
${KEY}:
  problem-registry-single: The labs API predates the shared registry; migration is LABS-88.
paths:
  /status:
    ${KEY}:
      path-version-segment: The status page is served outside the versioned tree.
    get:
      ${KEY}:
        error-responses-required: A static page; it has no error responses.
      responses:
        '200': {description: Up.}
webhooks:
  sampleReady:
    post:
      ${KEY}:
        error-responses-required: Our callers' servers answer these; we do not define them.
      responses:
        '204': {description: Received.}
components:
  responses:
    NotFound:
      ${KEY}:
        problem-example-title: Our gateway writes the title; PLAT-99.
      description: Not Found
`,
    errors: [],
  },
  {
    name: 'Swagger 2.0: a definition, a shared parameter and a shared response carry exceptions',
    document: {
      swagger: '2.0',
      info: { title: 'Labs', version: '1.0.0' },
      basePath: '/clinical/labs/v1',
      paths: {},
      definitions: { Problem: { type: 'object', [KEY]: { 'problem-details-schema': 'Legacy shape, LABS-12.' } } },
      parameters: {
        Limit: { name: 'limit', in: 'query', type: 'integer', [KEY]: { 'list-pagination-parameters': 'x' } },
      },
      responses: { NotFound: { description: 'Not Found', [KEY]: { 'error-response-examples': 'LABS-13.' } } },
    },
    errors: [],
  },
  {
    name: 'a mistyped rule id: the close ids are named',
    document: HEALTH.replace('error-responses-required:', 'error-response-required:'),
    errors: [
      {
        path: ['paths', '/health', 'get', KEY, 'error-response-required'],
        message: UNKNOWN('error-response-required', '"error-responses-required"'),
      },
    ],
  },
  {
    name: "another linter's id (Spectral's own operation-success-response): no close id",
    document: HEALTH.replace('error-responses-required:', 'operation-success-response:'),
    errors: [
      {
        path: ['paths', '/health', 'get', KEY, 'operation-success-response'],
        message: UNKNOWN('operation-success-response'),
      },
    ],
  },
  {
    name: 'a reason left empty, null, or given as a list: not in force',
    document: `openapi: 3.0.3
info: {title: Labs, version: 1.0.0}
paths:
  /health:
    ${KEY}:
      path-version-segment: ''
    get:
      ${KEY}:
        error-responses-required:
        error-responses-secured: [PLAT-1234]
        error-response-examples: '   '
      responses:
        '200': {description: Up.}
`,
    errors: [
      { path: ['paths', '/health', KEY, 'path-version-segment'], message: NO_REASON('path-version-segment') },
      {
        path: ['paths', '/health', 'get', KEY, 'error-responses-required'],
        message: NO_REASON('error-responses-required'),
      },
      {
        path: ['paths', '/health', 'get', KEY, 'error-responses-secured'],
        message: NO_REASON('error-responses-secured'),
      },
      {
        path: ['paths', '/health', 'get', KEY, 'error-response-examples'],
        message: NO_REASON('error-response-examples'),
      },
    ],
  },
  {
    name: 'conventions-exception itself cannot be excepted',
    document: HEALTH.replace(
      'error-responses-required:',
      'conventions-exception: We know.\n        error-responses-required:',
    ),
    errors: [
      {
        path: ['paths', '/health', 'get', KEY, 'conventions-exception'],
        message: 'conventions-exception cannot be excepted: it says which exceptions are not in force',
      },
    ],
  },
  {
    name: 'exceptions written as a list of ids (the shape of other linters) or a single string: not a map',
    document: `openapi: 3.0.3
info: {title: Labs, version: 1.0.0}
${KEY}: error-responses-required
paths:
  /health:
    get:
      ${KEY}: [error-responses-required]
      responses:
        '200': {description: Up.}
`,
    errors: [
      {
        path: [KEY],
        message: `${KEY} is a string; expected a map from rule id to the reason the rule does not apply here`,
      },
      {
        path: ['paths', '/health', 'get', KEY],
        message: `${KEY} is an array; expected a map from rule id to the reason the rule does not apply here`,
      },
    ],
  },
  {
    name: 'written on a response, a parameter, a request body, a schema property and the info object: not honoured there',
    document: `openapi: 3.0.3
info:
  title: Labs
  version: 1.0.0
  ${KEY}: {path-version-segment: Old paths.}
servers:
  - url: https://api.example.com/clinical/labs/v1
paths:
  /samples:
    post:
      parameters:
        - name: dryRun
          in: query
          schema: {type: boolean}
          ${KEY}: {list-filter-parameters: Not a filter.}
      requestBody:
        ${KEY}: {list-filter-safe-method: A search.}
        content:
          application/json:
            schema: {type: object}
      responses:
        '201':
          description: Created.
        '404':
          ${KEY}: {error-response-examples: Empty body.}
          description: Not Found
components:
  schemas:
    Sample:
      type: object
      properties:
        id:
          type: string
          ${KEY}: {problem-details-schema: Not a problem.}
`,
    errors: [
      { path: ['info', KEY], message: NOT_HONOURED('the info object') },
      { path: ['paths', '/samples', 'post', 'parameters', '0', KEY], message: NOT_HONOURED('a parameter') },
      { path: ['paths', '/samples', 'post', 'requestBody', KEY], message: NOT_HONOURED('a request body') },
      { path: ['paths', '/samples', 'post', 'responses', '404', KEY], message: NOT_HONOURED('a response') },
      {
        path: ['components', 'schemas', 'Sample', 'properties', 'id', KEY],
        message: NOT_HONOURED('a schema property'),
      },
    ],
  },
  {
    name: 'a shared response that carries an exception, used by an operation: honoured at the component, not reported at the use',
    document: `openapi: 3.0.3
info: {title: Labs, version: 1.0.0}
paths:
  /samples:
    get:
      responses:
        '200': {description: OK}
        '404': {$ref: '#/components/responses/NotFound'}
components:
  responses:
    NotFound:
      ${KEY}:
        problem-example-title: Our gateway writes the title; PLAT-99.
      description: Not Found
`,
    errors: [],
  },
]);
