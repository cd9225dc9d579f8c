import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  problemExamplesResponse,
  problemResponse,
  problemSchemaResponse,
  response,
  RFC9110,
  singleOperation,
  TRACE_ID,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const OP = ['paths', '/orders/{id}', 'get', 'responses'];

const carries = (kind: string) =>
  `Problem example carries ${kind}; expected no stack trace or server log (give a traceId instead)`;
const member = (name: string) =>
  `Problem example has a "${name}" member; a problem must not expose a stack trace or server log, expected a traceId instead`;
const declares = (name: string) =>
  `Problem schema declares "${name}"; a problem must not expose a stack trace or server log, expected a traceId instead`;

/** Stack traces and logs of each platform, as an API might leak them in `detail`. */
const TRACES = {
  java: [
    'java.lang.NullPointerException: Cannot invoke "Order.getId()" because "order" is null',
    '\tat com.example.orders.OrderService.find(OrderService.java:42)',
    '\tat com.example.orders.OrderController.get(OrderController.java:17)',
  ].join('\n'),
  javaThread: 'Exception in thread "main" java.lang.IllegalStateException: order store is closed',
  javaCausedBy:
    'Order lookup failed\nCaused by: org.postgresql.util.PSQLException: Connection to localhost:5432 refused',
  dotnet: [
    'System.InvalidOperationException: Sequence contains no elements',
    '   at System.Linq.ThrowHelper.ThrowNoElementsException()',
    '   at Orders.Api.OrderService.Find(Int32 id) in /src/Orders.Api/OrderService.cs:line 42',
  ].join('\n'),
  dotnetInner:
    'System.Exception: lookup failed ---> System.TimeoutException: timed out\n   --- End of inner exception stack trace ---',
  node: [
    "TypeError: Cannot read properties of undefined (reading 'id')",
    '    at OrderService.find (/app/src/orders/service.js:42:17)',
    '    at async /app/src/routes/orders.js:12:5',
  ].join('\n'),
  nodeInternal: 'Error: connect ECONNREFUSED\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)',
  python: [
    'Traceback (most recent call last):',
    '  File "/app/orders/views.py", line 42, in get_order',
    '    order = Order.objects.get(pk=order_id)',
    'orders.models.Order.DoesNotExist: Order matching query does not exist.',
  ].join('\n'),
  go: [
    'panic: runtime error: invalid memory address or nil pointer dereference',
    '[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a2b3c]',
    '',
    'goroutine 1 [running]:',
    'main.(*OrderService).Find(0x0, 0x2a)',
    '\t/app/orders/service.go:42 +0x1d',
  ].join('\n'),
  php: [
    'PHP Fatal error:  Uncaught Exception: Order not found in /var/www/src/OrderService.php:42',
    'Stack trace:',
    '#0 /var/www/public/index.php(17): OrderService->find(42)',
    '#1 {main}',
    '  thrown in /var/www/src/OrderService.php on line 42',
  ].join('\n'),
  ruby: "NoMethodError (undefined method `id' for nil:NilClass):\n  app/controllers/orders_controller.rb:42:in `show'",
  serverLog: '2024-05-01 12:34:56,789 ERROR [http-nio-8080-exec-1] c.e.o.OrderController - Order lookup failed',
  serverLogIso: '[2024-05-01T12:34:56.789Z] WARN order-service: retrying payment for order 42',
};

/** A 500 problem example, without instance, with a traceId. */
const problem = (status: number, extra: Record<string, unknown> = {}) =>
  problemExample(status, {
    type: `${RFC9110}#section-15.6.1`,
    title: 'Internal Server Error',
    detail: 'The server met an unexpected error',
    instance: undefined,
    traceId: TRACE_ID,
    ...extra,
  });
const schema = (properties: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    traceId: { type: 'string' },
    ...properties,
  },
});
/** Documents with one operation, GET /orders/{id}. */
const { oas, swagger, at } = singleOperation(info, '/orders/{id}', 'get');
const detailOf = (name: string) => at('500', 'examples', name, 'value', 'detail');

