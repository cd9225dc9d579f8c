/**
 * cli/shared/spectral.ts, the Spectral plumbing of `fix` and `baseline`, in process with real Spectral:
 * rulesets written to temporary project folders as teams write them (extending this package's
 * built ruleset, `spectral:oas`, or rules of their own), found as the Spectral CLI finds them and
 * loaded with its bundler; the guard's spectral:oas rules (cli/fix-engine/guard-rules.ts) added and removed; documents linted as
 * fix lints them (YAML through Spectral's parser, JSON already parsed), with their exact findings.
 */
import { join } from 'node:path';
import {
  LintFinding,
  findRuleset,
  lintText,
  loadRuleset,
  missingSpectral,
  selectRules,
} from '../../cli/shared/spectral';
import { GUARD_FULL_RULES, GUARD_RULES, addGuardRules, removeGuardRules } from '../../cli/fix-engine/guard-rules';
import { lastFallback } from '../../cli/shared/resolver';
import { openSource } from '../../cli/fix-engine/source';
import { ROOT, linkPackage, put, temporaryProjects } from '../__helpers__/in-process';

const { project } = temporaryProjects('spectral-api-conventions-spectral-');

/** Where a folder without a ruleset of its own gets this package's built one. */
const OURS = join(ROOT, 'dist/ruleset.js');
const REGISTRY = 'https://api.example.com/common/problem-details.yaml';
/** How a `.spectral.js` beside node_modules requires this package (README). */
const REQUIRE_OURS = "const { createRuleset } = require('./node_modules/spectral-api-conventions/dist/ruleset.js');";

/** A project with these files (path → text), this package installed in its node_modules. */
function projectWith(files: Record<string, string>): string {
  const dir = project();
  linkPackage(dir);
  for (const [name, text] of Object.entries(files)) put(join(dir, name), text);
  return dir;
}

/** The ruleset a project's folder has, found and loaded as fix and baseline do. */
const loadedIn = (dir: string) => loadRuleset(findRuleset(undefined, dir));

const severities = (rules: Record<string, { severity: unknown; enabled: boolean }>, ids: string[]) =>
  Object.fromEntries(ids.map(id => [id, rules[id] === undefined ? 'absent' : [rules[id].severity, rules[id].enabled]]));

describe('missingSpectral', () => {
  test('Node’s error for a Spectral package that is not installed: the package named, with the install to run', () => {
    // As Node words it in the CLI (jest's own require, in a test, words it otherwise).
    const error = new Error(
      "Cannot find module '@stoplight/spectral-ruleset-bundler/with-loader'\nRequire stack:\n- /home/dev/shop-api/node_modules/spectral-api-conventions/dist/cli.js",
    );
    expect(missingSpectral(error)).toBe(
      '@stoplight/spectral-ruleset-bundler is not installed; fix lints with the Spectral packages that @stoplight/spectral-cli brings: npm install --save-dev @stoplight/spectral-cli',
    );
    expect(missingSpectral(new Error("Cannot find module '@stoplight/spectral-parsers'"))).toBe(
      '@stoplight/spectral-parsers is not installed; fix lints with the Spectral packages that @stoplight/spectral-cli brings: npm install --save-dev @stoplight/spectral-cli',
    );
  });

  test('a package of another scope missing, another error, or a thrown string: undefined (the error is shown as it is)', () => {
    expect(missingSpectral(new Error("Cannot find module 'yaml-language-server'"))).toBeUndefined();
    expect(missingSpectral(new Error('ruleset .spectral.yaml does not exist'))).toBeUndefined();
    expect(missingSpectral("Cannot find module '@stoplight/spectral-core'")).toBeUndefined();
  });
});

describe('findRuleset', () => {
  test.each(['.spectral.yaml', '.spectral.yml', '.spectral.json', '.spectral.js', 'spectral.yaml'])(
    'a folder with %s alone: that file',
    name => {
      const dir = projectWith({ [name]: '' });
      expect(findRuleset(undefined, dir)).toBe(join(dir, name));
    },
  );

  test('a folder whose files only look like rulesets (a backup, another tool’s config): this package’s built ruleset', () => {
    const dir = projectWith({ '.spectral.yaml.orig': '', 'spectral-rules.yaml': '', '.redocly.yaml': '' });
    expect(findRuleset(undefined, dir)).toBe(OURS);
  });

  test('--ruleset wins over the folder’s ruleset: relative to the folder, or as given when absolute', () => {
    const dir = projectWith({ '.spectral.yaml': '', 'rules/api.yaml': '' });
    expect(findRuleset('rules/api.yaml', dir)).toBe(join(dir, 'rules/api.yaml'));
    expect(findRuleset(join(dir, 'rules/api.yaml'), '/')).toBe(join(dir, 'rules/api.yaml'));
  });
});

