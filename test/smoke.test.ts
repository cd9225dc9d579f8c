import { testRule } from './__helpers__/spectral';

testRule('error-responses-required', [
  {
    name: 'an operation without error responses',
    document: {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
    },
    errors: [
      {
        path: ['paths', '/a', 'get', 'responses'],
        message: 'No 400, 404 or 500 response; every operation must define 400, 404 and 500',
      },
    ],
  },
]);
