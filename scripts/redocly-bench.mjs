// `npm run bench:redocly`: `redocly lint` with our plugin against `spectral lint` with an empty
// ruleset (Spectral's own floor: parsing, resolving, reporting nothing) on GitHub's REST
// description, in alternating rounds (which goes first alternates too: the machine's speed drifts,
// and a drift hits adjacent runs alike). Prints the medians of wall time and peak memory (maxRSS of
// the CLI's process, scripts/bench-rss.cjs) and the ratios plugin/floor, the median of the per-round
// ratios beside them. Options: --runs N (default 5), --document PATH, --synthetic N (a synthetic
// conforming description of N operations, scripts/synthetic.mjs, instead of GitHub's).
//
// `npm run bench:redocly -- --scale`: both engines, each with and without our rules, on synthetic
// conforming descriptions of 2,000 to 16,000 operations (--sizes 2000,4000,8000,16000; --runs N,
// default 1: Spectral takes minutes and over a gigabyte at 16,000): spectral lint with an empty
// ruleset and with ours, redocly lint with our plugin and with one rule that does nothing (Redocly's
// own floor). Within a round the four run back to back, in an order that turns round by round. Each
// run's load average (1 minute) is printed beside it; --json FILE writes every run, for
// scripts/redocly-plot.mjs. --only WORD: only the engines whose name holds it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureBuilt, githubDescription } from './data.mjs';
import { synthetic } from './synthetic.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const SCALE = argv.includes('--scale');
const RUNS = Number(option('--runs', SCALE ? 1 : 5));
const SYNTHETIC = option('--synthetic', undefined);
const SIZES = option('--sizes', '2000,4000,8000,16000').split(',').map(Number);
const JSON_OUT = option('--json', undefined);
const ONLY = option('--only', undefined);

ensureBuilt();
// dist/redocly.js is made by the same build as dist/ruleset.js. The synthetic descriptions (22 MB at
// 16,000 operations) and the configurations go to a folder of the system's temporary directory.
const work = join(tmpdir(), 'spectral-api-conventions-bench-redocly');
mkdirSync(work, { recursive: true });
const syntheticDocument = operations => {
  const path = join(work, `synthetic-${operations}.json`);
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(synthetic(Number(operations)), null, 2));
  return path;
};
const EMPTY = join(work, 'empty.spectral.yaml');
writeFileSync(EMPTY, 'rules: {}\n');
const OURS = join(work, 'ours.spectral.yaml');
writeFileSync(OURS, `extends: [${JSON.stringify(join(ROOT, 'dist/ruleset.js'))}]\n`);
const REDOCLY_CONFIG = join(work, 'redocly.yaml');
writeFileSync(
  REDOCLY_CONFIG,
  `plugins:\n  - ${JSON.stringify(join(ROOT, 'dist/redocly.js'))}\nextends:\n  - spectral-api-conventions/recommended\n`,
);
// Redocly's floor: a plugin of one rule that does nothing, and no other rule (`extends` names only it).
const NOOP_PLUGIN = join(work, 'noop-plugin.cjs');
writeFileSync(
  NOOP_PLUGIN,
  `const rule = () => ({ Root: { enter() {} } });
module.exports = () => ({ id: 'noop', rules: { oas3: { noop: rule }, oas2: { noop: rule } }, configs: { all: { rules: { 'noop/noop': 'warn' } } } });
`,
);
const NOOP_CONFIG = join(work, 'noop.redocly.yaml');
writeFileSync(NOOP_CONFIG, `plugins:\n  - ${JSON.stringify(NOOP_PLUGIN)}\nextends:\n  - noop/all\n`);

const SPECTRAL = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const spectral = ruleset => document => [
  SPECTRAL,
  'lint',
  '-r',
  ruleset,
  '-f',
  'json',
  '-o',
  join(work, 'spectral.json'),
  '--quiet',
  document,
];
const redocly = config => document => [
  REDOCLY,
  'lint',
  '--config',
  config,
  '--format',
  'json',
  '--max-problems',
  '1000000',
  document,
];
const ENGINES = SCALE
  ? {
      'spectral (empty ruleset)': spectral(EMPTY),
      'spectral (our ruleset)': spectral(OURS),
      'redocly (no-op rule)': redocly(NOOP_CONFIG),
      'redocly (our plugin)': redocly(REDOCLY_CONFIG),
    }
  : { 'spectral (empty ruleset)': spectral(EMPTY), 'redocly (our plugin)': redocly(REDOCLY_CONFIG) };

