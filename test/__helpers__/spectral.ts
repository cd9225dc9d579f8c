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
import { ruleMeta } from '../../manifest';
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
  /**
   * The document after `fix --unsafe --rule <rule>`, in the form of `document`: an object stands for
   * its text as `JSON.stringify(fixed, null, 2)` (as `document`'s text is made; a Map in it is an
   * object that keeps the Map's key order), YAML text for YAML text; the bytes are compared exactly.
   * Omitted: fix leaves the text as it is.
   */
  fixed?: object | string;
  /**
   * Why fix leaves the findings it leaves: the reasons of its summary (each once, in any order), or
   * the sentence it refuses the file with (exit 2: a document it cannot parse or check), naming the
   * file `inline.json` or `inline.yaml` as fix run beside it does. Omitted: fix leaves no finding.
   */
  left?: string | string[];
}

/** Where a scenario's document is, as toDocument tells Spectral, and fix too: in fixtures/, which its `$ref`s are relative to. */
const sourceOf = (document: object | string): string =>
  join(FIXTURES, typeof document === 'string' ? 'inline.yaml' : 'inline.json');
/** A mark that keeps a Map's keys from being integer keys until they are written: JSON.stringify writes it as `\u0000`. */
const ORDERED = '\u0000';
const WRITTEN_MARK = `"${JSON.stringify(ORDERED).slice(1, -1)}`;
/** A Map as an object whose keys keep the Map's order (marked), for JSON.stringify. */
const ordered = (_key: string, value: unknown): unknown =>
  value instanceof Map ? Object.fromEntries([...value].map(([k, v]) => [`${ORDERED}${String(k)}`, v])) : value;

/**
 * A document's text: YAML as it is; an object as `JSON.stringify(document, null, 2)`, where a Map is
 * an object whose keys keep the Map's order (a plain object puts integer keys such as `'404'` before
 * `'4XX'`; fix inserts a code among its siblings' order).
 */
const textOf = (document: object | string): string =>
  typeof document === 'string' ? document : JSON.stringify(document, ordered, 2).split(WRITTEN_MARK).join('"');

/**
 * The scenario-table pattern of Spectral's own rulesets: one rule, many documents. A fixable rule's
 * table also says what `fix --unsafe --rule <rule>` makes of each document with findings (`fixed`,
 * `left`), as typescript-eslint's rule tests carry their `output`: a scenario with findings that
 * says neither fails, so that every check is read beside its fix.
 */
export function testRule(rule: RuleId, scenarios: Scenario[]): void {
  describe(`rule ${rule}`, () => {
    test.each(scenarios.map(s => [s.name, s] as const))('%s', async (_name, scenario) => {
      const findings = await lint(scenario.document, [rule], scenario.options);
      const expected = scenario.errors
        .map(e => ({ code: e.code ?? rule, path: e.path.map(String), message: e.message }))
        .sort(byPlace);
      expect(findings.map(f => ({ ...f, path: f.path.map(String) }))).toEqual(expected);
    });
    const fixable = ruleMeta(rule).fix.class !== 'none';
    const fixes = scenarios.filter(
      s => (fixable && s.errors.length > 0) || s.fixed !== undefined || s.left !== undefined,
    );
    if (fixes.length === 0) return;
    test.each(fixes.map(s => [s.name, s] as const))('fix: %s', async (_name, scenario) => {
      if (scenario.fixed === undefined && scenario.left === undefined)
        throw new Error('a scenario with findings says what fix makes of them: `fixed`, `left` or both');
      // Required only here: the tables of rules without a fix do not compile the fix engine.
      const { fixAsked } = require('./fix') as typeof import('./fix');
      const result = await fixAsked(rule, textOf(scenario.document), sourceOf(scenario.document), scenario.options);
      expect(result.after).toBe(textOf(scenario.fixed ?? scenario.document));
      expect(result.left).toEqual([scenario.left ?? []].flat().sort());
    });
  });
}
