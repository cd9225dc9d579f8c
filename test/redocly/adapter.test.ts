/**
 * The Redocly adapter (redocly/), case by case: the real `redocly lint` with the plugin bundled from
 * the sources (test/__helpers__/redocly.ts) must give, on each group of documents, exactly the
 * findings `spectral lint` gives them (rule, file, JSON pointer, message, line, severity and the
 * rule's page), and the findings named in the case. Each group is a way the adapter can differ from
 * Spectral: where a finding is placed, keys that need escaping, `$ref`s Redocly does not follow or
 * cannot load, cycles, other files of a multi-file description, the options and presets of
 * redocly.yaml. Then, in this process, the resolved document the adapter builds against Spectral's,
 * and the plugin's rules, presets and option checks against createRuleset's.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { putFiles } from '../__helpers__/in-process';
import { parse } from 'yaml';
import plugin, { DEFAULT_DOCS_URL, RULE_FUNCTIONS, ruleOptions } from '../../redocly/index';
import { resolveAsSpectral } from '../../redocly/resolve';
import { createRuleset, DEFAULT_DOCS_URL as SPECTRAL_DOCS_URL, RuleId, RulesetOptions } from '../../ruleset';
import { CYCLES } from '../__helpers__/cycles';
import { MULTI_FILE } from '../__helpers__/multi-file';
import { bothEngines as compareEngines } from '../__helpers__/engines';
import { pluginFromSources, RedoclyFinding } from '../__helpers__/redocly';
import { spectralResolved } from '../__helpers__/resolved';
import { FIXTURES } from '../__helpers__/spectral';

const ROOT = resolve(__dirname, '../..');

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-redocly-adapter-'));
  pluginFromSources();
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes a group's files (path → text) into a folder of its own; returns the folder. */
function written(name: string, files: Record<string, string>): string {
  const dir = join(folder, name);
  putFiles(dir, files);
  return dir;
}

/** Both engines on `files` (test/__helpers__/engines.ts), redocly.yaml in this suite's folder. */
const bothEngines = (files: string[], options: RulesetOptions = {}, cwd = folder) =>
  compareEngines(files, options, cwd, folder);

const at = (findings: RedoclyFinding[], file: string) =>
  findings.filter(f => f.file === file).map(f => `${f.rule} ${f.pointer} ${f.line}: ${f.message}`);

test('the fixtures: every rule that fires on them, OpenAPI 3.0 to 3.2, the shared registry $ref’d', async () => {
  const files = readdirSync(FIXTURES)
    .filter(name => /\.(ya?ml|json)$/.test(name))
    .map(name => join(FIXTURES, name));
  const findings = await bothEngines(files, {}, ROOT);
  // A comparison that compares nothing could not fail.
  expect(new Set(findings.map(f => f.rule)).size).toBeGreaterThan(15);
  // The defects are in defects.yaml and the registry it $refs; the other fixtures follow the conventions.
  expect([...new Set(findings.map(f => f.file))].sort()).toEqual(
    ['defects-registry.yaml', 'defects.yaml'].map(name => join(FIXTURES, name)),
  );
});

test('the documents of fix’s golden tests: Swagger 2.0 with CRLF line ends, YAML anchors, minified and pretty JSON', async () => {
  const golden = join(ROOT, 'test/cli/fix/golden');
  const files = readdirSync(golden)
    .filter(name => /\.before\.(ya?ml|json)$/.test(name))
    .map(name => join(golden, name));
  const findings = await bothEngines(files, {}, ROOT);
  for (const name of ['swagger2-crlf.before.yaml', 'unsafe-anchors-flow.before.yaml', 'unsafe-minified.before.json'])
    expect([name, findings.some(f => f.file === join(golden, name))]).toEqual([name, true]);
});

test('a finding on a mapping is placed on its key’s line, one on a scalar on the value’s, as Spectral places them', async () => {
  const dir = written('placement', {
    'openapi.yaml': `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
servers:
  - url: https://api.example.com/commerce/orders/v1
paths:
  /commerce/orders/v1/orders/{orderId}:
    get:
      operationId: getOrder
      parameters:
        - name: orderId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The order.
        '400':
          description: Bad Request
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
        '404':
          description: Not Found
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Error'
              example:
                type: about:blank
                title: Order not found
                status: 404
                detail: No order 42.
                instance: GET /orders/42
        '500':
          $ref:
            '#/components/responses/ServerError'
components:
  responses:
    ServerError:
      description: Internal Server Error
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Error'
  schemas:
    Error:
      type: object
      properties:
        type: {type: string}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        instance: {type: string}
`,
  });
  const file = join(dir, 'openapi.yaml');
  const findings = await bothEngines([file]);
  expect(at(findings, file)).toEqual(
    expect.arrayContaining([
      // a media type object: its key's line
      expect.stringMatching(
        /^error-response-problem-media-type #\/paths\/~1commerce~1orders~1v1~1orders~1\{orderId\}\/get\/responses\/400\/content\/application~1json 23: /,
      ),
      // a scalar: the value's line
      expect.stringMatching(
        /^problem-example-title #\/paths\/.*\/404\/content\/application~1problem\+json\/example\/title 34: /,
      ),
    ]),
  );
});

