import { apiInfo } from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
const op = { get: { responses: { '200': { description: 'OK' } } } };
const paths = (...keys: string[]) => Object.fromEntries(keys.map(key => [key, op]));
const EXPECTED = 'expected /<namespace>/<product>/v<major>/<collection>';
const lacks = (key: string, full?: string) =>
  `Path "${key}"${full === undefined ? '' : ` (full path "${full}")`} lacks the version segment; ${EXPECTED}`;
const misplaced = (key: string, segment: string, place: string) =>
  `Path "${key}" has its version segment ${segment} as the ${place} segment; ${EXPECTED}`;

testRule('path-version-segment', [
  {
    name: 'OpenAPI 3.1: an absolute server URL carries /<namespace>/<product>/v<major>; path keys add the collection',
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs/v1' }],
      paths: paths('/specimens', '/specimens/{id}'),
    },
    errors: [],
  },
  {
    name: 'no servers: the path keys carry the whole path; "/" alone is exempt',
    document: {
      openapi: '3.0.3',
      info,
      paths: paths('/clinical/labs/v2/specimens', '/clinical/labs/v1', '/', '/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens') }],
  },
  {
    name: 'a server URL without a path: the message shows the key alone',
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com/' }],
      paths: paths('/specimens', '/clinical/labs/v1/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens') }],
  },
  {
    name: 'a relative server URL with part of the path: the message shows the full path',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: '/clinical/labs' }],
      paths: paths('/v1/specimens', '/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/specimens') }],
  },
  {
    name: 'a relative server URL without a leading slash, and one with a trailing slash',
    document: { openapi: '3.1.0', info, servers: [{ url: 'clinical/labs/v1/' }], paths: paths('/specimens') },
    errors: [],
  },
  {
    name: 'server variables are replaced by their defaults; one without a default stays as written',
    document: {
      openapi: '3.1.0',
      info,
      servers: [
        {
          url: '{scheme}://{host}/{namespace}/labs/v{major}',
          variables: {
            scheme: { default: 'https' },
            host: { default: 'api.example.com' },
            namespace: { default: 'clinical' },
            major: { default: '1' },
          },
        },
      ],
      paths: paths('/specimens'),
    },
    errors: [],
  },
  {
    name: 'a version variable without a default is not a version',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs/v{major}', variables: { major: { enum: ['1', '2'] } } }],
      paths: paths('/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/v{major}/specimens') }],
  },
  {
    name: 'only the first server counts',
    document: {
      openapi: '3.2.0',
      info,
      servers: [{ url: 'https://api.example.com/labs' }, { url: 'https://api.example.com/clinical/labs/v1' }],
      paths: paths('/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/labs/specimens') }],
  },
  {
    name: 'the version segment reads v<major>, third: not V1, v1.2, version1, nor in another place',
    document: {
      openapi: '3.1.0',
      info,
      paths: paths(
        '/clinical/labs/V1/specimens',
        '/clinical/labs/v1.2/specimens',
        '/clinical/labs/version1/specimens',
        '/v1/clinical/labs/specimens',
        '/clinical/v1/specimens',
      ),
    },
    errors: [
      { path: ['paths', '/clinical/labs/V1/specimens'], message: lacks('/clinical/labs/V1/specimens') },
      { path: ['paths', '/clinical/labs/v1.2/specimens'], message: lacks('/clinical/labs/v1.2/specimens') },
      { path: ['paths', '/clinical/labs/version1/specimens'], message: lacks('/clinical/labs/version1/specimens') },
      {
        path: ['paths', '/v1/clinical/labs/specimens'],
        message: misplaced('/v1/clinical/labs/specimens', 'v1', '1st'),
      },
      { path: ['paths', '/clinical/v1/specimens'], message: misplaced('/clinical/v1/specimens', 'v1', '2nd') },
    ],
  },
  {
    name: 'Swagger 2.0: basePath carries the prefix',
    document: { swagger: '2.0', info, basePath: '/clinical/labs/v1', paths: paths('/specimens') },
    errors: [],
  },
  {
    name: 'Swagger 2.0: basePath "/" adds nothing; another basePath shows in the message',
    document: {
      swagger: '2.0',
      info,
      basePath: '/',
      host: 'api.example.com',
      paths: paths('/clinical/labs/v1/specimens', '/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens') }],
  },
  {
    name: 'Swagger 2.0: servers are not read; a basePath without the version',
    document: {
      swagger: '2.0',
      info,
      basePath: '/clinical/labs',
      servers: [{ url: '/clinical/labs/v1' }],
      paths: paths('/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/specimens') }],
  },
  {
    name: 'odd inputs give no crash: a server that is a string, a url that is not a string, extension keys and null under paths',
    document: {
      openapi: '3.1.0',
      info,
      servers: ['https://api.example.com/clinical/labs/v1', { url: 42 }],
      paths: { 'x-internal': { note: 'not a path' }, '/clinical/labs/v1/specimens': null, '/': op },
    },
    errors: [],
  },
  {
    name: 'a major version of two digits (v10, v12) is a version segment; v1.2 and version1 are not',
    document: {
      openapi: '3.1.0',
      info,
      paths: paths(
        '/clinical/labs/v10/specimens',
        '/clinical/labs/v12',
        '/clinical/labs/v1.2/specimens',
        '/clinical/labs/version1/x',
      ),
    },
    errors: [
      { path: ['paths', '/clinical/labs/v1.2/specimens'], message: lacks('/clinical/labs/v1.2/specimens') },
      { path: ['paths', '/clinical/labs/version1/x'], message: lacks('/clinical/labs/version1/x') },
    ],
  },
  {
    name: 'AWS: /#X-Amz-Target=… and /#Action=… keys are the root "/" (the fragment only keeps keys unique): exempt',
    document: {
      openapi: '3.0.0',
      info: apiInfo('AWS Glue'),
      servers: [
        {
          url: 'http://glue.{region}.amazonaws.com',
          variables: {
            region: { description: 'The AWS region', enum: ['us-east-1', 'eu-west-1'], default: 'us-east-1' },
          },
          description: 'The AWS Glue multi-region endpoint',
        },
      ],
      paths: paths(
        '/#X-Amz-Target=AWSGlue.BatchCreatePartition',
        '/#X-Amz-Target=AWSGlue.BatchDeleteConnection',
        '/#Action=AddTagsToResource',
        '/#Action=DescribeCacheClusters?version=2015-02-02',
        '/jobs#X-Amz-Target=AWSGlue.ListJobs',
      ),
    },
    errors: [
      {
        path: ['paths', '/jobs#X-Amz-Target=AWSGlue.ListJobs'],
        message: `Path "/jobs#X-Amz-Target=AWSGlue.ListJobs" (full path "/jobs") lacks the version segment; ${EXPECTED}`,
      },
    ],
  },
  {
    name: "RFC 8615's /.well-known/… is exempt (azure.com/attestation.json's /.well-known/openid-configuration)",
    document: {
      swagger: '2.0',
      info: apiInfo('AttestationClient'),
      host: 'azure.local',
      schemes: ['https'],
      paths: paths('/.well-known/openid-configuration', '/certs'),
    },
    errors: [{ path: ['paths', '/certs'], message: lacks('/certs') }],
  },
  {
    name: 'a version segment in the wrong place is named, not called missing (with the full path when a server joins it)',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://api.example.com/v1' }],
      paths: paths('/items', '/clinical/labs/v1/items'),
    },
    errors: [
      {
        path: ['paths', '/items'],
        message: `Path "/items" (full path "/v1/items") has its version segment v1 as the 1st segment; ${EXPECTED}`,
      },
      {
        path: ['paths', '/clinical/labs/v1/items'],
        message: `Path "/clinical/labs/v1/items" (full path "/v1/clinical/labs/v1/items") has its version segment v1 as the 1st segment; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'under a server path, the key "/" is the root: exempt',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs' }],
      paths: paths('/', '/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/specimens') }],
  },
  {
    name: 'a protocol-relative server URL (//host/path): the host is not a segment',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: '//api.example.com/clinical/labs' }],
      paths: paths('/v1/specimens', '/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/specimens') }],
  },
  {
    name: 'a server URL with an empty segment written by mistake (/clinical//labs/v1): the segments are read as written',
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com/clinical//labs/v1' }],
      paths: paths('/specimens'),
    },
    errors: [
      {
        path: ['paths', '/specimens'],
        message: `Path "/specimens" (full path "/clinical//labs/v1/specimens") has its version segment v1 as the 4th segment; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'a server URL written with spaces around it (a quoted YAML scalar) is read without them',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
servers:
  - url: ' https://api.example.com/clinical/labs/v1 '
paths:
  /specimens:
    get:
      responses:
        '200': { description: OK }
`,
    errors: [],
  },
  {
    name: 'trailing slashes of a server URL and of a basePath are dropped, however many',
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs//' }],
      paths: paths('/specimens'),
    },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/specimens') }],
  },
  {
    name: 'Swagger 2.0: a basePath with two trailing slashes',
    document: { swagger: '2.0', info, basePath: '/clinical/labs//', paths: paths('/specimens') },
    errors: [{ path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/specimens') }],
  },
  {
    name: '/.well-known is exempt only at the start of the full path, and alone',
    document: {
      openapi: '3.0.3',
      info,
      paths: paths('/.well-known', '/tenants/{tenantId}/.well-known/openid-configuration'),
    },
    errors: [
      {
        path: ['paths', '/tenants/{tenantId}/.well-known/openid-configuration'],
        message: lacks('/tenants/{tenantId}/.well-known/openid-configuration'),
      },
    ],
  },
  {
    name: 'a misplaced version is a whole segment v<major>: v10 first and v1 fourth are named, reports-v2 is no version',
    document: {
      openapi: '3.1.0',
      info,
      paths: paths('/v10/clinical/labs/specimens', '/clinical/labs/specimens/v1', '/clinical/reports-v2/specimens'),
    },
    errors: [
      {
        path: ['paths', '/v10/clinical/labs/specimens'],
        message: misplaced('/v10/clinical/labs/specimens', 'v10', '1st'),
      },
      {
        path: ['paths', '/clinical/labs/specimens/v1'],
        message: misplaced('/clinical/labs/specimens/v1', 'v1', '4th'),
      },
      { path: ['paths', '/clinical/reports-v2/specimens'], message: lacks('/clinical/reports-v2/specimens') },
    ],
  },
]);
