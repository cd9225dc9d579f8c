/**
 * `spectral-api-conventions check` in this process (cli/check/index.ts's `run`), for what
 * test/cli/check/check.cli.test.ts checks through the built bin in child processes, which mutation testing cannot
 * see: the formats and where they go, the exit codes per failure severity, the usage errors, and
 * `--since` in a real git repository where a branch adds a defect.
 */
import { runCommand } from '../../../cli/main';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import baselineCommand from '../../../cli/baseline/index';
import command from '../../../cli/check/index';
import * as gitModule from '../../../cli/shared/git';
import {
  ROOT,
  captured,
  put,
  samplesApi,
  SamplesOptions,
  temporaryProjects,
  linkPackage,
} from '../../__helpers__/in-process';
import { folder, serving } from '../../__helpers__/http';

const { project, enter } = temporaryProjects('spectral-api-conventions-check-command-');
const check = (...args: string[]) => captured(() => runCommand('check', command, args));

const SUMMARY = 'spectral-api-conventions check: every finding (no --since); ';
const USAGE_START = 'usage: spectral-api-conventions check [--since <git-ref>] [options] <document>…\n';
const USAGE_END =
  'Exit codes: 0 no (new) finding at or above --fail-severity, 1 one or more, 2 usage, ruleset, git or\ndocument error (a missing, broken, empty or non-OpenAPI document).\n';
const FORMATS = [
  'stylish',
  'json',
  'junit',
  'sarif',
  'gitlab',
  'code-climate',
  'github-actions',
  'text',
  'teamcity',
  'pretty',
  'markdown',
  'html',
];

const VERSION_MESSAGE =
  'Path "/samples/{sampleId}/status" lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>';
const MEDIA_MESSAGE =
  '500 response offers application/json; expected application/problem+json or application/problem+xml instead';
const EXAMPLE_MESSAGE = '500 response has no example; expected at least one example of its Problem Details body';
const DOCS = 'https://github.com/spectral-api-conventions/spectral-api-conventions/blob/main/docs/rules/';

interface JsonFinding {
  code: string;
  path: string[];
  message: string;
  severity: number;
  source: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  documentationUrl?: string;
}
const parseJson = (text: string): JsonFinding[] => JSON.parse(text) as JsonFinding[];
const brief = (findings: JsonFinding[]) => findings.map(f => [f.code, f.path.join('.'), f.message, f.severity]);

/** A project with api/samples.yaml, as the current folder. */
function samples(options: SamplesOptions = {}): string {
  const dir = project();
  put(join(dir, 'api/samples.yaml'), samplesApi(options));
  enter(dir);
  return dir;
}

/** The samples API with a plain JSON 500 response: an error and two warnings. */
const FINDINGS = [
  ['error-response-examples', 'paths./clinical/labs/v1/samples/{sampleId}.get.responses.500', EXAMPLE_MESSAGE, 1],
  [
    'error-response-problem-media-type',
    'paths./clinical/labs/v1/samples/{sampleId}.get.responses.500.content.application/json',
    MEDIA_MESSAGE,
    0,
  ],
  ['path-version-segment', 'paths./samples/{sampleId}/status', VERSION_MESSAGE, 1],
];

