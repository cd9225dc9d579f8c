/** One defect in a shared component is one finding, however many operations use it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { lint } from './__helpers__/spectral';

const problem = (status: number, title: string, section: string) => ({
  status,
  title,
  detail: 'Something about this request.',
  type: `https://datatracker.ietf.org/doc/html/rfc9110#section-${section}`,
  instance: 'GET /clinical/labs/v1/things/1',
  traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
});

const response = (status: number, title: string, section: string) => ({
  description: title,
  content: {
    'application/problem+json': {
      schema: { $ref: '#/components/schemas/Problem' },
      example: problem(status, title, section),
    },
  },
});

function documentWith(operations: number) {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    paths[`/clinical/labs/v1/things${i}`] = {
      get: {
        responses: {
          '200': { description: 'OK' },
          '400': { $ref: '#/components/responses/BadRequest' },
          '404': { $ref: '#/components/responses/NotFound' },
          '500': { $ref: '#/components/responses/ServerError' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Shared', version: '1' },
    paths,
    components: {
      schemas: {
        // Defect: `instance` is not declared.
        Problem: {
          type: 'object',
          required: ['status', 'title', 'detail', 'type'],
          properties: {
            status: { type: 'integer' },
            title: { type: 'string' },
            detail: { type: 'string' },
            type: { type: 'string' },
          },
        },
      },
      responses: {
        BadRequest: response(400, 'Bad Request', '15.5.1'),
        // Defect: the title is not the reason phrase.
        NotFound: response(404, 'Not found', '15.5.5'),
        ServerError: response(500, 'Internal Server Error', '15.6.1'),
      },
    },
  };
}

test('a defective schema and a defective example, shared by 50 operations, give one finding each, at the component', async () => {
  const findings = await lint(documentWith(50));
  expect(findings).toEqual([
    {
      code: 'problem-details-schema',
      path: ['components', 'schemas', 'Problem', 'properties'],
      message:
        'Problem schema does not declare "instance"; expected status, title, detail, type and instance (instance: string)',
    },
    {
      code: 'problem-example-title',
      path: ['components', 'responses', 'NotFound', 'content', 'application/problem+json', 'example', 'title'],
      message: '404 example title is "Not found"; expected "Not Found"',
    },
  ]);
});

describe('a component in another document (a $ref to a registry file)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'external-'));
    writeFileSync(
      join(dir, 'registry.yaml'),
      [
        'openapi: 3.1.0',
        'info: { title: Registry, version: 1.0.0 }',
        'paths: {}',
        'components:',
        '  responses:',
        '    BadRequest:',
        '      description: Bad Request',
        '      content:',
        '        application/problem+json:',
        '          example: { status: 400, title: Bad request, detail: x, type: "https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1", instance: GET /a }',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("its own defect is reported at the linted document's $ref, naming where it is; a wrong use at that use", async () => {
    const api = [
      'openapi: 3.1.0',
      'info: { title: Things, version: 1.0.0 }',
      'paths:',
      '  /clinical/labs/v1/things:',
      '    get:',
      '      responses:',
      "        '200': { description: OK }",
      "        '400': { $ref: 'registry.yaml#/components/responses/BadRequest' }",
      "        '404': { $ref: 'registry.yaml#/components/responses/BadRequest' }",
      '',
    ].join('\n');
    const source = join(dir, 'api.yaml');
    writeFileSync(source, api);
    const findings = await lint(new Document(api, Parsers.Yaml, source), [
      'problem-example-title',
      'problem-example-status',
    ]);
    expect(findings).toEqual([
      {
        code: 'problem-example-status',
        path: ['paths', '/clinical/labs/v1/things', 'get', 'responses', '404', '$ref'],
        message: 'BadRequest, used as the 404 response, has an example with status 400; expected 404',
      },
      {
        code: 'problem-example-title',
        path: ['paths', '/clinical/labs/v1/things', 'get', 'responses', '400', '$ref'],
        message:
          'In registry.yaml#/components/responses/BadRequest/content/application~1problem+json/example/title: 400 example title is "Bad request"; expected "Bad Request"',
      },
    ]);
  });

  test('a defect of a schema in another document, whose schema mixes a local $ref and a $ref into a third file (3GPP CAPIF), is one finding at the first $ref that brings it in', async () => {
    writeFileSync(
      join(dir, 'TS29571_CommonData.yaml'),
      [
        'openapi: 3.0.0',
        'info: { title: Common Data Types, version: 1.0.0 }',
        'paths: {}',
        'components:',
        '  responses:',
        "    '400':",
        '      description: Bad request',
        '      content:',
        '        application/problem+json:',
        "          schema: { $ref: '#/components/schemas/ProblemDetails' }",
        "    '500':",
        '      description: Internal Server Error',
        '      content:',
        '        application/problem+json:',
        "          schema: { $ref: '#/components/schemas/ProblemDetails' }",
        '  schemas:',
        '    ProblemDetails:',
        '      type: object',
        '      properties:',
        "        type: { $ref: '#/components/schemas/Uri' }",
        '        title: { type: string }',
        '        status: { type: integer }',
        '        detail: { type: string }',
        "        instance: { $ref: '#/components/schemas/Uri' }",
        "        supportedFeatures: { $ref: 'TS29122_CommonData.yaml#/components/schemas/SupportedFeatures' }",
        '    Uri: { type: string }',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'TS29122_CommonData.yaml'),
      [
        'openapi: 3.0.0',
        'info: { title: Common Data, version: 1.0.0 }',
        'paths: {}',
        'components:',
        '  schemas:',
        "    SupportedFeatures: { type: string, pattern: '^[A-Fa-f0-9]*$' }",
        '',
      ].join('\n'),
    );
    const api = [
      'openapi: 3.0.0',
      'info: { title: CAPIF_Discover_Service_API, version: 1.3.0 }',
      'paths:',
      '  /service-apis/v1/allServiceAPIs:',
      '    get:',
      '      responses:',
      "        '200': { description: OK }",
      "        '400': { $ref: 'TS29571_CommonData.yaml#/components/responses/400' }",
      "        '500': { $ref: 'TS29571_CommonData.yaml#/components/responses/500' }",
      '  /service-apis/v1/other:',
      '    get:',
      '      responses:',
      "        '200': { description: OK }",
      "        '400': { $ref: 'TS29571_CommonData.yaml#/components/responses/400' }",
      "        '500': { $ref: 'TS29571_CommonData.yaml#/components/responses/500' }",
      '',
    ].join('\n');
    const source = join(dir, 'capif.yaml');
    writeFileSync(source, api);
    expect(await lint(new Document(api, Parsers.Yaml, source), ['problem-details-schema'])).toEqual([
      {
        code: 'problem-details-schema',
        path: ['paths', '/service-apis/v1/allServiceAPIs', 'get', 'responses', '400', '$ref'],
        message:
          'In TS29571_CommonData.yaml#/components/schemas/ProblemDetails: Problem members "status", "title", "detail", "type" and "instance" are not required; expected status, title, detail, type and instance in required',
      },
    ]);
  });
});