test('keys that need escaping in a pointer (~ and /), and status keys written unquoted', async () => {
  const dir = written('escaping', {
    'openapi.yaml': `openapi: 3.1.0
info:
  title: Files
  version: 2.0.0
servers:
  - url: https://files.example.com/storage/files/v2
paths:
  /storage/files/v2/files/~{user}/{path}:
    get:
      operationId: getUserFile
      parameters:
        - {name: user, in: path, required: true, schema: {type: string}}
        - {name: path, in: path, required: true, schema: {type: string}}
      responses:
        200:
          description: The file.
        404:
          description: Not Found
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem~Details'}
components:
  schemas:
    Problem~Details:
      type: object
      properties:
        type: {type: string}
        status: {type: string}
`,
  });
  const file = join(dir, 'openapi.yaml');
  const findings = await bothEngines([file]);
  expect(at(findings, file)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^error-responses-required #\/paths\/~1storage~1files~1v2~1files~1~0\{user\}~1\{path\}\/get\/responses /,
      ),
      expect.stringMatching(/^problem-details-schema #\/components\/schemas\/Problem~0Details/),
    ]),
  );
});

/**
 * One key that YAML reads as no string, in an otherwise plain description that misses its 404 and
 * 500: Spectral's parser error on it stops our rules unless it spells a status code (`400:`), and the
 * adapter finds the same keys (redocly/parser.ts), each form in a document of its own.
 */
const oddKey = (where: 'responses' | 'extension' | 'sequence' | 'flow', key: string) => `openapi: 3.0.3
info:
  title: Shipments
  version: 1.0.0
servers:
  - url: https://api.example.com/logistics/shipments/v1
paths:
  /logistics/shipments/v1/shipments:
    get:
      operationId: listShipments
${where === 'extension' ? `      x-rate-limits:\n        ${key}: 100\n` : ''}${where === 'sequence' ? `      x-retry:\n        - ${key}: wait\n` : ''}      responses:
${where === 'flow' ? `        {'200': {description: The shipments.}, ${key}: {description: Bad Request}}` : `        '200':\n          description: The shipments.\n${where === 'responses' ? `        ${key}:\n          description: Bad Request\n` : ''}`}
`;

const ODD_KEYS: [string, ReturnType<typeof oddKey>][] = [
  ['status', oddKey('responses', '400')],
  ['signed', oddKey('responses', '+400')],
  ['hex', oddKey('responses', '0x190')],
  ['octal', oddKey('responses', '0o620')],
  ['exponent', oddKey('responses', '4.0e2')],
  ['fraction', oddKey('extension', '.5')],
  ['infinity', oddKey('extension', '-.Inf')],
  ['nan', oddKey('extension', '.NaN')],
  ['true', oddKey('extension', 'True')],
  ['false', oddKey('extension', 'false')],
  ['null', oddKey('extension', 'NULL')],
  ['tilde', oddKey('extension', '~')],
  ['tab', oddKey('extension', '0x10\t')],
  ['sequence', oddKey('sequence', '0x10')],
  ['flow-status', oddKey('flow', '400')],
  ['flow-hex', oddKey('flow', '0x190')],
  ['underscore', oddKey('extension', '1_000')],
];

test('keys YAML reads as numbers, booleans or null, in every form: the rules stop or judge as under Spectral', async () => {
  const dir = written('odd-keys', Object.fromEntries(ODD_KEYS.map(([name, text]) => [`${name}.yaml`, text])));
  const findings = await bothEngines(ODD_KEYS.map(([name]) => join(dir, `${name}.yaml`)));
  const judged = [...new Set(findings.map(f => f.file.slice(dir.length + 1)))].sort();
  // A status written as a number is read as the string it spells; any other such key stops the rules.
  expect(judged).toEqual(['flow-status.yaml', 'status.yaml', 'underscore.yaml'].sort());
});

test('$refs Redocly does not follow (in an example) or cannot load, and a registry reached through a URL that does not answer', async () => {
  const dir = written('refs', {
    'openapi.yaml': `openapi: 3.0.3
info:
  title: Payments
  version: 1.0.0
servers:
  - url: https://api.example.com/finance/payments/v1
paths:
  /finance/payments/v1/payments:
    post:
      operationId: createPayment
      responses:
        '201':
          description: Created.
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema:
                $ref: 'problems.yaml#/components/schemas/ProblemDetails'
              examples:
                invalid:
                  value:
                    $ref: 'examples/invalid-payment.yaml'
        '404':
          $ref: 'missing/responses.yaml#/components/responses/NotFound'
        '500':
          $ref: 'http://127.0.0.1:9/registry/problems.yaml#/components/responses/InternalServerError'
`,
    'problems.yaml': `components:
  schemas:
    ProblemDetails:
      type: object
      properties:
        type: {type: string, format: uri-reference}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        instance: {type: string}
`,
    'examples/invalid-payment.yaml': `type: about:blank
title: Invalid payment
status: 422
detail: The amount must be positive.
instance: POST /payments
`,
  });
  const file = join(dir, 'openapi.yaml');
  const findings = await bothEngines([file]);
  expect(findings.map(f => f.rule)).toEqual(
    expect.arrayContaining(['problem-example-status', 'problem-registry-single']),
  );
});