function run(args) {
  const load = loadavg()[0];
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--require', join(ROOT, 'scripts/bench-rss.cjs'), ...args], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    // No request of Redocly CLI's own (docs/ci.md, Redocly CLI): its usage data, and its check for a
    // newer version (made only when standard error is a terminal, which it is not here).
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = Number(/bench-maxrss-kb (\d+)/.exec(child.stderr)?.[1] ?? NaN) / 1024;
  const cpu = Number(/bench-cpu-ms (\d+)/.exec(child.stderr)?.[1] ?? NaN) / 1000;
  if (Number.isNaN(rss)) throw new Error(`no measurement: ${child.stderr.slice(0, 2000)}`);
  return { seconds, rss, cpu, load: Number(((load + loadavg()[0]) / 2).toFixed(2)) };
}

const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// --only redocly: the engines whose name holds the word (Redocly's at 16,000 operations in several
// rounds, where one round of Spectral's takes minutes).
const names = Object.keys(ENGINES).filter(name => ONLY === undefined || name.includes(ONLY));
const documents = SCALE
  ? SIZES.map(size => ({ label: `synthetic-${size}`, operations: size, path: syntheticDocument(size) }))
  : [
      {
        label: SYNTHETIC ? `synthetic-${SYNTHETIC}` : 'github',
        operations: SYNTHETIC ? Number(SYNTHETIC) : undefined,
        path: option('--document', undefined) ?? (SYNTHETIC ? syntheticDocument(SYNTHETIC) : githubDescription()),
      },
    ];
const report = {
  machine: {
    cores: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  date: new Date().toISOString(),
  runs: RUNS,
  /** @type {{ label: string, operations: number | undefined, results: Record<string, ReturnType<typeof run>[]> }[]} */
  documents: [],
};
console.log(
  `${RUNS} alternating round(s), ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)} at the start`,
);
for (const document of documents) {
  /** @type {Record<string, ReturnType<typeof run>[]>} */
  const results = Object.fromEntries(names.map(name => [name, []]));
  for (let round = 0; round < RUNS; round++) {
    // The order turns: each engine goes first in some round.
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) results[name].push(run(ENGINES[name](document.path)));
    process.stderr.write(`${document.label}: round ${round + 1}/${RUNS}\n`);
  }
  console.log(`${document.label}`);
  for (const name of names) {
    const runs = results[name];
    console.log(
      `  ${name.padEnd(26)} ${median(runs.map(r => r.seconds)).toFixed(2)} s   ${median(runs.map(r => r.rss)).toFixed(0)} MB   (times ${runs.map(r => `${r.seconds.toFixed(2)} s at load ${r.load}`).join(', ')})`,
    );
  }
  const [floor, plugin] = names.includes('spectral (empty ruleset)')
    ? [results['spectral (empty ruleset)'], results['redocly (our plugin)']]
    : [results['redocly (no-op rule)'], results['redocly (our plugin)']];
  const ratio = key => median(plugin.map(r => r[key])) / median(floor.map(r => r[key]));
  const perRound = key => median(plugin.map((r, i) => r[key] / floor[i][key]));
  // --only may leave out the plugin or its floor: then there is no ratio to give.
  if (plugin !== undefined && floor !== undefined)
    console.log(
      `  plugin/${names.includes('spectral (empty ruleset)') ? 'spectral' : 'redocly'} floor: time ${ratio('seconds').toFixed(2)}x (per round ${perRound('seconds').toFixed(2)}x), memory ${ratio('rss').toFixed(2)}x (per round ${perRound('rss').toFixed(2)}x)`,
    );
  report.documents.push({ label: document.label, operations: document.operations, results });
}
console.log(`load average ${loadavg()[0].toFixed(2)} at the end`);
if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify(report, null, 2)}\n`);
