/**
 * The Redocly CLI plugin gives the findings Spectral gives: both engines, for real, on every fixture,
 * every golden document and documents with `$ref` cycles (scripts/redocly-parity.mjs compares rule,
 * file, JSON pointer, message and line); and the adapter's resolved document is Spectral's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import plugin, { ruleOptions } from '../redocly';
import { resolveAsSpectral } from '../redocly-resolve';
import { createRuleset } from '../ruleset';
import { Document, Spectral } from '@stoplight/spectral-core';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import * as Parsers from '@stoplight/spectral-parsers';
import { FIXTURES } from './__helpers__/spectral';

const ROOT = resolve(__dirname, '..');
const GOLDEN = join(ROOT, 'test/fix/golden');

/** Documents whose `$ref`s close cycles, within one document and across two. */
const CYCLES: Record<string, string> = {
  'cycles.yaml': `openapi: 3.0.3
info: {title: Cycles, version: '1'}
servers: [{url: 'https://api.example.com/clinical/labs/v1'}]
paths:
  /clinical/labs/v1/nodes:
    get:
      responses:
        '200':
          description: A node.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Node'}
        '400': {$ref: 'cycles-registry.yaml#/components/responses/BadRequest'}
        '404': {$ref: 'cycles-registry.yaml#/components/responses/NotFound'}
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example: {status: 500, title: Internal Server Error, detail: x, type: 'about:blank', instance: GET /nodes}
components:
  schemas:
    Node:
      type: object
      properties:
        child: {$ref: '#/components/schemas/Node'}
        other: {$ref: '#/components/schemas/Other'}
    Other:
      type: object
      properties:
        back: {$ref: '#/components/schemas/Node'}
        problem: {$ref: 'cycles-registry.yaml#/components/schemas/ProblemDetails'}
    Problem:
      type: object
      required: [status]
      properties:
        status: {type: string}
        cause: {$ref: '#/components/schemas/Problem'}
`,
  'cycles-registry.yaml': `components:
  responses:
    BadRequest:
      description: Bad Request
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/ProblemDetails'}
    NotFound:
      description: Not Found
      content:
        application/json:
          schema: {$ref: 'cycles.yaml#/components/schemas/Problem'}
  schemas:
    ProblemDetails:
      type: object
      properties:
        status: {type: integer}
        title: {type: string}
        errors:
          type: array
          items: {$ref: '#/components/schemas/ProblemDetails'}
        back: {$ref: 'cycles.yaml#/components/schemas/Other'}
`,
};

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-cycles-'));
  for (const [name, text] of Object.entries(CYCLES)) writeFileSync(join(folder, name), text);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const documents = (): string[] => [
  ...readdirSync(FIXTURES)
    .filter(name => /\.(ya?ml|json)$/.test(name))
    .map(name => join(FIXTURES, name)),
  ...readdirSync(join(FIXTURES, 'registry-single')).map(name => join(FIXTURES, 'registry-single', name)),
  ...readdirSync(GOLDEN)
    .filter(name => /\.before\.(ya?ml|json)$/.test(name))
    .map(name => join(GOLDEN, name)),
  ...Object.keys(CYCLES).map(name => join(folder, name)),
];

interface Difference {
  document: string;
  spectral: unknown;
  redocly: unknown;
}

test('redocly lint with the plugin gives every finding spectral lint gives, at the same place, and no other', () => {
  const files = documents();
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/redocly-parity.mjs'), '--json', ...files], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const report = JSON.parse(run.stdout) as { documents: number; findings: number; differences: Difference[] };
  expect(report.documents).toBe(files.length);
  // A comparison that compares nothing could not fail: the documents hold findings of every rule.
  expect(report.findings).toBeGreaterThan(80);
  expect(report.differences).toEqual([]);
});

/** The resolved document Spectral hands the rules (`documentInventory.resolved`). */
async function spectralResolved(file: string): Promise<unknown> {
  let resolved: unknown;
  // A resolver of its own, as `spectral lint` has for one document: a resolver caches the documents
  // it has resolved, and what it resolves next depends on them.
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset({
    rules: {
      capture: {
        given: '$',
        resolved: false,
        then: {
          function: (_input: unknown, _options: unknown, context: { documentInventory: { resolved: unknown } }) => {
            resolved = context.documentInventory.resolved;
          },
        },
      },
    },
  } as never);
  const text = readFileSync(file, 'utf8');
  await spectral.run(
    file.endsWith('.json') ? new Document(text, Parsers.Json, file) : new Document(text, Parsers.Yaml, file),
  );
  return resolved;
}

