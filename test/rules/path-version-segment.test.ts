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
const notMajor = (key: string, segment: string) =>
  `Path "${key}" has its version segment ${segment}, not of the form v<major>; ${EXPECTED}`;
/** The one finding of a server URL whose path no key can complete. */
const server = (url: string, path: string, defect: string, paths: number) =>
  `Server URL "${url}" (path "${path}") ${defect}, breaking ${paths} ${paths === 1 ? 'path' : 'paths'} under it; ${EXPECTED}`;

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
    name: 'a version variable without a default (v{major}) is a templated version segment, named as such: not of the form v<major>',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs/v{major}', variables: { major: { enum: ['1', '2'] } } }],
      paths: paths('/specimens'),
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server(
          'https://api.example.com/clinical/labs/v{major}',
          '/clinical/labs/v{major}',
          'has its version segment v{major}, not of the form v<major>',
          1,
        ),
      },
    ],
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
    name: 'the version segment reads v<major>, third: V1, v1.2 and version1 are versions of another form; v1 elsewhere is misplaced',
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
      { path: ['paths', '/clinical/labs/V1/specimens'], message: notMajor('/clinical/labs/V1/specimens', 'V1') },
      { path: ['paths', '/clinical/labs/v1.2/specimens'], message: notMajor('/clinical/labs/v1.2/specimens', 'v1.2') },
      {
        path: ['paths', '/clinical/labs/version1/specimens'],
        message: notMajor('/clinical/labs/version1/specimens', 'version1'),
      },
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
    name: 'a major version of two digits (v10, v12) is a version segment; v1.2 and version1 are not of the form v<major>',
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
      { path: ['paths', '/clinical/labs/v1.2/specimens'], message: notMajor('/clinical/labs/v1.2/specimens', 'v1.2') },
      { path: ['paths', '/clinical/labs/version1/x'], message: notMajor('/clinical/labs/version1/x', 'version1') },
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
    name: 'a server URL whose path puts the version first is one finding at the server, counting the paths it breaks',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://api.example.com/v1' }],
      paths: paths('/items', '/clinical/labs/v1/items', '/'),
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server('https://api.example.com/v1', '/v1', 'has its version segment v1 as the 1st segment', 3),
      },
    ],
  },
  {
    name: 'under a server path, the key "/" is the full path of the server path alone, and is judged',
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs' }],
      paths: paths('/', '/specimens'),
    },
    errors: [
      { path: ['paths', '/'], message: lacks('/', '/clinical/labs') },
      { path: ['paths', '/specimens'], message: lacks('/specimens', '/clinical/labs/specimens') },
    ],
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
        path: ['servers', 0, 'url'],
        message: server(
          'https://api.example.com/clinical//labs/v1',
          '/clinical//labs/v1',
          'has its version segment v1 as the 4th segment',
          1,
        ),
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
  {
    name: "Camunda: the server URL's path /v2 breaks every path; one finding at the server, none at the 184 paths",
    document: {
      openapi: '3.0.3',
      info: apiInfo('Orchestration Cluster API'),
      servers: [
        { url: 'http://localhost:8080/v2', description: 'Generated server url' },
        { url: 'https://{region}.zeebe.camunda.io/{clusterId}/v2', variables: { region: { default: 'bru-2' } } },
      ],
      paths: paths('/topology', '/license', '/jobs/activation', '/user-tasks/{userTaskKey}/completion'),
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server('http://localhost:8080/v2', '/v2', 'has its version segment v2 as the 1st segment', 4),
      },
    ],
  },
  {
    name: 'Swagger 2.0: basePath /api/v1 (Airflow) is one finding at basePath; "/" (the full path /api/v1) is counted',
    document: {
      swagger: '2.0',
      info: apiInfo('Airflow API (Stable)'),
      basePath: '/api/v1',
      paths: paths('/', '/dags', '/dags/{dag_id}', '/dags/{dag_id}/dagRuns'),
    },
    errors: [
      {
        path: ['basePath'],
        message: `basePath "/api/v1" has its version segment v1 as the 2nd segment, breaking 4 paths under it; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'Microsoft Graph: https://graph.microsoft.com/v1.0/ holds a version not of the form v<major>',
    document: {
      openapi: '3.0.4',
      info: apiInfo('OData Service for namespace microsoft.graph'),
      servers: [{ url: 'https://graph.microsoft.com/v1.0/', description: 'Core' }],
      paths: paths('/admin', '/users/{user-id}', '/me/messages'),
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server(
          'https://graph.microsoft.com/v1.0/',
          '/v1.0',
          'has its version segment v1.0 as the 1st segment, not of the form v<major>',
          3,
        ),
      },
    ],
  },
  {
    name: 'a server path of three segments without the version is one finding at the server',
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs/specimens/' }],
      paths: paths('/{specimenId}', '/{specimenId}/results'),
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server(
          'https://api.example.com/clinical/labs/specimens/',
          '/clinical/labs/specimens',
          'lacks the version segment as its 3rd segment',
          2,
        ),
      },
    ],
  },
  {
    name: 'Mailchimp: the server path /3.0 is a version not of the form v<major> (only the first server counts)',
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://us.api.mailchimp.com/3.0' }, { url: 'https://api.example.com/clinical' }],
      paths: paths('/lists'),
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server(
          'https://us.api.mailchimp.com/3.0',
          '/3.0',
          'has its version segment 3.0 as the 1st segment, not of the form v<major>',
          1,
        ),
      },
    ],
  },
  {
    name: 'Kubernetes: /apis/batch/v1 conforms; v1alpha1 and v2beta1 are not of the form v<major>; /api/v1 puts v1 2nd',
    document: {
      swagger: '2.0',
      info: apiInfo('Kubernetes'),
      paths: paths(
        '/apis/batch/v1/namespaces/{namespace}/jobs',
        '/apis/batch/v1alpha1/namespaces/{namespace}/cronjobs',
        '/apis/autoscaling/v2beta1/horizontalpodautoscalers',
        '/api/v1/namespaces',
      ),
    },
    errors: [
      {
        path: ['paths', '/apis/batch/v1alpha1/namespaces/{namespace}/cronjobs'],
        message: notMajor('/apis/batch/v1alpha1/namespaces/{namespace}/cronjobs', 'v1alpha1'),
      },
      {
        path: ['paths', '/apis/autoscaling/v2beta1/horizontalpodautoscalers'],
        message: notMajor('/apis/autoscaling/v2beta1/horizontalpodautoscalers', 'v2beta1'),
      },
      { path: ['paths', '/api/v1/namespaces'], message: misplaced('/api/v1/namespaces', 'v1', '2nd') },
    ],
  },
  {
    name: 'Twilio and Twitter: a date version (2010-04-01) and a bare 2 in the key are versions of another form, in the wrong place',
    document: {
      openapi: '3.0.1',
      info: apiInfo('Twilio - Api'),
      servers: [{ url: 'https://api.twilio.com' }],
      paths: paths('/2010-04-01/Accounts.json', '/2010-04-01/Accounts/{Sid}/Calls.json', '/2/tweets'),
    },
    errors: [
      {
        path: ['paths', '/2010-04-01/Accounts.json'],
        message: `Path "/2010-04-01/Accounts.json" has its version segment 2010-04-01 as the 1st segment, not of the form v<major>; ${EXPECTED}`,
      },
      {
        path: ['paths', '/2010-04-01/Accounts/{Sid}/Calls.json'],
        message: `Path "/2010-04-01/Accounts/{Sid}/Calls.json" has its version segment 2010-04-01 as the 1st segment, not of the form v<major>; ${EXPECTED}`,
      },
      {
        path: ['paths', '/2/tweets'],
        message: `Path "/2/tweets" has its version segment 2 as the 1st segment, not of the form v<major>; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'a version-like segment where the namespace or product goes is misplaced, even with v<major> third',
    document: {
      openapi: '3.1.0',
      info,
      paths: paths('/v1/labs/v2/specimens', '/clinical/1.0/v1/specimens', '/oauth2/tokens/v1/revocations'),
    },
    errors: [
      { path: ['paths', '/v1/labs/v2/specimens'], message: misplaced('/v1/labs/v2/specimens', 'v1', '1st') },
      {
        path: ['paths', '/clinical/1.0/v1/specimens'],
        message: `Path "/clinical/1.0/v1/specimens" has its version segment 1.0 as the 2nd segment, not of the form v<major>; ${EXPECTED}`,
      },
    ],
  },
  {
    name: 'DigitalOcean: /<upload_url> (a placeholder for a presigned URL, served from https://) is no path template: not checked',
    document: {
      openapi: '3.0.0',
      info: apiInfo('DigitalOcean API'),
      servers: [{ url: 'https://api.digitalocean.com', description: 'production' }],
      paths: {
        '/v2/account': op,
        '/<upload_url>': {
          put: {
            operationId: 'apps_upload_presigned_url',
            servers: [{ url: 'https://' }],
            responses: { '200': { description: 'OK' } },
          },
        },
        '/Your Pull URI Request API Path': op,
      },
    },
    errors: [{ path: ['paths', '/v2/account'], message: misplaced('/v2/account', 'v2', '1st') }],
  },
  {
    name: "a path item's or an operation's own servers are judged instead of the root's, each broken server once",
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com/clinical/labs/v1' }],
      paths: {
        '/specimens': {
          get: { responses: { '200': { description: 'OK' } } },
          post: {
            servers: [{ url: 'https://upload.example.com/clinical/labs' }],
            responses: { '201': { description: 'Created' } },
          },
          put: {
            servers: [{ url: 'https://mirror.example.com/clinical/labs/v1' }],
            responses: { '200': { description: 'OK' } },
          },
        },
        '/reports': {
          servers: [{ url: 'https://reports.example.com/v2' }],
          get: { responses: { '200': { description: 'OK' } } },
        },
        '/archive': {
          servers: [{ url: 'https://archive.example.com/clinical/labs/v1' }],
          get: { responses: { '200': { description: 'OK' } } },
          delete: {
            servers: [{ url: 'https://archive.example.com/v1.0' }],
            responses: { '204': { description: 'Deleted' } },
          },
        },
      },
    },
    errors: [
      {
        path: ['paths', '/specimens', 'post'],
        message: lacks('/specimens', '/clinical/labs/specimens'),
      },
      {
        path: ['paths', '/reports', 'servers', 0, 'url'],
        message: server('https://reports.example.com/v2', '/v2', 'has its version segment v2 as the 1st segment', 1),
      },
      {
        path: ['paths', '/archive', 'delete', 'servers', 0, 'url'],
        message: server(
          'https://archive.example.com/v1.0',
          '/v1.0',
          'has its version segment v1.0 as the 1st segment, not of the form v<major>',
          1,
        ),
      },
    ],
  },
  {
    name: "a path whose every operation has servers of its own does not count against the root's server",
    document: {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://api.example.com/api/v1' }],
      paths: {
        '/samples': op,
        '/files': {
          post: {
            servers: [{ url: 'https://files.example.com/clinical/files/v1' }],
            responses: { '201': { description: 'Created' } },
          },
        },
      },
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server(
          'https://api.example.com/api/v1',
          '/api/v1',
          'has its version segment v1 as the 2nd segment',
          1,
        ),
      },
    ],
  },
  {
    name: 'a server URL that serves only the key "/" (AWS\'s /#Action=… too) is the full path itself: one finding at the server',
    document: {
      openapi: '3.1.0',
      info,
      servers: [{ url: 'https://api.example.com/v1' }],
      paths: paths('/', '/#Action=ListThings'),
    },
    errors: [
      {
        path: ['servers', 0, 'url'],
        message: server('https://api.example.com/v1', '/v1', 'has its version segment v1 as the 1st segment', 2),
      },
    ],
  },
  {
    name: 'AWS: a server URL without a path serves /#Action=… at the root "/": exempt',
    document: {
      openapi: '3.0.0',
      info: apiInfo('AWS IoT'),
      servers: [{ url: 'https://iot.{region}.amazonaws.com', variables: { region: { default: 'us-east-1' } } }],
      paths: paths('/#Action=ListThings', '/'),
    },
    errors: [],
  },
  {
    name: 'Keycloak: the key "/" under the server path /admin/realms is the realms\' own path, judged with the others',
    document: `
openapi: 3.0.3
info: { title: Keycloak Admin REST API, version: '26.0' }
servers: [{ url: /admin/realms }]
paths:
  /:
    get:
      tags: [Realms Admin]
      summary: Get accessible realms
      parameters:
        - { in: query, name: briefRepresentation, schema: { type: boolean, default: false } }
      responses:
        '200': { description: OK }
  /{realm}/users:
    get:
      parameters:
        - { in: path, name: realm, required: true, schema: { type: string } }
      responses:
        '200': { description: OK }
`,
    errors: [
      { path: ['paths', '/'], message: lacks('/', '/admin/realms') },
      { path: ['paths', '/{realm}/users'], message: lacks('/{realm}/users', '/admin/realms/{realm}/users') },
    ],
  },
  {
    name: 'OpenCage: a templated version segment (v{version}, {apiVersion}) is named as such, never "lacks the version segment"',
    document: `
openapi: 3.0.0
info: { title: OpenCage Geocoder, version: '1' }
servers: [{ url: 'https://api.opencagedata.com' }]
paths:
  /geocode/v{version}/{format}:
    get:
      parameters:
        - { in: path, name: version, required: true, schema: { type: string, enum: ['1'] } }
        - { in: path, name: format, required: true, schema: { type: string, enum: [json, xml, geojson] } }
      responses:
        '200': { description: OK }
  /maps/tiles/{apiVersion}/{z}:
    get:
      parameters:
        - { in: path, name: apiVersion, required: true, schema: { type: string } }
        - { in: path, name: z, required: true, schema: { type: integer } }
      responses:
        '200': { description: OK }
`,
    errors: [
      {
        path: ['paths', '/geocode/v{version}/{format}'],
        message: misplaced('/geocode/v{version}/{format}', 'v{version}', '2nd').replace(
          'as the 2nd segment;',
          'as the 2nd segment, not of the form v<major>;',
        ),
      },
      {
        path: ['paths', '/maps/tiles/{apiVersion}/{z}'],
        message: notMajor('/maps/tiles/{apiVersion}/{z}', '{apiVersion}'),
      },
    ],
  },
]);
