// `npm run bench:redocly`: `redocly lint` with our plugin against `spectral lint` with an empty
// ruleset (Spectral's own floor: parsing, resolving, reporting nothing) on GitHub's REST
// description, in alternating rounds (which goes first alternates too: the machine's speed drifts,
// and a drift hits adjacent runs alike). Prints the medians of wall time and peak memory (maxRSS of
// the CLI's process, scripts/bench-rss.cjs) and the ratios plugin/floor, the median of the per-round
// ratios beside them. Options: --runs N (default 5), --document PATH, --synthetic N (a synthetic
// conforming description of N operations, scripts/synthetic.mjs, instead of GitHub's).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { CACHE, ROOT, ensureBuilt, githubDescription } from './data.mjs';
import { synthetic } from './synthetic.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 5));
const SYNTHETIC = option('--synthetic', undefined);

ensureBuilt();
// dist/redocly.js is made by the same build as dist/ruleset.js.
const work = join(CACHE, 'bench-redocly');
mkdirSync(work, { recursive: true });
const syntheticDocument = operations => {
  const path = join(work, `synthetic-${operations}.json`);
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(synthetic(Number(operations)), null, 2));
  return path;
};
const DOCUMENT = option('--document', undefined) ?? (SYNTHETIC ? syntheticDocument(SYNTHETIC) : githubDescription());
const EMPTY = join(work, 'empty.spectral.yaml');
writeFileSync(EMPTY, 'rules: {}\n');
const REDOCLY_CONFIG = join(work, 'redocly.yaml');
writeFileSync(
  REDOCLY_CONFIG,
  `plugins:\n  - ${JSON.stringify(join(ROOT, 'dist/redocly.js'))}\nextends:\n  - spectral-api-conventions/recommended\n`,
);

const ENGINES = {
  'spectral (empty ruleset)': [
    join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
    'lint',
    '-r',
    EMPTY,
    '-f',
    'json',
    '-o',
    join(work, 'spectral.json'),
    '--quiet',
    DOCUMENT,
  ],
  'redocly (our plugin)': [
    join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    '--config',
    REDOCLY_CONFIG,
    '--format',
    'json',
    '--max-problems',
    '1000000',
    DOCUMENT,
  ],
};

function run(args) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--require', join(ROOT, 'scripts/bench-rss.cjs'), ...args], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = Number(/bench-maxrss-kb (\d+)/.exec(child.stderr)?.[1] ?? NaN) / 1024;
  if (Number.isNaN(rss)) throw new Error(`no measurement: ${child.stderr.slice(0, 2000)}`);
  return { seconds, rss };
}

const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const names = Object.keys(ENGINES);
const results = Object.fromEntries(names.map(name => [name, []]));
for (let round = 0; round < RUNS; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) results[name].push(run(ENGINES[name]));
  process.stderr.write(`round ${round + 1}/${RUNS}\n`);
}

console.log(`${DOCUMENT.replace(`${CACHE}/`, '')}, ${RUNS} alternating rounds, ${cpus().length} cores`);
for (const name of names) {
  const runs = results[name];
  console.log(
    `  ${name.padEnd(26)} ${median(runs.map(r => r.seconds)).toFixed(2)} s   ${median(runs.map(r => r.rss)).toFixed(0)} MB   (times ${runs.map(r => r.seconds.toFixed(2)).join(', ')})`,
  );
}
const [floor, plugin] = names.map(name => results[name]);
const ratio = key => median(plugin.map(r => r[key])) / median(floor.map(r => r[key]));
const perRound = key => median(plugin.map((r, i) => r[key] / floor[i][key]));
console.log(
  `  plugin/floor: time ${ratio('seconds').toFixed(2)}x (per round ${perRound('seconds').toFixed(2)}x), memory ${ratio('rss').toFixed(2)}x (per round ${perRound('rss').toFixed(2)}x)`,
);