testRule('problem-no-stack-trace', [
  {
    name: 'OpenAPI 3.1: problems with a traceId and innocent texts',
    document: oas('3.1.0', {
      '404': problemResponse(problemExample(404, { traceId: TRACE_ID }), P, schema()),
      '500': problemExamplesResponse(
        Object.fromEntries(
          [
            'The server met an unexpected error; quote the traceId when contacting support',
            'Payment failed at checkout (step 2 of 3)',
            'Created at 2024-05-01 12:34:56, updated at 2024-05-02 08:00:00',
            'The value "java.lang.String" is not allowed here',
            'Error: the order is locked by another request',
            'Upload of report.rb failed: the file is too large',
            'Stack limit of 20 pallets exceeded at warehouse A',
            'Retry after 2024-05-01T12:34:56Z',
            'The exception list for customer 42 is empty',
            'Unexpected token in JSON at position 17',
            'InvalidOperationException',
          ].map((detail, i) => [`innocent${i}`, { value: problem(500, { detail }) }]),
        ),
      ),
    }),
    errors: [],
  },
  {
    name: 'stack traces of Java, .NET, Node, Python, Go, PHP, Ruby and server log lines',
    document: oas('3.1.0', {
      '500': problemExamplesResponse(
        Object.fromEntries(Object.entries(TRACES).map(([name, detail]) => [name, { value: problem(500, { detail }) }])),
      ),
    }),
    errors: [
      { path: detailOf('java'), message: carries('a Java stack trace') },
      { path: detailOf('javaThread'), message: carries('a Java stack trace') },
      { path: detailOf('javaCausedBy'), message: carries('a Java stack trace') },
      { path: detailOf('dotnet'), message: carries('a .NET stack trace') },
      { path: detailOf('dotnetInner'), message: carries('a .NET stack trace') },
      { path: detailOf('node'), message: carries('a Node.js stack trace') },
      { path: detailOf('nodeInternal'), message: carries('a Node.js stack trace') },
      { path: detailOf('python'), message: carries('a Python traceback') },
      { path: detailOf('go'), message: carries('a Go stack trace') },
      { path: detailOf('php'), message: carries('a PHP stack trace') },
      { path: detailOf('ruby'), message: carries('a Ruby backtrace') },
      { path: detailOf('serverLog'), message: carries('a server log') },
      { path: detailOf('serverLogIso'), message: carries('a server log') },
    ],
  },
  {
    name: 'OpenAPI 3.0: a trace in an extension member and inside errors',
    document: oas('3.0.3', {
      '500': problemResponse(
        problem(500, { details: { frames: [TRACES.java] }, errors: [{ detail: TRACES.python, pointer: '#/id' }] }),
      ),
    }),
    errors: [
      { path: at('500', 'example', 'details', 'frames', 0), message: carries('a Java stack trace') },
      { path: at('500', 'example', 'errors', 0, 'detail'), message: carries('a Python traceback') },
    ],
  },
  {
    name: 'a stack-trace member is one finding, whatever it holds',
    document: oas('3.1.0', {
      '500': problemExamplesResponse({
        stack: { value: problem(500, { stack: TRACES.node }) },
        stackTrace: { value: problem(500, { stackTrace: TRACES.java.split('\n') }) },
        exception: {
          value: problem(500, { exception: { class: 'java.lang.NullPointerException', trace: TRACES.java } }),
        },
        snake: { value: problem(500, { stack_trace: 'hidden' }) },
        serverLog: { value: problem(500, { serverLog: [TRACES.serverLog] }) },
      }),
    }),
    errors: [
      { path: at('500', 'examples', 'stack', 'value', 'stack'), message: member('stack') },
      { path: at('500', 'examples', 'stackTrace', 'value', 'stackTrace'), message: member('stackTrace') },
      { path: at('500', 'examples', 'exception', 'value', 'exception'), message: member('exception') },
      { path: at('500', 'examples', 'snake', 'value', 'stack_trace'), message: member('stack_trace') },
      { path: at('500', 'examples', 'serverLog', 'value', 'serverLog'), message: member('serverLog') },
    ],
  },
  {
    name: 'a problem schema that declares a member for a stack trace',
    document: oas('3.1.0', {
      '500': problemSchemaResponse(
        schema({ stackTrace: { type: 'array', items: { type: 'string' } }, exception: { type: 'string' } }),
      ),
      '400': problemSchemaResponse({
        allOf: [schema(), { properties: { debug_trace: { type: 'string' }, trace: { type: 'string' } } }],
      }),
    }),
    errors: [
      { path: at('500', 'schema', 'properties', 'stackTrace'), message: declares('stackTrace') },
      { path: at('500', 'schema', 'properties', 'exception'), message: declares('exception') },
      { path: at('400', 'schema', 'allOf', 1, 'properties', 'debug_trace'), message: declares('debug_trace') },
      { path: at('400', 'schema', 'allOf', 1, 'properties', 'trace'), message: declares('trace') },
    ],
  },
  {
    name: 'traceId and similar members are fine',
    document: oas('3.1.0', {
      '500': problemResponse(
        problem(500, { trace_id: TRACE_ID, traceParent: TRACE_ID }),
        P,
        schema({ traceId: { type: 'string' }, trace_id: { type: 'string' }, stackId: { type: 'string' } }),
      ),
    }),
    errors: [],
  },
  {
    name: 'a shared problem schema is reported once, at the component',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: {
            responses: {
              '404': problemSchemaResponse({ $ref: '#/components/schemas/Problem' }),
              '500': problemSchemaResponse({ $ref: '#/components/schemas/Problem' }),
            },
          },
        },
        '/customers/{id}': {
          get: { responses: { '404': problemSchemaResponse({ $ref: '#/components/schemas/Problem' }) } },
        },
      },
      components: { schemas: { Problem: schema({ stack: { type: 'string' } }) } },
    },
    errors: [{ path: ['components', 'schemas', 'Problem', 'properties', 'stack'], message: declares('stack') }],
  },
  {
    name: 'a shared response component used by several operations gives one finding, at the component',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders/{id}': {
          get: { responses: { '500': { $ref: '#/components/responses/ServerError' } } },
          delete: { responses: { '500': { $ref: '#/components/responses/ServerError' } } },
        },
        '/customers/{id}': { get: { responses: { '500': { $ref: '#/components/responses/ServerError' } } } },
      },
      components: { responses: { ServerError: problemResponse(problem(500, { detail: TRACES.dotnet })) } },
    },
    errors: [
      {
        path: ['components', 'responses', 'ServerError', 'content', P, 'example', 'detail'],
        message: carries('a .NET stack trace'),
      },
    ],
  },
  {
    name: 'a shared example component is reported at the component',
    document: {
      openapi: '3.0.3',
      info,
      paths: {
        '/orders/{id}': {
          get: { responses: { '500': problemExamplesResponse({ crash: { $ref: '#/components/examples/Crash' } }) } },
        },
        '/customers/{id}': {
          get: { responses: { default: problemExamplesResponse({ crash: { $ref: '#/components/examples/Crash' } }) } },
        },
      },
      components: { examples: { Crash: { value: problem(500, { detail: TRACES.go }) } } },
    },
    errors: [{ path: ['components', 'examples', 'Crash', 'value', 'detail'], message: carries('a Go stack trace') }],
  },
  {
    name: 'OpenAPI 3.2: a named example with dataValue',
    document: oas('3.2.0', {
      '500': problemExamplesResponse({ crash: { dataValue: problem(500, { detail: TRACES.ruby }) } }),
    }),
    errors: [{ path: at('500', 'examples', 'crash', 'dataValue', 'detail'), message: carries('a Ruby backtrace') }],
  },
  {
    name: 'Swagger 2.0: examples[application/problem+json] and the response schema',
    document: swagger({
      '500': {
        description: 'Problem',
        schema: { type: 'object', properties: { detail: { type: 'string' }, stackTrace: { type: 'string' } } },
        examples: { [P]: problem(500, { detail: TRACES.php }) },
      },
    }),
    errors: [
      { path: [...OP, '500', 'schema', 'properties', 'stackTrace'], message: declares('stackTrace') },
      { path: [...OP, '500', 'examples', P, 'detail'], message: carries('a PHP stack trace') },
    ],
  },
  {
    name: 'Swagger 2.0: a 200 response shares produces but is not a problem response',
    document: swagger({
      '200': {
        description: 'OK',
        schema: { type: 'object', properties: { trace: { type: 'string' } } },
        examples: { [P]: { log: TRACES.serverLog } },
      },
    }),
    errors: [],
  },
  {
    name: 'externalValue, problem+xml and plain JSON examples are not checked',
    document: oas('3.1.0', {
      '500': problemExamplesResponse({ remote: { externalValue: 'https://example.com/examples/crash.json' } }),
      '502': problemResponse(
        `<problem xmlns="urn:ietf:rfc:7807"><detail>${TRACES.java}</detail></problem>`,
        'application/problem+xml',
      ),
      '503': problemResponse(problem(503, { detail: TRACES.java }), 'application/json'),
    }),
    errors: [],
  },
  {
    name: 'a problem+xml schema that declares a stack member is a finding',
    document: oas('3.1.0', {
      '500': problemSchemaResponse(schema({ stackTrace: { type: 'string' } }), 'application/problem+xml'),
    }),
    errors: [
      {
        path: [...OP, '500', 'content', 'application/problem+xml', 'schema', 'properties', 'stackTrace'],
        message: declares('stackTrace'),
      },
    ],
  },
  {
    name: 'an example that is a bare string carrying a trace',
    document: oas('3.1.0', { '500': problemResponse(TRACES.python) }),
    errors: [{ path: at('500', 'example'), message: carries('a Python traceback') }],
  },
  {
    name: 'odd examples (null, a number, an array) and odd containers do not crash the rule',
    document: openapiDocument('3.1.0', info, {
      '/a': {
        get: {
          responses: {
            '400': problemResponse(null),
            '404': problemResponse(404),
            '500': problemResponse([problem(500), null, [1, 2]]),
          },
        },
      },
      '/b': { get: { responses: null } },
      '/c': {
        get: {
          responses: { '500': { description: 'x', content: { [P]: { schema: null, examples: [TRACES.java] } } } },
        },
      },
      '/d': { get: { responses: { '500': problemSchemaResponse({ type: 'object', properties: null }) } } },
      '/e': {
        get: {
          responses: { '500': problemSchemaResponse({ allOf: [null, 'x', { $ref: '#/components/schemas/Missing' }] }) },
        },
      },
    }),
    // Spectral's own invalid-ref reports the broken $ref; this rule stays silent.
    errors: [
      {
        code: 'invalid-ref',
        path: ['paths', '/e', 'get', 'responses', '500', 'content', P, 'schema', 'allOf', 2, '$ref'],
        message: "'#/components/schemas/Missing' does not exist",
      },
    ],
  },
  {
    name: 'a member spelled with a dash, "stack-trace", in the schema and in an example',
    document: openapiDocument('3.1.0', info, {
      '/orders/{id}': {
        get: {
          responses: {
            '500': response('Internal Server Error', P, {
              schema: { type: 'object', properties: { 'stack-trace': { type: 'string' } } },
              example: problemExample(500, {
                type: `${RFC9110}#section-15.6.1`,
                title: 'Internal Server Error',
                detail: 'The order could not be read.',
                'stack-trace': 'see server logs',
              }),
            }),
          },
        },
      },
    }),
    errors: [
      { path: [...OP, '500', 'content', P, 'schema', 'properties', 'stack-trace'], message: declares('stack-trace') },
      { path: [...OP, '500', 'content', P, 'example', 'stack-trace'], message: member('stack-trace') },
    ],
  },
  {
    name: 'a problem schema member debug: {type: object} is a debug member, like debugInfo (api-commons RFC 9457 ruleset test)',
    document: `
openapi: 3.1.0
info: { title: Orders API, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '500':
          description: Internal Server Error
          content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } }
components:
  schemas:
    Problem:
      type: object
      properties:
        type: { type: string }
        title: { type: string }
        status: { type: integer }
        detail: { type: string }
        instance: { type: string }
        debug: { type: object }
`,
    errors: [
      {
        path: ['components', 'schemas', 'Problem', 'properties', 'debug'],
        message:
          'Problem schema declares "debug"; a problem must not expose a stack trace or server log, expected a traceId instead',
      },
    ],
  },
  {
    name: 'a problem schema with a log in a nested object, a debug member in its array items, and a cause that is the problem again: each reported once, where written',
    document: `
openapi: 3.1.0
info: { title: Orders API, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '500':
          description: Internal Server Error
          content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } }
components:
  schemas:
    Problem:
      type: object
      properties:
        type: { type: string }
        title: { type: string }
        status: { type: integer }
        detail: { type: string }
        context:
          type: object
          properties:
            logs: { type: array, items: { type: string } }
        errors:
          type: array
          items:
            type: object
            properties:
              pointer: { type: string }
              debugInfo: { type: string }
        cause: { $ref: '#/components/schemas/Problem' }
`,
    errors: [
      {
        path: ['components', 'schemas', 'Problem', 'properties', 'context', 'properties', 'logs'],
        message: declares('logs'),
      },
      {
        path: ['components', 'schemas', 'Problem', 'properties', 'errors', 'items', 'properties', 'debugInfo'],
        message: declares('debugInfo'),
      },
    ],
  },
  {
    name: 'an example with a stack trace in detail beside a stackTrace member, a debug member in an errors item, and causes that are the example again: each reported once',
    document: `
openapi: 3.1.0
info: { title: Orders API, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              examples:
                crash: { $ref: '#/components/examples/Crash' }
components:
  examples:
    Crash:
      value:
        type: about:blank
        title: Internal Server Error
        status: 500
        detail: 'java.lang.IllegalStateException: order store is closed'
        stackTrace: [at com.example.orders.OrderService.find]
        errors:
          - { pointer: '#/id', debug: order store closed }
          - { $ref: '#/components/examples/Crash/value' }
        cause: { $ref: '#/components/examples/Crash/value' }
`,
    errors: [
      { path: ['components', 'examples', 'Crash', 'value', 'detail'], message: carries('a Java stack trace') },
      { path: ['components', 'examples', 'Crash', 'value', 'stackTrace'], message: member('stackTrace') },
      { path: ['components', 'examples', 'Crash', 'value', 'errors', 0, 'debug'], message: member('debug') },
    ],
  },
  {
    name: 'a serialised Java exception in an example (suppressed, localizedMessage, cause.stackTrace as frame objects) is a stack trace',
    document: `
openapi: 3.0.1
info: { title: Payments API, version: 1.0.0 }
paths:
  /payments:
    post:
      responses:
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              example:
                type: about:blank
                title: Internal Server Error
                status: 500
                detail: Could not create payment
                instance: POST /payments
                exception:
                  cause:
                    stackTrace:
                      - { classLoaderName: app, moduleName: null, className: com.example.PaymentService, methodName: create, fileName: PaymentService.java, lineNumber: 42, nativeMethod: false }
                    message: Connection refused
                  suppressed: []
                  localizedMessage: Could not create payment
  /refunds:
    post:
      responses:
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              example:
                type: about:blank
                title: Internal Server Error
                status: 500
                detail: Could not create refund
                instance: POST /refunds
                cause:
                  frames:
                    - { className: com.example.RefundService, methodName: refund, lineNumber: 17 }
                  message: Connection refused
                suppressed: []
                localizedMessage: Could not create refund
`,
    errors: [
      {
        path: [
          'paths',
          '/payments',
          'post',
          'responses',
          '500',
          'content',
          'application/problem+json',
          'example',
          'exception',
        ],
        message:
          'Problem example has a "exception" member; a problem must not expose a stack trace or server log, expected a traceId instead',
      },
      {
        path: [
          'paths',
          '/refunds',
          'post',
          'responses',
          '500',
          'content',
          'application/problem+json',
          'example',
          'cause',
          'frames',
        ],
        message:
          'Problem example carries a serialised stack trace (frames with className, methodName, lineNumber); expected no stack trace or server log (give a traceId instead)',
      },
      {
        path: [
          'paths',
          '/refunds',
          'post',
          'responses',
          '500',
          'content',
          'application/problem+json',
          'example',
          'localizedMessage',
        ],
        message:
          'Problem example has a "localizedMessage" member; a problem must not expose a stack trace or server log, expected a traceId instead',
      },
      {
        path: [
          'paths',
          '/refunds',
          'post',
          'responses',
          '500',
          'content',
          'application/problem+json',
          'example',
          'suppressed',
        ],
        message:
          'Problem example has a "suppressed" member; a problem must not expose a stack trace or server log, expected a traceId instead',
      },
    ],
  },
  {
    name: 'an import API whose errors name the file and line of the upload, and an empty errors list, carry no stack trace; frames of two members (className, methodName) do',
    document: `
openapi: 3.0.3
info: { title: Orders Import API, version: 1.0.0 }
paths:
  /imports:
    post:
      responses:
        '422':
          description: Unprocessable Content
          content:
            application/problem+json:
              examples:
                invalidRows:
                  value:
                    type: https://api.example.com/problems/invalid-import
                    title: The import has invalid rows
                    status: 422
                    detail: 2 rows of orders.csv are invalid
                    instance: POST /imports
                    errors:
                      - { fileName: orders.csv, lineNumber: 3, detail: quantity must be positive }
                      - { fileName: orders.csv, detail: the file has no header row }
                emptyFile:
                  value:
                    type: https://api.example.com/problems/empty-import
                    title: The import is empty
                    status: 422
                    detail: orders.csv has no rows
                    instance: POST /imports
                    errors: []
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              example:
                type: about:blank
                title: Internal Server Error
                status: 500
                detail: Could not import orders
                instance: POST /imports
                cause:
                  frames:
                    - { className: com.example.ImportService, methodName: importCsv }
                    - { className: com.example.ImportController, methodName: create }
`,
    errors: [
      {
        path: [
          'paths',
          '/imports',
          'post',
          'responses',
          '500',
          'content',
          'application/problem+json',
          'example',
          'cause',
          'frames',
        ],
        message:
          'Problem example carries a serialised stack trace (frames with className, methodName, lineNumber); expected no stack trace or server log (give a traceId instead)',
      },
    ],
  },
]);
