/**
 * Linting many descriptions on all cores: a tinypool of worker threads (dist/report-worker.js), a
 * time limit per description (its worker is ended and the row says so), and a progress line on a
 * terminal. A worker that fails is a row with the reason, never the end of the report.
 */
import { existsSync } from 'node:fs';
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

export async function lintAll(tasks: LintTask[], options: PoolOptions): Promise<ApiResult[]> {
  // tinypool is an ES module: imported, not required, from this CommonJS bundle.
  const { default: Tinypool } = await import('tinypool');
  const pool = new Tinypool({
    filename: workerScript(),
    minThreads: Math.min(options.jobs, Math.max(1, tasks.length)),
    maxThreads: Math.min(options.jobs, Math.max(1, tasks.length)),
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
  try {
    return await Promise.all(
      tasks.map(async task => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), options.timeout * 1000);
        let result: ApiResult;
        try {
          result = (await pool.run(task, { signal: controller.signal })) as ApiResult;
        } catch (error) {
          const name = shown(task.file, task.cwd);
          result = controller.signal.aborted
            ? {
                file: name,
                status: 'timeout',
                reason: `${name} was not linted within ${options.timeout} s (--timeout)`,
              }
            : {
                file: name,
                status: 'failed',
                reason: `${name} could not be linted: ${(error as Error)?.message ?? String(error)}`,
              };
        } finally {
          clearTimeout(timer);
        }
        done++;
        if (result.status !== 'linted') failed++;
        tick();
        return result;
      }),
    );
  } finally {
    if (options.progress !== undefined && tasks.length > 0) options.progress.write('\n');
    await pool.destroy();
  }
}
