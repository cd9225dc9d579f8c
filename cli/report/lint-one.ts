/**
 * One API description of the report, linted as `spectral lint` lints it (its ruleset, its reading
 * of the text, `$ref`s resolved with the CLI's resolver) and scored (score.ts). Runs in a worker of
 * the pool (worker.ts); a document that cannot be read, parsed or is not OpenAPI is a row with its
 * reason, never an exception.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { Dict, isObject, stringOf } from '../../functions/lib/json';
import { notOpenApi } from '../shared/document';
import { sentence } from '../shared/files';
import { unusable } from '../shared/keyed';
import { LoadedRuleset, lintDocument, loadRuleset, readDocument } from '../shared/spectral';
import type { ApiResult, ReportFinding } from './model';
import { scoreApi } from './score';
import { exceptionsIn } from './exceptions';

const SEVERITIES = ['error', 'warning', 'information', 'hint'];

/** What a worker is asked: a description, the ruleset to lint it with, and the folder names are relative to. */
export interface LintTask {
  file: string;
  ruleset: string;
  /** How the ruleset is named in the report: its file relative to `cwd`, or `(built-in)`. */
  rulesetName: string;
  cwd: string;
}

const rulesets = new Map<string, Promise<LoadedRuleset>>();

const slash = (path: string): string => path.split('\\').join('/');

/** Where a file is, relative to the report's folder. */
export const shown = (file: string, cwd: string): string => slash(relative(cwd, file)) || file;

export async function lintOne(task: LintTask): Promise<ApiResult> {
  const start = performance.now();
  const name = shown(task.file, task.cwd);
  const row = (status: ApiResult['status'], reason: string): ApiResult => ({ file: name, status, reason });
  let text: string;
  try {
    text = readFileSync(task.file, 'utf8');
  } catch (error) {
    return row('unreadable', sentence(error, name));
  }
  const document = readDocument(text, task.file);
  const reason = unusable(document, text, name);
  if (reason !== undefined) {
    return row(notOpenApi(document.data, name) === reason ? 'not-openapi' : 'unparsable', reason);
  }
  let loaded = rulesets.get(task.ruleset);
  if (loaded === undefined) rulesets.set(task.ruleset, (loaded = loadRuleset(task.ruleset)));
  const { ruleset } = await loaded;
  let results: ISpectralDiagnostic[];
  let resolved: unknown;
  try {
    ({ results, resolved } = await lintDocument(ruleset, document));
  } catch (error) {
    return row('failed', `${name} could not be linted: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = document.data as Dict;
  const ownFile = (result: ISpectralDiagnostic): boolean => (result.source ?? task.file) === task.file;
  // A finding in another file of the description is placed by its own path there: it concerns the whole API.
  const scored = scoreApi(
    isObject(resolved) ? resolved : root,
    results.map(result => ({ rule: String(result.code), path: ownFile(result) ? result.path.map(String) : [] })),
  );
  const findings: ReportFinding[] = results
    .filter(result => scored.rules[String(result.code)] !== undefined)
    .map(result => ({
      rule: String(result.code),
      severity: SEVERITIES[result.severity] ?? String(result.severity),
      message: result.message,
      path: result.path.join('.'),
      line: result.range.start.line + 1,
      ...(ownFile(result) ? {} : { file: shown(result.source ?? task.file, task.cwd) }),
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
    score: scored.score,
    level: scored.level,
    areas: scored.areas,
    rules: scored.rules,
    otherFindings: scored.otherFindings,
    findings,
    exceptions: exceptionsIn(isObject(resolved) ? resolved : root),
    ms: Math.round(performance.now() - start),
  };
}
