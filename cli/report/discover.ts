/**
 * Which API descriptions a report covers, and the ruleset of each. A file named on the command line
 * (or matched by a glob) is always a row, whatever it holds; in a folder, the YAML and JSON files
 * that start as an OpenAPI or Swagger description does (`openapi:` or `swagger:` among their first
 * top-level keys) are, so that the files a multi-file description `$ref`s are not counted as APIs.
 */
import { closeSync, existsSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { UsageError, UserError } from '../shared/errors';

const DESCRIPTION_FILE = /\.(ya?ml|json)$/i;
/** Folders never searched: dependencies, version control, and hidden ones. */
const SKIPPED = /^(node_modules|\..*)$/;
/** How much of a file is read to tell a description from a fragment. */
const SNIFF_BYTES = 4096;

/** Whether a file's first bytes hold a top-level `openapi`/`swagger` key (YAML or JSON). */
function looksLikeDescription(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const text = buffer.toString('utf8', 0, readSync(fd, buffer, 0, SNIFF_BYTES, 0));
    return /^(?:openapi|swagger|["'](?:openapi|swagger)["'])\s*:/m.test(text) || /"(?:openapi|swagger)"\s*:/.test(text);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function descriptionsIn(folder: string, out: Set<string>): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.test(entry.name)) descriptionsIn(path, out);
    } else if (entry.isFile() && DESCRIPTION_FILE.test(entry.name) && looksLikeDescription(path)) out.add(path);
  }
}

/** The descriptions named by files, folders and globs, absolute, each once, in path order. */
export function discover(targets: string[], cwd: string): string[] {
  const found = new Set<string>();
  for (const target of targets) {
    // A name that exists is that file or folder, even when it reads as a glob (`Orders-API-(PII).json`).
    if (isDynamicPattern(target) && !existsSync(resolve(cwd, target))) {
      const matches = globSync(target, { cwd, absolute: true, onlyFiles: true, ignore: ['**/node_modules/**'] });
      if (matches.length === 0) throw new UserError(`${target} matches no file`);
      for (const match of matches) found.add(resolve(match));
      continue;
    }
    const path = resolve(cwd, target);
    // A path that does not exist is a usage error (exit 2), as for `spectral lint`: a typo in a CI
    // job's path must not be a green job of "0 linted".
    if (!existsSync(path)) throw new UserError(`${target} does not exist`);
    const folder = statSync(path).isDirectory();
    if (folder) descriptionsIn(path, found);
    else found.add(path);
  }
  return [...found].sort();
}

/** The ruleset `spectral lint` would use for a description: the nearest `.spectral.*` up from its folder. */
export function nearestRuleset(file: string, cache: Map<string, string | undefined>): string | undefined {
  const visited: string[] = [];
  let folder = dirname(file);
  let found: string | undefined;
  for (;;) {
    if (cache.has(folder)) {
      found = cache.get(folder);
      break;
    }
    visited.push(folder);
    let names: string[] = [];
    try {
      names = readdirSync(folder);
    } catch {
      // An unreadable folder has no ruleset we can use.
    }
    const name = names.find(candidate => Ruleset.isDefaultRulesetFile(candidate));
    if (name !== undefined) {
      found = join(folder, name);
      break;
    }
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const each of visited) cache.set(each, found);
  return found;
}

/** `--shard i/n`: the i-th of n deterministic shares of the descriptions (every n-th, in path order). */
export function shardOf<T>(items: T[], shard: { index: number; count: number } | undefined): T[] {
  return shard === undefined ? items : items.filter((_, i) => i % shard.count === shard.index - 1);
}

export function parseShard(value: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count)
    throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n (--shard 2/4), not ${value}`);
  return { index, count };
}
