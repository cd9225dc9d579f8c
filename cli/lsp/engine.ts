/**
 * The language server's engine: what it lints with (the ruleset `spectral lint` would use in the
 * workspace: `.spectral.yaml|yml|json|js` in its root folder, loaded by Spectral's bundler, so a
 * `.spectral.js` runs as it would under `spectral lint`), each open document's last lint, and the
 * fixes listed and made on it by the fix engine. It runs in a thread of its own (engine-thread.ts,
 * worker.ts), so that a lint of a stale text can be ended at once; everything it takes and gives
 * is plain data, copied between the threads.
 */
import { dirname } from 'node:path';
import { FileResult, GuardedLint, fixText, lintEverything, openForFix, parseFailureOf } from '../fix/engine';
import { findingKey } from '../fix/guard';
import { isFixed, isUnsafe, plan, planOptionsFor } from '../fix/plan';
import { ParseFailure, Source } from '../fix/text';
import {
  GUARD_FULL_BYTES,
  LintFinding,
  LoadedRuleset,
  addGuardRules,
  findRuleset,
  lintText,
  loadRuleset,
} from '../shared/spectral';
import type { TextEdit } from 'vscode-languageserver';
import { textEditsFor } from './edits';
import { fixTitle } from './titles';

/** What a lint of an open document gives the server. */
export interface LintReport {
  file: string;
  /** The version of the text it was computed on. */
  version: number;
  /** Every finding, with Spectral's ranges. */
  findings: LintFinding[];
  /** The ruleset's rule pages, by rule id. */
  pages: Map<string, string>;
}

/**
 * A quick fix listed for the finding at `index` of the lint: enabled with its title and key, or
 * disabled with fix's reason.
 */
type FixListing = { index: number; title: string } & ({ key: string; preferred: boolean } | { disabled: string });

/** The quick fixes of some findings of a lint, and whether fix-all may be offered. */
export interface FixList {
  fixes: FixListing[];
  fixAll: boolean;
}

/** The edits of a fix on the text the editor holds, or why there are none. */
export type FixEdits = { edits: TextEdit[] } | { reason: string };

/** The engine, as the server sees it: in this thread (tests) or in a thread of its own (engine-thread.ts). */
export interface Engine {
  lint(file: string, text: string, version: number, signal?: AbortSignal): Promise<LintReport>;
  /**
   * The fixes of the last lint's findings at `indexes`, and (when `fixAll` asks) whether fix-all may
   * be offered, when that lint is of `version` (undefined otherwise).
   */
  listFixes(
    file: string,
    version: number,
    indexes: number[],
    fixAll: boolean,
    signal?: AbortSignal,
  ): Promise<FixList | undefined>;
  /** A fix's edits (`key` a finding's, or undefined for every safe fix) on `text`. */
  fixEdits(file: string, text: string, key: string | undefined, signal?: AbortSignal): Promise<FixEdits>;
  /** Lets go of what was kept for a file the editor closed. */
  forget(file: string): Promise<void>;
  close(): Promise<void>;
}

/** One lint as the engine keeps it: the report, and what the planner reads. */
interface KeptLint extends LintReport {
  text: string;
  resolved: unknown;
  /** The text opened for the planner, or why fix would refuse it; made when first asked for. */
  opened?: { source: Source } | { refusal: string };
}

/** An error for a task whose text went stale before it started. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled: the text changed');
  }
}

/**
 * A refusal of fix without the file's name it starts with (the editor shows it on that file):
 * `api.yaml: is not OpenAPI…` → `is not OpenAPI…`, `api.yaml:4:3: Duplicate key: title` → `line 4:3: …`.
 */
function withoutFile(message: string, file: string): string {
  if (message.startsWith(`${file}: `)) return message.slice(file.length + 2);
  if (message.startsWith(`${file}:`)) return `line ${message.slice(file.length + 1)}`;
  return message;
}

const checked = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted === true) throw new Cancelled();
};

export class LocalEngine implements Engine {
  private readonly rulesets = new Map<string, Promise<LoadedRuleset>>();
  private readonly fixers = new Map<string, Promise<LoadedRuleset>>();
  private readonly lints = new Map<string, KeptLint>();
  /** Per file, the fix engine's first lint of the text last asked for (made while the user picks an action). */
  private readonly guarded = new Map<string, { text: string; lint: Promise<GuardedLint> }>();

  constructor(private readonly root: string | undefined) {}

  /** The ruleset file for a document: the workspace root's, else the document's folder's, else ours. */
  private rulesetFile(file: string): string {
    return findRuleset(undefined, this.root ?? dirname(file));
  }

  /** The loaded ruleset for a document (loaded once per ruleset file). */
  private ruleset(file: string): Promise<LoadedRuleset> {
    const at = this.rulesetFile(file);
    let loaded = this.rulesets.get(at);
    if (loaded === undefined) this.rulesets.set(at, (loaded = loadRuleset(at)));
    return loaded;
  }

