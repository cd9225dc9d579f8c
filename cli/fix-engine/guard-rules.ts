/**
 * The guard's policy: which spectral:oas rules fix adds to a ruleset so that an edit which makes one
 * of them fire is refused (docs/fix.md, step 6), and how many of them a document's size allows. The
 * guard's judgement of a round is guard.ts's.
 */
import { Ruleset } from '@stoplight/spectral-core';
import { rememberingExamples } from '../shared/example-memo';
import { LoadedRuleset, loadPeer } from '../shared/spectral';

/**
 * The spectral:oas rules that an edit of fix can trigger: components left unused, $ref siblings,
 * examples' form; and, on documents under GUARD_FULL_BYTES, the document's schema and examples that
 * do not match their schema. fix lints with them too (when the ruleset does not have them already)
 * and refuses an edit that adds one of their findings. The schema and example rules validate every
 * example and the whole document: on GitHub's 13 MB description they take minutes per lint (measured:
 * 331 s for a fix of 3 lints, against 5 s without them), so large documents get the cheap ones only.
 */
export const GUARD_RULES = [
  'oas2-unused-definition',
  'oas3-unused-component',
  'oas3-examples-value-or-externalValue',
  'no-$ref-siblings',
  // OpenAPI 3.1 lets an operation have no responses; error responses added alone leave it without
  // a success response, which spectral:oas reports.
  'operation-success-response',
];
export const GUARD_FULL_RULES = [
  'oas2-schema',
  'oas3-schema',
  'oas2-valid-media-example',
  'oas2-valid-schema-example',
  'oas3-valid-media-example',
  'oas3-valid-schema-example',
];
/** The example rules among them, whose results are remembered from lint to lint (example-memo.ts). */
const EXAMPLE_RULES = new Set(GUARD_FULL_RULES.filter(id => id.endsWith('-example')));
/** Up to this size, a document is guarded by every rule of GUARD_RULES and GUARD_FULL_RULES. */
const GUARD_FULL_BYTES = 2_000_000;

/** Adds the guard's rules that the ruleset does not have (the cheap ones only when `full` is false); returns their ids. */
export function addGuardRules(ruleset: Ruleset, full: boolean): string[] {
  const { oas } = loadPeer<typeof import('@stoplight/spectral-rulesets')>('@stoplight/spectral-rulesets');
  const ids = full ? [...GUARD_RULES, ...GUARD_FULL_RULES] : GUARD_RULES;
  const guard = new Ruleset({
    extends: [[oas, 'off']],
    rules: Object.fromEntries(ids.map(id => [id, 'error'])),
  });
  const added = ids.filter(id => ruleset.rules[id] === undefined && guard.rules[id] !== undefined);
  for (const id of added) {
    const rule = guard.rules[id];
    // The example rules' results are remembered from lint to lint of a text being fixed (example-memo.ts).
    if (EXAMPLE_RULES.has(id))
      rule.then = rule.then.map(then => ({ ...then, function: rememberingExamples(then.function) }));
    ruleset.rules[id] = rule;
  }
  // Spectral recognises a document's formats among its ruleset's: the guard's rules need theirs (oas2, oas3…).
  if (added.length > 0) for (const format of guard.formats) ruleset.formats.add(format);
  return added;
}

/** Removes rules that addGuardRules added. */
export function removeGuardRules(ruleset: Ruleset, ids: string[]): void {
  for (const id of ids) delete ruleset.rules[id];
}

/** Whether a text of this size is guarded by every rule (`full`) or by the cheap ones. */
export const guardFor = (size: number): 'full' | 'cheap' => (size <= GUARD_FULL_BYTES ? 'full' : 'cheap');

/** Runs `work` with the guard's rules for a text of `size` in the ruleset, and takes them out after. */
export async function withGuardRules<T>(loaded: LoadedRuleset, size: number, work: () => Promise<T>): Promise<T> {
  loaded.guard = addGuardRules(loaded.ruleset, guardFor(size) === 'full');
  try {
    return await work();
  } finally {
    removeGuardRules(loaded.ruleset, loaded.guard);
  }
}

/** A ruleset loaded for fixing alone, with the guard's rules for texts of this size kept in it (the language server's). */
export const guarded = (loaded: LoadedRuleset, size: number): LoadedRuleset => ({
  ...loaded,
  guard: addGuardRules(loaded.ruleset, guardFor(size) === 'full'),
});
