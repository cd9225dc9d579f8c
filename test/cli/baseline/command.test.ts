/**
 * `spectral-api-conventions baseline` in this process (cli/baseline/index.ts's `run`), for what
 * test/cli/baseline/baseline.cli.test.ts checks through the built bin in child processes, which mutation testing
 * cannot see: each mode, the lines it prints with their counts, the file it writes, and its refusals.
 */
import { runCommand } from '../../../cli/main';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import command from '../../../cli/baseline/index';
import {
  captured,
  linkPackage,
  missing,
  pointer,
  put,
  samplesApi,
  temporaryProjects,
} from '../../__helpers__/in-process';
import { samplesFieldsList } from '../../__helpers__/documents';

const { project, enter } = temporaryProjects('spectral-api-conventions-baseline-command-');
const baseline = (...args: string[]) => captured(() => runCommand('baseline', command, args));
const CODES_ALL = ['400', '404', '500'];

const ABOUT =
  'Known findings of spectral-api-conventions, left out of its reports; see docs/baseline.md. Written by `npx spectral-api-conventions baseline`.';
const SAMPLE = pointer('paths', '/clinical/labs/v1/samples/{sampleId}', 'get', 'responses');
const STATUS = pointer('paths', '/samples/{sampleId}/status');
const STATUS_MESSAGE =
  'Path "/samples/{sampleId}/status" lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>';
const USAGE_START = 'usage: spectral-api-conventions baseline [--update | --prune | --check] [options] [<file>…]\n';
const USAGE_END = '2 usage error, unreadable baseline, or a document the rules cannot check (nothing is written).\n';

/** The baseline file's text for the samples API with the given response codes missing, as in `documents`. */
function expectedFile(missingCodes: Record<string, number>, documents = ['api/samples.yaml'], file = documents[0]) {
  const required = Object.fromEntries(
    Object.entries(missingCodes).map(([code, n]) => [missing(code), n] as [string, number]),
  );
  return `${JSON.stringify(
    {
      about: ABOUT,
      version: 1,
      documents,
      findings: {
        [file]: {
          ...(Object.keys(required).length > 0 ? { 'error-responses-required': { [SAMPLE]: required } } : {}),
          'path-version-segment': { [STATUS]: { [STATUS_MESSAGE]: 1 } },
        },
      },
    },
    null,
    2,
  )}\n`;
}

/** A project with api/samples.yaml missing the given codes on its first operation, as the current folder. */
function samples(codes: string[] = ['400']): string {
  const dir = project();
  put(join(dir, 'api/samples.yaml'), samplesApi({ codes }));
  enter(dir);
  return dir;
}

const rewrite = (dir: string, codes: string[], path?: string) =>
  writeFileSync(join(dir, 'api/samples.yaml'), samplesApi({ codes, path }));

