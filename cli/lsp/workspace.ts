/**
 * What the language server lints with, and what it last found: the ruleset `spectral lint` would use
 * in the workspace (`.spectral.yaml|yml|json|js` in its root folder, loaded by Spectral's bundler, so
 * a `.spectral.js` runs as it would under `spectral lint`), one lint at a time, and each open
 * document's last result with the version of the text it was computed on.
 */
import { dirname } from 'node:path';
import { GuardedLint, lintEverything } from '../fix/engine';
import { openSource } from '../fix/source';
import {
  GUARD_FULL_BYTES,
  LintFinding,
  LoadedRuleset,
  addGuardRules,
  findRuleset,
  lintText,
  loadRuleset,
} from '../shared/spectral';

/** One lint of an open document's text. */
export interface DocumentLint {
  version: number;
  text: string;
  file: string;
  /** Every finding, with Spectral's ranges. */
  findings: LintFinding[];
  /** The resolved document the rules saw (the planner reads it). */
  resolved: unknown;
  /** The ruleset's rule pages, by rule id. */
  pages: Map<string, string>;
  /** Set while a newer text is being linted: its resolved document was let go. */
  stale?: boolean;
}

export class Workspace {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly rulesets = new Map<string, Promise<LoadedRuleset>>();
  private readonly fixers = new Map<string, Promise<LoadedRuleset>>();
  /** Per file, the fix engine's first lint of the text last asked for (made while the user picks an action). */
  private readonly guarded = new Map<string, { text: string; lint: Promise<GuardedLint> }>();

  constructor(private readonly root: string | undefined) {}

  /** The ruleset file for a document: the workspace root's, else the document's folder's, else ours. */
  rulesetFile(file: string): string {
    return findRuleset(undefined, this.root ?? dirname(file));
  }

  /** The loaded ruleset for a document (loaded once per ruleset file). */
  ruleset(file: string): Promise<LoadedRuleset> {
    const at = this.rulesetFile(file);
    let loaded = this.rulesets.get(at);
    if (loaded === undefined) this.rulesets.set(at, (loaded = loadRuleset(at)));
    return loaded;
  }

  /**
   * A copy for the fix engine, with the guard's rules as fix adds them for a text of this size (all of
   * them up to GUARD_FULL_BYTES, the cheap ones above), so that the diagnostics' ruleset has none.
   */
  fixer(file: string, size: number): Promise<LoadedRuleset> {
    const full = size <= GUARD_FULL_BYTES;
    const key = `${full ? 'full' : 'cheap'} ${this.rulesetFile(file)}`;
    let loaded = this.fixers.get(key);
    if (loaded === undefined) {
      loaded = loadRuleset(this.rulesetFile(file)).then(fixer => ({
        ...fixer,
        guard: addGuardRules(fixer.ruleset, full),
      }));
      this.fixers.set(key, loaded);
    }
    return loaded;
  }

  /** The fix engine's first lint of a text (with the guard's rules), made once per text and file. */
  guardedLint(file: string, text: string): Promise<GuardedLint> {
    const cached = this.guarded.get(file);
    if (cached?.text === text) return cached.lint;
    const lint = this.serially(async () =>
      lintEverything(await this.fixer(file, text.length), openSource(text, file), file),
    );
    // A text that cannot be linted is not cached: the fix says why.
    lint.catch(() => this.guarded.get(file)?.lint === lint && this.guarded.delete(file));
    this.guarded.set(file, { text, lint });
    return lint;
  }

  /** Forgets what was kept for a file the editor closed. */
  forget(file: string): void {
    this.guarded.delete(file);
  }

  /**
   * Runs a job after the ones before it: the baseline's recorder (a process-wide switch that fix sets
   * while it lints) must never be seen by another lint.
   */
  serially<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Lints a document's text as `spectral lint` would, with its ranges (readDocument: plain JSON without Spectral's parser). */
  lint(file: string, text: string, version: number): Promise<DocumentLint> {
    return this.serially(async () => {
      const loaded = await this.ruleset(file);
      const { findings, resolved } = await lintText(loaded.ruleset, { format: 'yaml', text, data: undefined }, file);
      const pages = new Map<string, string>();
      for (const [id, rule] of Object.entries(loaded.ruleset.rules)) {
        const url = (rule as { documentationUrl?: string | null }).documentationUrl;
        if (typeof url === 'string') pages.set(id, url);
      }
      return { version, text, file, findings, resolved, pages };
    });
  }
}
