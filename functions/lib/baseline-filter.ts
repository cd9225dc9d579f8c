/**
 * The baseline in the engine: `createRuleset({ baseline })` wraps every rule function so that the
 * defects the baseline file counts (baseline-file.ts) are left out of the report, and adds the rules
 * `baseline-suppressed` and `baseline-invalid`. The filter reaches the rule functions through
 * `documentRule`'s filter hook (rule.ts: `withFilter`), not by an import of this module.
 *
 * The file is read with `@stoplight/spectral-runtime`'s `readFile`, which the Spectral CLI and the
 * VS Code extension both provide (`dist/ruleset.js` imports nothing but `@stoplight/spectral-*`).
 *
 * What it relies on from Spectral (pinned by test/baseline-lib.test.ts): the runner calls every rule
 * function of a document, in the ruleset's order, before any promise they return resumes, so that
 * `baseline-suppressed`, the last but one rule, sees every other rule's work under way.
 */
import { decodeSegmentFragment, readFile } from '@stoplight/spectral-runtime';
import type { IFunctionResult, RulesetFunction, RulesetFunctionContext } from '@stoplight/spectral-core';
import { JsonPath } from './json';
import type { DefectFilter } from './rule';
import {
  Counts,
  DefectKey,
  dirname,
  isAbsolute,
  isUrl,
  join,
  baselineKey,
  locationOf,
  normalize,
  parseBaseline,
  relativeTo,
} from './baseline-file';

/** The file a finding at `path` (in the resolved document) lands in, and its location there, as Spectral places it. */
function reportedLocation(path: JsonPath, context: RulesetFunctionContext): { file: string; location: string } {
  const decoded = path.map(decodeSegmentFragment);
  // A rule that reads the document as written (all of ours): Spectral keeps the finding in it.
  if (context.rule.resolved === false)
    return { file: context.document.source ?? '', location: locationOf(context.document.data, decoded) };
  const item = context.documentInventory.findAssociatedItemForPath(decoded, true);
  const document = item?.document ?? context.document;
  return { file: document.source ?? '', location: locationOf(document.data, item?.path ?? decoded) };
}

// ---------------------------------------------------------------------------------------------
// Recording (the `baseline` command) and suppressing (the ruleset)

/**
 * The recorders of the documents being linted, by the document's parsed data: one registry for every
 * copy of this module (the CLI's, and the one in `dist/ruleset.js` that Spectral runs), so that a
 * recorder travels with the document it was given for, and two lints at once never see each other's.
 */
const RECORDERS = Symbol.for('spectral-api-conventions.baseline.recorders');

/**
 * Given by the CLI with a document it lints: every defect is recorded, and left out when `record`
 * returns true (`check --since` leaves out the defects known at the merge base; `baseline` keeps them all).
 */
export interface Recorder {
  record(defect: DefectKey, root: string | null): boolean | void;
}

function recorders(): WeakMap<object, Recorder> {
  const global = globalThis as Record<symbol, WeakMap<object, Recorder> | undefined>;
  return (global[RECORDERS] ??= new WeakMap());
}

/**
 * Records the defects of a document's lint with `recorder`: `data` is what Spectral's document holds
 * (`document.data`, the parsed root). A document that is not an object or array has no rule to record.
 */
export function recordWith(data: unknown, recorder: Recorder): void {
  if (typeof data === 'object' && data !== null) recorders().set(data, recorder);
}

const recorderOf = (context: RulesetFunctionContext): Recorder | undefined => {
  const data: unknown = context.document.data;
  return typeof data === 'object' && data !== null ? recorders().get(data) : undefined;
};

/** One lint of one document against the baseline. */
interface Run {
  /** Settles once the baseline is read (or could not be). */
  ready: Promise<void>;
  /** Where it was read from, and its counts; `error` instead when it could not be used. */
  file?: string;
  counts?: Counts;
  error?: string;
  /** Files as the baseline names them: relative to its folder, by Spectral's source. */
  relative: Map<string, string>;
  used: Map<string, number>;
  suppressed: number;
  /** The wrapped rule functions under way on this document. */
  pending: Promise<unknown>[];
}

interface Baseline {
  /** The path as configured: shown in the summary. */
  path: string;
  runs: WeakMap<object, Run>;
}