describe('recording', () => {
  test('no mode: writes .spectral-baseline.json with every finding by file, rule, location and message; says how many', async () => {
    const dir = samples(['400']);
    expect(await baseline('api/samples.yaml')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: 3 defects in 2 findings of 1 document recorded\n',
      stderr: '',
    });
    expect(readFileSync(join(dir, '.spectral-baseline.json'), 'utf8')).toBe(expectedFile({ '404': 1, '500': 1 }));
  });

  test('one finding, two documents (one named twice): singular and plural', async () => {
    const dir = samples(CODES_ALL);
    put(join(dir, 'other/samples.yaml'), samplesApi());
    expect(await baseline('api/samples.yaml', './api/samples.yaml')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: 1 finding of 1 document recorded\n',
      stderr: '',
    });
    expect(await baseline('--update', 'api/samples.yaml', 'other/samples.yaml')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: 2 findings of 2 documents recorded (1 entry new or grown)\n',
      stderr: '',
    });
    const data = JSON.parse(readFileSync(join(dir, '.spectral-baseline.json'), 'utf8')) as { documents: string[] };
    expect(data.documents).toEqual(['api/samples.yaml', 'other/samples.yaml']);
  });

  test('an existing baseline is not written over: exit 2 naming the modes, the file unchanged', async () => {
    const dir = samples(['400']);
    await baseline('api/samples.yaml');
    rewrite(dir, []);
    expect(await baseline('api/samples.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'spectral-api-conventions baseline: .spectral-baseline.json exists: --update rewrites it, --prune drops what no longer matches, --check lists what no longer matches\n',
    });
    expect(readFileSync(join(dir, '.spectral-baseline.json'), 'utf8')).toBe(expectedFile({ '404': 1, '500': 1 }));
  });

  test('--update, with the documents the baseline remembers: the new entries counted, then the same bytes again', async () => {
    const dir = samples(['400', '404']);
    await baseline('api/samples.yaml');
    rewrite(dir, []);
    expect(await baseline('--update')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: 4 defects in 2 findings of 1 document recorded (2 entries new or grown)\n',
      stderr: '',
    });
    const file = join(dir, '.spectral-baseline.json');
    expect(readFileSync(file, 'utf8')).toBe(expectedFile({ '400': 1, '404': 1, '500': 1 }));
    expect(await baseline('--update')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: 4 defects in 2 findings of 1 document recorded (0 entries new or grown)\n',
      stderr: '',
    });
    // Fewer findings: nothing new or grown, the fixed ones gone from the file.
    rewrite(dir, ['400', '404', '500']);
    expect((await baseline('--update')).stdout).toBe(
      '.spectral-baseline.json: 1 finding of 1 document recorded (0 entries new or grown)\n',
    );
    expect(readFileSync(file, 'utf8')).toBe(expectedFile({}));
  });

  test('-b base/known.json: written there, the documents named relative to it; --check and --prune read it', async () => {
    const dir = samples(['400']);
    mkdirSync(join(dir, 'base'));
    expect(await baseline('-b', 'base/known.json', 'api/samples.yaml')).toEqual({
      code: 0,
      stdout: 'base/known.json: 3 defects in 2 findings of 1 document recorded\n',
      stderr: '',
    });
    expect(existsSync(join(dir, '.spectral-baseline.json'))).toBe(false);
    expect(readFileSync(join(dir, 'base/known.json'), 'utf8')).toBe(
      expectedFile({ '404': 1, '500': 1 }, ['../api/samples.yaml']),
    );
    expect(await baseline('--check', '--baseline', 'base/known.json')).toEqual({
      code: 0,
      stdout: 'base/known.json: every entry still matches (3 known defects)\n',
      stderr: '',
    });
    rewrite(dir, ['400', '404']);
    expect(await baseline('--prune', '-b', 'base/known.json')).toEqual({
      code: 0,
      stdout: 'base/known.json: 1 defect no longer found, dropped; 2 defects remain\n',
      stderr: '',
    });
    expect(readFileSync(join(dir, 'base/known.json'), 'utf8')).toBe(
      expectedFile({ '500': 1 }, ['../api/samples.yaml']),
    );
  });

  test('the baseline the configuration names (createRuleset({ baseline })) without -b', async () => {
    const dir = samples(['400']);
    linkPackage(dir);
    writeFileSync(
      join(dir, '.spectral.js'),
      "const { createRuleset } = require('spectral-api-conventions');\nmodule.exports = createRuleset({ baseline: 'ci/known.json' });\n",
    );
    mkdirSync(join(dir, 'ci'));
    expect(await baseline('--check')).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions baseline: ${join(dir, 'ci/known.json')} does not exist: write it first with \`spectral-api-conventions baseline <file>…\`\n`,
    });
    expect((await baseline('api/samples.yaml')).stdout).toBe(
      'ci/known.json: 3 defects in 2 findings of 1 document recorded\n',
    );
    expect(readFileSync(join(dir, 'ci/known.json'), 'utf8')).toBe(
      expectedFile({ '404': 1, '500': 1 }, ['../api/samples.yaml']),
    );
  });
});

