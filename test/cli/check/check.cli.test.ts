/**
 * `spectral-api-conventions check` through the real CLI (dist/cli.js): `--since` on a real git
 * repository this test builds (an upstream with `main`, a clone with a branch whose commit renames
 * a path, moves a `$ref`'d file, fixes a defect and adds one), the two recipes of docs/ci.md run as
 * written, the exit codes of docs/ci.md's table, and the top-level help.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { CodeQuality, parseCodeQuality, parseFindings, readPackageJson, readSarif } from '../../__helpers__/json';
import { ensureBuilt } from '../../__helpers__/built';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'dist/cli.js');
const PAGE = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');

const folders: string[] = [];
const temporary = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-check-'));
  folders.push(dir);
  return dir;
};

const run = (cwd: string, command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env, GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });
const git = (cwd: string, ...args: string[]): string => {
  const done = run(cwd, 'git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args]);
  if (done.status !== 0) throw new Error(`git ${args.join(' ')}: ${done.stderr}`);
  return done.stdout;
};
const check = (cwd: string, ...args: string[]) => run(cwd, process.execPath, [CLI, 'check', ...args]);

/** The package where `npx spectral-api-conventions` finds it: node_modules/ (git-ignored) linking this repository. */
function install(dir: string): void {
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules/spectral-api-conventions'), 'dir');
  symlinkSync(CLI, join(dir, 'node_modules/.bin/spectral-api-conventions'));
}

