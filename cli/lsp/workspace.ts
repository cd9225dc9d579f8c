/**
 * What the language server lints with, and what it last found: the ruleset `spectral lint` would use
 * in the workspace (`.spectral.yaml|yml|json|js` in its root folder, loaded by Spectral's bundler, so
 * a `.spectral.js` runs as it would under `spectral lint`), one lint at a time, and each open
 * document's last result with the version of the text it was computed on.
 */
import { dirname } from 'node:path';
import { LintFinding, LoadedRuleset, findRuleset, lintText, loadRuleset } from '../spectral';

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
}

export class Workspace {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly rulesets = new Map<string, Promise<LoadedRuleset>>();
  private readonly fixers = new Map<string, Promise<LoadedRuleset>>();

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

  /** A second copy for the fix engine, which adds the guard's rules to it while it fixes. */
  fixer(file: string): Promise<LoadedRuleset> {
    const at = this.rulesetFile(file);
    let loaded = this.fixers.get(at);
    if (loaded === undefined) this.fixers.set(at, (loaded = loadRuleset(at)));
    return loaded;
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

  /** Lints a document's text as `spectral lint` would (Spectral's YAML parser, so its ranges). */
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
