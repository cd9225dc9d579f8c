/**
 * `--history <n>`: each description as it was in the last n commits that changed its folder (so that
 * a change to a `$ref`'d file beside it counts), read from git without touching the working copy:
 * each commit's files are unpacked into a temporary folder (`git archive`) and the description is
 * linted there, with today's ruleset, so that the trend measures the API against today's conventions.
 */
import { rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { commitsChanging, topFolder, unpack } from '../shared/git';
import type { LintTask } from './lint-one';
import type { ApiResult, HistoryPoint } from './model';

interface Commit {
  id: string;
  date: string;
}

/** The last `n` commits that changed the folder of `file`, newest first; none when git cannot say. */
function commitsOf(top: string, file: string, n: number): Commit[] {
  try {
    return commitsChanging(top, relative(top, dirname(file)) || '.', n);
  } catch {
    return [];
  }
}

export interface HistoryPlan {
  tasks: LintTask[];
  /** For each task, the row and commit it belongs to. */
  owners: { row: number; commit: Commit }[];
  /** Removes the unpacked commits. */
  cleanup(): void;
}

/** The lints that make the history of each linted row. */
export function planHistory(rows: ApiResult[], tasks: LintTask[], n: number): HistoryPlan {
  const unpacked = new Map<string, string>();
  const plan: HistoryPlan = {
    tasks: [],
    owners: [],
    cleanup: () => {
      for (const folder of unpacked.values()) rmSync(folder, { recursive: true, force: true });
    },
  };
  rows.forEach((row, index) => {
    if (row.status !== 'linted') return;
    const task = tasks[index];
    let top: string;
    try {
      top = topFolder(dirname(task.file));
    } catch {
      return;
    }
    for (const commit of commitsOf(top, task.file, n)) {
      const key = `${top}\0${commit.id}`;
      let folder = unpacked.get(key);
      if (folder === undefined) {
        folder = unpack(top, commit.id);
        unpacked.set(key, folder);
      }
      plan.tasks.push({ ...task, file: join(folder, relative(top, task.file)), cwd: folder });
      plan.owners.push({ row: index, commit });
    }
  });
  return plan;
}

/** Each row's history, oldest first, from the lints of the plan. */
export function attachHistory(rows: ApiResult[], plan: HistoryPlan, results: ApiResult[]): void {
  results.forEach((result, i) => {
    const { row, commit } = plan.owners[i];
    const point: HistoryPoint = { commit: commit.id, date: commit.date, status: result.status };
    if (result.status === 'linted') {
      point.score = result.score;
      point.level = result.level;
      point.findings = Object.values(result.rules ?? {}).reduce((a, b) => a + b, 0);
      point.areas = Object.fromEntries(Object.entries(result.areas ?? {}).map(([id, area]) => [id, area.share]));
    }
    (rows[row].history ??= []).unshift(point);
  });
}