  /**
   * A copy for the fix engine, with the guard's rules as fix adds them for a text of this size (all of
   * them up to GUARD_FULL_BYTES, the cheap ones above), so that the diagnostics' ruleset has none.
   */
  private fixer(file: string, size: number): Promise<LoadedRuleset> {
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
  private guardedLint(file: string, text: string): Promise<GuardedLint> {
    const cached = this.guarded.get(file);
    if (cached?.text === text) return cached.lint;
    const lint = (async () => lintEverything(await this.fixer(file, text.length), openForFix(text, file), file))();
    // A text that cannot be linted is not cached: the fix says why.
    lint.catch(() => this.guarded.get(file)?.lint === lint && this.guarded.delete(file));
    this.guarded.set(file, { text, lint });
    return lint;
  }

  /** Lints a document's text as `spectral lint` would, with its ranges (readDocument: plain JSON without Spectral's parser). */
  async lint(file: string, text: string, version: number, signal?: AbortSignal): Promise<LintReport> {
    checked(signal);
    // The last lint's resolved document is let go before the next is made (GitHub's holds hundreds of MB).
    this.lints.delete(file);
    const loaded = await this.ruleset(file);
    checked(signal);
    const { findings, resolved } = await lintText(loaded.ruleset, { format: 'yaml', text, data: undefined }, file);
    const pages = new Map<string, string>();
    for (const [id, rule] of Object.entries(loaded.ruleset.rules)) {
      const url = (rule as { documentationUrl?: string | null }).documentationUrl;
      if (typeof url === 'string') pages.set(id, url);
    }
    this.lints.set(file, { file, version, findings, pages, text, resolved });
    // The fix engine's copy of the ruleset loads meanwhile, so that the first quick fix need not wait for it.
    this.fixer(file, text.length).catch(() => undefined);
    return { file, version, findings, pages };
  }

  /** The lint's text opened for the planner, or why fix would refuse it (fix's own checks: fix/engine.ts). */
  private opened(lint: KeptLint): { source: Source } | { refusal: string } {
    if (lint.opened === undefined) {
      try {
        const source = openForFix(lint.text, lint.file);
        const failure = parseFailureOf(source, lint.findings, lint.file);
        lint.opened = failure === undefined ? { source } : { refusal: withoutFile(failure.message, lint.file) };
      } catch (error) {
        lint.opened = { refusal: withoutFile((error as Error).message, lint.file) };
      }
    }
    return lint.opened;
  }

  async listFixes(
    file: string,
    version: number,
    indexes: number[],
    wantsFixAll: boolean,
    signal?: AbortSignal,
  ): Promise<FixList | undefined> {
    checked(signal);
    const lint = this.lints.get(file);
    if (lint?.version !== version) return undefined;
    const fixAll =
      wantsFixAll && lint.findings.some(f => f.source === lint.file && isFixed(f.rule) && !isUnsafe(f.rule));
    const fixableAt = indexes.filter(i => lint.findings[i] !== undefined && isFixed(lint.findings[i].rule));
    const fixable = fixableAt.map(i => lint.findings[i]);
    if (fixable.length === 0 && !fixAll) return { fixes: [], fixAll: false };
    const text = this.opened(lint);
    if ('refusal' in text)
      return {
        fixes: fixableAt.map(index => ({ index, title: `Fix ${lint.findings[index].rule}`, disabled: text.refusal })),
        fixAll: false,
      };
    if (fixable.length === 0) return { fixes: [], fixAll };
    const loaded = await this.ruleset(lint.file);
    const { data } = text.source;
    const options = await planOptionsFor(lint.file, data, { unsafe: true, rules: [] }, loaded);
    const outcomes = plan(fixable, lint.file, data, lint.resolved, options);
    // The engine's first lint, made now while the user reads the list: resolving then lints once.
    if (outcomes.some(o => 'ops' in o)) this.guardedLint(lint.file, lint.text).catch(() => undefined);
    const fixes = outcomes.map((outcome, i): FixListing => {
      const [index, finding] = [fixableAt[i], fixable[i]];
      if ('reason' in outcome) return { index, title: `Fix ${finding.rule}`, disabled: outcome.reason };
      const title = fixTitle(finding.rule, outcome.ops);
      return { index, title, key: findingKey(finding), preferred: !isUnsafe(finding.rule) };
    });
    return { fixes, fixAll };
  }

  async fixEdits(file: string, text: string, key: string | undefined, signal?: AbortSignal): Promise<FixEdits> {
    checked(signal);
    let result: FileResult;
    try {
      const first = await this.guardedLint(file, text);
      // Kept no longer than this fix: the edit changes the text, and the lint holds a whole resolved document.
      this.guarded.delete(file);
      checked(signal);
      const request = key === undefined ? { unsafe: false, rules: [] } : { unsafe: true, rules: [], only: key };
      result = await fixText(await this.fixer(file, text.length), text, file, request, first);
    } catch (error) {
      if (error instanceof ParseFailure) return { reason: withoutFile(error.message, file) };
      throw error;
    }
    if (result.after === text) {
      const reason = key === undefined ? undefined : result.reasons.get(key);
      return { reason: reason ?? 'the finding is no longer there' };
    }
    return { edits: textEditsFor(result) };
  }

  forget(file: string): Promise<void> {
    this.guarded.delete(file);
    this.lints.delete(file);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