/** The defects fixture as openapi.yaml at the top of a repository, its registries beside it. */
function firstCommit(dir: string): void {
  const beside = (text: string) => text.replace(/\.\.\/registry\//g, 'registry/');
  writeFileSync(join(dir, 'openapi.yaml'), beside(readFileSync(join(ROOT, 'fixtures/defects.yaml'), 'utf8')));
  writeFileSync(
    join(dir, 'defects-registry.yaml'),
    beside(readFileSync(join(ROOT, 'fixtures/defects-registry.yaml'), 'utf8')),
  );
  mkdirSync(join(dir, 'registry'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(dir, 'registry/problem-details.yaml'));
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n');
}

const NEW_OPERATION =
  "  /clinical/labs/v1/new:\n    get:\n      security: []\n      responses:\n        '200':\n          description: OK\n";

/**
 * The branch's commit, as text edits: /clinical/labs/v1/a renamed to /clinical/billing/v1/a (its
 * finding moves), defects-registry.yaml moved into shared/ (git sees a rename; the $refs follow), a
 * 403 added to /clinical/labs/v1/b (its defect fixed), and a new operation without error responses.
 */
function secondCommit(dir: string): void {
  git(dir, 'checkout', '-q', '-b', 'feature');
  mkdirSync(join(dir, 'shared'));
  git(dir, 'mv', 'defects-registry.yaml', 'shared/defects-registry.yaml');
  const registry = join(dir, 'shared/defects-registry.yaml');
  writeFileSync(registry, readFileSync(registry, 'utf8').replace(/'registry\//g, "'../registry/"));
  const file = join(dir, 'openapi.yaml');
  const text = readFileSync(file, 'utf8')
    .replace("'defects-registry.yaml#", "'shared/defects-registry.yaml#")
    .replace('\n  /clinical/labs/v1/a:\n', '\n  /clinical/billing/v1/a:\n')
    .replace(
      '  /clinical/labs/v1/b:\n    get:\n      summary: error-responses-secured - no 403\n      responses:\n',
      "  /clinical/labs/v1/b:\n    get:\n      summary: error-responses-secured - no 403\n      responses:\n        '403':\n          $ref: 'registry/problem-details.yaml#/components/responses/Forbidden'\n",
    )
    .replace('\n  /clinical/labs/v1/c:\n', `\n${NEW_OPERATION}  /clinical/labs/v1/c:\n`);
  expect(text).toContain('/clinical/billing/v1/a:');
  expect(text).toContain("'403':");
  expect(text).toContain('/clinical/labs/v1/new:');
  writeFileSync(file, text);
  git(dir, 'commit', '-q', '-am', 'Rename, move, fix one, add one');
}

/** An upstream repository with main, and a clone of it on the feature branch (as CI checks out a pull request). */
function repository(): string {
  const upstream = join(temporary(), 'upstream');
  mkdirSync(upstream);
  git(upstream, 'init', '-q', '-b', 'main');
  firstCommit(upstream);
  git(upstream, 'add', '-A');
  git(upstream, 'commit', '-q', '-m', 'API with known defects');
  const clone = join(temporary(), 'clone');
  git(upstream, 'clone', '-q', upstream, clone);
  install(clone);
  secondCommit(clone);
  return clone;
}

/** The shell commands of a recipe: GitHub's `run:` steps or GitLab's `script:`, all but npm ci. */
function recipe(heading: string): string[] {
  const block = PAGE.slice(PAGE.indexOf(heading)).match(/```yaml\n([\s\S]*?)```/)![1];
  // A GitHub workflow (jobs.spectral.steps) or a GitLab job (its one key's script).
  const data = parse(block) as Record<string, unknown>;
  const workflow = data as { jobs?: { spectral: { steps: { run?: string }[] } } };
  const commands: string[] = workflow.jobs
    ? workflow.jobs.spectral.steps.filter(step => step.run).map(step => step.run!)
    : (Object.values(data)[0] as { script: string[] }).script;
  return commands.filter(command => command !== 'npm ci');
}

beforeAll(() => {
  ensureBuilt();
}, 120_000);

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('check --since on a real repository: only what the branch adds', () => {
  let clone: string;
  beforeAll(() => {
    clone = repository();
  }, 60_000);

  test('GitHub Actions, as docs/ci.md writes it: the new defect alone in SARIF; exit 1 (a warning, --fail-severity warn)', () => {
    const commands = recipe('GitHub Actions, on pull requests');
    expect(commands).toEqual([
      'npx spectral-api-conventions check --since "origin/$GITHUB_BASE_REF" openapi.yaml -f sarif -f stylish --output.sarif spectral.sarif --fail-severity warn',
    ]);
    const done = run(clone, 'sh', ['-c', commands[0]], { GITHUB_BASE_REF: 'main' });
    expect(done.stderr).toMatch(
      /^spectral-api-conventions check: 3 new defects in 1 finding, 1 moved and 1 fixed defects since [0-9a-f]{12} \(the merge base of origin\/main and HEAD\); 1 finding reported, 1 at or above --fail-severity warn$/m,
    );
    expect(done.status).toBe(1);
    expect(done.stdout).toMatch(/paths\.\/clinical\/labs\/v1\/new\.get\.responses/);
    const { results } = readSarif(join(clone, 'spectral.sarif')).runs[0];
    expect(results.map(r => [r.ruleId, r.message.text])).toEqual([
      ['error-responses-required', 'No 400, 404 or 500 response; every operation must define 400, 404 and 500'],
    ]);
  });

  test('GitLab CI, as docs/ci.md writes it: the new defect alone, on the line of the document that holds it (1-based)', () => {
    const commands = recipe('GitLab CI, on merge requests');
    expect(commands).toEqual([
      'git fetch origin "$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"',
      'npx spectral-api-conventions check --since "origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME" openapi.yaml -f gitlab -f stylish --output.gitlab gl-code-quality-report.json --fail-severity warn',
    ]);
    const env = { CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main' };
    expect(run(clone, 'sh', ['-c', commands[0]], env).status).toBe(0);
    const done = run(clone, 'sh', ['-c', commands[1]], env);
    expect(done.status).toBe(1);
    const report = parseCodeQuality(readFileSync(join(clone, 'gl-code-quality-report.json'), 'utf8'));
    expect(report.map(entry => [entry.check_name, entry.location.path])).toEqual([
      ['error-responses-required', 'openapi.yaml'],
    ]);
    const lines = readFileSync(join(clone, 'openapi.yaml'), 'utf8').split('\n');
    const { line, column } = report[0].location.positions.begin;
    // The finding is at the new operation's responses: that line, 1-based, and the column after the key.
    expect(lines[line - 1]).toBe('      responses:');
    expect(lines[line - 3]).toBe('    get:');
    expect(lines[line - 4]).toBe('  /clinical/labs/v1/new:');
    expect(column).toBe('      responses:'.length + 1);
  });

  test('uncommitted changes count: a defect added in the working copy is new, and a fixed one is no finding', () => {
    const dir = repository();
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(NEW_OPERATION, ''));
    const done = check(dir, '--since', 'origin/main', 'openapi.yaml', '-f', 'json', '-q');
    expect(parseFindings(done.stdout)).toEqual([]);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
  });

  test('json with --show-documentation-url: the link of each finding', () => {
    const done = check(clone, '--since', 'origin/main', 'openapi.yaml', '-f', 'json', '-q', '--show-documentation-url');
    const [finding] = parseFindings(done.stdout);
    expect(finding.documentationUrl).toMatch(/\/docs\/rules\/error-responses-required\.md$/);
    const plain = parseFindings(check(clone, '--since', 'origin/main', 'openapi.yaml', '-f', 'json', '-q').stdout);
    expect(plain[0]).not.toHaveProperty('documentationUrl');
  });

  test('junit: one failing testcase, the new finding', () => {
    const done = check(clone, '--since', 'origin/main', 'openapi.yaml', '-f', 'junit', '-q', '-F', 'warn');
    expect(done.stdout.match(/<testcase /g)).toHaveLength(1);
    expect(done.stdout).toContain(
      'name="org.spectral.error-responses-required(#/paths/~1clinical~1labs~1v1~1new/get/responses)"',
    );
  });

  test('a revision git does not know, and a folder outside git: exit 2 with the reason', () => {
    const unknown = check(clone, '--since', 'origin/nope', 'openapi.yaml');
    expect(unknown.stderr).toMatch(
      /^spectral-api-conventions check: origin\/nope is not a revision of this repository/,
    );
    expect(unknown.status).toBe(2);
    const outside = temporary();
    copyFileSync(join(clone, 'openapi.yaml'), join(outside, 'openapi.yaml'));
    const none = check(outside, '--since', 'main', 'openapi.yaml');
    expect(none.stderr).toMatch(/is not in a git repository/);
    expect(none.status).toBe(2);
    // A document outside the repository is not read from a folder beside the merge base's files.
    const beside = check(clone, '--since', 'origin/main', join(outside, 'openapi.yaml'));
    expect(beside.stderr).toMatch(
      /openapi\.yaml is outside the git repository .*: --since reads documents of that repository/,
    );
    expect(beside.status).toBe(2);
  });
});

describe('check without --since: every finding, in the formats of spectral lint', () => {
  test('gitlab: the lines are 1-based where Spectral writes them 0-based', () => {
    const dir = temporary();
    firstCommit(dir);
    install(dir);
    const ours = parseCodeQuality(check(dir, 'openapi.yaml', '-f', 'gitlab', '-q').stdout);
    const spectral = parseCodeQuality(
      run(dir, join(ROOT, 'node_modules/.bin/spectral'), ['lint', 'openapi.yaml', '-f', 'gitlab', '-q']).stdout,
    );
    expect(ours.length).toBeGreaterThan(20);
    const line = (entries: CodeQuality[]) => entries.map(entry => entry.location.positions.begin.line);
    expect(line(ours)).toEqual(line(spectral).map(n => n + 1));
    const lines = readFileSync(join(dir, 'openapi.yaml'), 'utf8').split('\n');
    const missing500 = ours.find(entry => entry.description.startsWith('No 500 response'))!;
    expect(lines.slice(missing500.location.positions.begin.line - 4, missing500.location.positions.begin.line)).toEqual(
      ['  /clinical/labs/v1/a:', '    get:', '      summary: error-responses-required - no 500', '      responses:'],
    );
  });
});

describe('check with the baseline preset: the baseline leaves out what it knows, as in spectral lint', () => {
  test('after baseline, check reports the information line alone and exits 0', () => {
    const dir = temporary();
    firstCommit(dir);
    install(dir);
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions/baseline"]\n');
    expect(run(dir, process.execPath, [CLI, 'baseline', 'openapi.yaml']).status).toBe(0);
    const done = check(dir, 'openapi.yaml', '-f', 'json', '-q');
    expect(parseFindings(done.stdout).map(f => f.code)).toEqual(['baseline-suppressed']);
    expect(done.status).toBe(0);
  });
});

describe('exit codes of docs/ci.md', () => {
  let dir: string;
  beforeAll(() => {
    dir = temporary();
    firstCommit(dir);
    install(dir);
  });
  test.each([
    ['findings at the failure severity', 1, ['openapi.yaml'], /^spectral-api-conventions check: every finding/],
    [
      'an unknown option',
      2,
      ['openapi.yaml', '--bogus'],
      /^spectral-api-conventions check: unknown option --bogus\n\nusage:/,
    ],
    ['an unknown format', 2, ['openapi.yaml', '-f', 'bogus'], /unknown format bogus/],
    [
      'an unknown severity',
      2,
      ['openapi.yaml', '-F', 'bogus'],
      /--fail-severity bogus: one of error, warn, info, hint/,
    ],
    ['no document', 2, [], /name the documents to lint/],
    ['a missing document', 2, ['nope.yaml'], /^spectral-api-conventions check: nope\.yaml does not exist\n$/],
    [
      '--since with a document given by its URL (nothing fetched)',
      2,
      ['--since', 'HEAD', 'http://127.0.0.1:9/openapi.yaml'],
      /^spectral-api-conventions check: --since .* http:\/\/127\.0\.0\.1:9\/openapi\.yaml is a URL, which has no git history: /,
    ],
    [
      'a missing ruleset',
      2,
      ['openapi.yaml', '-r', 'nope.yaml'],
      /cannot load the ruleset .*nope\.yaml: it does not exist/,
    ],
  ])('%s: exit %d', (_name, status, args, stderr) => {
    const done = check(dir, ...args);
    expect(done.stderr).toMatch(stderr);
    expect(done.status).toBe(status);
  });
  test('broken YAML: exit 2, the line and the column, in Spectral’s parser’s words, no code frame', () => {
    writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.1.0\ninfo: {title: x\n  version: 1\n paths: [\n');
    const done = check(dir, 'broken.yaml');
    expect(done.stderr).toBe(
      'spectral-api-conventions check: broken.yaml:3:10: Invalid mixed usage of block and flow styles\n',
    );
    expect(done.status).toBe(2);
  });
});

describe('the command line', () => {
  test('--help describes each command; --version prints the version', () => {
    const help = run(ROOT, process.execPath, [CLI, '--help']);
    expect(help.status).toBe(0);
    for (const name of ['check', 'fix', 'baseline'])
      expect(help.stdout).toMatch(new RegExp(`^ {2}${name} +\\S.{20,}$`, 'm'));
    const version = run(ROOT, process.execPath, [CLI, '--version']);
    expect(version.stdout).toBe(`${readPackageJson(join(ROOT, 'package.json')).version}\n`);
    expect(version.status).toBe(0);
  });
});
