/**
 * Runs the real Spectral engine with our ruleset, as the CLI does: YAML or JSON parsed into a
 * Document, `$ref`s resolved (files included), results with code, path and message.
 */
import { Document, Spectral } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic, RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRuleset, RuleId, RulesetOptions } from '../../ruleset';

export const FIXTURES = resolve(__dirname, '../../fixtures');

export interface Finding {
  code: string;
  path: (string | number)[];
  message: string;
}

const resolver = createHttpAndFileResolver();

/** A Spectral instance with our rules, or only the named ones. */
export function spectralWith(rules?: RuleId[], options: RulesetOptions = {}): Spectral {
  const full = createRuleset(options);
  const spectral = new Spectral({ resolver });
  const selected =
    rules === undefined
      ? full.rules
      : Object.fromEntries(rules.map(id => [id, (full.rules as Record<string, unknown>)[id]]));
  spectral.setRuleset({ ...full, rules: selected } as RulesetDefinition);
  return spectral;
}

/** Parses a document given as an object (written out as JSON) or as YAML text. */
export function toDocument(document: object | string, source = join(FIXTURES, 'inline.json')): Document {
  return (typeof document === 'string'
    ? new Document(document, Parsers.Yaml, source.replace(/\.json$/, '.yaml'))
    : new Document(JSON.stringify(document, null, 2), Parsers.Json, source)) as unknown as Document;
}

export const fixtureDocument = (name: string): Document => {
  const path = join(FIXTURES, name);
  const text = readFileSync(path, 'utf8');
  return (name.endsWith('.json')
    ? new Document(text, Parsers.Json, path)
    : new Document(text, Parsers.Yaml, path)) as unknown as Document;
};

const byPlace = (a: Finding, b: Finding): number =>
  JSON.stringify([a.code, a.path, a.message]) < JSON.stringify([b.code, b.path, b.message]) ? -1 : 1;

export const simplify = (results: ISpectralDiagnostic[]): Finding[] =>
  results.map(({ code, path, message }) => ({ code: String(code), path: [...path], message })).sort(byPlace);

/** Lints a document with the named rules (all when omitted) and returns every finding, sorted. */
export async function lint(
  document: object | string | Document,
  rules?: RuleId[],
  options: RulesetOptions = {},
): Promise<Finding[]> {
  const doc = document instanceof Document ? document : toDocument(document);
  return simplify(await spectralWith(rules, options).run(doc));
}

export interface Scenario {
  name: string;
  document: object | string;
  /** Every finding expected, of any rule: an empty list means the document lints clean. */
  /** `code`: the rule, or one of Spectral's own codes (`invalid-ref`, `unrecognized-format`, `parser`). */
  errors: {
    path: (string | number)[];
    message: string;
    code?: RuleId | 'invalid-ref' | 'unrecognized-format' | 'parser';
  }[];
  options?: RulesetOptions;
}

/** The scenario-table pattern of Spectral's own rulesets: one rule, many documents. */
export function testRule(rule: RuleId, scenarios: Scenario[]): void {
  describe(`rule ${rule}`, () => {
    test.each(scenarios.map(s => [s.name, s] as const))('%s', async (_name, scenario) => {
      const findings = await lint(scenario.document, [rule], scenario.options);
      const expected = scenario.errors
        .map(e => ({ code: e.code ?? rule, path: e.path.map(String), message: e.message }))
        .sort(byPlace);
      expect(findings.map(f => ({ ...f, path: f.path.map(String) }))).toEqual(expected);
    });
  });
}
