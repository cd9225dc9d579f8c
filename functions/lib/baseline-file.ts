/**
 * The baseline file (`.spectral-baseline.json`): known findings that a ruleset with the baseline
 * leaves out (docs/baseline.md). This module is its format, shared by the `baseline` command and
 * the filter in the ruleset (baseline-filter.ts): a defect's key, its location, files relative to the
 * baseline, and reading and writing the file. Nothing here has state or reads a file.
 *
 * A defect's key is (file, rule, location, message): the file it lands in, relative to the baseline
 * file; the rule id; its JSON pointer in that file with array indices as `*`, or as `name@in` for a
 * parameter-like element (so that inserting a parameter moves nothing); and the defect's own
 * message, before `onePerPlace` merges the defects of one place into one finding. The baseline
 * holds a count per key: that many defects with the key are suppressed, any more are reported.
 *
 * It runs inside `dist/ruleset.js` too, so it imports nothing but the helper layer: paths are
 * handled without Node's `path` (the ruleset runs in the editor as well).
 */
import { isObject, isString, JsonPath, resolvePointer } from './json';
import { escapeToken } from './pointer';

export const BASELINE_FILE = '.spectral-baseline.json';

/** One defect as the baseline sees it; `file` is absolute (as Spectral names sources) until written. */
export interface DefectKey {
  file: string;
  rule: string;
  location: string;
  message: string;
}

/** Counts by `baselineKey(file relative to the baseline, rule, location, message)`. */
export type Counts = Map<string, number>;

export const baselineKey = (file: string, rule: string, location: string, message: string): string =>
  JSON.stringify([file, rule, location, message]);

export const partsOf = (key: string): [string, string, string, string] =>
  JSON.parse(key) as [string, string, string, string];

// ---------------------------------------------------------------------------------------------
// Paths, without Node's `path` (the ruleset runs in the editor too)

/** A URL: a scheme of two letters or more and `://` (`C://p` is a Windows path with a doubled slash). */
export const isUrl = (path: string): boolean => /^[a-z][a-z0-9+.-]+:\/\//i.test(path);
export const isAbsolute = (path: string): boolean => path.startsWith('/') || /^[a-z]:\//i.test(path);

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

/** The folder of a path; of a root (`/`, `C:/`) the root itself, of a bare name `.`. */
export const dirname = (path: string): string => {
  const normal = normalize(path);
  const cut = normal.lastIndexOf('/');
  const root = /^([a-z]:)?\//i.exec(normal)?.[0].length ?? 0;
  return cut < root ? normal.slice(0, cut + 1) || '.' : normal.slice(0, cut);
};

export const join = (dir: string, path: string): string =>
  isAbsolute(normalize(path)) || isUrl(path) ? normalize(path) : normalize(`${dir}/${path}`);

/** `file` relative to the folder `dir`, with forward slashes; a URL, or a file on another drive, as it is. */
export function relativeTo(dir: string, file: string): string {
  if (file === '' || isUrl(file)) return file;
  const from = normalize(dir).split('/').filter(Boolean);
  const to = normalize(file).split('/').filter(Boolean);
  if (/^[a-z]:$/i.test(from[0] ?? '')) {
    if (from[0].toLowerCase() !== (to[0] ?? '').toLowerCase()) return normalize(file);
    to[0] = from[0]; // one drive, whatever the case of its letter (Spectral writes `c:`, Node's cwd `C:`)
  }
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

// ---------------------------------------------------------------------------------------------
// Locations

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

const ABOUT =
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
          counts.set(baselineKey(file, rule, location, message), count as number);
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
