/**
 * One finding's fix, listed before it is made (the language server's quick fixes): the text opened
 * and refused as fix opens and refuses it, the findings planned as fix plans them, and each fix
 * titled by what its edits do. Making one is fixText with `only` (engine.ts).
 */
import type { LintFinding, LoadedRuleset } from '../shared/spectral';
import { findingKey } from './guard';
import { GuardedLint, lintEverything, openForFix, parseFailureOf } from './engine';
import { isUnsafe, plan, planOptionsFor } from './plan';
import { Source } from './text';
import { fixTitle } from './titles';

/** A lint of a text, as the planner reads it. */
export interface LintedText {
  file: string;
  text: string;
  findings: LintFinding[];
  resolved: unknown;
}

/** A text opened for the planner, or the sentence fix would refuse it with (its file's name first). */
export type Opened = { source: Source } | { refusal: string };

/** Opens a linted text as fix would, or says why fix would refuse it. */
export function openLinted(lint: LintedText): Opened {
  try {
    const source = openForFix(lint.text, lint.file);
    const failure = parseFailureOf(source, lint.findings, lint.file);
    return failure === undefined ? { source } : { refusal: failure.message };
  } catch (error) {
    return { refusal: (error as Error).message };
  }
}

/** A fix of one finding: what it does and its key (for fixText's `only`), or why there is none. */
export type QuickFix = { title: string; key: string; preferred: boolean } | { title: string; disabled: string };

/** The fixes of `findings` (of `lint`, opened as `source`), in their order; unsafe ones included. */
export async function quickFixes(
  loaded: LoadedRuleset,
  lint: LintedText,
  source: Source,
  findings: LintFinding[],
): Promise<QuickFix[]> {
  const options = await planOptionsFor(lint.file, source.data, { unsafe: true, rules: [] }, loaded);
  return plan(findings, lint.file, source.data, lint.resolved, options).map((outcome, i): QuickFix => {
    const finding = findings[i];
    if ('reason' in outcome) return { title: `Fix ${finding.rule}`, disabled: outcome.reason };
    return { title: fixTitle(finding.rule, outcome.ops), key: findingKey(finding), preferred: !isUnsafe(finding.rule) };
  });
}

/** The engine's first lint of a text (every finding, the guard's rules too), as fixText would make it. */
export const firstLint = (loaded: LoadedRuleset, text: string, file: string): Promise<GuardedLint> =>
  lintEverything(loaded, openForFix(text, file), file);