describe('--check and --prune', () => {
  test('--check with nothing fixed: every entry still matches, new findings listed for information, exit 0', async () => {
    const dir = samples(['400', '404']);
    await baseline('api/samples.yaml');
    expect(await baseline('--check')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: every entry still matches (2 known defects)\n',
      stderr: '',
    });
    rewrite(dir, ['400']);
    expect(await baseline('--check')).toEqual({
      code: 0,
      stdout:
        '.spectral-baseline.json: every entry still matches (2 known defects)\n' +
        '1 defect is new (not in the baseline; spectral lint reports it):\n' +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('404')}\n`,
      stderr: '',
    });
    rewrite(dir, []);
    expect((await baseline('--check')).stdout).toBe(
      '.spectral-baseline.json: every entry still matches (2 known defects)\n' +
        '2 defects are new (not in the baseline; spectral lint reports them):\n' +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('400')}\n` +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('404')}\n`,
    );
  });

  test('--check with one known finding left: singular', async () => {
    samples(CODES_ALL);
    await baseline('api/samples.yaml');
    expect((await baseline('--check')).stdout).toBe(
      '.spectral-baseline.json: every entry still matches (1 known defect)\n',
    );
  });

  test('--check with fixed findings: each listed with its counts, exit 1, the advice to prune', async () => {
    const dir = samples(['400']);
    await baseline('api/samples.yaml');
    rewrite(dir, CODES_ALL);
    expect(await baseline('--check')).toEqual({
      code: 1,
      stdout:
        '.spectral-baseline.json: 2 fixed, 0 moved and 0 new defects\n' +
        '2 known defects are fixed but still in the baseline:\n' +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('404')}  (baseline 1, found 0)\n` +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('500')}  (baseline 1, found 0)\n` +
        'Run `npx spectral-api-conventions baseline --prune` and commit .spectral-baseline.json: it drops the fixed entries, so that they cannot come back unnoticed.\n',
      stderr: '',
    });
  });

  test('a renamed path: --check lists the moves apart from the fixed and the new, --prune carries them over', async () => {
    const dir = samples(['400']);
    await baseline('api/samples.yaml');
    // The rename, one missing code fixed, one new.
    rewrite(dir, ['400', '404'], '/clinical/billing/v1/samples/{sampleId}');
    const moved = pointer('paths', '/clinical/billing/v1/samples/{sampleId}', 'get', 'responses');
    expect(await baseline('--check')).toEqual({
      code: 1,
      stdout:
        '.spectral-baseline.json: 1 fixed, 1 moved and 0 new defects\n' +
        '1 known defect is fixed but still in the baseline:\n' +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('404')}  (baseline 1, found 0)\n` +
        '1 known defect moved (a renamed path), reported as new by spectral lint until the baseline follows:\n' +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('500')}\n` +
        `    → api/samples.yaml#${moved}\n` +
        'Run `npx spectral-api-conventions baseline --prune` and commit .spectral-baseline.json: it drops the fixed entries and carries the moved ones over, so that they cannot come back unnoticed.\n',
      stderr: '',
    });
    expect(await baseline('--prune')).toEqual({
      code: 0,
      stdout:
        '.spectral-baseline.json: 1 defect no longer found, dropped; 1 defect moved, carried over; 2 defects remain\n',
      stderr: '',
    });
    const data = JSON.parse(readFileSync(join(dir, '.spectral-baseline.json'), 'utf8')) as {
      findings: Record<string, Record<string, Record<string, Record<string, number>>>>;
    };
    expect(data.findings['api/samples.yaml']['error-responses-required']).toEqual({
      [moved]: { [missing('500')]: 1 },
    });
    expect(await baseline('--prune')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: nothing to prune\n',
      stderr: '',
    });
  });

  test('two moves of one path, and a new finding found twice: counts shown', async () => {
    const dir = samples([]);
    await baseline('api/samples.yaml');
    rewrite(dir, ['400'], '/clinical/billing/v1/samples/{sampleId}');
    const moved = pointer('paths', '/clinical/billing/v1/samples/{sampleId}', 'get', 'responses');
    const { code, stdout } = await baseline('--check');
    expect(code).toBe(1);
    expect(stdout).toBe(
      '.spectral-baseline.json: 1 fixed, 2 moved and 0 new defects\n' +
        '1 known defect is fixed but still in the baseline:\n' +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('400')}  (baseline 1, found 0)\n` +
        '2 known defects moved (a renamed path), reported as new by spectral lint until the baseline follows:\n' +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('404')}\n` +
        `    → api/samples.yaml#${moved}\n` +
        `  api/samples.yaml#${SAMPLE}  error-responses-required  ${missing('500')}\n` +
        `    → api/samples.yaml#${moved}\n` +
        'Run `npx spectral-api-conventions baseline --prune` and commit .spectral-baseline.json: it drops the fixed entries and carries the moved ones over, so that they cannot come back unnoticed.\n',
    );
    expect((await baseline('--prune')).stdout).toBe(
      '.spectral-baseline.json: 1 defect no longer found, dropped; 2 defects moved, carried over; 3 defects remain\n',
    );
  });

  test('--prune with only fixed findings: dropped, nothing added, the file rewritten', async () => {
    const dir = samples(['400']);
    await baseline('api/samples.yaml');
    rewrite(dir, ['404', '500']);
    expect(await baseline('--prune')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: 2 defects no longer found, dropped; 1 defect remains\n',
      stderr: '',
    });
    // The 400 missing now is new: pruning never adds it.
    expect(readFileSync(join(dir, '.spectral-baseline.json'), 'utf8')).toBe(expectedFile({}));
  });
});