describe('loadRuleset: the options fix reads back', () => {
  test('a .spectral.yaml extending this package: its rules, typeStyle rfc9110 (the default), no registry', async () => {
    const dir = projectWith({ '.spectral.yaml': 'extends: [spectral-api-conventions]\n' });
    const loaded = await loadedIn(dir);
    expect({ file: loaded.file, typeStyle: loaded.typeStyle, registry: loaded.registry }).toEqual({
      file: join(dir, '.spectral.yaml'),
      typeStyle: 'rfc9110',
      registry: undefined,
    });
    expect(loaded.ruleset.rules['problem-example-type'].enabled).toBe(true);
  });

  test('a .spectral.js calling createRuleset with typeStyle any-uri and a registry: both read back', async () => {
    const dir = projectWith({
      '.spectral.js': `${REQUIRE_OURS}\nmodule.exports = createRuleset({ typeStyle: 'any-uri', registry: '${REGISTRY}' });\n`,
    });
    const loaded = await loadedIn(dir);
    expect({ typeStyle: loaded.typeStyle, registry: loaded.registry }).toEqual({
      typeStyle: 'any-uri',
      registry: REGISTRY,
    });
  });

  test('a team’s own problem-registry-single in place of ours: the registry read from problem-registry-shape', async () => {
    const dir = projectWith({
      '.spectral.js': `${REQUIRE_OURS}
const { pattern } = require('@stoplight/spectral-functions');
module.exports = {
  extends: [createRuleset({ registry: '${REGISTRY}' })],
  rules: {
    'problem-registry-single': {
      description: 'Error responses come from the registry, by its full URL',
      given: '$.paths[*][*].responses[?(@property >= 400)].$ref',
      then: { function: pattern, functionOptions: { match: '^https://api\\\\.example\\\\.com/common/' } },
    },
  },
};
`,
    });
    const loaded = await loadedIn(dir);
    expect(loaded.ruleset.rules['problem-registry-single'].then.map(then => then.functionOptions)).toEqual([
      { match: '^https://api\\.example\\.com/common/' },
    ]);
    expect({ typeStyle: loaded.typeStyle, registry: loaded.registry }).toEqual({
      typeStyle: 'rfc9110',
      registry: REGISTRY,
    });
  });

  test('a .spectral.yaml extending spectral:oas only (none of our rules): the defaults', async () => {
    const dir = projectWith({ '.spectral.yaml': 'extends: [spectral:oas]\n' });
    const loaded = await loadedIn(dir);
    expect(loaded.ruleset.rules['problem-example-type']).toBeUndefined();
    expect({ typeStyle: loaded.typeStyle, registry: loaded.registry }).toEqual({
      typeStyle: 'rfc9110',
      registry: undefined,
    });
  });

  test('problem-example-type kept by name with nothing to do (then: []): the default typeStyle', async () => {
    const dir = projectWith({
      '.spectral.yaml': `extends: [spectral-api-conventions]
rules:
  problem-example-type:
    description: Problem types are reviewed by the platform team
    given: $
    then: []
`,
    });
    const loaded = await loadedIn(dir);
    expect(loaded.ruleset.rules['problem-example-type'].then).toEqual([]);
    expect(loaded.typeStyle).toBe('rfc9110');
  });

  test('a ruleset file that is not there: an error naming it', async () => {
    const dir = project();
    await expect(loadRuleset(join(dir, '.spectral.yaml'))).rejects.toThrow(
      `cannot load the ruleset ${join(dir, '.spectral.yaml')}: it does not exist`,
    );
  });
});