test('$ref cycles, within a document and across two', async () => {
  const dir = written('cycles', CYCLES);
  const findings = await bothEngines(Object.keys(CYCLES).map(name => join(dir, name)));
  expect(findings.length).toBeGreaterThan(2);
});

test.each(Object.keys(MULTI_FILE))(
  'the multi-file description %s: findings about its other files, as Spectral gives them',
  async name => {
    const dir = written(`multi-file-${name}`, MULTI_FILE[name]);
    const findings = await bothEngines([join(dir, 'openapi.yaml')]);
    expect(findings.length).toBeGreaterThan(0);
  },
);

test('the real multi-file descriptions kept in fixtures/multi-file', async () => {
  const files = [
    join(FIXTURES, 'multi-file/dependency-track/openapi.yaml'),
    join(FIXTURES, 'multi-file/digitalocean/DigitalOcean-public.v2.yaml'),
  ];
  const findings = await bothEngines(files, {}, ROOT);
  expect(new Set(findings.map(f => f.file)).size).toBeGreaterThan(1);
});

test('options in redocly.yaml (docsUrl, typeStyle, registry) and the strict preset give what createRuleset gives', async () => {
  const files = ['defects.yaml', 'registry-single/api.yaml'].map(name => join(FIXTURES, name));
  const options = {
    strict: true,
    docsUrl: 'https://docs.example.com/api-rules/{rule}.html',
    typeStyle: 'any-uri',
    registry: 'registry-a.yaml',
  } as RulesetOptions;
  const findings = await bothEngines(files, options, ROOT);
  expect(findings.every(f => f.link === `https://docs.example.com/api-rules/${f.rule}.html`)).toBe(true);
  expect(findings.some(f => f.severity === 'error')).toBe(true);
});

const load = (ref: string, from: string) => {
  const file = join(from, '..', ref.split('#')[0]);
  return { file, data: parse(readFileSync(file, 'utf8')) as unknown };
};

test.each(Object.keys(MULTI_FILE))(
  'the multi-file description %s: the adapter resolves $refs as Spectral does',
  async name => {
    const file = join(written(`multi-file-resolved-${name}`, MULTI_FILE[name]), 'openapi.yaml');
    const ours = resolveAsSpectral(parse(readFileSync(file, 'utf8')), file, load);
    expect(JSON.stringify(ours)).toEqual(JSON.stringify(await spectralResolved(file)));
  },
);

test.each(['cycles.yaml', 'cycles-registry.yaml'])(
  '%s: the adapter resolves $refs as Spectral does, leaving those that close a cycle',
  async name => {
    const file = join(written('cycles-resolved', CYCLES), name);
    const document = parse(readFileSync(file, 'utf8')) as unknown;
    const ours = resolveAsSpectral(document, file, load);
    expect(JSON.stringify(ours)).toEqual(JSON.stringify(await spectralResolved(file)));
    // The written document is left as it is.
    expect(document).toEqual(parse(readFileSync(file, 'utf8')));
  },
);

test.each([
  'defects.yaml',
  'defects-registry.yaml',
  'openapi-3.1.yaml',
  'swagger-2.0.yaml',
  'registry-single/api.yaml',
  'registry-single/api-single.yaml',
  'multi-file/dependency-track/openapi.yaml',
  'multi-file/digitalocean/DigitalOcean-public.v2.yaml',
  '../test/cli/fix/golden/shared-example.before.yaml',
  '../test/cli/fix/golden/unsafe-anchors-flow.before.yaml',
])('%s: the adapter resolves $refs as Spectral does', async name => {
  const file = join(FIXTURES, name);
  const ours = resolveAsSpectral(parse(readFileSync(file, 'utf8')), file, load);
  expect(JSON.stringify(ours)).toEqual(JSON.stringify(await spectralResolved(file)));
});

/**
 * What a plugin rule reports on a document whose `$ref`'d file its resolver cannot load (one finding,
 * at the root), with SPECTRAL_API_CONVENTIONS_THROW as given (unset: as users run it).
 */
function reportedBy(visitor: { Root: { enter(root: unknown, ctx: unknown): void } }, throwSwitch?: string) {
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
  if (throwSwitch === undefined) delete process.env.SPECTRAL_API_CONVENTIONS_THROW;
  else process.env.SPECTRAL_API_CONVENTIONS_THROW = throwSwitch;
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

  test('with SPECTRAL_API_CONVENTIONS_THROW=1 (tests, fuzz, corpus) that failure is thrown instead', () => {
    expect(() => reportedBy(rules.oas3['error-responses-required'](), '1')).toThrow('the resolver broke');
    expect(reportedBy(rules.oas3['error-responses-required'](), '0')).toHaveLength(1);
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