describe('without --since: every finding, in the formats of spectral lint', () => {
  test('stylish by default: the findings, the summary line on standard error, exit 1 on an error', async () => {
    const dir = samples({ json500: true });
    expect(await check('api/samples.yaml')).toEqual({
      code: 1,
      stdout:
        `\n${dir}/api/samples.yaml\n` +
        ' 29:15  warning  error-response-examples            500 response has no example; expected at least one example of its Problem Details body                              paths./clinical/labs/v1/samples/{sampleId}.get.responses[500]\n' +
        ' 32:30    error  error-response-problem-media-type  500 response offers application/json; expected application/problem+json or application/problem+xml instead          paths./clinical/labs/v1/samples/{sampleId}.get.responses[500].content.application/json\n' +
        ` 38:30  warning  path-version-segment               ${VERSION_MESSAGE}  paths./samples/{sampleId}/status\n` +
        '\n✖ 3 problems (1 error, 2 warnings, 0 infos, 0 hints)\n',
      stderr: `${SUMMARY}3 findings reported, 1 at or above --fail-severity error\n`,
    });
  });

  test('json: each finding with its code, path, message, severity and file; the documentation link only when asked', async () => {
    const dir = samples({ json500: true });
    const plain = await check('api/samples.yaml', '-f', 'json', '--quiet');
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(1);
    const findings = parseJson(plain.stdout);
    expect(brief(findings)).toEqual(FINDINGS);
    expect(findings.map(f => f.source)).toEqual(Array(3).fill(join(dir, 'api/samples.yaml')));
    expect(findings.filter(f => 'documentationUrl' in f)).toEqual([]);
    const linked = parseJson(
      (await check('--show-documentation-url', '-q', '--format=json', 'api/samples.yaml')).stdout,
    );
    expect(linked.map(f => f.documentationUrl)).toEqual(FINDINGS.map(([code]) => `${DOCS}${code}.md`));
  });

  test('github-actions: one annotation per finding, the file relative', async () => {
    samples({ json500: true });
    const { code, stdout } = await check('api/samples.yaml', '-f', 'github-actions');
    expect(stdout.split('\n')).toEqual([
      `::warning title=error-response-examples,file=api/samples.yaml,col=15,endColumn=33,line=29,endLine=37::${EXAMPLE_MESSAGE}%0ADocumentation: ${DOCS}error-response-examples.md`,
      `::error title=error-response-problem-media-type,file=api/samples.yaml,col=30,endColumn=33,line=32,endLine=37::${MEDIA_MESSAGE}%0ADocumentation: ${DOCS}error-response-problem-media-type.md`,
      `::warning title=path-version-segment,file=api/samples.yaml,col=30,endColumn=93,line=38,endLine=63::${VERSION_MESSAGE}%0ADocumentation: ${DOCS}path-version-segment.md`,
      '',
    ]);
    expect(code).toBe(1);
  });

  test.each(['gitlab', 'code-climate'])(
    '%s: Code Quality entries with 1-based lines and columns and a fingerprint per finding',
    async format => {
      samples({ json500: true });
      const { code, stdout } = await check('api/samples.yaml', '-f', format, '-q');
      const fingerprint = (path: string[], rule: string, message: string) =>
        createHash('sha1')
          .update(JSON.stringify(['api/samples.yaml', path, rule, message]))
          .digest('hex');
      const entry = (
        rule: string,
        path: string[],
        message: string,
        severity: string,
        [line, column, endLine, endColumn]: number[],
      ) => ({
        type: 'issue',
        check_name: rule,
        description: message,
        categories: ['Style'],
        location: {
          path: 'api/samples.yaml',
          positions: { begin: { line, column }, end: { line: endLine, column: endColumn } },
        },
        severity,
        fingerprint: fingerprint(path, rule, message),
      });
      const operation = ['paths', '/clinical/labs/v1/samples/{sampleId}', 'get', 'responses', '500'];
      expect(stdout).toBe(
        `${JSON.stringify(
          [
            entry('error-response-examples', operation, EXAMPLE_MESSAGE, 'major', [29, 15, 37, 33]),
            entry(
              'error-response-problem-media-type',
              [...operation, 'content', 'application/json'],
              MEDIA_MESSAGE,
              'critical',
              [32, 30, 37, 33],
            ),
            entry(
              'path-version-segment',
              ['paths', '/samples/{sampleId}/status'],
              VERSION_MESSAGE,
              'major',
              [38, 30, 63, 93],
            ),
          ],
          null,
          '\t',
        )}\n`,
      );
      expect(code).toBe(1);
    },
  );

  test.each(FORMATS)('%s: accepted, written to standard output', async format => {
    samples({ json500: true });
    const { code, stdout, stderr } = await check('api/samples.yaml', '-f', format);
    expect(stdout).toMatch(/error/i);
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stderr).toBe(`${SUMMARY}3 findings reported, 1 at or above --fail-severity error\n`);
    expect(code).toBe(1);
  });

  test('junit: a failing testcase per finding at or above --fail-severity', async () => {
    samples({ json500: true });
    const testcases = async (...args: string[]) =>
      (await check('api/samples.yaml', '-f', 'junit', '-q', ...args)).stdout.match(/<testcase /g)?.length;
    expect(await testcases()).toBe(1);
    expect(await testcases('-F', 'warn')).toBe(3);
  });

  test("sarif: names the version of Spectral's CLI", async () => {
    samples({ json500: true });
    const { stdout } = await check('api/samples.yaml', '-f', 'sarif', '-q');
    const { version } = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/@stoplight/spectral-cli/package.json'), 'utf8'),
    ) as { version: string };
    const sarif = JSON.parse(stdout) as { runs: { tool: { driver: { version: string } }; results: unknown[] }[] };
    expect(sarif.runs[0].tool.driver.version).toBe(version);
    expect(sarif.runs[0].results).toHaveLength(3);
  });

  test('junit and html end in one line break, as their formatters write them (none added)', async () => {
    samples({ json500: true });
    const junit = (await check('api/samples.yaml', '-f', 'junit', '-q')).stdout;
    expect(junit.slice(0, 39)).toBe('<?xml version="1.0" encoding="utf-8"?>\n');
    expect(junit.slice(-27)).toBe('</testsuite>\n</testsuites>\n');
    const html = (await check('api/samples.yaml', '-f', 'html', '-q')).stdout;
    expect(html.slice(-16)).toBe('</body>\n</html>\n');
  });

  test('no finding: empty json, exit 0, the summary in the plural', async () => {
    const dir = samples();
    put(join(dir, 'api/samples.yaml'), samplesApi().replace('/samples/{sampleId}/status', '/clinical/labs/v1/status'));
    expect(await check('api/samples.yaml', '-f', 'json')).toEqual({
      code: 0,
      stdout: '[]\n',
      stderr: `${SUMMARY}0 findings reported, 0 at or above --fail-severity error\n`,
    });
  });
});

