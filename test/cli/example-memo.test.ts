/**
 * The guard's example rules with their results remembered (cli/shared/example-memo.ts) report what
 * spectral:oas's own do, lint after lint of a text being edited: every finding, path, message and
 * range, on descriptions whose examples are wrong in the ways that depend on where they are.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { openSource } from '../../cli/fix-engine/source';
import { rememberingExamples } from '../../cli/shared/example-memo';
import { lintText, loadRuleset } from '../../cli/shared/spectral';
import { GUARD_FULL_RULES, addGuardRules } from '../../cli/fix-engine/guard-rules';
import { ROOT } from '../__helpers__/in-process';

const OURS = join(ROOT, 'dist/ruleset.js');
const EXAMPLE_RULES = GUARD_FULL_RULES.filter(id => id.endsWith('-example'));

/** Our ruleset with the example rules: remembering (as fix and the server have them) or spectral:oas's own. */
async function rulesetWith(remembering: boolean): Promise<Ruleset> {
  const { ruleset } = await loadRuleset(OURS);
  if (remembering) {
    addGuardRules(ruleset, true);
    for (const id of Object.keys(ruleset.rules)) if (!EXAMPLE_RULES.includes(id)) ruleset.rules[id].enabled = false;
  } else {
    const own = new Ruleset({
      extends: [[oas, 'off']],
      rules: Object.fromEntries(EXAMPLE_RULES.map(id => [id, 'error'])),
    });
    for (const rule of Object.values(ruleset.rules)) rule.enabled = false;
    for (const id of EXAMPLE_RULES) ruleset.rules[id] = own.rules[id];
    for (const format of own.formats) ruleset.formats.add(format);
  }
  return ruleset;
}

const findingsOf = async (ruleset: Ruleset, text: string, file: string) =>
  (await lintText(ruleset, openSource(text, file), file)).findings
    .filter(f => EXAMPLE_RULES.includes(f.rule))
    .map(f => [f.rule, f.path.join('/'), f.message, f.range?.start.line, f.range?.start.character])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** An OpenAPI 3.0 description whose example findings depend on the place: a shared response used three times, a schema with a readOnly and a writeOnly required property in a request body, a response and a query parameter. */
const ACCOUNTS = `openapi: 3.0.3
info: {title: Accounts, version: 1.0.0}
paths:
  /accounts:
    get:
      parameters:
        - name: like
          in: query
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Account'}
              example: {name: Ada, password: secret}
        - name: same
          in: query
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Account'}
              example: {id: 7, name: Ada}
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Account'}
              example: {id: 7, name: Ada}
        '404': {$ref: '#/components/responses/NotFound'}
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Account'}
            example: {name: Ada, password: secret}
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Account'}
              example: {name: Ada, password: secret}
        '404': {$ref: '#/components/responses/NotFound'}
  /accounts/{id}:
    parameters:
      - name: id
        in: path
        required: true
        schema: {type: integer}
        example: seven
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Account'}
              examples:
                ada: {value: {id: 7, name: Ada}}
                nobody: {value: {id: seven}}
        '404': {$ref: '#/components/responses/NotFound'}
    delete:
      responses:
        '204': {description: Deleted}
        '404': {$ref: '#/components/responses/NotFound'}
components:
  schemas:
    Account:
      type: object
      required: [id, name, password]
      properties:
        id: {type: integer, readOnly: true}
        name: {type: string, nullable: true, example: 7}
        password: {type: string, writeOnly: true}
  responses:
    NotFound:
      description: Not Found
      content:
        application/problem+json:
          schema:
            type: object
            properties:
              status: {type: integer}
          example: {status: '404'}
`;

/** OpenAPI 3.1 with a JSON Schema dialect of its own, and Swagger 2.0 with x-example and response examples. */
const DIALECT = `openapi: 3.1.0
jsonSchemaDialect: https://json-schema.org/draft/2019-09/schema
info: {title: Dialect, version: 1.0.0}
paths:
  /tags:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {type: array, contains: {type: string}, minContains: 2}
              example: [a, 1]
`;
const SWAGGER = `swagger: '2.0'
info: {title: Pets, version: 1.0.0}
paths:
  /pets:
    get:
      parameters:
        - {name: limit, in: query, type: integer, x-example: ten}
      responses:
        '200':
          description: OK
          schema: {type: array, items: {$ref: '#/definitions/Pet'}}
          examples:
            application/json: [{name: 3}]
        '404': {$ref: '#/responses/NotFound'}
responses:
  NotFound:
    description: Not Found
    schema: {type: object, required: [status], properties: {status: {type: integer}}}
    examples:
      application/json: {status: '404'}
definitions:
  Pet:
    type: object
    required: [name]
    properties:
      name: {type: string, x-nullable: true, example: 5}
`;

