/**
 * The language server's engine thread (built into dist/lsp-worker.js): tinypool calls these by name,
 * one task at a time (engine-thread.ts), on one LocalEngine per workspace root, which keeps the
 * rulesets and the last lints from one task to the next.
 */
import { FixEdits, FixList, LintReport, LocalEngine } from './engine';

const engines = new Map<string, LocalEngine>();
const engineFor = (root: string | undefined): LocalEngine => {
  let engine = engines.get(root ?? '');
  if (engine === undefined) engines.set(root ?? '', (engine = new LocalEngine(root)));
  return engine;
};

interface Task {
  root: string | undefined;
  file: string;
}

export const lint = (task: Task & { text: string; version: number }): Promise<LintReport> =>
  engineFor(task.root).lint(task.file, task.text, task.version);

export const listFixes = (
  task: Task & { version: number; indexes: number[]; fixAll: boolean },
): Promise<FixList | undefined> => engineFor(task.root).listFixes(task.file, task.version, task.indexes, task.fixAll);

export const fixEdits = (task: Task & { text: string; key: string | undefined }): Promise<FixEdits> =>
  engineFor(task.root).fixEdits(task.file, task.text, task.key);

export const forget = (task: Task): Promise<void> => engineFor(task.root).forget(task.file);