const load = (ref: string, from: string) => {
  const file = join(from, '..', ref.split('#')[0]);
  return { file, data: parse(readFileSync(file, 'utf8')) as unknown };
};

test.each(['cycles.yaml', 'cycles-registry.yaml'])(
  '%s: the adapter resolves $refs as Spectral does, leaving those that close a cycle',
  async name => {
    const file = join(folder, name);
    const written = parse(readFileSync(file, 'utf8')) as unknown;
    const ours = resolveAsSpectral(written, file, load);
    expect(JSON.stringify(ours)).toEqual(JSON.stringify(await spectralResolved(file)));
    // The written document is left as it is.
    expect(written).toEqual(parse(readFileSync(file, 'utf8')));
  },
);

test.each(['defects.yaml', 'defects-registry.yaml', 'openapi-3.1.yaml', 'swagger-2.0.yaml'])(
  '%s: the adapter resolves $refs as Spectral does',
  async name => {
    const file = join(FIXTURES, name);
    const ours = resolveAsSpectral(parse(readFileSync(file, 'utf8')), file, load);
    expect(JSON.stringify(ours)).toEqual(JSON.stringify(await spectralResolved(file)));
  },
);

describe('the plugin', () => {
  const { id, rules, configs } = plugin();

  test('has every rule of the ruleset, for Swagger 2.0 and OpenAPI 3, and the two presets at their severities', () => {
    const ids = Object.keys(createRuleset().rules).sort();
    expect(id).toBe('spectral-api-conventions');
    expect(Object.keys(rules.oas3).sort()).toEqual(ids);
    expect(Object.keys(rules.oas2).sort()).toEqual(ids);
    expect(configs.recommended.rules['spectral-api-conventions/error-responses-required']).toBe('warn');
    expect(configs.strict.rules['spectral-api-conventions/error-responses-required']).toBe('error');
    expect(configs.strict.rules['spectral-api-conventions/problem-example-title']).toBe('warn');
    expect(Object.keys(configs.recommended.rules).sort()).toEqual(ids.map(rule => `spectral-api-conventions/${rule}`));
  });

  test.each([
    [{ typeStyle: 'urn' }, 'spectral-api-conventions: option "typeStyle" must be "rfc9110" or "any-uri", not "urn"'],
    [{ sortPattern: '(' }, 'spectral-api-conventions: option "sortPattern" is not a valid regular expression'],
    [
      { listDetection: { only: [] } },
      'spectral-api-conventions: option "listDetection" takes include and exclude, not "only"',
    ],
    [
      { strict: true },
      'spectral-api-conventions: unknown option "strict"; the options are registry, typeStyle, sortPattern, listDetection, docsUrl',
    ],
  ])('rejects the rule options %j as createRuleset does', (options, message) => {
    expect(() => ruleOptions({ severity: 'error', ...options })).toThrow(message);
    expect(() => rules.oas3['problem-example-type']({ severity: 'error', ...options })).toThrow(message);
  });

  test('a document whose input cannot be built gets the finding a failing rule gives, not a throw', () => {
    const saved = process.env.SPECTRAL_API_CONVENTIONS_THROW;
    delete process.env.SPECTRAL_API_CONVENTIONS_THROW;
    try {
      const messages: string[] = [];
      const location = {
        source: { absoluteRef: '/api/openapi.yaml', body: '' },
        child: () => location,
        key: () => location,
      };
      const ctx = {
        location,
        resolve: () => {
          throw new Error('the resolver broke');
        },
        report: ({ message }: { message: string }) => messages.push(message),
      };
      const document = {
        openapi: '3.0.3',
        info: { title: 'Orders', version: '1' },
        paths: {
          '/orders': { get: { responses: { '404': { $ref: 'registry.yaml#/components/responses/NotFound' } } } },
        },
      };
      rules.oas3['error-responses-required']().Root.enter(document, ctx);
      expect(messages).toEqual(['rule could not check this document: the resolver broke; please report it']);
    } finally {
      process.env.SPECTRAL_API_CONVENTIONS_THROW = saved;
    }
  });

  test('takes createRuleset options beside severity', () => {
    expect(ruleOptions({ severity: 'warn', typeStyle: 'any-uri', registry: 'registry.yaml' })).toEqual({
      typeStyle: 'any-uri',
      registry: 'registry.yaml',
    });
  });
});
