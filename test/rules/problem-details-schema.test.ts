import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  PROBLEM_REQUIRED,
  problemSchema as baseSchema,
  response,
  singleOperation,
  swaggerDocument,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders');
const PROBLEM = PROBLEM_JSON;
const MEMBERS = 'status, title, detail, type and instance';
/** A Problem Details schema with a URI type; `properties` and `required` may be overridden. */
const problemSchema = (overrides: Record<string, unknown> = {}, required = PROBLEM_REQUIRED) =>
  baseSchema({ type: { type: 'string', format: 'uri' }, ...overrides }, required);
const served = (schema: unknown, mediaType = PROBLEM) => response('A problem', mediaType, { schema });
/** Documents with one operation, GET /orders. */
const { oas } = singleOperation(info, '/orders', 'get');
const at = (...path: (string | number)[]) => ['paths', '/orders', 'get', 'responses', ...path];
const S = (code: string) => at(code, 'content', PROBLEM, 'schema');

testRule('problem-details-schema', [
  {
    name: 'OpenAPI 3.0: a complete problem schema is clean; non-problem bodies are not checked',
    document: oas('3.0.3', {
      '200': served({ type: 'object' }, 'application/json'),
      '400': served(problemSchema({ traceId: { type: 'string' } })),
      '404': served({ type: 'object' }, 'application/json'),
      '500': served(problemSchema(), 'application/problem+json; charset=utf-8'),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: missing, mistyped and unrequired members',
    document: oas('3.1.0', {
      '400': served({
        type: 'object',
        required: ['status', 'title', 'type'],
        properties: { status: { type: 'string' }, title: { type: 'string' }, detail: {}, type: { type: 'string' } },
      }),
    }),
    errors: [
      {
        path: [...S('400'), 'properties', 'status', 'type'],
        message: 'Problem member "status" is of type string; expected integer',
      },
      {
        path: [...S('400'), 'properties', 'detail'],
        message: 'Problem member "detail" declares no type; expected string',
      },
      {
        path: [...S('400'), 'required'],
        message: `Problem member "detail" is not required; expected ${MEMBERS} in required`,
      },
      {
        path: [...S('400'), 'properties'],
        message: `Problem schema does not declare "instance"; expected ${MEMBERS} (instance: string)`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: a type list that admits another type is not the type: status typed [null, integer, string], detail [string, null]; a list without the type neither',
    document: oas('3.1.0', {
      '400': served(
        problemSchema({
          status: { type: ['null', 'integer', 'string'], description: 'The HTTP status code' },
          detail: { type: ['string', 'null'] },
          instance: { type: ['null'] },
        }),
      ),
    }),
    errors: [
      {
        path: [...S('400'), 'properties', 'detail', 'type'],
        message: 'Problem member "detail" is of type string | null; expected string',
      },
      {
        path: [...S('400'), 'properties', 'status', 'type'],
        message: 'Problem member "status" is of type null | integer | string; expected integer',
      },
      {
        path: [...S('400'), 'properties', 'instance', 'type'],
        message: 'Problem member "instance" is of type null; expected string',
      },
    ],
  },
  {
    name: 'a problem schema that is not an object; no required list; no schema at all',
    document: oas('3.0.3', {
      '400': served({ type: 'string' }),
      '404': served({ properties: problemSchema().properties }),
      '500': { description: 'x', content: { [PROBLEM]: { example: { status: 500 } } } },
    }),
    errors: [
      {
        path: ['paths', '/orders', 'get', 'responses', '400', 'content', 'application/problem+json', 'schema', 'type'],
        message: 'Problem schema is of type string; expected an object',
      },
      {
        path: ['paths', '/orders', 'get', 'responses', '404', 'content', 'application/problem+json', 'schema'],
        message:
          'Problem members "status", "title", "detail", "type" and "instance" are not required; expected status, title, detail, type and instance in required',
      },
      {
        path: ['paths', '/orders', 'get', 'responses', '500', 'content', 'application/problem+json'],
        message:
          '500 problem response has no schema; expected the Problem Details object (status, title, detail, type and instance)',
      },
    ],
  },
  {
    name: 'a response offering problem+json and problem+xml, neither with a schema: one finding, at the first',
    document: oas('3.1.0', {
      '500': {
        description: 'Internal Server Error',
        content: { [PROBLEM]: { example: { status: 500 } }, 'application/problem+xml': {} },
      },
    }),
    errors: [
      {
        path: at('500', 'content', PROBLEM),
        message:
          '500 problem response has no schema; expected the Problem Details object (status, title, detail, type and instance)',
      },
    ],
  },
  {
    name: 'an inline allOf whose first member declares the members and whose second requires some: reported at that required list',
    document: oas('3.1.0', {
      '400': served({
        allOf: [{ type: 'object', properties: problemSchema().properties }, { required: ['type', 'title', 'status'] }],
      }),
    }),
    errors: [
      {
        path: [...S('400'), 'allOf', 1, 'required'],
        message: `Problem members "detail" and "instance" are not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'a defect in a shared component response is reported once, at the component',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/orders': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } },
        '/customers': {
          get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } },
          delete: { responses: { '404': { $ref: '#/components/responses/NotFound' } } },
        },
      },
      components: { responses: { NotFound: served(problemSchema({ status: { type: 'string' } })) } },
    },
    errors: [
      {
        path: ['components', 'responses', 'NotFound', 'content', PROBLEM, 'schema', 'properties', 'status', 'type'],
        message: 'Problem member "status" is of type string; expected integer',
      },
    ],
  },
  {
    name: 'a defect in a shared component schema is reported once, at the schema',
    document: `
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
            application/problem+xml:
              schema: { $ref: '#/components/schemas/Problem' }
components:
  schemas:
    Problem:
      type: object
      required: [status, title, detail, type]
      properties:
        status: { type: integer }
        title: { type: string }
        detail: { type: string }
        type: { type: string }
        instance: { type: string }
`,
    errors: [
      {
        path: ['components', 'schemas', 'Problem', 'required'],
        message: `Problem member "instance" is not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'allOf: members merged over a $ref-ed base; a complete composition is clean',
    document: oas(
      '3.0.3',
      {
        '400': served({
          allOf: [
            { $ref: '#/components/schemas/ProblemDetails' },
            { type: 'object', properties: { errors: { type: 'array' } } },
          ],
        }),
        '404': served({
          allOf: [
            { $ref: '#/components/schemas/Partial' },
            {
              type: 'object',
              required: ['type', 'instance'],
              properties: { type: { type: 'string' }, instance: { type: 'integer' } },
            },
          ],
        }),
      },
      {
        components: {
          schemas: {
            ProblemDetails: problemSchema(),
            Partial: {
              type: 'object',
              required: ['status', 'title'],
              properties: { status: { type: 'integer' }, title: { type: 'string' }, detail: { type: 'string' } },
            },
          },
        },
      },
    ),
    errors: [
      {
        path: [...S('404'), 'allOf', 1, 'properties', 'instance', 'type'],
        message: 'Problem member "instance" is of type integer; expected string',
      },
      {
        path: ['components', 'schemas', 'Partial', 'required'],
        message: `Problem member "detail" is not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: query and additionalOperations bodies are checked',
    document: openapiDocument('3.2.0', info, {
      '/orders': {
        query: { responses: { '400': served(problemSchema({ title: { type: 'integer' } })) } },
        additionalOperations: {
          COPY: { responses: { '400': served(problemSchema({}, ['status', 'title', 'detail', 'type'])) } },
        },
      },
    }),
    errors: [
      {
        path: [
          'paths',
          '/orders',
          'query',
          'responses',
          '400',
          'content',
          PROBLEM,
          'schema',
          'properties',
          'title',
          'type',
        ],
        message: 'Problem member "title" is of type integer; expected string',
      },
      {
        path: [
          'paths',
          '/orders',
          'additionalOperations',
          'COPY',
          'responses',
          '400',
          'content',
          PROBLEM,
          'schema',
          'required',
        ],
        message: `Problem member "instance" is not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'Swagger 2.0: error responses are checked when produces offers a problem media type',
    document: {
      swagger: '2.0',
      info,
      produces: ['application/problem+json', 'application/problem+xml'],
      definitions: { Problem: problemSchema({ status: { type: 'number' } }) },
      paths: {
        '/orders': {
          get: {
            responses: {
              '200': { description: 'OK', schema: { type: 'string' } },
              '400': { description: 'x', schema: { $ref: '#/definitions/Problem' } },
              '404': { description: 'x' },
            },
          },
          post: {
            produces: ['application/json'],
            responses: { '400': { description: 'x', schema: { type: 'string' } } },
          },
        },
      },
    },
    errors: [
      {
        path: ['definitions', 'Problem', 'properties', 'status', 'type'],
        message: 'Problem member "status" is of type number; expected integer',
      },
      {
        path: ['paths', '/orders', 'get', 'responses', '404'],
        message: `404 problem response has no schema; expected the Problem Details object (${MEMBERS})`,
      },
    ],
  },
  {
    name: 'odd inputs: a string schema, a string property schema, a null media type, responses null do not crash',
    document: openapiDocument('3.0.3', info, {
      '/orders': {
        get: {
          responses: {
            '400': served('Problem'),
            '404': served(problemSchema({ detail: 'string' })),
            '500': { description: 'x', content: { [PROBLEM]: null } },
          },
        },
        put: { responses: null },
        post: { responses: 'none' },
      },
    }),
    errors: [],
  },
  {
    name: 'a schema $ref to a missing component, and a cyclic allOf, give no finding besides invalid-ref',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/orders': {
          get: {
            responses: {
              '400': served({ $ref: '#/components/schemas/Missing' }),
              '404': served({ $ref: '#/components/schemas/Cyclic' }),
              '500': served({ allOf: [problemSchema(), { $ref: '#/components/schemas/MissingExtension' }] }),
            },
          },
        },
      },
      components: {
        schemas: {
          Cyclic: {
            allOf: [
              { $ref: '#/components/schemas/Cyclic' },
              { type: 'object', properties: { status: { type: 'string' } } },
            ],
          },
        },
      },
    },
    errors: [
      { code: 'invalid-ref', path: [...S('400'), '$ref'], message: "'#/components/schemas/Missing' does not exist" },
      {
        code: 'invalid-ref',
        path: [...S('500'), 'allOf', '1', '$ref'],
        message: "'#/components/schemas/MissingExtension' does not exist",
      },
    ],
  },
  {
    name: 'Swagger 2.0: a response $ref to a missing definition gives no finding besides invalid-ref',
    document: swaggerDocument(
      info,
      { produces: [PROBLEM] },
      { '/orders': { get: { responses: { '404': { $ref: '#/responses/Missing' } } } } },
    ),
    errors: [
      {
        code: 'invalid-ref',
        path: ['paths', '/orders', 'get', 'responses', '404', '$ref'],
        message: "'#/responses/Missing' does not exist",
      },
    ],
  },
  {
    name: 'a success response offering problem+json with its resource schema is not a problem body: the resource is not asked for status, title…',
    document: `
openapi: 3.0.1
info: { title: Auth, version: 1.0.0 }
paths:
  /token:
    post:
      responses:
        '200':
          description: A token
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Token' }
components:
  schemas:
    Token:
      type: object
      properties:
        token: { type: string }
`,
    errors: [],
  },
  {
    name: 'problem bodies that $ref the resource schema (as xero_bankfeeds does): one finding at each use, none on the resource',
    document: `
openapi: 3.0.0
info: { title: Bank Feeds, version: 1.0.0 }
paths:
  /Statements:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Statements' }
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Statements' }
components:
  schemas:
    Statements:
      type: object
      properties:
        items: { type: array, items: { type: object } }
`,
    errors: [
      {
        path: [
          'paths',
          '/Statements',
          'get',
          'responses',
          '400',
          'content',
          'application/problem+json',
          'schema',
          '$ref',
        ],
        message:
          'Statements, used as the schema of the 400 problem response, declares none of status, title, detail, type and instance; expected a Problem Details schema such as ProblemDetails',
      },
    ],
  },
  {
    name: 'Swagger 2.0: a shared response used first under produces application/json, then under problem+json, still has its schema checked, at the definition',
    document: swaggerDocument(
      info,
      {
        produces: [PROBLEM],
        responses: {
          NotFound: { description: 'Not found', schema: { $ref: '#/definitions/Problem' } },
        },
        definitions: { Problem: problemSchema({}, ['status', 'title', 'type']) },
      },
      {
        '/legacy/orders': {
          get: {
            produces: ['application/json'],
            responses: { '404': { $ref: '#/responses/NotFound' } },
          },
        },
        '/orders': { get: { responses: { '404': { $ref: '#/responses/NotFound' } } } },
      },
    ),
    errors: [
      {
        path: ['definitions', 'Problem', 'required'],
        message: `Problem members "detail" and "instance" are not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: a problem body declared as a nullable string (type: [string, "null"]) is not an object',
    document: oas('3.1.0', { '500': served({ type: ['string', 'null'] }) }),
    errors: [
      {
        path: [...S('500'), 'type'],
        message: 'Problem schema is of type string | null; expected an object',
      },
    ],
  },
  {
    name: "an allOf extension does not re-report its base's defect (Haal Centraal BRK: BadRequestFoutbericht: allOf: [Foutbericht, …], Foutbericht without required)",
    document: `
openapi: 3.0.0
info: { title: Kadaster - BRK-Bevragen API, version: 1.3.0 }
paths:
  /kadastraalonroerendezaken:
    get:
      responses:
        '200': { description: OK }
        '400':
          description: Bad Request
          content: { application/problem+json: { schema: { $ref: '#/components/schemas/BadRequestFoutbericht' } } }
        '404':
          description: Not Found
          content: { application/problem+json: { schema: { $ref: '#/components/schemas/Foutbericht' } } }
components:
  schemas:
    Foutbericht:
      type: object
      description: Terugmelding bij een fout. JSON representatie in lijn met RFC7807.
      properties:
        type: { type: string, format: uri, description: Link naar meer informatie over deze fout }
        title: { type: string, description: Beschrijving van de fout }
        status: { type: integer, minimum: 100, maximum: 600, exclusiveMaximum: true, description: Http status code }
        detail: { type: string, description: Details over de fout }
        instance: { type: string, format: uri, description: Uri van de aanroep die de fout heeft veroorzaakt }
        code: { type: string, minLength: 1, description: Systeemcode die het type fout aangeeft }
    BadRequestFoutbericht:
      allOf:
        - $ref: '#/components/schemas/Foutbericht'
        - type: object
          properties:
            invalidParams:
              type: array
              description: Foutmelding per fout in een parameter. Alle gevonden fouten worden één keer teruggemeld.
              items: { $ref: '#/components/schemas/InvalidParams' }
    InvalidParams:
      type: object
      properties: { type: { type: string }, name: { type: string }, code: { type: string }, reason: { type: string } }
`,
    errors: [
      {
        path: ['components', 'schemas', 'Foutbericht'],
        message:
          'Problem members "status", "title", "detail", "type" and "instance" are not required; expected status, title, detail, type and instance in required',
      },
    ],
  },
  {
    name: 'responses that $ref a stub {type: object} problem schema: one finding at the component',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
        '404':
          description: Not Found
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
components:
  schemas:
    Problem:
      type: object
`,
    errors: [
      {
        path: ['components', 'schemas', 'Problem'],
        message:
          'Problem schema does not declare "status", "title", "detail", "type" and "instance"; expected status, title, detail, type and instance (status: integer, title: string, detail: string, type: string, instance: string)',
      },
    ],
  },
  {
    name: 'a 404 offering application/json beside application/problem+json: the problem+json schema is still checked',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '404':
          description: Not Found
          content:
            application/json:
              schema: { type: object, properties: { message: { type: string } } }
            application/problem+json:
              schema:
                type: object
                properties:
                  title: { type: string }
`,
    errors: [
      {
        path: [
          'paths',
          '/orders/{orderId}',
          'get',
          'responses',
          '404',
          'content',
          'application/problem+json',
          'schema',
        ],
        message:
          'Problem member "title" is not required; expected status, title, detail, type and instance in required',
      },
      {
        path: [
          'paths',
          '/orders/{orderId}',
          'get',
          'responses',
          '404',
          'content',
          'application/problem+json',
          'schema',
          'properties',
        ],
        message:
          'Problem schema does not declare "status", "detail", "type" and "instance"; expected status, title, detail, type and instance (status: integer, detail: string, type: string, instance: string)',
      },
    ],
  },
  {
    name: 'an extension that redeclares status over a $ref-ed base without required: status reported at the extension, the inherited members at the base',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    post:
      responses:
        '409':
          description: Conflict
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/OutOfStockProblem' }
components:
  schemas:
    Problem:
      type: object
      properties:
        type: { type: string, format: uri }
        title: { type: string }
        status: { type: integer }
        detail: { type: string }
        instance: { type: string }
    OutOfStockProblem:
      allOf:
        - $ref: '#/components/schemas/Problem'
      properties:
        status: { type: integer, enum: [409] }
`,
    errors: [
      {
        path: ['components', 'schemas', 'OutOfStockProblem'],
        message:
          'Problem member "status" is not required; expected status, title, detail, type and instance in required',
      },
      {
        path: ['components', 'schemas', 'Problem'],
        message:
          'Problem members "title", "detail", "type" and "instance" are not required; expected status, title, detail, type and instance in required',
      },
    ],
  },
  {
    name: 'a problem schema that mixes in a $ref-ed TraceInfo and declares the members inline, without required: reported at the problem schema, not at TraceInfo',
    document: `
openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    post:
      responses:
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/TraceInfo'
                  - type: object
                    properties:
                      type: { type: string, format: uri }
                      title: { type: string }
                      status: { type: integer }
                      detail: { type: string }
                      instance: { type: string }
components:
  schemas:
    TraceInfo:
      type: object
      properties:
        traceId: { type: string }
`,
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/problem+json', 'schema'],
        message:
          'Problem members "status", "title", "detail", "type" and "instance" are not required; expected status, title, detail, type and instance in required',
      },
    ],
  },
  {
    name: 'a problem schema in another file that lacks instance and leaves detail and type unrequired: both defects in one finding at the $ref, each naming its file',
    document: oas('3.1.0', {
      '400': served({ $ref: 'shared/problems.yaml#/components/schemas/PartialProblem' }),
    }),
    errors: [
      {
        path: [...S('400'), '$ref'],
        message: `In shared/problems.yaml#/components/schemas/PartialProblem/required: Problem members "detail" and "type" are not required; expected ${MEMBERS} in required; and In shared/problems.yaml#/components/schemas/PartialProblem/properties: Problem schema does not declare "instance"; expected ${MEMBERS} (instance: string)`,
      },
    ],
  },
  {
    name: 'DependencyTrack: a 400 body that is an anyOf of two problem schemas, both requiring the five members, is a problem schema that requires them',
    document: `
openapi: 3.0.3
info: { title: Dependency-Track, version: 2.0.0 }
paths:
  /projects:
    get:
      responses:
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema:
                anyOf:
                  - $ref: '#/components/schemas/InvalidRequestProblemDetails'
                  - $ref: '#/components/schemas/ProblemDetails'
components:
  schemas:
    ProblemDetails:
      type: object
      description: An RFC 9457 problem object.
      properties:
        type: { type: string, format: uri }
        status: { type: integer, format: int32, minimum: 400, maximum: 599 }
        title: { type: string }
        detail: { type: string }
        instance: { type: string, format: uri }
      required: [type, status, title, detail, instance]
    InvalidRequestProblemDetails:
      allOf:
        - $ref: '#/components/schemas/ProblemDetails'
        - type: object
          properties:
            errors:
              type: array
              items: { type: object, properties: { path: { type: string }, message: { type: string } } }
          required: [errors]
`,
    errors: [],
  },
  {
    name: 'an anyOf whose shared alternative lacks a member and leaves one unrequired: reported once, at the alternative, however many bodies use it',
    document: `
openapi: 3.0.3
info: { title: Dependency-Track, version: 2.0.0 }
paths:
  /projects:
    get:
      responses:
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema:
                anyOf:
                  - $ref: '#/components/schemas/InvalidRequestProblemDetails'
                  - $ref: '#/components/schemas/ProblemDetails'
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/ProblemDetails' }
  /teams:
    get:
      responses:
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema:
                oneOf:
                  - $ref: '#/components/schemas/ProblemDetails'
                  - $ref: '#/components/schemas/InvalidRequestProblemDetails'
components:
  schemas:
    ProblemDetails:
      type: object
      properties:
        type: { type: string, format: uri }
        status: { type: integer }
        title: { type: string }
        detail: { type: string }
      required: [type, status, title]
    InvalidRequestProblemDetails:
      allOf:
        - $ref: '#/components/schemas/ProblemDetails'
        - type: object
          properties:
            errors: { type: array, items: { type: object } }
`,
    errors: [
      {
        path: ['components', 'schemas', 'ProblemDetails', 'properties'],
        message: `Problem schema does not declare "instance"; expected ${MEMBERS} (instance: string)`,
      },
      {
        path: ['components', 'schemas', 'ProblemDetails', 'required'],
        message: `Problem member "detail" is not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'a one-alternative anyOf is that alternative: its defect is reported where the alternative is written',
    document: oas('3.1.0', {
      '400': served({ anyOf: [problemSchema({}, ['status', 'title', 'detail', 'type'])] }),
    }),
    errors: [
      {
        path: [...S('400'), 'anyOf', 0, 'required'],
        message: `Problem member "instance" is not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'a oneOf of a problem schema and a legacy error object: the union does not declare what the legacy object lacks, reported at it',
    document: oas('3.1.0', {
      '500': served({
        oneOf: [
          problemSchema(),
          { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
        ],
      }),
    }),
    errors: [
      {
        path: [...S('500'), 'oneOf', 1, 'properties'],
        message: `Problem schema does not declare "status", "title", "detail", "type" and "instance"; expected ${MEMBERS} (status: integer, title: string, detail: string, type: string, instance: string)`,
      },
    ],
  },
  {
    name: 'members the union requires itself are required in every alternative',
    document: oas('3.1.0', {
      '400': served({
        type: 'object',
        required: ['status', 'title', 'detail', 'type', 'instance'],
        anyOf: [problemSchema({}, []), problemSchema({}, [])],
      }),
    }),
    errors: [],
  },
  {
    name: 'HMCTS darts: problems served as application/json are checked all the same (the media type is another rule’s finding); a {code, message} error body is not a problem',
    document: `
openapi: 3.0.1
info: { title: Modernised DARTS, version: v1 }
paths:
  /courthouses/{courthouse_id}:
    get:
      parameters:
        - { name: courthouse_id, in: path, required: true, schema: { type: integer } }
      responses:
        '200': { description: OK }
        '404':
          description: Not Found
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Problem' }
        '500':
          description: Internal Server Error
          content:
            application/json:
              schema:
                type: object
                properties: { code: { type: string }, message: { type: string } }
components:
  schemas:
    Problem:
      type: object
      properties:
        type: { type: string, format: uri }
        title: { type: string }
        status: { type: integer }
        detail: { type: string }
`,
    errors: [
      {
        path: ['components', 'schemas', 'Problem', 'properties'],
        message: `Problem schema does not declare "instance"; expected ${MEMBERS} (instance: string)`,
      },
      {
        path: ['components', 'schemas', 'Problem'],
        message: `Problem members "status", "title", "detail" and "type" are not required; expected ${MEMBERS} in required`,
      },
    ],
  },
  {
    name: 'xtrf: a success declared as default answering an invoice ({status, type, …}) is a resource, not a problem served as JSON',
    document: `
openapi: 3.0.1
info: { title: XTRF Home Portal API, version: '1.0' }
paths:
  /accounting/customers/invoices/{invoiceId}:
    get:
      parameters:
        - { name: invoiceId, in: path, required: true, schema: { type: integer } }
      responses:
        default:
          description: Success
          content:
            application/vnd.xtrf-v1+json;charset=UTF-8:
              schema: { $ref: '#/components/schemas/CustomerInvoiceDTO' }
components:
  schemas:
    CustomerInvoiceDTO:
      type: object
      properties:
        id: { type: integer }
        invoiceNumber: { type: string }
        currencyId: { type: integer }
        status: { type: string, enum: [NOT_READY, READY, SENT] }
        type: { type: string, enum: [CUSTOMER, PRO_FORMA] }
`,
    errors: [],
  },
]);
