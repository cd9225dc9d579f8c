/**
 * One API description of the report, linted as `spectral lint` lints it (its ruleset, its reading
 * of the text, `$ref`s resolved with the CLI's resolver) and scored (score.ts). Runs in a worker of
 * the pool (worker.ts); a document that cannot be read, parsed or is not OpenAPI is a row with its
 * reason, never an exception.
 */
import { relative } from 'node:path';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { Dict, isObject, stringOf } from '../../functions/lib/json';
import { notOpenApi } from '../shared/document';
import { readText } from '../shared/files';
import { parseProblem } from '../shared/keyed';
import { LoadedRuleset, lintDocument, loadRuleset, ownRuleset, readDocument } from '../shared/spectral';
import { documentOf } from '../../functions/lib/openapi';
import { isRuleId } from '../../manifest';
import type { ApiResult, ReportFinding } from './model';
import { scoreApi } from './score';
import { exceptionsIn } from './exceptions';
import { Deviation, scoreWith, takeAffected } from './affected';

const SEVERITIES = ['error', 'warning', 'information', 'hint'];

/** What a worker is asked: a description, the ruleset to lint it with, and the folder names are relative to. */
export interface LintTask {
  file: string;
  ruleset: string;
  /** How the ruleset is named in the report: its file relative to `cwd`, or `(built-in)`. */
  rulesetName: string;
  cwd: string;
}

/** A ruleset as the report uses it: made to score (affected.ts), with what it had changed. */
interface ScoringRuleset {
  loaded: LoadedRuleset;
  deviations: Deviation[];
  /** Whether it holds every rule of the package, ours to observe; if not, the package's own rules score. */
  complete: boolean;
}

const rulesets = new Map<string, Promise<ScoringRuleset>>();

function scoringRuleset(file: string): Promise<ScoringRuleset> {
  let found = rulesets.get(file);
  if (found === undefined) {
    found = loadRuleset(file).then(loaded => ({ loaded, ...scoreWith(loaded.ruleset) }));
    rulesets.set(file, found);
  }
  return found;
}

const slash = (path: string): string => path.split('\\').join('/');

/**
 * A file as the report names it (a row's `file`, a finding's): relative to the folder the report ran
 * in, `/`-separated, even outside it (`../x.yaml`), so that the rows of merged reports compare.
 * A sentence names a file with files.ts's shownName instead.
 */
export const reportPath = (file: string, cwd: string): string => slash(relative(cwd, file)) || file;

export async function lintOne(task: LintTask): Promise<ApiResult> {
  const start = performance.now();
  const name = reportPath(task.file, task.cwd);
  const row = (status: ApiResult['status'], reason: string): ApiResult => ({ file: name, status, reason });
  let text: string;
  try {
    text = readText(task.file, name);
  } catch (error) {
    return row('unreadable', (error as Error).message);
  }
  const document = readDocument(text, task.file);
  // The status from which check failed, never from the sentence it gave.
  const parseFailure = parseProblem(document, name);
  if (parseFailure !== undefined) return row('unparsable', parseFailure);
  const notChecked = notOpenApi(document.data, name);
  if (notChecked !== undefined) return row('not-openapi', notChecked);
  const own = ownRuleset();
  let results: ISpectralDiagnostic[];
  let resolved: unknown;
  let scoring: ISpectralDiagnostic[];
  let deviations: Deviation[];
  try {
    const team = await scoringRuleset(task.ruleset);
    deviations = team.deviations;
    ({ results, resolved } = await lintDocument(team.loaded.ruleset, document));
    scoring = results;
    // A ruleset without all of the package's rules scores with the package's own (linted again).
    if (!team.complete && own !== undefined) {
      // What the team's lint noted is not what scores.
      takeAffected(task.file);
      scoring = (await lintDocument((await scoringRuleset(own)).loaded.ruleset, readDocument(text, task.file))).results;
    }
  } catch (error) {
    return row('failed', `${name} could not be linted: ${error instanceof Error ? error.message : String(error)}`);
  }
  const affected = takeAffected(task.file);
  const root = document.data as Dict;
  const ownFile = (result: ISpectralDiagnostic): boolean => (result.source ?? task.file) === task.file;
  const ours = scoring.filter(result => isRuleId(String(result.code)));
  const scored = scoreApi(
    documentOf(isObject(resolved) ? resolved : root).operations.map(operation => operation.path),
    [
      // A finding the rule functions said nothing of (a rule's own failure, at the root) concerns the whole API.
      ...ours.map(result => ({
        rule: String(result.code),
        operations: affected(String(result.code), result.path) ?? ('all' as const),
      })),
      ...results
        .filter(result => !isRuleId(String(result.code)))
        .map(result => ({ rule: String(result.code), operations: [] })),
    ],
  );
  const findings: ReportFinding[] = ours.map(result => ({
    rule: String(result.code),
    severity: SEVERITIES[result.severity] ?? String(result.severity),
    message: result.message,
    path: result.path.join('.'),
    line: result.range.start.line + 1,
    ...(ownFile(result) ? {} : { file: reportPath(result.source ?? task.file, task.cwd) }),
  }));
  const info = isObject(root.info) ? root.info : {};
  return {
    file: name,
    status: 'linted',
    ...(typeof info.title === 'string' ? { title: info.title } : {}),
    ...(info.version !== undefined ? { version: stringOf(info.version) } : {}),
    openapi: root.swagger !== undefined ? `swagger ${stringOf(root.swagger)}` : `openapi ${stringOf(root.openapi)}`,
    ruleset: task.rulesetName,
    operations: scored.operations,
    ...(scored.score === undefined ? {} : { score: scored.score, level: scored.level }),
    areas: scored.areas,
    rules: scored.rules,
    otherFindings: scored.otherFindings,
    ...(deviations.length > 0 ? { deviations } : {}),
    findings,
    exceptions: exceptionsIn(isObject(resolved) ? resolved : root),
    ms: Math.round(performance.now() - start),
  };
}