describe('counts: a key found twice', () => {
  const KEY = '/paths/~1samples/get/parameters/fields@query/schema/examples/*';
  const COLOUR =
    '"fields" example selects "colour", which is not a field of the listed item; expected one of id, color';

  test('recorded with count 2; one fixed: (baseline 2, found 1); --prune leaves 1; one more: new, (2)', async () => {
    const dir = project();
    enter(dir);
    put(join(dir, 'api/list.yaml'), samplesFieldsList("['id,colour', 'colour']"));
    expect((await baseline('api/list.yaml')).stdout).toBe(
      '.spectral-baseline.json: 9 defects in 6 findings of 1 document recorded\n',
    );
    const file = join(dir, '.spectral-baseline.json');
    const fields = () =>
      (
        JSON.parse(readFileSync(file, 'utf8')) as {
          findings: Record<string, Record<string, Record<string, Record<string, number>>>>;
        }
      ).findings['api/list.yaml']['list-fields-parameter'];
    expect(fields()).toEqual({ [KEY]: { [COLOUR]: 2 } });
    put(join(dir, 'api/list.yaml'), samplesFieldsList("['id,color', 'colour']"));
    expect(await baseline('--check')).toEqual({
      code: 1,
      stdout:
        '.spectral-baseline.json: 1 fixed, 0 moved and 0 new defects\n' +
        '1 known defect is fixed but still in the baseline:\n' +
        `  api/list.yaml#${KEY}  list-fields-parameter  ${COLOUR}  (baseline 2, found 1)\n` +
        'Run `npx spectral-api-conventions baseline --prune` and commit .spectral-baseline.json: it drops the fixed entries, so that they cannot come back unnoticed.\n',
      stderr: '',
    });
    expect((await baseline('--prune')).stdout).toBe(
      '.spectral-baseline.json: 1 defect no longer found, dropped; 8 defects remain\n',
    );
    expect(fields()).toEqual({ [KEY]: { [COLOUR]: 1 } });
    put(join(dir, 'api/list.yaml'), samplesFieldsList("['colour', 'colour', 'colour']"));
    expect((await baseline('--check')).stdout).toBe(
      '.spectral-baseline.json: every entry still matches (8 known defects)\n' +
        '2 defects are new (not in the baseline; spectral lint reports them):\n' +
        `  api/list.yaml#${KEY}  list-fields-parameter  ${COLOUR}  (2)\n`,
    );
  });

  test('a path renamed with a key counted twice under it: the move shows its count', async () => {
    const dir = project();
    enter(dir);
    put(join(dir, 'api/list.yaml'), samplesFieldsList("['id,colour', 'colour']"));
    await baseline('api/list.yaml');
    put(
      join(dir, 'api/list.yaml'),
      samplesFieldsList("['id,colour', 'colour']").replace('  /samples:\n', '  /specimens:\n'),
    );
    const { code, stdout } = await baseline('--check');
    expect(stdout).toContain(
      `  api/list.yaml#${KEY}  list-fields-parameter  ${COLOUR}\n` +
        `    → api/list.yaml#${KEY.replace('~1samples', '~1specimens')}  (2)\n`,
    );
    expect(stdout.split('\n').slice(0, 2)).toEqual([
      '.spectral-baseline.json: 0 fixed, 9 moved and 0 new defects',
      '9 known defects moved (a renamed path), reported as new by spectral lint until the baseline follows:',
    ]);
    expect(code).toBe(1);
    // Only moves: --prune carries them over, drops nothing.
    expect((await baseline('--prune')).stdout).toBe(
      '.spectral-baseline.json: 9 defects moved, carried over; 9 defects remain\n',
    );
    expect((await baseline('--check')).stdout).toBe(
      '.spectral-baseline.json: every entry still matches (9 known defects)\n',
    );
  });
});

