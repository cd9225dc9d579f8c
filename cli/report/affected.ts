/**
 * What the estate report scores with (docs/report.md, "The score"): every rule of this package, at
 * its own severity, whatever an API's ruleset switches off or lowers (what it does is the row's
 * deviations), and, for each finding, the operations it affects as the rule functions know them:
 * the node the defect is written at, in whatever file, and the operations that use that node
 * (functions/lib/uses.ts), never where the engine happened to place the result.
 *
 * The rule functions tell it through `documentRule`'s defect filter hook (functions/lib/rule.ts),
 * the one the baseline uses: the filter sees each defect where it is written before defects merge.
 * What it learns is kept per linted file and taken by the lint that asked (`takeAffected`).
 */
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import type { Ruleset } from '@stoplight/spectral-core';
import { JsonPath, isObject } from '../../functions/lib/json';
import { documentOf } from '../../functions/lib/openapi';
import type { DefectFilter } from '../../functions/lib/rule';
import { Concerned, operationsUsing } from '../../functions/lib/uses';
import { WrittenNode, writtenDocumentsOf } from '../../functions/lib/written';
import { severityOf } from '../../functions/lib/adapter';
import { RULE_IDS } from '../../manifest';

/** A rule of this package that an API's ruleset switches off or reports below its own severity. */
export interface Deviation {
  rule: string;
  /** `off` (left out or switched off), or the severity it reports at instead (`info`, `hint`, `warn`). */
  as: string;
}

/** Per linted file, per finding (rule and path as placed), the operations its defects affect. */
const observed = new Map<string, Map<string, Concerned>>();

const placedKey = (rule: string, path: readonly (string | number)[]): string =>
  [rule, ...path.map(String)].join('\u0000');

const union = (a: Concerned | undefined, b: Concerned): Concerned => {
  if (a === undefined) return b;
  if (a === 'all' || b === 'all') return 'all';
  const seen = new Map(a.map(path => [JSON.stringify(path), path]));
  for (const path of b) seen.set(JSON.stringify(path), path);
  return [...seen.values()];
};

/** The defect filter that notes, for each defect, the operations that use the node it is written at; it keeps every defect. */
const noteAffected: DefectFilter = (defects, context: RulesetFunctionContext) => {
  if (defects.length === 0) return defects;
  const source = context.document.source ?? '';
  let byFinding = observed.get(source);
  if (byFinding === undefined) observed.set(source, (byFinding = new Map<string, Concerned>()));
  const documents = writtenDocumentsOf(context);
  const resolved: unknown = (context.documentInventory as { resolved?: unknown } | undefined)?.resolved;
  const doc = documentOf(isObject(resolved) ? resolved : isObject(context.document.data) ? context.document.data : {});
  const name = (context.rule as { name?: unknown }).name;
  const rule = typeof name === 'string' ? name : '';
  for (const defect of defects) {
    const path: JsonPath = defect.path ?? [];
    const written = (defect as { written?: WrittenNode }).written ?? { document: documents.root, path };
    const key = placedKey(rule, path);
    byFinding.set(key, union(byFinding.get(key), operationsUsing(documents, doc, written)));
  }
  return defects;
};

/**
 * The operations each finding of the lint of `file` affects, by rule and path as Spectral reports
 * them (our rules keep their findings in the linted document), forgotten once taken. A finding the
 * filter did not see (a rule function's own failure) is not in it.
 */
export function takeAffected(
  file: string,
): (rule: string, path: readonly (string | number)[]) => Concerned | undefined {
  const byFinding = new Map<string, Concerned>();
  // Spectral names the document as it normalizes the path it was given: the one lint of a thread.
  for (const [source, found] of observed) {
    if (source !== file && observed.size > 1) continue;
    for (const [key, concerned] of found) byFinding.set(key, union(byFinding.get(key), concerned));
    observed.delete(source);
  }
  return (rule, path) => byFinding.get(placedKey(rule, path));
}

/** Spectral's severity numbers: 0 error, 1 warn, 2 info, 3 hint, -1 off. */
const SEVERITY_NAMES = ['error', 'warn', 'info', 'hint'];
const SEVERITY_NUMBERS: Record<string, number> = { error: 0, warn: 1 };

type ObservableFunction = { withFilter?: (filter: DefectFilter) => unknown };
type SpectralRule = { enabled: boolean; severity: number; then: { function: unknown }[] };

/**
 * Makes a loaded ruleset score as the conventions do: every rule of this package on, at its own
 * severity, its defects noted (`noteAffected`); returns what the ruleset had changed. False when the
 * ruleset lacks one of the rules or holds one whose function is not ours to observe: then it
 * cannot score, and the report lints with the package's own rules for the score.
 */
export function scoreWith(ruleset: Ruleset): { deviations: Deviation[]; complete: boolean } {
  const rules = ruleset.rules as unknown as Record<string, SpectralRule | undefined>;
  const deviations: Deviation[] = [];
  let complete = true;
  for (const id of RULE_IDS) {
    const rule = rules[id];
    const own = SEVERITY_NUMBERS[severityOf(id, false)];
    if (rule === undefined || !rule.enabled || rule.severity < 0) deviations.push({ rule: id, as: 'off' });
    else if (rule.severity > own)
      deviations.push({ rule: id, as: SEVERITY_NAMES[rule.severity] ?? String(rule.severity) });
    if (
      rule === undefined ||
      !rule.then.every(then => typeof (then.function as ObservableFunction).withFilter === 'function')
    ) {
      complete = false;
      continue;
    }
    rule.enabled = true;
    // Raised (the strict preset's `error`) stays raised; off or lowered is the package's own again.
    if (rule.severity < 0 || rule.severity > own) rule.severity = own;
    rule.then = rule.then.map(then => ({
      ...then,
      function: (then.function as Required<ObservableFunction>).withFilter(noteAffected),
    }));
  }
  return { deviations, complete };
}
