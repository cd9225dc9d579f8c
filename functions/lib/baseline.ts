/**
 * The baseline: known findings, recorded in `.spectral-baseline.json`, that the rules leave out.
 *
 * A defect's key is (file, rule, location, message): the file it lands in, relative to the baseline
 * file; the rule id; its JSON pointer in that file with array indices as `*`, or as `name@in` for a
 * parameter-like element (so that inserting a parameter moves nothing); and the defect's own
 * message, before `onePerPlace` merges the defects of one place into one finding. The baseline
 * holds a count per key: that many defects with the key are suppressed, any more are reported.
 *
 * Everything here runs inside `dist/ruleset.js`, which imports nothing but `@stoplight/spectral-*`:
 * the file is read with `@stoplight/spectral-runtime`'s `readFile`, which the Spectral CLI and the
 * VS Code extension both provide.
 */
import { decodeSegmentFragment, readFile } from '@stoplight/spectral-runtime';
import type { IFunctionResult, RulesetFunction, RulesetFunctionContext } from '@stoplight/spectral-core';
import { isObject, isString, JsonPath, resolvePointer } from './json';

/** The baseline's name, where the `spectral-api-conventions/baseline` preset and the CLI look for it. */
export const BASELINE_FILE = '.spectral-baseline.json';

/** One defect as the baseline sees it; `file` is absolute (as Spectral names sources) until written. */
export interface DefectKey {
  file: string;
  rule: string;
  location: string;
  message: string;
}

/** Counts by `keyOf(file relative to the baseline, rule, location, message)`. */
export type Counts = Map<string, number>;

export const keyOf = (file: string, rule: string, location: string, message: string): string =>
  JSON.stringify([file, rule, location, message]);

export const partsOf = (key: string): [string, string, string, string] =>
  JSON.parse(key) as [string, string, string, string];

// ---------------------------------------------------------------------------------------------
// Paths, without Node's `path` (the ruleset runs in the editor too)

const isUrl = (path: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
const isAbsolute = (path: string): boolean => path.startsWith('/') || /^[a-z]:\//i.test(path);

/** Forward slashes, `.` and `..` folded; a URL stays as it is. */
export function normalize(path: string): string {
  if (isUrl(path)) return path;
  const slashed = path.replace(/\\/g, '/');
  const root = /^([a-z]:)?\//i.exec(slashed)?.[0] ?? '';
  const out: string[] = [];
  for (const part of slashed.slice(root.length).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part !== '..' || root === '') out.push(part);
  }
  return root + out.join('/');
}

export const dirname = (path: string): string => {
  const normal = normalize(path);
  const cut = normal.lastIndexOf('/');
  return cut <= 0 ? normal.slice(0, cut + 1) || '.' : normal.slice(0, cut) || '/';
};

export const join = (dir: string, path: string): string =>
  isAbsolute(normalize(path)) || isUrl(path) ? normalize(path) : normalize(`${dir}/${path}`);

/** `file` relative to the folder `dir`, with forward slashes; a URL, or a file on another drive, as it is. */
export function relativeTo(dir: string, file: string): string {
  if (file === '' || isUrl(file)) return file;
  const from = normalize(dir).split('/').filter(Boolean);
  const to = normalize(file).split('/').filter(Boolean);
  if (/^[a-z]:$/i.test(from[0] ?? '') && from[0].toLowerCase() !== (to[0] ?? '').toLowerCase()) return normalize(file);
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

// ---------------------------------------------------------------------------------------------
// Locations

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** An array element's token: `name@in` for a parameter-like object (seen through a local `$ref`), else `*`. */
function elementToken(element: unknown, root: unknown): string {
  let target = element;
  if (isObject(target) && isString(target.$ref)) target = resolvePointer(root, target.$ref)?.value;
  return isObject(target) && isString(target.name) && isString(target.in) ? `${target.name}@${target.in}` : '*';
}

/**
 * The location of a path in a document: its JSON pointer with array indices replaced, up to the
 * last key that exists (where Spectral reports a finding whose path goes further).
 */
export function locationOf(data: unknown, path: JsonPath): string {
  let node = data;
  let out = '';
  for (const key of path) {
    let token = String(key);
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(token) || Number(token) >= node.length) break;
      node = node[Number(token)];
      token = elementToken(node, data);
    } else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) {
      node = node[token];
    } else {
      break;
    }
    out += `/${escapeToken(token)}`;
  }
  return out;
}

