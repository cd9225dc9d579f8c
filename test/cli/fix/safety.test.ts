/**
 * `fix` never makes a document worse (issue 16, items 4 to 9), in process with this repository's
 * ruleset: each scenario's document (test/cli/fix/cases/) is fixed, and the exact result, the summary and
 * the findings of our rules and of spectral:oas before and after are checked.
 */
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createRuleset } from '../../../ruleset';
import { fixText } from '../../../cli/fix-engine/engine';
import { formatSummary } from '../../../cli/fix/summary';
import { ParseFailure } from '../../../cli/fix-engine/text';
import { LoadedRuleset } from '../../../cli/shared/spectral';
import { addGuardRules } from '../../../cli/fix-engine/guard-rules';

const CASES = join(__dirname, 'cases');
const read = (name: string): string => readFileSync(join(CASES, name), 'utf8');

/** Our ruleset, with the guard's spectral:oas rules as `fix` adds them to a small document. */
function ours(): LoadedRuleset {
  const ruleset = new Ruleset(createRuleset({}), { severity: 'recommended' });
  return {
    ruleset,
    file: 'ruleset.ts',
    typeStyle: 'rfc9110',
    registry: undefined,
    guard: addGuardRules(ruleset, true),
  };
}

const fix = (name: string, text = read(name), unsafe = true): ReturnType<typeof fixText> =>
  fixText(ours(), text, join(CASES, name), { unsafe, rules: [] });

/** Every finding of our rules and of spectral:oas (all rules), as `code path`. */
async function findings(text: string, name: string): Promise<string[]> {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(
    new Ruleset({ extends: [[oas as never, 'all'], createRuleset({}) as never] }, { severity: 'recommended' }),
  );
  const results = await spectral.run(new Document(text, Parsers.Yaml, join(CASES, name)));
  return results.map(r => `${r.code} ${r.path.join('.')}`).sort();
}

/** The findings after that were not there before. */
async function added(before: string, after: string, name: string): Promise<string[]> {
  const old = await findings(before, name);
  return (await findings(after, name)).filter(f => !old.includes(f));
}

