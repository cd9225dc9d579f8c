/**
 * When each open document is linted: after a pause in typing (DEBOUNCE_MS), one lint per document at
 * a time, the version checked before the work starts, and a result computed on an older text never
 * shown over a newer one. A lint of a large text that went stale is ended at once (the engine's
 * thread is ended and started again); a small one is let finish, since starting the thread again
 * (Spectral and the ruleset loaded anew) costs more than the rest of its lint. A lint that takes long
 * shows the editor a progress notification (`window/workDoneProgress`).
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Cancelled, Engine, LintReport } from './engine';

/** How long the server waits after a change before linting: typing stays fast. */
export const DEBOUNCE_MS = 75;
/**
 * From this size a lint takes seconds (1 MB of YAML: 3 s, measured on this project's CI machine):
 * its progress is shown at once, and it is ended as soon as its text goes stale.
 */
const LONG_LINT_BYTES = 1_000_000;
/** A shorter lint shows progress only when it is still running after this long. */
const PROGRESS_AFTER_MS = 500;

/** A progress notification shown to the user, ended with `done`. */
export interface Progress {
  done(): void;
}

export interface SchedulerHooks {
  /** The document the editor holds now for a URI (undefined once closed). */
  current(uri: string): TextDocument | undefined;
  /** A lint of the current version is in. */
  linted(uri: string, lint: LintReport): void;
  /** A lint failed (not cancelled): said in the editor's log. */
  failed(uri: string, error: Error): void;
  /** Shows a progress notification with this message. */
  progress(message: string): Progress;
  /** Says something in the editor's log. */
  note(message: string): void;
}

interface Running {
  version: number;
  size: number;
  controller: AbortController;
  done: Promise<void>;
}

export const fileOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

export class LintScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly engine: Engine,
    private readonly hooks: SchedulerHooks,
  ) {}

  /** Lints the document's current text after `delay` ms (a newer call for the same document replaces it). */
  schedule(uri: string, delay: number): void {
    clearTimeout(this.timers.get(uri));
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        void this.start(uri);
      }, delay),
    );
  }

  /**
   * Forgets a closed document: its waiting lint does not run, and its running lint's result is
   * dropped (a long one is ended; a short one is let finish, as for a stale text).
   */
  close(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    const running = this.running.get(uri);
    if (running !== undefined && running.size >= LONG_LINT_BYTES) running.controller.abort();
  }

  private async start(uri: string): Promise<void> {
    const document = this.hooks.current(uri);
    const file = fileOf(uri);
    if (document === undefined || file === undefined) return;
    const before = this.running.get(uri);
    if (before !== undefined) {
      if (before.version === document.version) return;
      // A stale lint: ended at once when long, else let finish; either way this text is linted after it.
      if (before.size >= LONG_LINT_BYTES) {
        before.controller.abort();
        this.hooks.note(`the lint of ${basename(file)} (version ${before.version}) was ended: the text changed`);
      }
      await before.done;
      // A newer change meanwhile scheduled its own lint, or one started already.
      if (this.timers.has(uri) || this.running.has(uri)) return;
    }
    const now = this.hooks.current(uri);
    if (now === undefined) return;
    const text = now.getText();
    const controller = new AbortController();
    let finish: () => void = () => undefined;
    const running: Running = {
      version: now.version,
      size: text.length,
      controller,
      done: new Promise<void>(resolve => (finish = resolve)),
    };
    this.running.set(uri, running);
    let progress: Progress | undefined;
    const message = `Linting ${basename(file)}`;
    const showProgress = (): void => {
      progress ??= this.hooks.progress(message);
    };
    const timer = text.length >= LONG_LINT_BYTES ? undefined : setTimeout(showProgress, PROGRESS_AFTER_MS);
    if (timer === undefined) showProgress();
    try {
      const lint = await this.engine.lint(file, text, now.version, controller.signal);
      // A result computed on an older text is never shown over a newer one.
      if (!controller.signal.aborted && this.hooks.current(uri)?.version === lint.version) this.hooks.linted(uri, lint);
    } catch (error) {
      if (!(error instanceof Cancelled)) this.hooks.failed(uri, error as Error);
    } finally {
      clearTimeout(timer);
      progress?.done();
      this.running.delete(uri);
      finish();
    }
  }
}
