/**
 * The Redocly CLI plugin gives the findings Spectral gives: both engines, for real, on every fixture,
 * every golden document and documents with `$ref` cycles (scripts/redocly-parity.mjs compares rule,
 * file, JSON pointer, message and line); and the adapter's resolved document is Spectral's.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import plugin, { DEFAULT_DOCS_URL, RULE_FUNCTIONS, ruleOptions } from '../../redocly/index';
import { resolveAsSpectral } from '../../redocly/resolve';
import { createRuleset, DEFAULT_DOCS_URL as SPECTRAL_DOCS_URL, RuleId } from '../../ruleset';
import { Document, Spectral } from '@stoplight/spectral-core';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import * as Parsers from '@stoplight/spectral-parsers';
import { FIXTURES } from '../__helpers__/spectral';
import { MULTI_FILE } from '../__helpers__/multi-file';

const ROOT = resolve(__dirname, '../..');
const GOLDEN = join(ROOT, 'test/cli/fix/golden');

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
  for (const [name, files] of Object.entries(MULTI_FILE)) {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, name, path)), { recursive: true });
      writeFileSync(join(folder, name, path), text);
    }
  }
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
  // Multi-file descriptions: linted from their roots, findings about the other files included.
  ...Object.keys(MULTI_FILE).map(name => join(folder, name, 'openapi.yaml')),
  join(FIXTURES, 'multi-file/dependency-track/openapi.yaml'),
  join(FIXTURES, 'multi-file/digitalocean/DigitalOcean-public.v2.yaml'),
  // Last: Redocly ends its run at cycles-registry.yaml, which is not a description of its own.
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

/** What a plugin rule reports on a document whose `$ref`'d file its resolver cannot load (one finding, at the root). */
function reportedBy(visitor: { Root: { enter(root: unknown, ctx: unknown): void } }) {
  const reports: { message: string; reference?: string }[] = [];
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
    report: (problem: { message: string; reference?: string }) => reports.push(problem),
  };
  const document = {
    openapi: '3.0.3',
    info: { title: 'Orders', version: '1' },
    paths: {
      '/orders': { get: { responses: { '404': { $ref: 'registry.yaml#/components/responses/NotFound' } } } },
    },
  };
  const saved = process.env.SPECTRAL_API_CONVENTIONS_THROW;
  delete process.env.SPECTRAL_API_CONVENTIONS_THROW;
  try {
    visitor.Root.enter(document, ctx);
  } finally {
    process.env.SPECTRAL_API_CONVENTIONS_THROW = saved;
  }
  return reports;
}

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

  // The plugin reads the manifest, not createRuleset: the two must make the same rules of it.
  test('each rule has the function, severities (recommended, strict) and documentation link createRuleset gives it', () => {
    type Entry = { severity: string; documentationUrl: string; then: { function: { name: string } } };
    const recommended = createRuleset().rules as Record<RuleId, Entry>;
    const strict = createRuleset({ strict: true }).rules as Record<RuleId, Entry>;
    const hosted = createRuleset({ docsUrl: 'https://docs.example.com/api-rules/{rule}.html' }).rules as Record<
      RuleId,
      Entry
    >;
    expect(DEFAULT_DOCS_URL).toBe(SPECTRAL_DOCS_URL);
    for (const rule of Object.keys(recommended) as RuleId[]) {
      // createRuleset gives Spectral each function with the baseline's filter (a function of the same name).
      expect([rule, RULE_FUNCTIONS[rule].name]).toEqual([rule, recommended[rule].then.function.name]);
      expect([rule, configs.recommended.rules[`spectral-api-conventions/${rule}`]]).toEqual([
        rule,
        recommended[rule].severity,
      ]);
      expect([rule, configs.strict.rules[`spectral-api-conventions/${rule}`]]).toEqual([rule, strict[rule].severity]);
      for (const [settings, link] of [
        [{}, recommended[rule].documentationUrl],
        [{ docsUrl: 'https://docs.example.com/api-rules/{rule}.html' }, hosted[rule].documentationUrl],
      ] as const) {
        expect([rule, reportedBy(rules.oas3[rule]({ severity: 'warn', ...settings }))[0]?.reference]).toEqual([
          rule,
          link,
        ]);
      }
    }
  });

  test.each([
    [{ typeStyle: 'urn' }, 'spectral-api-conventions: option "typeStyle" must be "rfc9110" or "any-uri", not "urn"'],
    [{ docsUrl: 'docs/{rule}.md' }, 'spectral-api-conventions: option "docsUrl" must be an http(s) URL'],
    [
      { strict: true },
      'spectral-api-conventions: unknown option "strict" of rule problem-example-type; its options are severity, typeStyle, docsUrl',
    ],
    [
      { registry: 'registry.yaml' },
      'spectral-api-conventions: unknown option "registry" of rule problem-example-type; its options are severity, typeStyle, docsUrl',
    ],
  ])('rejects the rule options %j of problem-example-type as createRuleset does', (options, message) => {
    expect(() => ruleOptions('problem-example-type', { severity: 'error', ...options })).toThrow(message);
    expect(() => rules.oas3['problem-example-type']({ severity: 'error', ...options })).toThrow(message);
  });

  test.each([
    [{ sortPattern: '(' }, 'spectral-api-conventions: option "sortPattern" is not a valid regular expression'],
    [
      { listDetection: { only: [] } },
      'spectral-api-conventions: option "listDetection" takes include and exclude, not "only"',
    ],
  ])('rejects the rule options %j of list-sort-parameter as createRuleset does', (options, message) => {
    expect(() => rules.oas3['list-sort-parameter']({ severity: 'error', ...options })).toThrow(message);
  });

  test('a document whose input cannot be built gets the finding a failing rule gives, not a throw', () => {
    expect(reportedBy(rules.oas3['error-responses-required']()).map(report => report.message)).toEqual([
      'rule could not check this document: the resolver broke; please report it',
    ]);
  });

  test('takes the createRuleset options a rule reads (manifest.ts) beside severity, and docsUrl', () => {
    expect(ruleOptions('problem-example-type', { severity: 'warn', typeStyle: 'any-uri' })).toEqual({
      typeStyle: 'any-uri',
    });
    expect(ruleOptions('problem-registry-shape', { severity: 'warn', registry: 'registry.yaml' })).toEqual({
      registry: 'registry.yaml',
    });
    expect(
      ruleOptions('list-sort-parameter', { sortPattern: '^[a-z]+$', listDetection: { include: ['listPets'] } }),
    ).toEqual({ sortPattern: '^[a-z]+$', listDetection: { include: ['listPets'] } });
    expect(() => ruleOptions('path-version-segment', { listDetection: {} })).toThrow(
      'unknown option "listDetection" of rule path-version-segment; its options are severity, docsUrl',
    );
  });
});
