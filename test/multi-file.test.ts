/**
 * Multi-file descriptions, as real teams split them (a root, one file per path item, shared
 * responses and schemas in files of their own), written as real folders of files and linted by the
 * real Spectral resolver: every defect names the document and JSON pointer where its node is written,
 * once however many `$ref`s reach it, and no defect hides another (docs/design.md, Where a finding
 * goes). test/redocly/adapter.test.ts and parity.test.ts run Redocly on the same folders.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { FIXTURES, lint } from './__helpers__/spectral';
import { MULTI_FILE } from './__helpers__/multi-file';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-multi-file-'));
  for (const [name, files] of Object.entries(MULTI_FILE)) {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, name, path)), { recursive: true });
      writeFileSync(join(folder, name, path), text);
    }
  }
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const lintRoot = async (name: string) => {
  const root = join(folder, name, 'openapi.yaml');
  return lint(new Document(readFileSync(root, 'utf8'), Parsers.Yaml, root));
};

test('three operations of one path-item file, each missing a 500: one finding at the $ref that names each operation (in method order)', async () => {
  const findings = await lintRoot('dependency-track');
  expect(findings.filter(f => f.code === 'error-responses-required')).toEqual([
    {
      code: 'error-responses-required',
      path: ['paths', '/secrets/{name}', '$ref'],
      message: [
        'In paths/secrets/secret.yaml#/get/responses: No 500 response; every operation must define 400, 404 and 500',
        'In paths/secrets/secret.yaml#/delete/responses: No 500 response; every operation must define 400, 404 and 500',
        'In paths/secrets/secret.yaml#/patch/responses: No 500 response; every operation must define 400, 404 and 500',
      ].join('; and '),
    },
  ]);
});

test('a body written in a shared response file is named by that file, not by the path-item file that reaches it', async () => {
  const findings = await lintRoot('digitalocean');
  const media = findings.filter(f => f.code === 'error-response-problem-media-type');
  // One defect of the shared file, reached from two operations: once, at the first $ref.
  expect(media).toEqual([
    {
      code: 'error-response-problem-media-type',
      path: ['paths', '/acme/droplets/v2/1-clicks', 'get', '$ref'],
      message:
        'In shared/responses/unauthorized.yml#/content/application~1json: Error response offers application/json; expected application/problem+json or application/problem+xml instead',
    },
  ]);
  expect(media.map(f => f.message).join()).not.toContain('oneClicks_list.yml');
});

test('a defect of a shared schema file reached from two path-item files: once, at the first $ref, naming the schema file', async () => {
  const findings = await lintRoot('dependency-track');
  expect(findings.filter(f => f.code === 'problem-details-schema')).toEqual([
    {
      code: 'problem-details-schema',
      path: ['paths', '/secrets', '$ref'],
      message:
        'In shared/schemas/problem-details.yaml#/properties: Problem schema does not declare "instance"; expected status, title, detail, type and instance (instance: string)',
    },
  ]);
});

describe('real multi-file descriptions (fixtures/multi-file)', () => {
  const lintFixture = async (root: string) => {
    const file = join(FIXTURES, 'multi-file', root);
    return lint(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
  };

  test("DependencyTrack's secrets.yaml: GET's and POST's missing responses, each named, in one finding at the $ref", async () => {
    const findings = await lintFixture('dependency-track/openapi.yaml');
    expect(findings.filter(f => f.code === 'error-responses-required' && f.path[1] === '/secrets')).toEqual([
      {
        code: 'error-responses-required',
        path: ['paths', '/secrets', '$ref'],
        message:
          'In resources/secrets/secrets.yaml#/get/responses: No 400, 404 or 500 response; every operation must define 400, 404 and 500; and In resources/secrets/secrets.yaml#/post/responses: No 404 or 500 response; every operation must define 400, 404 and 500',
      },
    ]);
  });

  test("DependencyTrack's shared sort parameters (shared/parameters/*.yaml, used by three lists): one finding each, naming no one list's fields", async () => {
    const findings = await lintFixture('dependency-track/openapi.yaml');
    const sentences = findings
      .filter(f => f.code === 'list-filter-parameters')
      .flatMap(f => f.message.split('; and ').map(sentence => ({ path: f.path, sentence })))
      .filter(({ sentence }) => sentence.includes('"sort_'));
    expect(sentences).toEqual([
      {
        path: ['paths', '/components', '$ref'],
        sentence:
          'In shared/parameters/sort-direction.yaml#/name: Query parameter "sort_direction" names no field of the 3 lists that use it; expected a filter named after a field of their listed items, or no such query parameter',
      },
      {
        path: ['paths', '/components', '$ref'],
        sentence:
          'In shared/parameters/sort-by.yaml#/name: Query parameter "sort_by" names no field of the 2 lists that use it; expected a filter named after a field of their listed items, or no such query parameter',
      },
    ]);
  });

  test("DependencyTrack's problem schemas: the base's unrequired members once, at the base, not again at each file that extends it with allOf", async () => {
    const findings = await lintFixture('dependency-track/openapi.yaml');
    expect(findings.filter(f => f.code === 'problem-details-schema')).toEqual([
      {
        code: 'problem-details-schema',
        path: ['paths', '/components', '$ref'],
        message:
          'In shared/schemas/problem-details.yaml#/required: Problem members "status", "type" and "instance" are not required; expected status, title, detail, type and instance in required',
      },
    ]);
  });

  test("DigitalOcean's 401 body is named in shared/responses/unauthorized.yml, where it is written (every body in its responses file)", async () => {
    const findings = await lintFixture('digitalocean/DigitalOcean-public.v2.yaml');
    const media = findings.filter(f => f.code === 'error-response-problem-media-type');
    expect(media.length).toBeGreaterThan(0);
    for (const f of media)
      expect(f.message).toMatch(/^In [a-z_/]+\/responses\/[a-z_]+\.yml#\/content\/application~1json: /);
    expect(media.map(f => f.message).join()).toContain(
      'In shared/responses/unauthorized.yml#/content/application~1json: Error response offers application/json',
    );
  });
});

test('problem-registry-single follows path items into their files: each $ref to one of the per-status files, named where it is written', async () => {
  const findings = await lintRoot('dependency-track');
  const several =
    'one of 3 documents with one status each ("shared/responses/invalid-request-error.yaml", "shared/responses/not-found-error.yaml" and "shared/responses/internal-error.yaml"); all of them must come from one shared registry';
  const from = (where: string, file: string) =>
    `In ${where}: Problem response or schema comes from "shared/responses/${file}", ${several}`;
  expect(findings.filter(f => f.code === 'problem-registry-single')).toEqual([
    {
      code: 'problem-registry-single',
      path: ['paths', '/secrets', '$ref'],
      message: [
        from('paths/secrets/secrets.yaml#/post/responses/404/$ref', 'not-found-error.yaml'),
        from('paths/secrets/secrets.yaml#/post/responses/500/$ref', 'internal-error.yaml'),
      ].join('; and '),
    },
    {
      code: 'problem-registry-single',
      path: ['paths', '/secrets/{name}', '$ref'],
      message: [
        from('paths/secrets/secret.yaml#/get/responses/404/$ref', 'not-found-error.yaml'),
        from('paths/secrets/secret.yaml#/patch/responses/404/$ref', 'not-found-error.yaml'),
        from('paths/secrets/secret.yaml#/delete/responses/404/$ref', 'not-found-error.yaml'),
      ].join('; and '),
    },
  ]);
});

/** A folder laid out as InfluxData's and Redocly's descriptions are: path items and one error response file of their own. */
const LAYOUT: Record<string, string> = {
  'openapi.yaml': `openapi: 3.0.3
info: { title: Influx, version: '2.0' }
servers: [{ url: 'https://api.example.com/tsdb/influx' }]
paths:
  /health:
    $ref: paths/health.yaml
  /variables:
    $ref: paths/variables.yaml
`,
  'paths/health.yaml': `get:
  responses:
    '200': { description: OK }
    '400': { $ref: '../responses/ServerError.yaml' }
    '404': { $ref: '../responses/ServerError.yaml' }
    '500': { $ref: '../responses/ServerError.yaml' }
head:
  responses:
    '200': { description: OK }
    '400': { description: Bad Request }
    '404': { description: Not Found }
    '500': { description: Internal Server Error }
`,
  'paths/variables.yaml': `get:
  responses:
    '200': { description: OK }
    '400': { $ref: '../responses/ServerError.yaml' }
    '404': { $ref: '../responses/ServerError.yaml' }
    '500': { $ref: '../responses/ServerError.yaml' }
    default: { $ref: '../responses/ServerError.yaml' }
`,
  'responses/ServerError.yaml': `description: Server error
content:
  application/problem+json:
    schema:
      type: object
      required: [status, title, detail, type, instance]
      properties:
        status: { type: integer }
        title: { type: string }
        detail: { type: string }
        type: { type: string }
        instance: { type: string }
`,
};