describe('the example rules remembering their results report what spectral:oas reports', () => {
  // Each description, then edited: each edit changes one place and leaves the rest as the lint before saw it.
  const cases: [string, string, [string, string][]][] = [
    [
      'accounts.yaml',
      ACCOUNTS,
      [
        ["example: {status: '404'}", 'example: {status: 404}'],
        ['example: seven', 'example: 7'],
        ['nullable: true, example: 7', "nullable: true, example: '7'"],
        // OpenAPI 3.1 validates with JSON Schema 2020-12, where nullable means nothing.
        ["nullable: true, example: '7'", 'nullable: true, example: 7'],
        ['openapi: 3.0.3', 'openapi: 3.1.0'],
      ],
    ],
    [
      'dialect.yaml',
      DIALECT,
      [
        // draft-07 has no minContains: the same example and schema pass.
        ['draft/2019-09/schema', 'draft-07/schema#'],
        ['example: [a, 1]', 'example: [1]'],
        ['draft-07/schema#', 'draft/2019-09/schema'],
      ],
    ],
    [
      'swagger.yaml',
      SWAGGER,
      [
        ["{status: '404'}", '{status: 404}'],
        ['x-example: ten', 'x-example: 10'],
        ['{name: 3}', "{name: 'Rex'}"],
      ],
    ],
  ];
  for (const [file, text, edits] of cases)
    test(`${file}, then edited`, async () => {
      const remembering = await rulesetWith(true);
      const own = await rulesetWith(false);
      const texts = [text];
      for (const [from, to] of edits) {
        const last = texts[texts.length - 1];
        expect(last).toContain(from);
        texts.push(last.replace(from, to));
      }
      const seen = new Set<string>();
      for (const version of texts) {
        const expected = await findingsOf(own, version, file);
        expect(await findingsOf(remembering, version, file)).toEqual(expected);
        seen.add(JSON.stringify(expected));
      }
      // The comparison is not of nothing: the first text has findings, and the edits change them.
      expect(seen.size).toBeGreaterThan(1);
      expect([...seen][0]).not.toBe('[]');
    });

  test('every fixture and shared-folder description, each linted twice', async () => {
    const remembering = await rulesetWith(true);
    const own = await rulesetWith(false);
    const dir = join(ROOT, 'fixtures');
    const files = readdirSync(dir).filter(name => /\.(ya?ml|json)$/.test(name));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const text = readFileSync(join(dir, name), 'utf8');
      const expected = await findingsOf(own, text, join(dir, name));
      expect(await findingsOf(remembering, text, join(dir, name))).toEqual(expected);
      expect(await findingsOf(remembering, text, join(dir, name))).toEqual(expected);
    }
  });
});

describe('what the memo spares: the rule function runs once per distinct example and place kind', () => {
  /** spectral:oas's own media-example rule, its function counted, then remembering (as addGuardRules makes it). */
  async function counted(): Promise<{ ruleset: Ruleset; calls: string[] }> {
    const { ruleset } = await loadRuleset(OURS);
    for (const rule of Object.values(ruleset.rules)) rule.enabled = false;
    const own = new Ruleset({ extends: [[oas, 'off']], rules: { 'oas3-valid-media-example': 'error' } });
    const rule = own.rules['oas3-valid-media-example'];
    const calls: string[] = [];
    rule.then = rule.then.map(then => ({
      ...then,
      function: rememberingExamples(function (this: unknown, input, options, context) {
        calls.push(context.path.join('/'));
        return then.function.call(this, input, options, context);
      } as typeof then.function),
    }));
    ruleset.rules['oas3-valid-media-example'] = rule;
    for (const format of own.formats) ruleset.formats.add(format);
    return { ruleset, calls };
  }

  test('a shared response is validated once at its first use; the same text again not at all; an edit only where it is', async () => {
    const { ruleset, calls } = await counted();
    const lint = async (text: string) => (await findingsOf(ruleset, text, 'accounts.yaml')).length;
    // The shared response's example made valid: its result is that there is no finding.
    const accounts = ACCOUNTS.replace("example: {status: '404'}", 'example: {status: 404}');
    expect(accounts).not.toBe(ACCOUNTS);
    const found = await lint(accounts);
    // Nine media types with an example; the NotFound response used four times is one key.
    const first = new Set(calls);
    expect(calls.filter(path => path.endsWith('application/problem+json'))).toHaveLength(1);
    expect(calls).toHaveLength(new Set(calls).size);
    expect(first.size).toBeGreaterThan(5);
    calls.length = 0;
    expect(await lint(accounts)).toBe(found);
    expect(calls).toEqual([]);
    // One example changed: that media type alone is validated again; and again when it is changed
    // back (only what the last lint used is kept), the others still taken from the memo.
    const edited = accounts.replace(
      'examples:\n                ada:',
      'examples:\n                eve: {value: {id: 8, name: Eve}}\n                ada:',
    );
    expect(edited).not.toBe(accounts);
    await lint(edited);
    const changed = ['paths//accounts/{id}/get/responses/200/content/application/json'];
    expect(calls).toEqual(changed);
    calls.length = 0;
    expect(await lint(accounts)).toBe(found);
    expect(calls).toEqual(changed);
  });
});
