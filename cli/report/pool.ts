/**
 * Linting many descriptions on all cores: a tinypool of worker threads (dist/report-worker.js), a
 * time limit per description (its worker is ended and the row says so), and a progress line on a
 * terminal. A worker that fails is a row with the reason, never the end of the report.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResult } from './model';
import type { LintTask } from './lint-one';
import { reportPath } from './lint-one';
import { progressLine } from './progress';

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
  /** Each thread's heap limit in MB (`--heap`, HEAP_MB by default). */
  heapMb: number;
  /** Where a sentence goes when a description is linted again without the limit (standard error). */
  notes?: NodeJS.WritableStream;
}

/** Descriptions larger than this are linted one at a time, each in a thread of its own. */
const HEAVY_BYTES = 10_000_000;
/** While one of those runs, the other threads lint only descriptions up to this size. */
const LIGHT_BYTES = 1_000_000;
/**
 * Each thread's heap limit (V8's old generation), so that its garbage is collected before the heap
 * grows past it: V8 otherwise lets a lint's heap grow to about twice what the lint keeps. Microsoft
 * Graph's beta description (47 MB) keeps 400 MB and peaked at 862 MB under this limit, 1.37 GB
 * without (measured 27 November 2026). A description that needs more is linted again without one.
 */
export const HEAP_MB = 900;
/** A lint whose thread reached its heap limit. */
const OUT_OF_MEMORY = Symbol('out of memory');

/**
 * The next task for a free thread, taken out of `order` (largest first): the first, or while a heavy
 * description is being linted the first light one; 'wait' when only others are left, for the heavy
 * lint to end; 'done' when none is left.
 */
export function nextTask(order: number[], sizes: number[], heavyRunning: boolean): number | 'wait' | 'done' {
  if (order.length === 0) return 'done';
  const at = heavyRunning ? order.findIndex(i => sizes[i] <= LIGHT_BYTES) : 0;
  return at < 0 ? 'wait' : order.splice(at, 1)[0];
}

/** A description's size in bytes (0 when it cannot be read: its lint fails fast anyway). */
export function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** A pool of worker threads, and the lints waiting on it (ended at once when a thread fails as it starts). */
interface WatchedPool {
  pool: { run(task: unknown, options: { signal: AbortSignal }): Promise<unknown> };
  waiting: Set<AbortController>;
  failure?: Error;
}

/** A tinypool watched: a thread that fails with no lint of its own (as it starts) ends the waiting lints with its error, never the report. */
function watched(
  pool: WatchedPool['pool'] & { on(event: 'error', listener: (error: Error) => void): unknown },
): WatchedPool {
  const watching: WatchedPool = { pool, waiting: new Set() };
  pool.on('error', error => {
    watching.failure = error;
    for (const controller of watching.waiting) controller.abort();
  });
  return watching;
}

const outOfMemory = (error: unknown): boolean =>
  (error as { code?: unknown } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/** One description through the pool, ended when its time is up; OUT_OF_MEMORY when its thread reached its heap limit. */
async function lintWithin(
  watching: WatchedPool,
  task: LintTask,
  seconds: number,
): Promise<ApiResult | typeof OUT_OF_MEMORY> {
  const controller = new AbortController();
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    controller.abort();
  }, seconds * 1000);
  watching.waiting.add(controller);
  try {
    return (await watching.pool.run(task, { signal: controller.signal })) as ApiResult;
  } catch (error) {
    const name = reportPath(task.file, task.cwd);
    if (late)
      return { file: name, status: 'timeout', reason: `${name} was not linted within ${seconds} s (--timeout)` };
    const cause = controller.signal.aborted ? watching.failure : error;
    if (outOfMemory(cause)) return OUT_OF_MEMORY;
    return {
      file: name,
      status: 'failed',
      reason: `${name} could not be linted: ${(cause as Error)?.message ?? String(cause)}`,
    };
  } finally {
    clearTimeout(timer);
    watching.waiting.delete(controller);
  }
}

