/**
 * Quick fixes: for each of our findings under the cursor that `fix` can fix, a code action titled by
 * what it does, listed cheaply from the last lint by the planner (plan.ts), its edits computed when
 * chosen by the fix engine for that finding alone (engine.ts, with the guard), on the text the editor
 * holds. Where fix would refuse, the action is disabled with the reason.
 */
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { FileResult, fixText, parseFailureOf } from '../fix/engine';
import { findingKey } from '../fix/guard';
import { isFixed, isUnsafe, plan, planOptionsFor } from '../fix/plan';
import { openSource } from '../fix/source';
import { ParseFailure, Source } from '../fix/text';
import type { LintFinding } from '../shared/spectral';
import { textEditsFor } from './edits';
import { fixTitle } from './titles';
import { DocumentLint, Workspace } from './workspace';

export const FIX_ALL_KIND = 'source.fixAll.spectral-api-conventions';

/** What a code action carries to its resolve: the document, the version it was listed on, the finding. */
export interface ActionData {
  uri: string;
  version: number;
  /** findingKey of the finding, or undefined for fix-all. */
  key?: string;
}

/** Each lint's text opened for the planner, once (code actions are asked for at every cursor move). */
const opened = new WeakMap<DocumentLint, { source: Source } | { refusal: string }>();

/** The lint's text opened for the planner, or why fix would refuse it (fix's own check: engine.ts). */
function openedFor(lint: DocumentLint): { source: Source } | { refusal: string } {
  let result = opened.get(lint);
  if (result === undefined) {
    try {
      const source = openSource(lint.text, lint.file);
      const failure = parseFailureOf(source, lint.findings, lint.file);
      result = failure === undefined ? { source } : { refusal: failure.message.replace(`${lint.file}: `, '') };
    } catch (error) {
      result = { refusal: (error as Error).message.replace(`${lint.file}: `, '') };
    }
    opened.set(lint, result);
  }
  return result;
}

/** The code actions for our findings among `shown` (those under the cursor). */
export async function listActions(
  workspace: Workspace,
  lint: DocumentLint,
  uri: string,
  shown: { finding: LintFinding; diagnostic: Diagnostic }[],
): Promise<CodeAction[]> {
  const fixable = shown.filter(s => isFixed(s.finding.rule));
  if (fixable.length === 0) return [];
  const text = openedFor(lint);
  if ('refusal' in text)
    return fixable.map(({ finding, diagnostic }) => ({
      title: `Fix ${finding.rule}`,
      kind: 'quickfix',
      diagnostics: [diagnostic],
      disabled: { reason: text.refusal },
    }));
  const loaded = await workspace.ruleset(lint.file);
  const { data } = text.source;
  const options = await planOptionsFor(lint.file, data, { unsafe: true, rules: [] }, loaded);
  const outcomes = plan(
    fixable.map(s => s.finding),
    lint.file,
    data,
    lint.resolved,
    options,
  );
  // The engine's first lint, made now while the user reads the list: resolving then lints once.
  if (outcomes.some(o => 'ops' in o)) workspace.guardedLint(lint.file, lint.text).catch(() => undefined);
  return outcomes.map((outcome, i): CodeAction => {
    const { finding, diagnostic } = fixable[i];
    if ('reason' in outcome)
      return {
        title: `Fix ${finding.rule}`,
        kind: 'quickfix',
        diagnostics: [diagnostic],
        disabled: { reason: outcome.reason },
      };
    const actionData: ActionData = { uri, version: lint.version, key: findingKey(finding) };
    return {
      title: fixTitle(finding.rule, outcome.ops),
      kind: 'quickfix',
      diagnostics: [diagnostic],
      isPreferred: !isUnsafe(finding.rule),
      data: actionData,
    };
  });
}

/** The fix-all action (every safe fix), when the last lint has a finding a safe fix may fix. */
export function fixAllAction(lint: DocumentLint, uri: string): CodeAction | undefined {
  const any = lint.findings.some(f => f.source === lint.file && isFixed(f.rule) && !isUnsafe(f.rule));
  if (!any || 'refusal' in openedFor(lint)) return undefined;
  const actionData: ActionData = { uri, version: lint.version };
  return { title: 'Fix all safe spectral-api-conventions findings', kind: FIX_ALL_KIND, data: actionData };
}

/** The engine's result for an action, on the text the editor holds now. */
async function runFix(workspace: Workspace, file: string, text: string, key: string | undefined): Promise<FileResult> {
  const first = await workspace.guardedLint(file, text);
  // Kept no longer than this fix: the edit changes the text, and the lint holds a whole resolved document.
  workspace.forget(file);
  return workspace.serially(async () => {
    const request = key === undefined ? { unsafe: false, rules: [] } : { unsafe: true, rules: [], only: key };
    return fixText(await workspace.fixer(file, text.length), text, file, request, first);
  });
}

/** An action's edits on `text`, or why there are none. */
export async function resolveEdits(
  workspace: Workspace,
  file: string,
  text: string,
  key: string | undefined,
): Promise<{ edits: TextEdit[] } | { reason: string }> {
  let result: FileResult;
  try {
    result = await runFix(workspace, file, text, key);
  } catch (error) {
    if (error instanceof ParseFailure) return { reason: error.message.replace(`${file}: `, '') };
    throw error;
  }
  if (result.after === text) {
    const reason = key === undefined ? undefined : result.reasons.get(key);
    return { reason: reason ?? 'the finding is no longer there' };
  }
  return { edits: textEditsFor(result) };
}