test('github-actions without a finding: nothing on standard output (no empty line)', async () => {
  const dir = samples();
  put(join(dir, 'api/samples.yaml'), samplesApi().replace('/samples/{sampleId}/status', '/clinical/labs/v1/status'));
  expect(await check('api/samples.yaml', '-f', 'github-actions', '-q')).toEqual({ code: 0, stdout: '', stderr: '' });
});

describe('a document given by its URL: fetched as spectral lint fetches it (from a server of the test)', () => {
  test('linted as served: the findings of the file, each named by the URL (also in GitLab Code Quality)', async () => {
    const dir = samples({ json500: true });
    await serving(folder(dir), async origin => {
      const url = `${origin}/api/samples.yaml`;
      const { code, stdout, stderr } = await check(url, '-f', 'json');
      const findings = parseJson(stdout);
      expect(brief(findings)).toEqual(FINDINGS);
      expect(findings.map(f => f.source)).toEqual(Array(3).fill(url));
      expect(stderr).toBe(`${SUMMARY}3 findings reported, 1 at or above --fail-severity error\n`);
      expect(code).toBe(1);
      const gitlab = JSON.parse((await check(url, '-f', 'gitlab', '-q')).stdout) as { location: { path: string } }[];
      expect(gitlab.map(entry => entry.location.path)).toEqual(Array(3).fill(url));
    });
  });

  test('a URL the server does not have: exit 2, the URL and why', async () => {
    samples();
    await serving(folder(project()), async origin => {
      expect(await check(`${origin}/api/openapi.yaml`)).toEqual({
        code: 2,
        stdout: '',
        stderr: `spectral-api-conventions check: ${origin}/api/openapi.yaml cannot be read: Not Found\n`,
      });
    });
  });

  test('a URL that serves an AsyncAPI document: exit 2, as for a file', async () => {
    const dir = samples();
    put(
      join(dir, 'api/events.yaml'),
      "asyncapi: '2.6.0'\ninfo:\n  title: Sample events\n  version: 1.0.0\nchannels: {}\n",
    );
    await serving(folder(dir), async origin => {
      expect(await check(`${origin}/api/events.yaml`)).toEqual({
        code: 2,
        stdout: '',
        stderr: `spectral-api-conventions check: ${origin}/api/events.yaml is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2\n`,
      });
    });
  });

  test('--since: a URL has no git history to compare with: exit 2, saying so (nothing fetched)', async () => {
    samples();
    const url = 'http://127.0.0.1:9/api/samples.yaml';
    expect(await check('--since', 'main', 'api/samples.yaml', url)).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions check: --since lints the documents as git has them at the merge base, and ${url} is a URL, which has no git history: check it without --since, or name its file in the repository\n`,
    });
  });
});

describe('the failure severity', () => {
  // The samples API as it is: one warning.
  test.each([
    [[], 0, '1 finding reported, 0 at or above --fail-severity error'],
    [['-F', 'warn'], 1, '1 finding reported, 1 at or above --fail-severity warn'],
    [['--fail-severity', 'info'], 1, '1 finding reported, 1 at or above --fail-severity info'],
    [['--fail-severity=hint'], 1, '1 finding reported, 1 at or above --fail-severity hint'],
    [['-D'], 0, '0 findings reported, 0 at or above --fail-severity error'],
    [['--display-only-failures', '-F', 'warn'], 1, '1 finding reported, 1 at or above --fail-severity warn'],
  ])('a warning with %j: exit %d', async (args, status, summary) => {
    samples();
    const { code, stdout, stderr } = await check('api/samples.yaml', '-f', 'json', ...args);
    expect(stderr).toBe(`${SUMMARY}${summary}\n`);
    expect(parseJson(stdout).map(f => f.code)).toEqual(summary.startsWith('0') ? [] : ['path-version-segment']);
    expect(code).toBe(status);
  });

  test('-D with an error and two warnings: the error alone', async () => {
    samples({ json500: true });
    const { code, stdout, stderr } = await check('api/samples.yaml', '-f', 'json', '-D');
    expect(brief(parseJson(stdout))).toEqual([FINDINGS[1]]);
    expect(stderr).toBe(`${SUMMARY}1 finding reported, 1 at or above --fail-severity error\n`);
    expect(code).toBe(1);
  });
});

describe('where the formats go', () => {
  test('-o: the first format to the file, nothing on standard output', async () => {
    const dir = samples({ json500: true });
    const { code, stdout } = await check('api/samples.yaml', '-f', 'json', '-o', 'report.json', '-q');
    expect(stdout).toBe('');
    expect(brief(parseJson(readFileSync(join(dir, 'report.json'), 'utf8')))).toEqual(FINDINGS);
    expect(code).toBe(1);
  });

  test('--output.<format>: that format to its file, the other to standard output', async () => {
    const dir = samples({ json500: true });
    const { stdout } = await check(
      'api/samples.yaml',
      '-f',
      'json',
      '-f',
      'github-actions',
      '--output.json',
      'out.json',
    );
    expect(stdout.split('\n').map(line => line.slice(0, line.indexOf(' ')))).toEqual([
      '::warning',
      '::error',
      '::warning',
      '',
    ]);
    expect(brief(parseJson(readFileSync(join(dir, 'out.json'), 'utf8')))).toEqual(FINDINGS);
    // -o and --output.<format> together: each to its file.
    await check('api/samples.yaml', '-f', 'github-actions', '-f', 'json', '-o', 'a.txt', '--output.json', 'b.json');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toMatch(/^::warning title=error-response-examples,/);
    expect(brief(parseJson(readFileSync(join(dir, 'b.json'), 'utf8')))).toEqual(FINDINGS);
  });
});

describe('usage, ruleset and document errors: exit 2 and the sentence', () => {
  test('--help: the usage on standard output, exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = await check(flag, '-f', 'bogus');
      expect(stdout.startsWith(USAGE_START)).toBe(true);
      expect(stdout.endsWith(USAGE_END)).toBe(true);
      expect(stdout).toContain(`  -f, --format <format>        ${FORMATS.join(', ')} (default stylish; repeatable)\n`);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    }
  });

  test.each([
    ['an unknown option', ['api/samples.yaml', '--bogus'], 'unknown option --bogus'],
    ['an unknown format', ['api/samples.yaml', '-f', 'bogus'], `unknown format bogus (one of ${FORMATS.join(', ')})`],
    [
      'two formats to standard output',
      ['api/samples.yaml', '-f', 'json', '-f', 'stylish'],
      'formats json and stylish would both go to standard output: give --output.<format> files',
    ],
    [
      'an output for a format not asked for',
      ['api/samples.yaml', '-f', 'json', '--output.sarif', 'x.sarif'],
      '--output.sarif names a format not asked for with -f',
    ],
    [
      'an unknown severity',
      ['api/samples.yaml', '-F', 'bogus'],
      '--fail-severity bogus: one of error, warn, info, hint',
    ],
    ['no document', ['-f', 'json'], 'name the documents to lint'],
  ])('%s: the sentence, then the usage', async (_name, args, sentence) => {
    samples();
    const { code, stdout, stderr } = await check(...args);
    expect(stderr.startsWith(`spectral-api-conventions check: ${sentence}\n\n${USAGE_START}`)).toBe(true);
    expect(stderr.endsWith(USAGE_END)).toBe(true);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });

  test.each([
    ['a missing document', undefined, 'api/nope.yaml does not exist'],
    [
      'broken YAML',
      'openapi: 3.1.0\ninfo: {title: x\n  version: 1\n',
      'api/nope.yaml:3:10: Invalid mixed usage of block and flow styles',
    ],
    [
      'a YAML file that is not OpenAPI',
      'name: my-app\nversion: 1.0.0\n',
      'api/nope.yaml is not an OpenAPI 2.0, 3.0, 3.1 or 3.2 document: no `swagger: "2.0"` or `openapi: 3.x.y` at its top',
    ],
  ])('%s', async (_name, text, sentence) => {
    const dir = samples();
    if (text !== undefined) put(join(dir, 'api/nope.yaml'), text);
    expect(await check('api/nope.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions check: ${sentence}\n`,
    });
  });

  test('a ruleset that does not exist', async () => {
    // The samples' folder is the working directory: the ruleset is named relative to it.
    samples();
    expect(await check('api/samples.yaml', '-r', 'nope.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-api-conventions check: cannot load the ruleset nope.yaml: it does not exist\n',
    });
  });
});