describe('the guard rules', () => {
  const ALL = [...GUARD_RULES, ...GUARD_FULL_RULES];

  test('a ruleset extending spectral:oas has every guard rule already: none added, its own severities kept', async () => {
    const dir = projectWith({
      '.spectral.yaml': `extends: [spectral:oas, spectral-api-conventions]
rules:
  oas3-unused-component: warn
  no-$ref-siblings: off
`,
    });
    const { ruleset } = await loadedIn(dir);
    const before = severities(ruleset.rules, ALL);
    expect(addGuardRules(ruleset, true)).toEqual([]);
    expect(severities(ruleset.rules, ALL)).toEqual(before);
    expect(severities(ruleset.rules, ['oas3-unused-component', 'no-$ref-siblings'])).toEqual({
      'oas3-unused-component': [1, true],
      'no-$ref-siblings': [-1, false],
    });
  });

  test('our rules only: the guard rules added at error (the cheap ones for a large document), with their formats, and removed again', async () => {
    const dir = projectWith({ '.spectral.yaml': 'extends: [spectral-api-conventions]\n' });
    const { ruleset } = await loadedIn(dir);
    const ours = Object.keys(ruleset.rules);
    const formats = ruleset.formats.size;

    const cheap = addGuardRules(ruleset, false);
    expect(cheap).toEqual(GUARD_RULES);
    expect(severities(ruleset.rules, ALL)).toEqual({
      'oas2-unused-definition': [0, true],
      'oas3-unused-component': [0, true],
      'oas3-examples-value-or-externalValue': [0, true],
      'no-$ref-siblings': [0, true],
      'operation-success-response': [0, true],
      'oas2-schema': 'absent',
      'oas3-schema': 'absent',
      'oas2-valid-media-example': 'absent',
      'oas2-valid-schema-example': 'absent',
      'oas3-valid-media-example': 'absent',
      'oas3-valid-schema-example': 'absent',
    });
    removeGuardRules(ruleset, cheap);
    expect(Object.keys(ruleset.rules)).toEqual(ours);

    expect(addGuardRules(ruleset, true)).toEqual(ALL);
    expect(Object.keys(ruleset.rules)).toEqual([...ours, ...ALL]);
    // Ours cover OpenAPI 2.0, 3.0, 3.1 and 3.2; spectral:oas brings its own oas2 and oas3 checks.
    expect(ruleset.formats.size).toBeGreaterThan(formats);
  });

  test('a team ruleset with house rules under the guard rules’ names and no formats: nothing added, its formats left empty (no unrecognized-format on an AsyncAPI document)', async () => {
    const house = (given: string, field: string) => ({
      description: `House rule: ${field} under ${given}`,
      given,
      then: { field, function: 'truthy' },
    });
    const dir = projectWith({
      '.spectral.json': JSON.stringify({
        rules: {
          'oas2-unused-definition': house('$.definitions[*]', 'description'),
          'oas3-unused-component': house('$.components.schemas[*]', 'description'),
          'oas3-examples-value-or-externalValue': house('$..examples[*]', 'summary'),
          'no-$ref-siblings': house('$.paths[*]', 'summary'),
          'operation-success-response': house('$.paths[*][*]', 'responses'),
        },
      }),
    });
    const { ruleset } = await loadedIn(dir);
    expect(addGuardRules(ruleset, false)).toEqual([]);
    const file = join(dir, 'events.yaml');
    const events = 'asyncapi: 2.6.0\ninfo: {title: Order events, version: "1"}\nchannels: {}\n';
    const { findings } = await lintText(ruleset, openSource(events, file), file);
    expect(findings).toEqual([]);
    expect(ruleset.formats.size).toBe(0);
  });
});

describe('selectRules', () => {
  test('the named rules stay as configured, every other is switched off; naming none changes nothing', async () => {
    const dir = projectWith({ '.spectral.yaml': 'extends: [spectral-api-conventions]\n' });
    const { ruleset } = await loadedIn(dir);
    selectRules(ruleset, []);
    expect(Object.values(ruleset.rules).filter(rule => !rule.enabled)).toEqual([]);
    selectRules(ruleset, ['path-version-segment', 'error-responses-required']);
    expect(
      Object.values(ruleset.rules)
        .filter(rule => rule.enabled)
        .map(rule => rule.name),
    ).toEqual(['error-responses-required', 'path-version-segment']);
  });
});

const ORDERS = `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
servers:
  - url: https://api.example.com
paths:
  /orders/{orderId}:
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
          description: The order
          content:
            application/json:
              schema:
                type: object
        '404':
          $ref: './common.yaml#/components/responses/NotFound'
`;

const COMMON = `openapi: 3.0.3
info:
  title: Common
  version: 1.0.0
paths: {}
components:
  responses:
    NotFound:
      description: Not found
      content:
        application/json:
          schema:
            type: object
`;