export async function lintAll(tasks: LintTask[], options: PoolOptions): Promise<ApiResult[]> {
  // tinypool is an ES module: imported, not required, from this CommonJS bundle.
  const { default: Tinypool } = await import('tinypool');
  const threads = Math.min(options.jobs, Math.max(1, tasks.length));
  const tinypool = new Tinypool({
    filename: workerScript(),
    // Threads start as tasks need them, so that none idles with its memory beside a heavy lint.
    minThreads: 1,
    maxThreads: threads,
    // Spectral and the ruleset stay loaded in a worker from one description to the next.
    isolateWorkers: false,
    idleTimeout: 10_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  });
  const pool = watched(tinypool);
  const started = Date.now();
  let done = 0;
  let failed = 0;
  let bytesDone = 0;
  let current: string | undefined;
  /** The progress line, redrawn in place (the erase clears what a longer line before left). */
  const tick = (): void => {
    options.progress?.write(
      `\r${progressLine({ done, total: tasks.length, failed, elapsedMs: Date.now() - started, bytesDone, bytesTotal, current })}\x1b[K`,
    );
  };
  const results: ApiResult[] = new Array<ApiResult>(tasks.length);
  // The largest descriptions first, so that the longest lints do not start last (and leave one
  // core working alone at the end); each task is handed to the pool only when a thread is free, so
  // that its time limit counts its own lint, not its wait in the queue.
  const sizes = tasks.map(task => fileSize(task.file));
  const bytesTotal = sizes.reduce((a, b) => a + b, 0);
  const order = tasks.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  // A description over HEAVY_BYTES (Microsoft Graph's, 20 and 47 MB, each hundreds of MB) runs in a
  // thread of its own that ends with it, while the other threads lint only light descriptions (or
  // wait), so that the report's memory stays that of the heavy lint and a little more.
  const alone = new Set<Promise<void>>();
  const take = (): number | 'wait' | 'done' => nextTask(order, sizes, alone.size > 0);
  /** A description in a thread of its own (with the heap limit, or without), the others lighter meanwhile. */
  const lintAlone = async (index: number, limited: boolean): Promise<ApiResult | typeof OUT_OF_MEMORY> => {
    let ended: () => void = () => undefined;
    const running = new Promise<void>(resolve => (ended = resolve));
    alone.add(running);
    const own = new Tinypool({
      filename: workerScript(),
      minThreads: 1,
      maxThreads: 1,
      ...(limited ? { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } } : {}),
    });
    try {
      return await lintWithin(watched(own), tasks[index], options.timeout);
    } finally {
      alone.delete(running);
      ended();
      await own.destroy();
    }
  };
  const lintTask = async (index: number): Promise<ApiResult> => {
    const row =
      sizes[index] > HEAVY_BYTES ? await lintAlone(index, true) : await lintWithin(pool, tasks[index], options.timeout);
    if (row !== OUT_OF_MEMORY) return row;
    // A description that needs more than the limit: again, alone and without it.
    const name = reportPath(tasks[index].file, tasks[index].cwd);
    options.notes?.write(
      `${name}: over the threads' heap limit (--heap ${options.heapMb}); linted again without one\n`,
    );
    const again = await lintAlone(index, false);
    if (again !== OUT_OF_MEMORY) return again;
    return { file: name, status: 'failed', reason: `${name} could not be linted: out of memory` };
  };
  const runner = async (): Promise<void> => {
    for (let index = take(); index !== 'done'; index = take()) {
      if (index === 'wait') {
        await Promise.race(alone);
        continue;
      }
      current = reportPath(tasks[index].file, tasks[index].cwd);
      tick();
      results[index] = await lintTask(index);
      done++;
      bytesDone += sizes[index];
      if (results[index].status !== 'linted') failed++;
      tick();
    }
  };
  // The time so far and the estimate move on while a long lint runs.
  const clock = options.progress === undefined ? undefined : setInterval(tick, 1000).unref();
  try {
    await Promise.all(Array.from({ length: threads }, runner));
    return results;
  } finally {
    clearInterval(clock);
    if (options.progress !== undefined && tasks.length > 0) options.progress.write('\n');
    await tinypool.destroy();
  }
}