describe('the ruleset of the folder: the baseline preset leaves out what its baseline knows', () => {
  test('a baseline of the warning: only the information line, exit 0', async () => {
    const dir = samples();
    linkPackage(dir);
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions/baseline"]\n');
    expect((await captured(() => runCommand('baseline', baselineCommand, ['api/samples.yaml']))).code).toBe(0);
    const { code, stdout } = await check('api/samples.yaml', '-f', 'json', '-q');
    expect(brief(parseJson(stdout))).toEqual([
      ['baseline-suppressed', '', '1 known defect suppressed by .spectral-baseline.json', 2],
    ]);
    expect(code).toBe(0);
    // An information finding is "minor" in GitLab's Code Quality.
    const gitlab = JSON.parse((await check('api/samples.yaml', '-f', 'gitlab', '-q')).stdout) as { severity: string }[];
    expect(gitlab.map(entry => entry.severity)).toEqual(['minor']);
  });
});

test('a ruleset that makes a rule a hint: "info" in GitLab Code Quality', async () => {
  const dir = samples({ json500: true });
  linkPackage(dir);
  writeFileSync(
    join(dir, '.spectral.yaml'),
    'extends: ["spectral-api-conventions"]\nrules:\n  path-version-segment: hint\n  error-response-examples: info\n',
  );
  for (const format of ['gitlab', 'code-climate']) {
    const { code, stdout } = await check('api/samples.yaml', '-f', format, '-q');
    const entries = JSON.parse(stdout) as { check_name: string; severity: string }[];
    expect(entries.map(entry => [entry.check_name, entry.severity])).toEqual([
      ['error-response-examples', 'minor'],
      ['error-response-problem-media-type', 'critical'],
      ['path-version-segment', 'info'],
    ]);
    expect(code).toBe(1);
  }
});