const workingDirectory = (): string | undefined => {
  try {
    return typeof process !== 'undefined' && typeof process.cwd === 'function' ? process.cwd() : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The files to try, in order: an absolute path; a relative one against the working directory (as
 * `spectral lint` resolves the documents it is given), then against the linted document's folder
 * and each folder above it (the editor's language server runs in no particular folder). For a
 * document inside the working directory the walk stops there: a baseline above the project that
 * is linted is never used.
 */
function candidates(path: string, source: string | null): string[] {
  if (isAbsolute(normalize(path)) || isUrl(path)) return [normalize(path)];
  const out: string[] = [];
  const cwd = workingDirectory();
  if (cwd !== undefined) out.push(join(cwd, path));
  if (source !== null && source !== '' && !isUrl(source) && isAbsolute(normalize(source))) {
    const top = cwd === undefined ? undefined : normalize(cwd);
    const inside = top !== undefined && relativeTo(top, source).split('/')[0] !== '..';
    for (let dir = dirname(source); ; dir = dirname(dir)) {
      out.push(join(dir, path));
      if (dirname(dir) === dir || (inside && relativeTo(top, dir) === '')) break;
    }
  }
  return [...new Set(out)];
}

const isMissing = (error: unknown): boolean => /ENOENT|no such file/i.test(String((error as Error)?.message ?? error));

async function load(baseline: Baseline, run: Run, source: string | null): Promise<void> {
  const tried = candidates(baseline.path, source);
  for (const file of tried) {
    let text: string;
    try {
      text = await readFile(file, { encoding: 'utf8' });
    } catch (error) {
      if (isMissing(error) && file !== tried[tried.length - 1]) continue;
      run.error = isMissing(error)
        ? `baseline ${baseline.path} not found (looked for ${tried.join(', ')})`
        : `baseline ${file} could not be read: ${(error as Error)?.message ?? String(error)}`;
      return;
    }
    try {
      run.counts = parseBaseline(text, file).counts;
      run.file = file;
    } catch (error) {
      run.error = (error as Error).message;
    }
    return;
  }
  run.error = `baseline ${baseline.path} not found`;
}

function runFor(baseline: Baseline, context: RulesetFunctionContext): Run {
  let run = baseline.runs.get(context.document);
  if (run === undefined) {
    run = { relative: new Map(), used: new Map(), suppressed: 0, pending: [], ready: Promise.resolve() };
    baseline.runs.set(context.document, run);
    const started = run;
    started.ready = load(baseline, started, context.document.source).catch(error => {
      started.error = `baseline ${baseline.path} could not be read: ${String(error)}`;
    });
  }
  return run;
}

function createBaseline(path: string): Baseline {
  return { path, runs: new WeakMap() };
}

type AnyFunction = RulesetFunction<unknown, unknown> & {
  validator?: unknown;
  withFilter?: (filter: DefectFilter) => AnyFunction;
};

/** A rule function that waits for the baseline, then runs; its defects pass `defectFilter(baseline)`. */
function withBaseline(baseline: Baseline, fn: AnyFunction): AnyFunction {
  const wrapped: AnyFunction = (input, options, context) => {
    const run = runFor(baseline, context);
    const result = run.ready.then(() => fn(input, options, context));
    run.pending.push(result);
    return result;
  };
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  if (fn.validator !== undefined) wrapped.validator = fn.validator;
  return wrapped;
}

/** `baseline-suppressed`: how many findings the baseline left out of this document's report. */
function suppressedSummary(baseline: Baseline): AnyFunction {
  return function baselineSuppressed(_input, _options, context) {
    const run = runFor(baseline, context);
    // Every rule function of this lint was called before any of them resumes: wait for them all.
    return run.ready
      .then(() => Promise.allSettled(run.pending))
      .then((): IFunctionResult[] => {
        const n = run.suppressed;
        if (run.error !== undefined || n === 0) return [];
        return [{ message: `${n} known defect${n === 1 ? '' : 's'} suppressed by ${baseline.path}`, path: [] }];
      });
  };
}

/** `baseline-invalid`: a baseline that is missing, unreadable or malformed; nothing is suppressed then. */
function invalidBaseline(baseline: Baseline): AnyFunction {
  return function baselineInvalid(_input, _options, context) {
    const run = runFor(baseline, context);
    return run.ready.then((): IFunctionResult[] =>
      run.error === undefined ? [] : [{ message: `${run.error}; no finding was suppressed`, path: [] }],
    );
  };
}

/**
 * The filter given to `documentRule`'s hook (rule.ts), which it calls between path mapping and merging:
 * while the `baseline` command records, every defect is recorded and kept (nothing is suppressed,
 * with a baseline or without); with a baseline read for this document, the defects its counts
 * cover are left out. Otherwise the defects pass untouched and nothing is computed.
 */
function defectFilter(baseline: Baseline | undefined): DefectFilter {
  return <D extends IFunctionResult>(defects: D[], context: RulesetFunctionContext): D[] => {
    if (defects.length === 0) return defects;
    const recording = recorderOf(context);
    // The rule function runs once the baseline is read (withBaseline), so its counts are there by now.
    const run = baseline?.runs.get(context.document);
    if (recording === undefined && run?.counts === undefined) return defects;
    // The Rule instance Spectral passes has its id as `name`.
    const name = (context.rule as { name?: unknown }).name;
    const rule = typeof name === 'string' ? name : '';
    // The same defect twice at one place is one finding (onePerPlace): counted once, decided once.
    const decided = new Map<string, boolean>();
    const kept: D[] = [];
    for (const defect of defects) {
      const path = defect.path ?? context.path;
      const exact = `${path.join('\u0000')}\u0001${defect.message}`;
      let suppressed = decided.get(exact);
      if (suppressed === undefined) {
        const { file, location } = reportedLocation(path, context);
        if (recording !== undefined) {
          suppressed =
            recording.record({ file, rule, location, message: defect.message }, context.document.source) === true;
        } else {
          let relative = run!.relative.get(file);
          if (relative === undefined) run!.relative.set(file, (relative = relativeTo(dirname(run!.file!), file)));
          const key = baselineKey(relative, rule, location, defect.message);
          const used = run!.used.get(key) ?? 0;
          suppressed = used < (run!.counts!.get(key) ?? 0);
          if (suppressed) {
            run!.used.set(key, used + 1);
            run!.suppressed++;
          }
        }
        decided.set(exact, suppressed);
      }
      if (!suppressed) kept.push(defect);
    }
    return kept;
  };
}

interface RuleDefinition {
  then: { function: AnyFunction } | { function: AnyFunction }[];
}

/**
 * `createRuleset({ baseline })`: every rule function made with `documentRule` gets the baseline's
 * filter through its hook (`withFilter`), and waits for the baseline file before it runs; two rules
 * say what happened: `baseline-suppressed` (info, at the root: how many findings were left out) and
 * `baseline-invalid` (error: the baseline could not be used). Without a baseline the rule functions
 * get the filter that only records (for the `baseline` command), and no rule is added.
 */
export function applyBaseline<T extends { rules: object }>(path: string | undefined, definition: T): T {
  const baseline = path === undefined ? undefined : createBaseline(path);
  const filter = defectFilter(baseline);
  const wrap = (then: { function: AnyFunction }) => {
    const filtered = then.function.withFilter?.(filter) ?? then.function;
    return { ...then, function: baseline === undefined ? filtered : withBaseline(baseline, filtered) };
  };
  const rules: Record<string, unknown> = Object.fromEntries(
    Object.entries(definition.rules as Record<string, RuleDefinition>).map(([id, rule]) => [
      id,
      { ...rule, then: Array.isArray(rule.then) ? rule.then.map(wrap) : wrap(rule.then) },
    ]),
  );
  if (baseline === undefined) return { ...definition, rules };
  rules['baseline-suppressed'] = {
    description: `How many known defects ${baseline.path} left out of this report.`,
    severity: 'info',
    given: '$',
    resolved: false,
    message: '{{error}}',
    then: { function: suppressedSummary(baseline) },
  };
  rules['baseline-invalid'] = {
    description: `The baseline ${baseline.path} can be read and used.`,
    severity: 'error',
    given: '$',
    resolved: false,
    message: '{{error}}',
    then: { function: invalidBaseline(baseline) },
  };
  return { ...definition, rules };
}