describe('fix makes no document worse', () => {
  test('item 4: responses that exist are referenced, and no unused ProblemDetails schema is added', async () => {
    const before = read('existing-responses.yaml');
    const result = await fix('existing-responses.yaml');
    expect(result.after).toBe(
      before.replace(
        '              schema: {type: object}\ncomponents:',
        "              schema: {type: object}\n        '400':\n          $ref: '#/components/responses/BadRequest'\n        '404':\n          $ref: '#/components/responses/NotFound'\n        '500':\n          $ref: '#/components/responses/InternalServerError'\ncomponents:",
      ),
    );
    expect(await added(before, result.after, 'existing-responses.yaml')).toEqual([]);
  });

  test('item 5: Swagger 2.0 without a problem media type in produces gets no error responses, with the reason', async () => {
    const before = read('swagger2-json-produces.yaml');
    const result = await fix('swagger2-json-produces.yaml');
    expect(result.after).toBe(before);
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 0 fixed, 1 left',
        'rule                      fixed  left  why left',
        'error-responses-required  0      1     Swagger 2.0: produces has no application/problem+json for the added error bodies, and adding it changes the success responses too; a person decides',
      ].join('\n'),
    );
  });

  test('item 6: a status written as a folded block scalar is left with its reason; the other fixes are made', async () => {
    const before = read('folded-status.yaml');
    const result = await fix('folded-status.yaml', before, false);
    expect(result.after).toBe(before.replace('instance: get /orders/42', 'instance: GET /orders/42'));
    expect(formatSummary(result, 'api.yaml')).toContain(
      'problem-example-members   0      2     no fix: a missing or mistyped member needs a value a person chooses (1); written as a block scalar (>); edit it by hand (1)',
    );
  });

  test.each([
    [
      'YAML',
      'dup.yaml',
      'openapi: 3.1.0\ninfo:\n  title: A\n  title: B\n  version: "1"\npaths: {}\n',
      '4:3: Duplicate key: title',
    ],
    [
      'JSON',
      'dup.json',
      '{\n  "openapi": "3.1.0",\n  "info": {"title": "A", "version": "1"},\n  "paths": {"/a": {"get": {"responses": {"200": {"description": "x"}}, "summary": "x", "responses": {}}}}\n}\n',
      '4:88: Duplicate key: responses',
    ],
  ])(
    'item 7: a %s document with a duplicate key is refused with the parser’s message',
    async (_kind, name, text, message) => {
      const failure = await fix(name, text).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ParseFailure);
      expect((failure as ParseFailure).message).toBe(`${join(CASES, name)}:${message}`);
    },
  );

  test('item 8: in an LF file with one CRLF line, the added lines are LF', async () => {
    const before = read('one-crlf-line.yaml');
    expect(before.split('\r\n').length).toBe(2);
    const result = await fix('one-crlf-line.yaml');
    expect(result.after.split('\r\n').length).toBe(2);
    expect(result.after.startsWith("openapi: 3.1.0\ninfo:\n  title: Pets\r\n  version: '1'\n")).toBe(true);
    expect(result.after.length - before.length).toBeGreaterThan(1000);
  });

  test.each([['copied-responses.yaml'], ['one-crlf-line.yaml']])(
    'item 9: every added example says the operation’s method and path (%s)',
    async name => {
      const result = await fix(name);
      const instances: unknown[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (typeof node === 'object' && node !== null) {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'instance' && typeof value === 'string') instances.push(value);
            else walk(value);
          }
        }
      };
      walk(parse(result.after));
      expect(instances.length).toBeGreaterThan(1);
      expect(new Set(instances)).toEqual(new Set(['DELETE /pets/{petId}']));
      expect(result.after).not.toContain('/clinical/labs/');
    },
  );

  test('the guard: an added example that its response’s own schema rejects (spectral:oas) is refused with the reason', async () => {
    const before = read('strict-problem-schema.yaml');
    const result = await fix('strict-problem-schema.yaml');
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 1 fixed, 2 left',
        'rule                      fixed  left  why left',
        'error-response-examples   0      2     its fix would add a finding of oas3-valid-media-example; left as it was',
        'error-responses-required  1      0',
      ].join('\n'),
    );
    expect(result.after).not.toContain('traceId: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01}');
    expect(await added(before, result.after, 'strict-problem-schema.yaml')).toEqual([]);
  });

  test('an error body whose schema is not a problem keeps application/json, with the reason', async () => {
    const before = read('json-error-not-problem.yaml');
    const result = await fix('json-error-not-problem.yaml');
    expect(result.after).toBe(before);
    expect(formatSummary(result, 'api.yaml')).toContain(
      'error-response-problem-media-type  0      1     the body\'s schema is not a problem (Problem schema does not declare "status"',
    );
    expect(await added(before, result.after, 'json-error-not-problem.yaml')).toEqual([]);
  });

  test('an OpenAPI 3.1 operation without responses gets no error responses alone (spectral:oas would report no success response)', async () => {
    const before = read('openapi-3.1-no-responses.yaml');
    const result = await fix('openapi-3.1-no-responses.yaml');
    expect(result.after).toBe(before);
    expect(formatSummary(result, 'api.yaml')).toContain(
      'its fix would add a finding of operation-success-response; left as it was',
    );
    expect(await added(before, result.after, 'openapi-3.1-no-responses.yaml')).toEqual([]);
  });

  test("a new status code beside default: alone is quoted ('400': a plain 400 is a number, which Spectral refuses)", async () => {
    const before = read('default-only.yaml');
    const result = await fix('default-only.yaml');
    expect(result.after).toContain("        '400':");
    expect(result.after).toContain("        '404':");
    expect(result.after).toContain("        '500':");
    expect(result.after).not.toMatch(/^ +\d{3}:/m);
    expect(formatSummary(result, 'api.yaml')).toContain('error-responses-required  1      0');
    expect(await added(before, result.after, 'default-only.yaml')).toEqual([]);
  });
});