describe('--since in a real git repository: only what the branch adds', () => {
  const git = (cwd: string, ...args: string[]): string => {
    const done = spawnSync('git', args, { cwd, encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`git ${args.join(' ')}: ${done.stderr}`);
    return done.stdout;
  };

  /** A repository whose main holds the samples API missing its 500 response, checked out on a new branch. */
  function repository(options: SamplesOptions = { codes: ['400', '404'] }): { dir: string; base: string } {
    const dir = samples(options);
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'config', 'user.name', 'Test');
    git(dir, 'config', 'user.email', 'test@example.com');
    git(dir, 'config', 'commit.gpgsign', 'false');
    writeFileSync(join(dir, '.gitignore'), 'node_modules/\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'The samples API');
    git(dir, 'checkout', '-q', '-b', 'feature');
    return { dir, base: git(dir, 'rev-parse', 'HEAD').trim().slice(0, 12) };
  }
  const since = (base: string, counts: string) =>
    `spectral-api-conventions check: ${counts} since ${base} (the merge base of main and HEAD); `;
  const write = (dir: string, options: SamplesOptions) =>
    writeFileSync(join(dir, 'api/samples.yaml'), samplesApi(options));
  const RESPONSES = 'paths./clinical/labs/v1/samples/{sampleId}.get.responses';
  const missing = (code: string) => `No ${code} response; every operation must define 400, 404 and 500`;

  test('a committed defect on the branch: it alone is reported; the known ones are not', async () => {
    const { dir, base } = repository();
    write(dir, { codes: ['400'] });
    git(dir, 'commit', '-q', '-am', 'Drop the 404');
    const done = await check('--since', 'main', 'api/samples.yaml', '-f', 'json');
    expect(brief(parseJson(done.stdout))).toEqual([['error-responses-required', RESPONSES, missing('404'), 1]]);
    expect(done.stderr).toBe(
      `${since(base, '1 new finding, 0 moved and 0 fixed defects')}1 finding reported, 0 at or above --fail-severity error\n`,
    );
    expect(done.code).toBe(0);
    const { code, stdout } = await check('--since', 'main', 'api/samples.yaml', '-f', 'json', '-q', '-F', 'warn');
    expect(code).toBe(1);
    expect(brief(parseJson(stdout))).toEqual([['error-responses-required', RESPONSES, missing('404'), 1]]);
  });

  test('uncommitted: an error added in the working copy fails; nothing new passes', async () => {
    const { dir, base } = repository();
    expect(await check('--since', 'main', 'api/samples.yaml', '-f', 'json')).toEqual({
      code: 0,
      stdout: '[]\n',
      stderr: `${since(base, '0 new findings, 0 moved and 0 fixed defects')}0 findings reported, 0 at or above --fail-severity error\n`,
    });
    write(dir, { codes: ['400', '404', '500'], json500: true });
    const { code, stdout, stderr } = await check('--since', 'main', 'api/samples.yaml', '-f', 'json');
    expect(brief(parseJson(stdout))).toEqual(FINDINGS.slice(0, 2));
    expect(stderr).toBe(
      `${since(base, '2 new findings, 0 moved and 1 fixed defects')}2 findings reported, 1 at or above --fail-severity error\n`,
    );
    expect(code).toBe(1);
  });

  test('a renamed path and a renamed file: the moved finding is known, the new one reported', async () => {
    const { dir, base } = repository();
    git(dir, 'mv', 'api/samples.yaml', 'api/lab-samples.yaml');
    writeFileSync(
      join(dir, 'api/lab-samples.yaml'),
      samplesApi({ codes: ['400'], path: '/clinical/billing/v1/samples/{sampleId}' }),
    );
    git(dir, 'commit', '-q', '-am', 'Rename');
    const { code, stdout, stderr } = await check('--since', 'main', 'api/lab-samples.yaml', '-f', 'json', '-F', 'warn');
    expect(brief(parseJson(stdout))).toEqual([
      ['error-responses-required', 'paths./clinical/billing/v1/samples/{sampleId}.get.responses', missing('404'), 1],
    ]);
    expect(stderr).toBe(
      `${since(base, '1 new finding, 1 moved and 0 fixed defects')}1 finding reported, 1 at or above --fail-severity warn\n`,
    );
    expect(code).toBe(1);
  });

  test('a document new since the merge base, and one broken there: every finding is new', async () => {
    const { dir } = repository();
    // Broken on main, so at the merge base (the branch brings main in).
    git(dir, 'checkout', '-q', 'main');
    writeFileSync(join(dir, 'api/broken.yaml'), 'openapi: 3.0.3\ninfo: {title: t\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'A broken document');
    git(dir, 'checkout', '-q', 'feature');
    git(dir, 'merge', '-q', '--ff-only', 'main');
    writeFileSync(join(dir, 'api/broken.yaml'), samplesApi({ codes: ['400', '404'] }));
    put(join(dir, 'api/other.yaml'), samplesApi({ codes: ['400', '404'] }));
    const { stdout } = await check('--since', 'main', 'api/broken.yaml', 'api/other.yaml', '-f', 'json', '-q');
    expect(parseJson(stdout).map(f => [f.source.slice(dir.length), f.code, f.message])).toEqual([
      ['/api/broken.yaml', 'error-responses-required', missing('500')],
      ['/api/broken.yaml', 'path-version-segment', VERSION_MESSAGE],
      ['/api/other.yaml', 'error-responses-required', missing('500')],
      ['/api/other.yaml', 'path-version-segment', VERSION_MESSAGE],
    ]);
  });

  test("a $ref'd file renamed on the branch: a finding whose message names it is known under the new name", async () => {
    const { dir } = repository({});
    // A defect in the registry: reported at the $ref that brings it in, its message naming the file.
    const registry = join(dir, 'registry/problem-details.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace(
        '            title: Internal Server Error\n',
        '            title: Internal server error\n',
      ),
    );
    git(dir, 'commit', '-q', '-am', 'A title in lower case');
    const merged = git(dir, 'rev-parse', 'HEAD').trim().slice(0, 12);
    git(dir, 'checkout', '-q', 'main');
    git(dir, 'merge', '-q', '--ff-only', 'feature');
    git(dir, 'checkout', '-q', '-b', 'move');
    const known = parseJson((await check('api/samples.yaml', '-f', 'json', '-q')).stdout);
    mkdirSync(join(dir, 'shared'));
    git(dir, 'mv', 'registry/problem-details.yaml', 'shared/problem-details.yaml');
    const file = join(dir, 'api/samples.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\.\.\/registry\//g, '../shared/'));
    git(dir, 'commit', '-q', '-am', 'The registry moved');
    const today = parseJson((await check('api/samples.yaml', '-f', 'json', '-q')).stdout);
    expect(today.map(f => f.message)).toEqual(known.map(f => f.message.split('../registry/').join('../shared/')));
    expect(today.filter(f => f.message.includes('../shared/problem-details.yaml'))).toHaveLength(1);
    const { code, stdout, stderr } = await check('--since', 'main', 'api/samples.yaml', '-f', 'json', '-F', 'warn');
    expect(brief(parseJson(stdout))).toEqual([]);
    expect(stderr).toBe(
      `spectral-api-conventions check: 0 new findings, 0 moved and 0 fixed defects since ${merged} (the merge base of main and HEAD); 0 findings reported, 0 at or above --fail-severity warn\n`,
    );
    expect(code).toBe(0);
  });
  test("another ruleset's findings (spectral:oas): those known at the merge base left out, a new one reported", async () => {
    const { dir, base } = repository();
    linkPackage(dir);
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions", "spectral:oas"]\n');
    // The branch drops an operationId: a finding of spectral:oas, keyed by file, code, path and message.
    write(dir, { codes: ['400', '404'] });
    writeFileSync(
      join(dir, 'api/samples.yaml'),
      readFileSync(join(dir, 'api/samples.yaml'), 'utf8').replace('      operationId: getSample\n', ''),
    );
    const { code, stdout, stderr } = await check('--since', 'main', 'api/samples.yaml', '-f', 'json');
    expect(brief(parseJson(stdout))).toEqual([
      [
        'operation-operationId',
        'paths./clinical/labs/v1/samples/{sampleId}.get',
        'Operation must have "operationId".',
        1,
      ],
    ]);
    expect(stderr).toBe(
      `${since(base, '1 new finding, 0 moved and 0 fixed defects')}1 finding reported, 0 at or above --fail-severity error\n`,
    );
    expect(code).toBe(0);
  });

  test('the merge base unpacked into a temporary folder, removed once read', async () => {
    const { dir } = repository();
    write(dir, { codes: ['400'] });
    const unpack = jest.spyOn(gitModule, 'unpack');
    try {
      expect((await check('--since', 'main', 'api/samples.yaml', '-f', 'json', '-q')).code).toBe(0);
      expect(unpack).toHaveBeenCalledTimes(1);
      const folder = unpack.mock.results[0].value as string;
      expect(folder.startsWith(join(tmpdir(), 'spectral-api-conventions-since-'))).toBe(true);
      expect(existsSync(folder)).toBe(false);
    } finally {
      unpack.mockRestore();
    }
  });

  test("another ruleset's finding at a new place whose path runs together with a known one: reported", async () => {
    const { dir } = repository();
    linkPackage(dir);
    writeFileSync(
      join(dir, '.spectral.yaml'),
      [
        'extends: ["spectral-api-conventions"]',
        'rules:',
        '  no-nullable:',
        '    message: Leave a field out instead of sending null',
        '    severity: warn',
        '    given: $..nullable',
        '    then: { function: falsy }',
        '',
      ].join('\n'),
    );
    const schema = (properties: string) =>
      samplesApi({ codes: ['400', '404'] }).replace(
        '          format: date-time\n',
        `          format: date-time\n${properties}`,
      );
    // At the merge base, lineitems (a nullable string); on the branch, line: a list of nullable strings.
    writeFileSync(
      join(dir, 'api/samples.yaml'),
      schema('        lineitems:\n          type: string\n          nullable: true\n'),
    );
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'A ruleset and line items');
    git(dir, 'checkout', '-q', 'main');
    git(dir, 'merge', '-q', '--ff-only', 'feature');
    git(dir, 'checkout', '-q', 'feature');
    writeFileSync(
      join(dir, 'api/samples.yaml'),
      schema(
        '        line:\n          type: array\n          items:\n            type: string\n            nullable: true\n',
      ),
    );
    const merged = git(dir, 'rev-parse', 'HEAD').trim().slice(0, 12);
    const { code, stdout, stderr } = await check('--since', 'main', 'api/samples.yaml', '-f', 'json', '-F', 'warn');
    expect(brief(parseJson(stdout))).toEqual([
      [
        'no-nullable',
        'components.schemas.Sample.properties.line.items.nullable',
        'Leave a field out instead of sending null',
        1,
      ],
    ]);
    expect(stderr).toBe(
      `spectral-api-conventions check: 1 new finding, 0 moved and 0 fixed defects since ${merged} (the merge base of main and HEAD); 1 finding reported, 1 at or above --fail-severity warn\n`,
    );
    expect(code).toBe(1);
  });

  test('a ruleset function that throws on the document at the merge base: the error, not a broken document', async () => {
    const { dir } = repository();
    linkPackage(dir);
    writeFileSync(
      join(dir, '.spectral.yaml'),
      [
        'extends: ["spectral-api-conventions"]',
        'functions: [owner]',
        'rules:',
        '  info-owner:',
        '    message: "{{error}}"',
        '    given: $.info',
        '    then: { function: owner }',
        '',
      ].join('\n'),
    );
    // The function throws where info has no x-owner, as the merge base's has not.
    put(
      join(dir, 'functions/owner.js'),
      "export default info => {\n  if (info['x-owner'] === undefined) throw new Error('info has no x-owner');\n  return [];\n};\n",
    );
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'A ruleset');
    git(dir, 'checkout', '-q', 'main');
    git(dir, 'merge', '-q', '--ff-only', 'feature');
    git(dir, 'checkout', '-q', 'feature');
    writeFileSync(
      join(dir, 'api/samples.yaml'),
      samplesApi({ codes: ['400', '404'] }).replace('  version: 1.0.0\n', '  version: 1.0.0\n  x-owner: lab-team\n'),
    );
    expect((await check('api/samples.yaml', '-f', 'json', '-q')).code).toBe(0);
    const thrown = (await check('--since', 'main', 'api/samples.yaml', '-f', 'json', '-q').catch(
      (error: unknown) => error,
    )) as AggregateError;
    expect(thrown.message).toBe('Error running Nimma');
    expect(thrown.errors.map((error: Error) => error.message)).toEqual([
      '$.info threw: ErrorWithCause("Function \\"owner\\" threw an exception: info has no x-owner")',
    ]);
  });

  test('a revision git does not know, a folder outside git, a document outside the repository: exit 2', async () => {
    const { dir } = repository();
    expect(await check('--since', 'nope', 'api/samples.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'spectral-api-conventions check: nope is not a revision of this repository (a shallow clone or a branch not fetched? fetch it, e.g. git fetch origin nope)\n',
    });
    const outside = project();
    put(join(outside, 'api/samples.yaml'), samplesApi());
    const beside = await check('--since', 'main', join(outside, 'api/samples.yaml'));
    expect(beside).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions check: ${join(outside, 'api/samples.yaml')} is outside the git repository ${dir}: --since reads documents of that repository\n`,
    });
    enter(outside);
    const none = await check('--since', 'main', 'api/samples.yaml');
    expect(none.stderr).toMatch(
      new RegExp(`^spectral-api-conventions check: ${outside} is not in a git repository \\(`),
    );
    expect(none.code).toBe(2);
  });
});
