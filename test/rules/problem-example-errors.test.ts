import {
  apiInfo,
  openapiDocument,
  PROBLEM_JSON,
  problemExample,
  problemExamplesResponse,
  problemResponse,
  RFC9110,
  singleOperation,
  swaggerProblemResponse,
} from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';
import { UKHSA_REGISTRY } from './ukhsa-registry';

const info = apiInfo('Orders API');
const P = PROBLEM_JSON;
const OP = ['paths', '/orders', 'post', 'responses'];
const POINTER = 'expected "#/<fieldName>"';

/** A 400 problem listing several validation errors. */
const invalid = (errors: unknown) =>
  problemExample(400, {
    type: `${RFC9110}#section-15.5.1`,
    title: 'Bad Request',
    detail: 'The request is invalid; errors lists the problems',
    instance: 'POST /orders',
    errors,
  });
/** Documents with one operation, POST /orders. */
const { oas, swagger } = singleOperation(info, '/orders', 'post');
const errs = (...rest: (string | number)[]) => [...OP, '400', 'content', P, 'example', 'errors', ...rest];

testRule('problem-example-errors', [
  {
    name: 'OpenAPI 3.1: errors of {detail, pointer}',
    document: oas('3.1.0', {
      '400': problemResponse(
        invalid([
          { detail: 'must be a valid e-mail address', pointer: '#/email' },
          { detail: 'must not be empty', pointer: '#/shippingAddress' },
          { detail: 'must be positive', pointer: '#/items/0/quantity' },
        ]),
      ),
    }),
    errors: [],
  },
  {
    name: 'errors is optional, and may be empty',
    document: oas('3.1.0', {
      '400': problemExamplesResponse({
        single: { value: { ...invalid([]), errors: undefined } },
        empty: { value: invalid([]) },
      }),
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: errors that is not an array',
    document: oas('3.0.3', {
      '400': problemExamplesResponse({
        object: { value: invalid({ email: 'must be a valid e-mail address' }) },
        text: { value: invalid('email is invalid') },
        nil: { value: invalid(null) },
      }),
    }),
    errors: [
      {
        path: [...OP, '400', 'content', P, 'examples', 'object', 'value', 'errors'],
        message: 'Example errors is an object; expected an array of {detail, pointer}',
      },
      {
        path: [...OP, '400', 'content', P, 'examples', 'text', 'value', 'errors'],
        message: 'Example errors is a string; expected an array of {detail, pointer}',
      },
      {
        path: [...OP, '400', 'content', P, 'examples', 'nil', 'value', 'errors'],
        message: 'Example errors is null; expected an array of {detail, pointer}',
      },
    ],
  },
  {
    name: 'elements that are not objects',
    document: oas('3.1.0', {
      '400': problemResponse(invalid(['email is invalid', null, 7, [], { detail: 'ok', pointer: '#/name' }])),
    }),
    errors: [
      { path: errs(0), message: 'Example errors[0] is a string; expected an object {detail, pointer}' },
      { path: errs(1), message: 'Example errors[1] is null; expected an object {detail, pointer}' },
      { path: errs(2), message: 'Example errors[2] is an integer; expected an object {detail, pointer}' },
      { path: errs(3), message: 'Example errors[3] is an array; expected an object {detail, pointer}' },
    ],
  },
  {
    name: 'a missing or non-string detail',
    document: oas('3.1.0', {
      '400': problemResponse(
        invalid([{ pointer: '#/email' }, { detail: 42, pointer: '#/name' }, { detail: ['a', 'b'], pointer: '#/age' }]),
      ),
    }),
    errors: [
      { path: errs(0), message: 'Example errors[0] has no detail; expected a string' },
      { path: errs(1, 'detail'), message: 'Example errors[1] detail is an integer; expected a string' },
      { path: errs(2, 'detail'), message: 'Example errors[2] detail is an array; expected a string' },
    ],
  },
  {
    name: 'a missing pointer, and pointers not of the form #/<fieldName>',
    document: oas('3.1.0', {
      '400': problemResponse(
        invalid([
          { detail: 'must be a valid e-mail address' },
          { detail: 'is required', pointer: 'email' },
          { detail: 'is required', pointer: '/email' },
          { detail: 'is required', pointer: '#/' },
          { detail: 'is required', pointer: '#' },
          { detail: 'is required', pointer: '$.email' },
          { detail: 'is required', pointer: '#/first name' },
          { detail: 'is required', pointer: 3 },
        ]),
      ),
    }),
    errors: [
      { path: errs(0), message: `Example errors[0] has no pointer; ${POINTER}` },
      { path: errs(1, 'pointer'), message: `Example errors[1] pointer is "email"; ${POINTER}` },
      { path: errs(2, 'pointer'), message: `Example errors[2] pointer is "/email"; ${POINTER}` },
      { path: errs(3, 'pointer'), message: `Example errors[3] pointer is "#/"; ${POINTER}` },
      { path: errs(4, 'pointer'), message: `Example errors[4] pointer is "#"; ${POINTER}` },
      { path: errs(5, 'pointer'), message: `Example errors[5] pointer is "$.email"; ${POINTER}` },
      { path: errs(6, 'pointer'), message: `Example errors[6] pointer is "#/first name"; ${POINTER}` },
      { path: errs(7, 'pointer'), message: `Example errors[7] pointer is an integer; ${POINTER}` },
    ],
  },
  {
    name: 'an element with neither detail nor pointer: one finding naming both',
    document: oas('3.1.0', { '400': problemResponse(invalid([{ message: 'email is invalid', field: 'email' }])) }),
    errors: [
      {
        path: errs(0),
        message: `Example errors[0] has no detail; expected a string; and Example errors[0] has no pointer; ${POINTER}`,
      },
    ],
  },
  {
    name: 'OpenAPI 3.2: a named example with dataValue',
    document: oas('3.2.0', {
      '400': problemExamplesResponse({ many: { dataValue: invalid([{ detail: 'is required', pointer: 'email' }]) } }),
    }),
    errors: [
      {
        path: [...OP, '400', 'content', P, 'examples', 'many', 'dataValue', 'errors', 0, 'pointer'],
        message: `Example errors[0] pointer is "email"; ${POINTER}`,
      },
    ],
  },
  {
    name: 'an externalValue example, a problem+xml example and a plain JSON example are not checked',
    document: oas('3.1.0', {
      '400': problemExamplesResponse({ remote: { externalValue: 'https://example.com/examples/invalid.json' } }),
      '422': problemResponse(
        '<problem xmlns="urn:ietf:rfc:7807"><errors><i><pointer>email</pointer></i></errors></problem>',
        'application/problem+xml',
      ),
      '409': problemResponse(invalid({ email: 'taken' }), 'application/json'),
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: examples[application/problem+json]',
    document: swagger({
      '400': swaggerProblemResponse(invalid([{ detail: 'is required', pointer: 'email' }])),
      '422': swaggerProblemResponse(invalid([{ detail: 'ok', pointer: '#/email' }])),
    }),
    errors: [
      {
        path: [...OP, '400', 'examples', P, 'errors', 0, 'pointer'],
        message: `Example errors[0] pointer is "email"; ${POINTER}`,
      },
    ],
  },
  {
    name: 'a shared response component used by several operations gives one finding, at the component',
    document: {
      openapi: '3.1.0',
      info,
      paths: {
        '/orders': { post: { responses: { '400': { $ref: '#/components/responses/BadRequest' } } } },
        '/orders/{id}': { put: { responses: { '400': { $ref: '#/components/responses/BadRequest' } } } },
        '/customers': { post: { responses: { '400': { $ref: '#/components/responses/BadRequest' } } } },
      },
      components: {
        responses: { BadRequest: problemResponse(invalid([{ detail: 'is required', pointer: 'email' }])) },
      },
    },
    errors: [
      {
        path: ['components', 'responses', 'BadRequest', 'content', P, 'example', 'errors', 0, 'pointer'],
        message: `Example errors[0] pointer is "email"; ${POINTER}`,
      },
    ],
  },
  {
    name: 'odd examples (null, a string, an array) and odd containers do not crash the rule',
    document: openapiDocument('3.1.0', info, {
      '/a': {
        post: {
          responses: {
            '400': problemResponse(null),
            '404': problemResponse('errors'),
            '500': problemResponse([invalid('x')]),
          },
        },
      },
      '/b': { post: { responses: null } },
      '/c': { post: { responses: { '400': { description: 'x', content: { [P]: { examples: { a: null } } } } } } },
    }),
    errors: [],
  },
  {
    name: "a registry linted alone (UKHSA's components in their own file): its errors element without pointer is found",
    document: UKHSA_REGISTRY,
    errors: [
      {
        path: ['components', 'examples', 'validation-errors', 'value', 'errors', '1'],
        message: 'Example errors[1] has no pointer; expected "#/<fieldName>"',
      },
    ],
  },
]);
