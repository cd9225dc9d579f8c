// cli/shared/json-ranges.ts (how the language server reads a JSON description without Spectral's
// YAML parser) against that parser on the corpus's JSON descriptions: for each, whether it reads the
// text, and where it does, that Spectral's parser has nothing to say of it, the same data, and the
// same range for every path (up to --paths per description, default 20,000) and for a path past
// each collection's members. Prints the counts; exits 1 on any difference.
//   node scripts/json-ranges-corpus.mjs [--sample N] [--paths N]
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CACHE, ROOT, corpusDescriptions, corpusSample } from './data.mjs';

const require = createRequire(import.meta.url);
const { getLocationForJsonPath, parseWithPointers } = require('@stoplight/yaml');
const argv = process.argv.slice(2);
/** @param {string} name */
const option = name => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : undefined);
const SAMPLE = option('--sample');
const PATHS = option('--paths') ?? 20_000;

const work = mkdtempSync(join(tmpdir(), 'json-ranges-'));
const bundle = join(work, 'json-ranges.cjs');
const built = await build({
  entryPoints: [join(ROOT, 'cli/shared/json-ranges.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  write: false,
  logLevel: 'warning',
});
writeFileSync(bundle, built.outputFiles[0].text);
/** @type {{ plainJson(text: string): { data: unknown, range(path: (string | number)[]): unknown } | undefined }} */
const { plainJson } = require(bundle);
rmSync(work, { recursive: true, force: true });

/**
 * @param {unknown} value
 * @param {(string | number)[]} path
 * @returns {Generator<(string | number)[]>}
 */
function* paths(value, path = []) {
  yield path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* paths(value[i], [...path, i]);
    yield [...path, value.length];
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) yield* paths(member, [...path, key]);
    yield [...path, 'not-there', 'deeper'];
  }
}

const all = corpusDescriptions()
  .map(doc => doc.path)
  .filter(path => path.endsWith('.json'));
const files = SAMPLE === undefined ? all : corpusSample(all, SAMPLE);
let read = 0;
let left = 0;
let compared = 0;
const differences = [];
const started = Date.now();
let spectralMs = 0;
let oursMs = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  let at = Date.now();
  const ours = plainJson(text);
  oursMs += Date.now() - at;
  if (ours === undefined) {
    left++;
    continue;
  }
  read++;
  at = Date.now();
  const spectral = parseWithPointers(text);
  spectralMs += Date.now() - at;
  const name = relative(CACHE, file);
  if (spectral.diagnostics.length > 0)
    differences.push(`${name}: Spectral's parser: ${spectral.diagnostics[0].message}`);
  if (JSON.stringify(ours.data) !== JSON.stringify(spectral.data)) differences.push(`${name}: data differs`);
  let n = 0;
  for (const path of paths(spectral.data)) {
    if (++n > PATHS) break;
    compared++;
    const theirs = JSON.stringify(getLocationForJsonPath(spectral, path, true)?.range);
    const mine = JSON.stringify(ours.range(path));
    if (theirs !== mine) {
      differences.push(`${name} ${JSON.stringify(path)}: Spectral ${theirs}, json-ranges ${mine}`);
      break;
    }
  }
}
for (const difference of differences.slice(0, 20)) console.log(difference);
console.log(
  `${files.length} JSON descriptions: ${read} read without Spectral's parser, ${left} left to it; ` +
    `${compared} paths compared, ${differences.length} differences; ` +
    `reading ${(oursMs / 1000).toFixed(1)} s against Spectral's parser ${(spectralMs / 1000).toFixed(1)} s ` +
    `on the ones read (${((Date.now() - started) / 1000).toFixed(0)} s in all)`,
);
process.exit(differences.length > 0 ? 1 : 0);
