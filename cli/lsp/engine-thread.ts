/**
 * The engine in a thread of its own (worker.ts, through tinypool): the server's thread stays free to
 * answer while a 20 MB description is linted, and a lint whose text went stale is ended at once by
 * ending its thread (Spectral's run cannot be interrupted from within: it is one long computation).
 * Tasks run one at a time, in order, from a queue of our own, so that a task is checked against its
 * signal just before it starts: one cancelled while waiting never runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Cancelled, Engine, FixEdits, FixList, LintReport } from './engine';

/** The worker's script: beside dist/cli.js, or dist/ seen from this file in the source tree. */
function workerScript(): string {
  const script = [join(__dirname, 'lsp-worker.js'), join(__dirname, '../../dist/lsp-worker.js')].find(existsSync);
  if (script === undefined) throw new Error('dist/lsp-worker.js is missing; run npm run build');
  return script;
}

interface Pool {
  run(task: unknown, options: { name: string; signal?: AbortSignal }): Promise<unknown>;
  destroy(): Promise<void>;
}

interface Job {
  name: 'lint' | 'listFixes' | 'fixEdits' | 'forget';
  task: object;
  signal: AbortSignal | undefined;
  /** Whether a signal ends the job while it runs (by ending the thread), not only while it waits. */
  endable: boolean;
  settle: { resolve(value: unknown): void; reject(error: unknown): void };
}

export class EngineThread implements Engine {
  private readonly pool: Promise<Pool>;
  private readonly queue: Job[] = [];
  private running = false;
  /** Called when the thread was ended: what it kept (every document's last lint) is gone. */
  onRestart: () => void = () => undefined;

  constructor(private readonly root: string | undefined) {
    this.pool = (async () => {
      // tinypool is an ES module: imported, not required, from this CommonJS bundle.
      const { default: Tinypool } = await import('tinypool');
      // One thread, kept (with Spectral, the rulesets and the last lints) from one task to the next.
      return new Tinypool({
        filename: workerScript(),
        minThreads: 1,
        maxThreads: 1,
        isolateWorkers: false,
        idleTimeout: Number.MAX_SAFE_INTEGER,
      });
    })();
  }

  private submit<T>(name: Job['name'], task: object, signal: AbortSignal | undefined, endable: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        name,
        task: { root: this.root, ...task },
        signal,
        endable,
        settle: { resolve: resolve, reject },
      });
      void this.next();
    });
  }

  private async next(): Promise<void> {
    if (this.running) return;
    const job = this.queue.shift();
    if (job === undefined) return;
    this.running = true;
    try {
      // Checked as it starts: a job whose text went stale while it waited never runs.
      if (job.signal?.aborted === true) throw new Cancelled();
      const pool = await this.pool;
      const ended = job.endable ? job.signal : undefined;
      job.settle.resolve(
        await pool.run(job.task, { name: job.name, ...(ended === undefined ? {} : { signal: ended }) }),
      );
    } catch (error) {
      if (job.endable && job.signal?.aborted === true) {
        if (!(error instanceof Cancelled)) this.onRestart();
        job.settle.reject(new Cancelled());
      } else job.settle.reject(error);
    } finally {
      this.running = false;
      void this.next();
    }
  }

  lint(file: string, text: string, version: number, signal?: AbortSignal): Promise<LintReport> {
    return this.submit('lint', { file, text, version }, signal, true);
  }

  listFixes(
    file: string,
    version: number,
    indexes: number[],
    fixAll: boolean,
    signal?: AbortSignal,
  ): Promise<FixList | undefined> {
    return this.submit('listFixes', { file, version, indexes, fixAll }, signal, false);
  }

  fixEdits(file: string, text: string, key: string | undefined, signal?: AbortSignal): Promise<FixEdits> {
    return this.submit('fixEdits', { file, text, key }, signal, false);
  }

  forget(file: string): Promise<void> {
    return this.submit('forget', { file }, undefined, false);
  }

  async close(): Promise<void> {
    await (await this.pool).destroy();
  }
}
