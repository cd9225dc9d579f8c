/**
 * Multi-file descriptions laid out as real teams lay them out, one folder each (file path → text):
 * DependencyTrack's (a path-item file per resource, shared responses and schemas in files of their
 * own) and DigitalOcean's (operations `$ref`d one file each from the root, shared responses). Written
 * to disk by the suites that lint them (test/multi-file.test.ts, test/redocly/adapter.test.ts, test/redocly/parity.cli.test.ts).
 */
const problemExample = (status: number, title: string, section: string) =>
  `{status: ${status}, title: ${title}, detail: The request could not be handled., type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-${section}', instance: GET /secrets}`;

const sharedResponse = (status: number, title: string, section: string) => `description: ${title}
content:
  application/problem+json:
    schema:
      $ref: '../schemas/problem-details.yaml'
    example: ${problemExample(status, title, section)}
`;

const errors = (indent: string, codes: string[]) =>
  codes
    .map(
      code =>
        `${indent}'${code}':\n${indent}  $ref: '../../shared/responses/${{ '400': 'invalid-request-error', '404': 'not-found-error', '500': 'internal-error' }[code]}.yaml'\n`,
    )
    .join('');

const operation = (method: string, codes: string[]) => `${method}:
  operationId: ${method}Secret
  responses:
    '204':
      description: Done.
${errors('    ', codes)}`;

export const MULTI_FILE: Record<string, Record<string, string>> = {
  'dependency-track': {
    'openapi.yaml': `openapi: 3.0.3
info:
  title: Vault
  version: 1.0.0
servers:
  - url: https://api.example.com/acme/vault/v1
paths:
  /secrets:
    $ref: paths/secrets/secrets.yaml
  /secrets/{name}:
    $ref: paths/secrets/secret.yaml
`,
    'paths/secrets/secrets.yaml': `post:
  operationId: createSecret
  responses:
    '201':
      description: Created.
${errors('    ', ['400', '404', '500'])}`,
    // GET, PATCH and DELETE each miss their 500: three defects in one file, none to hide another.
    'paths/secrets/secret.yaml': `parameters:
  - name: name
    in: path
    required: true
    schema:
      type: string
${operation('get', ['400', '404'])}${operation('patch', ['400', '404'])}${operation('delete', ['400', '404'])}`,
    'shared/responses/invalid-request-error.yaml': sharedResponse(400, 'Bad Request', '15.5.1'),
    'shared/responses/not-found-error.yaml': sharedResponse(404, 'Not Found', '15.5.5'),
    'shared/responses/internal-error.yaml': sharedResponse(500, 'Internal Server Error', '15.6.1'),
    // The shared problem schema lacks `instance`: one defect of this file, however many responses use it.
    'shared/schemas/problem-details.yaml': `type: object
required: [status, title, detail, type]
properties:
  status: {type: integer}
  title: {type: string}
  detail: {type: string}
  type: {type: string}
`,
  },
  digitalocean: {
    'openapi.yaml': `openapi: 3.0.0
info:
  title: Droplets
  version: '2.0'
servers:
  - url: https://api.example.com
paths:
  /acme/droplets/v2/1-clicks:
    get:
      $ref: 'resources/1-clicks/oneClicks_list.yml'
  /acme/droplets/v2/1-clicks/kubernetes:
    post:
      $ref: 'resources/1-clicks/oneClicks_install_kubernetes.yml'
`,
    'resources/1-clicks/oneClicks_list.yml': `operationId: oneClicks_list
responses:
  '200':
    description: The 1-Click applications.
  '400':
    $ref: '../../shared/responses/bad_request.yml'
  '401':
    $ref: '../../shared/responses/unauthorized.yml'
  '404':
    $ref: '../../shared/responses/not_found.yml'
  '500':
    $ref: '../../shared/responses/server_error.yml'
security:
  - bearer_auth: ['1click:read']
`,
    'resources/1-clicks/oneClicks_install_kubernetes.yml': `operationId: oneClicks_install_kubernetes
responses:
  '200':
    description: Installed.
  '400':
    $ref: '../../shared/responses/bad_request.yml'
  '401':
    $ref: '../../shared/responses/unauthorized.yml'
  '404':
    $ref: '../../shared/responses/not_found.yml'
  '500':
    $ref: '../../shared/responses/server_error.yml'
security:
  - bearer_auth: ['1click:create']
`,
    'shared/responses/bad_request.yml': doResponse(400, 'Bad Request', '15.5.1'),
    'shared/responses/not_found.yml': doResponse(404, 'Not Found', '15.5.5'),
    'shared/responses/server_error.yml': doResponse(500, 'Internal Server Error', '15.6.1'),
    // DigitalOcean's unauthorized response is served as application/json.
    'shared/responses/unauthorized.yml': `description: Unauthorized
content:
  application/json:
    schema:
      $ref: '../models/error.yml'
    example:
      id: unauthorized
      message: Unable to authenticate you.
`,
    'shared/models/error.yml': `type: object
properties:
  id: {type: string}
  message: {type: string}
`,
    'shared/models/problem.yml': `type: object
required: [status, title, detail, type, instance]
properties:
  status: {type: integer}
  title: {type: string}
  detail: {type: string}
  type: {type: string}
  instance: {type: string}
`,
  },
  // An API's probes in files of their own: the exception of health.yaml's operation is in force, that
  // of ready.yaml's path item has no reason (test/exceptions.test.ts).
  exceptions: {
    'openapi.yaml': `openapi: 3.0.3
info:
  title: Vault
  version: 1.0.0
paths:
  /acme/vault/v1/health:
    $ref: paths/health.yaml
  /acme/vault/v1/ready:
    $ref: paths/ready.yaml
`,
    'paths/health.yaml': `get:
  x-api-conventions-exceptions:
    error-responses-required: Probed by the load balancer only; it never answers 4xx (PLAT-1234).
  responses:
    '200':
      description: Up.
`,
    'paths/ready.yaml': `x-api-conventions-exceptions:
  error-responses-required:
get:
  responses:
    '200':
      description: Ready.
`,
  },
};

function doResponse(status: number, title: string, section: string): string {
  return `description: ${title}
content:
  application/problem+json:
    schema:
      $ref: '../models/problem.yml'
    example: ${problemExample(status, title, section)}
`;
}