const VERSION =
  'Path "/orders/{orderId}" lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>';
const REQUIRED = 'No 400 or 500 response; every operation must define 400, 404 and 500';

describe('lintText', () => {
  test('a YAML document with a 404 $ref’d from another file: Spectral’s resolver resolves it (the fast path declines), findings in the order of the text', async () => {
    const dir = projectWith({
      '.spectral.yaml': 'extends: [spectral-api-conventions]\n',
      'api/orders.yaml': ORDERS,
      'api/common.yaml': COMMON,
    });
    const { ruleset } = await loadedIn(dir);
    const file = join(dir, 'api/orders.yaml');
    const { findings: ranged, resolved } = await lintText(ruleset, openSource(ORDERS, file), file);
    expect(lastFallback).toBe('a $ref to another document: ./common.yaml#/components/responses/NotFound');
    // Spectral's ranges, as spectral lint shows them (the language server's protocol test compares them all).
    expect(ranged[0].range).toEqual({ start: { line: 7, character: 20 }, end: { line: 24, character: 62 } });
    const findings = ranged.map(finding => ({ ...finding, range: undefined }));
    const at = (...path: string[]) => ['paths', '/orders/{orderId}', ...path];
    expect(findings).toEqual<LintFinding[]>([
      { rule: 'path-version-segment', path: at(), message: VERSION, source: file, severity: 1 },
      { rule: 'error-responses-required', path: at('get', 'responses'), message: REQUIRED, source: file, severity: 1 },
      {
        rule: 'error-response-examples',
        path: at('get', 'responses', '404', '$ref'),
        message:
          'In common.yaml#/components/responses/NotFound: Error response has no example; expected at least one example of its Problem Details body',
        source: file,
        severity: 1,
      },
      {
        rule: 'error-response-problem-media-type',
        path: at('get', 'responses', '404', '$ref'),
        message:
          'In common.yaml#/components/responses/NotFound/content/application~1json: Error response offers application/json; expected application/problem+json or application/problem+xml instead',
        source: file,
        severity: 0,
      },
    ]);
    expect(
      (resolved as { paths: Record<string, { get: { responses: unknown } }> }).paths['/orders/{orderId}'].get.responses,
    ).toEqual({
      '200': { description: 'The order', content: { 'application/json': { schema: { type: 'object' } } } },
      '404': { description: 'Not found', content: { 'application/json': { schema: { type: 'object' } } } },
    });
  });

  test('a JSON document, handed over parsed: the fast path resolves it; findings by rule (fix shows no line), as parsed', async () => {
    const dir = projectWith({ '.spectral.yaml': 'extends: [spectral-api-conventions]\n' });
    const { ruleset } = await loadedIn(dir);
    const text = `{
  "openapi": "3.0.3",
  "info": { "title": "Orders", "version": "1.0.0" },
  "servers": [{ "url": "https://api.example.com" }],
  "paths": {
    "/orders/{orderId}": {
      "get": {
        "operationId": "getOrder",
        "parameters": [{ "name": "orderId", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "$ref": "#/components/responses/Order" },
          "404": { "description": "Not found" }
        }
      }
    }
  },
  "components": {
    "responses": {
      "Order": { "description": "The order", "content": { "application/json": { "schema": { "type": "object" } } } }
    }
  }
}
`;
    const file = join(dir, 'orders.json');
    const source = openSource(text, file);
    const { findings, resolved } = await lintText(ruleset, source, file);
    expect(lastFallback).toBeUndefined();
    const at = (...path: string[]) => ['paths', '/orders/{orderId}', ...path];
    expect(findings).toEqual<LintFinding[]>([
      {
        rule: 'error-response-problem-media-type',
        path: at('get', 'responses', '404'),
        message: '404 response has no content; expected an application/problem+json or application/problem+xml body',
        source: file,
        severity: 0,
      },
      { rule: 'error-responses-required', path: at('get', 'responses'), message: REQUIRED, source: file, severity: 1 },
      { rule: 'path-version-segment', path: at(), message: VERSION, source: file, severity: 1 },
    ]);
    expect(
      (resolved as { paths: Record<string, { get: { responses: Record<string, unknown> } }> }).paths[
        '/orders/{orderId}'
      ].get.responses['200'],
    ).toEqual({ description: 'The order', content: { 'application/json': { schema: { type: 'object' } } } });
  });
});