describe('a path key and a response file in a layout of files', () => {
  let findings: Awaited<ReturnType<typeof lint>>;
  beforeAll(async () => {
    for (const [path, text] of Object.entries(LAYOUT)) {
      mkdirSync(dirname(join(folder, 'layout', path)), { recursive: true });
      writeFileSync(join(folder, 'layout', path), text);
    }
    findings = await lintRoot('layout');
  });

  test('a path key is written in the root: its finding names no path-item file', () => {
    expect(findings.filter(f => f.code === 'path-version-segment')).toEqual([
      {
        code: 'path-version-segment',
        path: ['paths', '/health', '$ref'],
        message:
          'Path "/health" (full path "/tsdb/influx/health") lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>',
      },
      {
        code: 'path-version-segment',
        path: ['paths', '/variables', '$ref'],
        message:
          'Path "/variables" (full path "/tsdb/influx/variables") lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>',
      },
    ]);
  });

  test('a response file used as 400, 404, 500 and default without an example: one finding naming the file, in words that name no status', () => {
    expect(findings.filter(f => f.code === 'error-response-examples')).toEqual([
      {
        code: 'error-response-examples',
        path: ['paths', '/health', '$ref'],
        message:
          'In responses/ServerError.yaml: Error response has no example; expected at least one example of its Problem Details body',
      },
    ]);
  });

  test('a HEAD operation’s required responses need no content (RFC 9110 §9.3.2)', () => {
    expect(findings.filter(f => f.code === 'error-response-problem-media-type')).toEqual([]);
  });
});

