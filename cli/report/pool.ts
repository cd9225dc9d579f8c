/**
 * Linting many descriptions on all cores: a tinypool of worker threads (dist/report-worker.js), a
 * time limit per description (its worker is ended and the row says so), and a progress line on a
 * terminal. A worker that fails is a row with the reason, never the end of the report.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResult } from './model';
import type { LintTask } from './lint-one';
import { shown } from './lint-one';

/** The worker's script: beside dist/cli.js, or dist/ seen from this file in the source tree. */
function workerScript(): string {
  const script = [join(__dirname, 'report-worker.js'), join(__dirname, '../../dist/report-worker.js')].find(existsSync);
  if (script === undefined) throw new Error('dist/report-worker.js is missing; run npm run build');
  return script;
}

export interface PoolOptions {
  jobs: number;
  /** Seconds per description. */
  timeout: number;
  /** Where the progress line goes (a terminal), or undefined for none. */
  progress?: NodeJS.WriteStream;
}

/** Descriptions larger than this are linted one at a time, each in a thread of its own. */
const HEAVY_BYTES = 10_000_000;

/** The size of a task's description (0 when it cannot be read: it fails fast anyway). */
function sizeOf(task: LintTask): number {
  try {
    return statSync(task.file).size;
  } catch {
    return 0;
  }
}

/** One description through the pool, ended when its time is up. */
async function lintWithin(
  pool: { run(task: unknown, options: { signal: AbortSignal }): Promise<unknown> },
  task: LintTask,
  seconds: number,
): Promise<ApiResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), seconds * 1000);
  try {
    return (await pool.run(task, { signal: controller.signal })) as ApiResult;
  } catch (error) {
    const name = shown(task.file, task.cwd);
    return controller.signal.aborted
      ? { file: name, status: 'timeout', reason: `${name} was not linted within ${seconds} s (--timeout)` }
      : {
          file: name,
          status: 'failed',
          reason: `${name} could not be linted: ${(error as Error)?.message ?? String(error)}`,
        };
  } finally {
    clearTimeout(timer);
  }
}

export async function lintAll(tasks: LintTask[], options: PoolOptions): Promise<ApiResult[]> {
  // tinypool is an ES module: imported, not required, from this CommonJS bundle.
  const { default: Tinypool } = await import('tinypool');
  const threads = Math.min(options.jobs, Math.max(1, tasks.length));
  const pool = new Tinypool({
    filename: workerScript(),
    minThreads: threads,
    maxThreads: threads,
    // Spectral and the ruleset stay loaded in a worker from one description to the next.
    isolateWorkers: false,
  });
  const started = Date.now();
  let done = 0;
  let failed = 0;
  const tick = (): void => {
    if (options.progress === undefined) return;
    const seconds = Math.round((Date.now() - started) / 1000);
    options.progress.write(`\r${done}/${tasks.length} descriptions linted, ${failed} not, ${seconds} s`);
  };
  const results: ApiResult[] = new Array<ApiResult>(tasks.length);
  // The largest descriptions first, so that the longest lints do not start last (and leave one
  // core working alone at the end); each task is handed to the pool only when a thread is free, so
  // that its time limit counts its own lint, not its wait in the queue.
  const sizes = tasks.map(sizeOf);
  const order = tasks.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  // A description over HEAVY_BYTES (Microsoft Graph's, 20 and 47 MB, needs 1.3 GB and more) runs
  // alone among the heavy ones, in a thread of its own that ends with it, so that two of them never
  // hold their memory at once and none is kept by a thread after it.
  let heavyRunning = false;
  const take = (): number | undefined => {
    const at = heavyRunning ? order.findIndex(i => sizes[i] <= HEAVY_BYTES) : 0;
    if (order.length === 0) return undefined;
    return at < 0 ? undefined : order.splice(at, 1)[0];
  };
  const runner = async (): Promise<void> => {
    for (let index = take(); index !== undefined; index = take()) {
      if (sizes[index] > HEAVY_BYTES) {
        heavyRunning = true;
        const own = new Tinypool({ filename: workerScript(), minThreads: 1, maxThreads: 1 });
        try {
          results[index] = await lintWithin(own, tasks[index], options.timeout);
        } finally {
          heavyRunning = false;
          await own.destroy();
        }
      } else results[index] = await lintWithin(pool, tasks[index], options.timeout);
      done++;
      if (results[index].status !== 'linted') failed++;
      tick();
    }
  };
  try {
    await Promise.all(Array.from({ length: threads }, runner));
    return results;
  } finally {
    if (options.progress !== undefined && tasks.length > 0) options.progress.write('\n');
    await pool.destroy();
  }
}