describe('a document given by its URL', () => {
  test('linted as served, named by its URL; --check and --prune without documents fetch it again', async () => {
    const dir = samples(['400']);
    // The project's files served over HTTP, as a description published by a service is.
    const server = createServer((request, response) => {
      const file = join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
      if (existsSync(file)) response.end(readFileSync(file));
      else response.writeHead(404).end();
    });
    await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/samples.yaml`;
      expect(await baseline(url)).toEqual({
        code: 0,
        stdout: '.spectral-baseline.json: 3 defects in 2 findings of 1 document recorded\n',
        stderr: '',
      });
      const data = JSON.parse(readFileSync(join(dir, '.spectral-baseline.json'), 'utf8')) as { documents: string[] };
      expect(data.documents).toEqual([url]);
      expect(await baseline('--check')).toEqual({
        code: 0,
        stdout: '.spectral-baseline.json: every entry still matches (3 known defects)\n',
        stderr: '',
      });
      expect(await baseline('--prune')).toEqual({
        code: 0,
        stdout: '.spectral-baseline.json: nothing to prune\n',
        stderr: '',
      });
    } finally {
      await new Promise(done => server.close(done));
    }
  });
});

describe('usage and refusals: exit 2, the sentence on standard error, nothing written', () => {
  test('--help and -h: the usage on standard output, exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = await baseline(flag, '--update');
      expect(stdout.startsWith(USAGE_START)).toBe(true);
      expect(stdout.endsWith(USAGE_END)).toBe(true);
      expect(stdout).toContain(
        '\n  --check                list fixed, moved and new findings; exit 1 when any is fixed or moved\n',
      );
      expect(stderr).toBe('');
      expect(code).toBe(0);
    }
  });

  test.each([
    ['an unknown option', ['--bogus'], 'unknown option --bogus'],
    ['two modes', ['--check', '--prune'], '--prune and --check cannot be combined'],
    ['--update and --check', ['--update', '--check', 'api/samples.yaml'], '--update and --check cannot be combined'],
    ['-b without its file', ['api/samples.yaml', '-b'], '-b needs a file'],
    ['no document and no baseline', [], 'name the documents to lint'],
  ])('%s: the sentence, then the usage', async (_name, args, sentence) => {
    const dir = samples();
    const { code, stdout, stderr } = await baseline(...args);
    expect(stderr.startsWith(`spectral-api-conventions baseline: ${sentence}\n\n${USAGE_START}`)).toBe(true);
    expect(stderr.endsWith(USAGE_END)).toBe(true);
    expect(stdout).toBe('');
    expect(code).toBe(2);
    expect(existsSync(join(dir, '.spectral-baseline.json'))).toBe(false);
  });

  test.each(['--check', '--prune'])('%s without a baseline: the path tried', async mode => {
    const dir = samples();
    expect(await baseline(mode)).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions baseline: ${join(dir, '.spectral-baseline.json')} does not exist: write it first with \`spectral-api-conventions baseline <file>…\`\n`,
    });
  });

  test('a baseline that is a folder, or not a baseline', async () => {
    const dir = samples();
    mkdirSync(join(dir, 'known'));
    expect(await baseline('--update', '-b', 'known', 'api/samples.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-api-conventions baseline: known is a folder, not a baseline file\n',
    });
    writeFileSync(join(dir, '.spectral-baseline.json'), '{ "version": 1, "findings": ');
    const broken = await baseline('--check');
    expect(broken.stderr).toMatch(
      /^spectral-api-conventions baseline: \.spectral-baseline\.json is not a spectral-api-conventions baseline: invalid JSON .*\n$/,
    );
    expect(broken.code).toBe(2);
  });

  test.each([
    ['a missing document', undefined, 'api/doc.yaml does not exist'],
    ['an empty document', '', 'api/doc.yaml is empty'],
    [
      'a numeric status key that spells no status (0x190: is 400 to YAML)',
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a/b/v1/c:\n    get:\n      responses:\n        0x190:\n          description: OK\n',
      'api/doc.yaml:7:9: Mapping key must be a string scalar rather than number',
    ],
    [
      'an AsyncAPI document',
      'asyncapi: 2.6.0\ninfo: {title: t, version: "1"}\nchannels: {}\n',
      'api/doc.yaml is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2',
    ],
  ])('%s: the reason, and that the baseline was not written', async (_name, text, reason) => {
    const dir = samples();
    if (text !== undefined) put(join(dir, 'api/doc.yaml'), text);
    expect(await baseline('api/doc.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions baseline: ${reason}\n.spectral-baseline.json was not written\n`,
    });
    expect(existsSync(join(dir, '.spectral-baseline.json'))).toBe(false);
  });

  test('a status code written as a number (200:): recorded, as spectral lint judges it', async () => {
    const dir = samples();
    put(
      join(dir, 'api/doc.yaml'),
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a/b/v1/c:\n    get:\n      responses:\n        200:\n          description: OK\n',
    );
    expect(await baseline('api/doc.yaml')).toEqual({
      code: 0,
      stdout: '.spectral-baseline.json: 3 defects in 1 finding of 1 document recorded\n',
      stderr: '',
    });
    expect(existsSync(join(dir, '.spectral-baseline.json'))).toBe(true);
  });

  test('--check of a document that cannot be linted: the reason, and that the baseline was not checked', async () => {
    const dir = samples();
    expect((await baseline('api/samples.yaml')).code).toBe(0);
    const written = readFileSync(join(dir, '.spectral-baseline.json'), 'utf8');
    put(join(dir, 'api/samples.yaml'), '');
    expect(await baseline('--check')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-api-conventions baseline: api/samples.yaml is empty\n.spectral-baseline.json was not checked\n',
    });
    expect(readFileSync(join(dir, '.spectral-baseline.json'), 'utf8')).toBe(written);
  });

  test('a ruleset that does not exist', async () => {
    // The samples' folder is the working directory: the ruleset is named relative to it.
    samples();
    expect(await baseline('-r', 'nope.yaml', 'api/samples.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-api-conventions baseline: cannot load the ruleset nope.yaml: it does not exist\n',
    });
  });
});
