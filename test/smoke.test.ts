import { copiedResponse, PROBLEM_DETAILS_SCHEMA, responseRef } from './__helpers__/registry-copies';
import { testRule } from './__helpers__/spectral';

testRule('error-responses-required', [
  {
    name: 'an operation without error responses',
    document: {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
    },
    // fix --unsafe copies the shipped registry's three responses and their schema in.
    fixed: {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': { description: 'ok' },
              '400': responseRef('BadRequest'),
              '404': responseRef('NotFound'),
              '500': responseRef('InternalServerError'),
            },
          },
        },
      },
      components: {
        responses: {
          BadRequest: copiedResponse('BadRequest', 'GET /a'),
          NotFound: copiedResponse('NotFound', 'GET /a'),
          InternalServerError: copiedResponse('InternalServerError', 'GET /a'),
        },
        schemas: { ProblemDetails: PROBLEM_DETAILS_SCHEMA },
      },
    },
    errors: [
      {
        path: ['paths', '/a', 'get', 'responses'],
        message: 'No 400, 404 or 500 response; every operation must define 400, 404 and 500',
      },
    ],
  },
]);
