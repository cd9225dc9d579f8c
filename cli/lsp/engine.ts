/**
 * The language server's engine: what it lints with (the ruleset `spectral lint` would use in the
 * workspace: `.spectral.yaml|yml|json|js` in its root folder, loaded by Spectral's bundler, so a
 * `.spectral.js` runs as it would under `spectral lint`), each open document's last lint, and the
 * fixes listed and made on it by the fix engine. It runs in a thread of its own (engine-thread.ts,
 * worker.ts), so that a lint of a stale text can be ended at once; everything it takes and gives
 * is plain data, copied between the threads.
 */
import { dirname } from 'node:path';
import {
  FileResult,
  GuardedLint,
  Opened,
  ParseFailure,
  firstLint,
  fixText,
  guardFor,
  guarded,
  isFixed,
  isUnsafe,
  openLinted,
  quickFixes,
} from '../fix-engine';
import { LintFinding, LoadedRuleset, findRuleset, lintText, loadRuleset } from '../shared/spectral';
import type { TextEdit } from 'vscode-languageserver';
import { textEditsFor } from './edits';

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
  opened?: Opened;
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
   * A copy for the fix engine, with the guard's rules as fix adds them for a text of this size, so
   * that the diagnostics' ruleset has none.
   */
  private fixer(file: string, size: number): Promise<LoadedRuleset> {
    const key = `${guardFor(size)} ${this.rulesetFile(file)}`;
    let loaded = this.fixers.get(key);
    if (loaded === undefined) {
      loaded = loadRuleset(this.rulesetFile(file)).then(fixer => guarded(fixer, size));
      this.fixers.set(key, loaded);
    }
    return loaded;
  }

  /** The fix engine's first lint of a text (with the guard's rules), made once per text and file. */
  private guardedLint(file: string, text: string): Promise<GuardedLint> {
    const cached = this.guarded.get(file);
    if (cached?.text === text) return cached.lint;
    const lint = (async () => firstLint(await this.fixer(file, text.length), text, file))();
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

  /** The lint's text opened for the planner, or why fix would refuse it (without the file's name). */
  private opened(lint: KeptLint): Opened {
    if (lint.opened === undefined) {
      const opened = openLinted(lint);
      lint.opened = 'refusal' in opened ? { refusal: withoutFile(opened.refusal, lint.file) } : opened;
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
    const listed = await quickFixes(await this.ruleset(lint.file), lint, text.source, fixable);
    // The engine's first lint, made now while the user reads the list: resolving then lints once.
    if (listed.some(fix => 'key' in fix)) this.guardedLint(lint.file, lint.text).catch(() => undefined);
    const fixes = listed.map((fix, i): FixListing => ({ index: fixableAt[i], ...fix }));
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
