/**
 * `fix --unsafe --rule <rule>` in process, for the scenario tables (spectral.ts, `fixed` and `left`):
 * this repository's ruleset with the options the scenario gives, every rule switched off but those
 * `--rule <rule>` asks for (manifest.ts rulesAskedBy, cli/shared/spectral.ts selectRules), the guard's rules
 * added as `fix` adds them, and the real engine (cli/fix-engine/engine.ts fixText) on the document's text.
 */
import { Ruleset } from '@stoplight/spectral-core';
import { basename } from 'node:path';
import { FileResult, fixText } from '../../cli/fix-engine/engine';
import { ParseFailure } from '../../cli/fix-engine/text';
import { LoadedRuleset, selectRules } from '../../cli/shared/spectral';
import { addGuardRules } from '../../cli/fix-engine/guard-rules';
import { OPTION_DEFAULTS, rulesAskedBy } from '../../manifest';
import { RuleId, RulesetOptions, createRuleset } from '../../ruleset';

/** One loaded ruleset per rule and options, for the whole table: building it is most of a small fix's cost. */
const loadedRulesets = new Map<string, LoadedRuleset>();

/**
 * The guard's cheap rules only (GUARD_RULES), where fix adds the full guard to a document this small
 * (GUARD_FULL_RULES too: the document's schema, its examples against their schemas). Measured on
 * the 93 scenarios with findings of the nine fixable rules' tables: the cheap guard gives the bytes
 * and reasons the full guard gives, which are the bytes and summary of the built CLI's `fix --unsafe
 * --rule <rule>` on the same file; the full guard took 13.7 s for them, the cheap one 4.4 s. A
 * scenario whose fix only the full guard refuses would need it here (FULL_GUARD).
 */
const FULL_GUARD = false;

function loadedFor(rule: RuleId, options: RulesetOptions): LoadedRuleset {
  const key = JSON.stringify([rule, options]);
  let loaded = loadedRulesets.get(key);
  if (loaded === undefined) {
    const ruleset = new Ruleset(createRuleset(options), { severity: 'recommended' });
    selectRules(ruleset, rulesAskedBy(rule));
    loaded = {
      ruleset,
      file: 'ruleset.ts',
      typeStyle: options.typeStyle ?? OPTION_DEFAULTS.typeStyle!,
      registry: options.registry,
      guard: addGuardRules(ruleset, FULL_GUARD),
    };
    loadedRulesets.set(key, loaded);
  }
  return loaded;
}

/** @public (loaded with require by spectral.ts, so that only the fix tests load the engine) */
export interface Fixed {
  /** The text after the fix. */
  after: string;
  /** Why fix leaves the findings it leaves, each reason once, sorted; or the sentence it refuses the file with. */
  left: string[];
}

/**
 * `fix --unsafe --rule <rule>` of `text`, as the document at `file`.
 * @public (loaded with require by spectral.ts, so that only the fix tests load the engine)
 */
export async function fixAsked(rule: RuleId, text: string, file: string, options: RulesetOptions = {}): Promise<Fixed> {
  let result: FileResult;
  try {
    result = await fixText(loadedFor(rule, options), text, file, { unsafe: true, rules: [rule] });
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    // fix refuses the file, untouched: its sentence names the file as fix run beside it does.
    return { after: text, left: [error.message.split(file).join(basename(file))] };
  }
  const reasons = [...result.summary.values()].flatMap(s => [...s.reasons.keys()]);
  return { after: result.after, left: [...new Set(reasons)].sort() };
}