test('a parameter of the root reached back from a path file (NHS Personal Demographics) is named in the root, at its own pointer', async () => {
  const files: Record<string, string> = {
    'openapi.yaml': `openapi: 3.0.3
info: { title: Personal Demographics, version: '1' }
servers: [{ url: 'https://api.example.com/personal/demographics/v1' }]
paths:
  /patients:
    $ref: paths/patients.yaml
components:
  parameters:
    Colour: { name: colour, in: query, schema: { type: string } }
`,
    'paths/patients.yaml': `get:
  parameters:
    - $ref: '../openapi.yaml#/components/parameters/Colour'
    - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10, default: 5 } }
    - { name: offset, in: query, schema: { type: integer, minimum: 0, default: 0 } }
  responses:
    '200':
      description: OK
      content:
        application/json:
          schema:
            type: object
            required: [results]
            properties:
              results: { type: array, items: { type: object, properties: { id: { type: string }, name: { type: string } } } }
`,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, 'back-reference', path)), { recursive: true });
    writeFileSync(join(folder, 'back-reference', path), text);
  }
  const findings = await lintRoot('back-reference');
  expect(findings.filter(f => f.code === 'list-filter-parameters')).toEqual([
    {
      code: 'list-filter-parameters',
      path: ['components', 'parameters', 'Colour', 'name'],
      message:
        'Query parameter "colour" names no field of the list that uses it; expected a filter named after a field of its listed item, or no such query parameter',
    },
  ]);
});