/** The file a finding at `path` (in the resolved document) lands in, and its location there, as Spectral places it. */
export function placeOf(path: JsonPath, context: RulesetFunctionContext): { file: string; location: string } {
  const decoded = path.map(decodeSegmentFragment);
  // A rule that reads the document as written (all of ours): Spectral keeps the finding in it.
  if (context.rule.resolved === false)
    return { file: context.document.source ?? '', location: locationOf(context.document.data, decoded) };
  const item = context.documentInventory.findAssociatedItemForPath(decoded, true);
  const document = item?.document ?? context.document;
  return { file: document.source ?? '', location: locationOf(document.data, item?.path ?? decoded) };
}

// ---------------------------------------------------------------------------------------------
// The file

export interface BaselineFile {
  about?: string;
  version: 1;
  /** The documents it was made from, relative to the baseline (what `baseline --update` lints again). */
  documents?: string[];
  /** file → rule → location → message → count */
  findings: Record<string, Record<string, Record<string, Record<string, number>>>>;
}

export const ABOUT =
  'Known findings of spectral-api-conventions, left out of its reports; see docs/baseline.md. Written by `npx spectral-api-conventions baseline`.';

/** A baseline's counts and documents, or an Error saying what is wrong with it, naming the file. */
export function parseBaseline(text: string, name: string): { counts: Counts; documents: string[] } {
  const fail = (what: string): never => {
    throw new Error(`${name} is not a spectral-api-conventions baseline: ${what}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(`invalid JSON (${(error as Error).message})`);
  }
  if (!isObject(data)) return fail('expected an object with "version": 1 and "findings"');
  if (data.version !== 1) fail(`expected "version": 1, not ${JSON.stringify(data.version)}`);
  const documents = data.documents ?? [];
  if (!Array.isArray(documents) || !documents.every(isString)) fail('"documents" must be a list of file names');
  if (!isObject(data.findings)) fail('"findings" must be an object: file → rule → location → message → count');
  const counts: Counts = new Map();
  for (const [file, rules] of Object.entries(data.findings as object)) {
    if (!isObject(rules)) fail(`findings[${JSON.stringify(file)}] must be an object of rules`);
    for (const [rule, locations] of Object.entries(rules as object)) {
      if (!isObject(locations)) fail(`findings[${JSON.stringify(file)}][${JSON.stringify(rule)}] must be an object`);
      for (const [location, messages] of Object.entries(locations as object)) {
        if (!isObject(messages)) fail(`the entry of ${rule} at ${file}#${location} must be an object of messages`);
        for (const [message, count] of Object.entries(messages as object)) {
          if (!Number.isInteger(count) || (count as number) < 1) {
            fail(
              `the count of ${rule} at ${file}#${location} must be a positive integer, not ${JSON.stringify(count)}`,
            );
          }
          counts.set(keyOf(file, rule, location, message), count as number);
        }
      }
    }
  }
  return { counts, documents: documents as string[] };
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The file's text: keys sorted at every level, one line per message, so that a change is a small diff. */
export function formatBaseline(counts: Counts, documents: string[]): string {
  const findings: BaselineFile['findings'] = {};
  for (const [key, count] of counts) {
    if (count < 1) continue;
    const [file, rule, location, message] = partsOf(key);
    ((findings[file] ??= {})[rule] ??= {})[location] ??= {};
    findings[file][rule][location][message] = count;
  }
  // Sorted at every level by code units, whatever the locale.
  const sortDeep = (value: unknown): unknown =>
    isObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort(byCodeUnits)
            .map(key => [key, sortDeep(value[key])]),
        )
      : value;
  const file: BaselineFile = {
    about: ABOUT,
    version: 1,
    documents: [...new Set(documents)].sort(byCodeUnits),
    findings: sortDeep(findings) as BaselineFile['findings'],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------
// Recording (the `baseline` command) and suppressing (the ruleset)

const RECORDER = Symbol.for('spectral-api-conventions.baseline.recorder');

/**
 * Set by the CLI while it lints: every defect is recorded, and left out when `record` returns true
 * (`check --since` leaves out the defects known at the merge base; `baseline` keeps them all).
 */
export interface Recorder {
  record(defect: DefectKey, root: string | null): boolean | void;
}

export function setRecorder(recorder: Recorder | undefined): void {
  (globalThis as Record<symbol, unknown>)[RECORDER] = recorder;
}

const recorder = (): Recorder | undefined => (globalThis as Record<symbol, unknown>)[RECORDER] as Recorder | undefined;

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

export interface Baseline {
  /** The path as configured: shown in the summary. */
  path: string;
  runs: WeakMap<object, Run>;
}

/** The run in force while a wrapped rule function runs (rule functions run synchronously once the baseline is read). */
let active: Run | undefined;

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
      if (dirname(dir) === dir || (inside && dir === top)) break;
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

export function createBaseline(path: string): Baseline {
  return { path, runs: new WeakMap() };
}

type AnyFunction = RulesetFunction<unknown, unknown> & { validator?: unknown };

/** A rule function that waits for the baseline, then runs with it in force (see `baselineFilter`). */
export function withBaseline(baseline: Baseline, fn: AnyFunction): AnyFunction {
  const wrapped: AnyFunction = (input, options, context) => {
    const run = runFor(baseline, context);
    const result = run.ready.then(() => {
      active = run;
      try {
        return fn(input, options, context);
      } finally {
        active = undefined;
      }
    });
    run.pending.push(result);
    return result;
  };
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  if (fn.validator !== undefined) wrapped.validator = fn.validator;
  return wrapped;
}

/** `baseline-suppressed`: how many findings the baseline left out of this document's report. */
export function suppressedSummary(baseline: Baseline): AnyFunction {
  return function baselineSuppressed(_input, _options, context) {
    const run = runFor(baseline, context);
    // Every rule function of this lint was called before any of them resumes: wait for them all.
    return run.ready
      .then(() => Promise.allSettled(run.pending))
      .then((): IFunctionResult[] => {
        const n = run.suppressed;
        if (run.error !== undefined || n === 0) return [];
        return [{ message: `${n} known finding${n === 1 ? '' : 's'} suppressed by ${baseline.path}`, path: [] }];
      });
  };
}

/** `baseline-invalid`: a baseline that is missing, unreadable or malformed; nothing is suppressed then. */
export function invalidBaseline(baseline: Baseline): AnyFunction {
  return function baselineInvalid(_input, _options, context) {
    const run = runFor(baseline, context);
    return run.ready.then((): IFunctionResult[] =>
      run.error === undefined ? [] : [{ message: `${run.error}; no finding was suppressed`, path: [] }],
    );
  };
}

/**
 * The hook in `documentRule`, between path mapping and merging: with a baseline in force, the
 * defects its counts cover are left out; while the `baseline` command records, every defect is
 * recorded and kept. Otherwise the defects pass untouched and nothing is computed.
 */
export function baselineFilter<D extends IFunctionResult>(defects: D[], context: RulesetFunctionContext): D[] {
  const recording = recorder();
  const run = active;
  if (defects.length === 0 || (recording === undefined && run?.counts === undefined)) return defects;
  // The Rule instance Spectral passes has its id as `name`.
  const rule = String((context.rule as { name?: unknown }).name ?? '');
  // The same defect twice at one place is one finding (onePerPlace): counted once, decided once.
  const decided = new Map<string, boolean>();
  const kept: D[] = [];
  for (const defect of defects) {
    const path = defect.path ?? context.path;
    const exact = `${path.join('\u0000')}\u0001${defect.message}`;
    let suppressed = decided.get(exact);
    if (suppressed === undefined) {
      const { file, location } = placeOf(path, context);
      if (recording !== undefined) {
        suppressed =
          recording.record({ file, rule, location, message: defect.message }, context.document.source) === true;
      } else {
        let relative = run!.relative.get(file);
        if (relative === undefined) run!.relative.set(file, (relative = relativeTo(dirname(run!.file!), file)));
        const key = keyOf(relative, rule, location, defect.message);
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
}

interface RuleDefinition {
  then: { function: AnyFunction } | { function: AnyFunction }[];
}

/**
 * `createRuleset({ baseline })`: every rule function waits for the baseline and leaves out what it
 * covers, and two rules say what happened: `baseline-suppressed` (info, at the root: how many
 * findings were left out) and `baseline-invalid` (error: the baseline could not be used).
 * Without a baseline the definition is returned as it is.
 */
export function applyBaseline<T extends { rules: object }>(path: string | undefined, definition: T): T {
  if (path === undefined) return definition;
  const baseline = createBaseline(path);
  const wrap = (then: { function: AnyFunction }) => ({ ...then, function: withBaseline(baseline, then.function) });
  const rules: Record<string, unknown> = Object.fromEntries(
    Object.entries(definition.rules as Record<string, RuleDefinition>).map(([id, rule]) => [
      id,
      { ...rule, then: Array.isArray(rule.then) ? rule.then.map(wrap) : wrap(rule.then) },
    ]),
  );
  rules['baseline-suppressed'] = {
    description: `How many known findings ${path} left out of this report.`,
    severity: 'info',
    given: '$',
    resolved: false,
    message: '{{error}}',
    then: { function: suppressedSummary(baseline) },
  };
  rules['baseline-invalid'] = {
    description: `The baseline ${path} can be read and used.`,
    severity: 'error',
    given: '$',
    resolved: false,
    message: '{{error}}',
    then: { function: invalidBaseline(baseline) },
  };
  return { ...definition, rules };
}
