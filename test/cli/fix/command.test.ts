/**
 * `spectral-api-conventions fix` in this process (cli/fix/index.ts's `run`), for what
 * test/cli/fix/fix.cli.test.ts and test/cli/fix/files.cli.test.ts check through the built bin in child processes,
 * which mutation testing cannot see: usage and --help, the exit codes, --dry-run, the file written
 * with its fixes, parse errors, files that cannot be read or written, several files, the options and
 * the summary, each with its exact output.
 */
import { runCommand } from '../../../cli/main';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import baselineCommand from '../../../cli/baseline/index';
import command, { parseArgs } from '../../../cli/fix/index';
import type { RuleSummary } from '../../../cli/fix-engine';
import { formatSummary } from '../../../cli/fix/summary';
import { ROOT, captured, linkPackage, put, temporaryProjects } from '../../__helpers__/in-process';

const { project, enter } = temporaryProjects('spectral-api-conventions-fix-command-');
const fix = (...args: string[]) => captured(() => runCommand('fix', command, args));
const golden = (name: string): string => readFileSync(join(__dirname, 'golden', name), 'utf8');

const USAGE = `usage: spectral-api-conventions fix [options] <file>…

Applies the conventions' unambiguous fixes to OpenAPI descriptions (YAML or JSON), keeping
comments and layout. Safe fixes (example values) by default; --unsafe adds contract fixes.

options:
  --dry-run             print the diff (each edit by JSON pointer where a line is too long to read), write nothing
  --rule <id>           fix only this rule's findings (repeatable)
  --unsafe              also add missing error responses, examples, problem media types, x-extensible-enum
  --registry <path>     $ref added responses to this registry document (a path from here, or a URL) instead of copying them in
  -r, --ruleset <file>  the ruleset (default: .spectral.yaml/.yml/.json/.js in this folder, as spectral lint)
  -h, --help            this text

exit codes: 0 nothing left, 1 findings remain, 2 usage error or a file left alone (missing, a URL,
not OpenAPI, unparsable, not UTF-8, read-only, or saved by another program while fix ran): nothing written
safe fixes: problem-example-members, problem-example-title, problem-example-type, problem-example-instance
unsafe fixes: error-responses-required, error-responses-secured, error-response-examples, error-response-problem-media-type, list-filter-extensible-enum
`;

/** A project whose .spectral.yaml extends the built ruleset, as the current folder. */
function folder(): string {
  const dir = project();
  writeFileSync(join(dir, '.spectral.yaml'), `extends: [${JSON.stringify(join(ROOT, 'dist/ruleset.js'))}]\n`);
  enter(dir);
  return dir;
}

/** A golden document copied into the project under a name of its own. */
function copy(dir: string, from: string, name: string): string {
  put(join(dir, name), golden(from));
  return join(dir, name);
}

/** The summary of safe-comments.before.yaml: seven safe fixes, nothing left. */
const SAFE_SUMMARY = (name: string): string =>
  [
    `${name}: 7 fixed, 0 left`,
    'rule                      fixed  left  why left',
    'problem-example-instance  1      0',
    'problem-example-members   1      0',
    'problem-example-title     3      0',
    'problem-example-type      2      0',
    '',
  ].join('\n');

describe('usage', () => {
  test.each([[['-h']], [['--help']], [['--dry-run', 'api.yaml', '--help']]])(
    '%j: the usage on standard output, exit 0, nothing read',
    async args => {
      folder();
      expect(await fix(...args)).toEqual({ code: 0, stdout: USAGE, stderr: '' });
    },
  );

  test.each([
    [[], 'no file named'],
    [['--dry-run'], 'no file named'],
    [['--frobnicate', 'a.yaml'], 'unknown option --frobnicate'],
    [['a.yaml', '--rule'], '--rule needs a rule id'],
  ])('%j: the error and the usage on standard error, exit 2', async (args, message) => {
    folder();
    expect(await fix(...args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions fix: ${message}\n\n${USAGE}`,
    });
  });

  test('--rule with rules that neither the ruleset has nor fix knows: both named, exit 2, nothing written', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'api.yaml');
    expect(
      await fix('--rule', 'no-such-rule', '--rule', 'problem-example-title', '--rule', 'nor-this', 'api.yaml'),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions fix: unknown rule no-such-rule, nor-this (not in ${dir}/.spectral.yaml)\n`,
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('safe-comments.before.yaml'));
  });

  test('--rule of a rule the ruleset has but fix cannot fix: its findings are left, exit 1', async () => {
    const dir = folder();
    put(
      join(dir, 'api.yaml'),
      [
        'openapi: 3.1.0',
        'info: {title: Orders, version: "1"}',
        'paths:',
        '  /orders:',
        '    get:',
        '      responses:',
        "        '200': {description: OK}",
        '',
      ].join('\n'),
    );
    const run = await fix('--rule', 'path-version-segment', 'api.yaml');
    expect(run).toEqual({
      code: 1,
      stdout: [
        'api.yaml: 0 fixed, 1 left',
        'rule                  fixed  left  why left',
        'path-version-segment  0      1     no fix: changing paths breaks clients',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  test('--ruleset naming a file that does not exist: exit 2, the ruleset named', async () => {
    const dir = folder();
    copy(dir, 'safe-comments.before.yaml', 'api.yaml');
    expect(await fix('--ruleset', 'nope.yaml', 'api.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-api-conventions fix: cannot load the ruleset nope.yaml: it does not exist\n`,
    });
  });
});

describe('fixing files', () => {
  test('--dry-run: the diff on standard output, the summary on standard error, nothing written', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'dry.yaml');
    expect(await fix('--dry-run', 'dry.yaml')).toEqual({
      code: 0,
      stdout: golden('safe-comments.diff').replace(/safe-comments\.yaml/g, 'dry.yaml'),
      stderr: SAFE_SUMMARY('dry.yaml'),
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('safe-comments.before.yaml'));
  });

  test('--dry-run on a file in a folder: the diff names it by its path relative to the current folder', async () => {
    const dir = folder();
    copy(dir, 'safe-comments.before.yaml', 'api/orders.yaml');
    const run = await fix('--dry-run', 'api/orders.yaml');
    expect(run.stdout).toBe(golden('safe-comments.diff').replace(/safe-comments\.yaml/g, 'api/orders.yaml'));
    expect(run.code).toBe(0);
  });

  test('the file written with its fixes, the summary on standard output; a second run writes nothing', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'api.yaml');
    expect(await fix('api.yaml')).toEqual({ code: 0, stdout: SAFE_SUMMARY('api.yaml'), stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(golden('safe-comments.after.yaml'));
    // A write replaces the file (a new inode); a run that fixes nothing leaves it as it is.
    const inode = statSync(file).ino;
    expect(await fix('api.yaml')).toEqual({ code: 0, stdout: 'api.yaml: 0 fixed, 0 left\n', stderr: '' });
    expect(statSync(file).ino).toBe(inode);
    expect(await fix('--dry-run', 'api.yaml')).toEqual({ code: 0, stdout: '', stderr: 'api.yaml: 0 fixed, 0 left\n' });
  });

  test('a file named by a path of its own: the summary names it relative to the current folder', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'api/orders.yaml');
    expect(await fix(`./api/../api/orders.yaml`)).toEqual({
      code: 0,
      stdout: SAFE_SUMMARY('api/orders.yaml'),
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('safe-comments.after.yaml'));
  });

  test('findings that need --unsafe: left with the reason, exit 1, the file as it was', async () => {
    const dir = folder();
    const file = copy(dir, 'unsafe-pretty.before.json', 'labs.json');
    expect(await fix('labs.json')).toEqual({
      code: 1,
      stdout: [
        'labs.json: 0 fixed, 6 left',
        'rule                               fixed  left  why left',
        'error-response-examples            0      1     changes the contract: run with --unsafe',
        'error-response-problem-media-type  0      1     changes the contract: run with --unsafe',
        'error-responses-required           0      2     changes the contract: run with --unsafe',
        'error-responses-secured            0      1     changes the contract: run with --unsafe',
        'list-filter-extensible-enum        0      1     changes the contract: run with --unsafe',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('unsafe-pretty.before.json'));
  });

  test('--unsafe: the contract fixes too, exit 0', async () => {
    const dir = folder();
    const file = copy(dir, 'unsafe-pretty.before.json', 'labs.json');
    expect(await fix('--unsafe', 'labs.json')).toEqual({
      code: 0,
      stdout: golden('unsafe-pretty.summary.txt').replace('unsafe-pretty:', 'labs.json:'),
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('unsafe-pretty.after.json'));
  });

  test('--rule: only that rule is fixed', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'title.yaml');
    expect(await fix('--rule', 'problem-example-title', 'title.yaml')).toEqual({
      code: 0,
      stdout:
        'title.yaml: 2 fixed, 0 left\nrule                   fixed  left  why left\nproblem-example-title  2      0\n',
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('only-title.after.yaml'));
  });

  test('--registry: added responses $ref that registry document', async () => {
    const dir = folder();
    put(join(dir, 'shared-registry.yaml'), readFileSync(join(ROOT, 'registry/problem-details.yaml'), 'utf8'));
    const file = copy(dir, 'registry-option.before.yaml', 'with-registry.yaml');
    const run = await fix('--unsafe', '--registry', './shared-registry.yaml', 'with-registry.yaml');
    expect(run).toEqual({
      code: 0,
      stdout:
        'with-registry.yaml: 1 fixed, 0 left\nrule                      fixed  left  why left\nerror-responses-required  1      0\n',
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(
      golden('registry-option.after.yaml').replace(
        /\.\.\/\.\.\/\.\.\/\.\.\/registry\/problem-details\.yaml/g,
        './shared-registry.yaml',
      ),
    );
  });

  test('--ruleset: a ruleset that switches a rule off leaves its findings alone', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'quiet.yaml');
    writeFileSync(
      join(dir, 'quiet.spectral.yaml'),
      `extends: [${JSON.stringify(join(ROOT, 'dist/ruleset.js'))}]\nrules:\n  problem-example-title: off\n`,
    );
    const run = await fix('--ruleset', 'quiet.spectral.yaml', 'quiet.yaml');
    expect(run).toEqual({
      code: 0,
      stdout: [
        'quiet.yaml: 4 fixed, 0 left',
        'rule                      fixed  left  why left',
        'problem-example-instance  1      0',
        'problem-example-members   1      0',
        'problem-example-type      2      0',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toContain('title: Not found');
    expect(readFileSync(file, 'utf8')).toContain('instance: GET /orders/42');
  });
});

describe('files that are not fixed', () => {
  test.each([
    [
      'YAML',
      'broken.yaml',
      'openapi: 3.1.0\npaths:\n  /a: {get: [\n',
      'spectral-api-conventions fix: broken.yaml:4:1: Unexpected end of the stream within a flow collection; the file is untouched\n',
    ],
    [
      'YAML, at the position every command gives',
      'tab.yaml',
      'openapi: 3.1.0\ninfo:\n  title: x\n   version: 1\n',
      'spectral-api-conventions fix: tab.yaml:4:11: Bad indentation of a mapping entry; the file is untouched\n',
    ],
    [
      'JSON',
      'broken.json',
      '{"openapi": "3.1.0", "paths": {',
      'spectral-api-conventions fix: broken.json:2:1: Unexpected end of the stream within a flow collection; the file is untouched\n',
    ],
  ])('a %s parse error: exit 2, the message, the file untouched', async (_kind, name, text, message) => {
    const dir = folder();
    put(join(dir, name), text);
    expect(await fix('--unsafe', name)).toEqual({ code: 2, stdout: '', stderr: message });
    expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
  });

  test.each([
    [['missing.yaml'], 'missing.yaml does not exist'],
    [['.'], '. is a folder, not a document'],
  ])('%j: exit 2, the file named', async (args, message) => {
    folder();
    expect(await fix(...args)).toEqual({ code: 2, stdout: '', stderr: `spectral-api-conventions fix: ${message}\n` });
  });

  test('a read-only file: refused, exit 2, the bytes unchanged; --dry-run still shows the fixes', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'readonly.yaml');
    chmodSync(file, 0o444);
    expect(await fix('readonly.yaml')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'spectral-api-conventions fix: readonly.yaml is read-only (mode 444); nothing written (--dry-run shows the fixes)\n',
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('safe-comments.before.yaml'));
    const dry = await fix('--dry-run', 'readonly.yaml');
    expect(dry.code).toBe(0);
    expect(dry.stderr).toBe(SAFE_SUMMARY('readonly.yaml'));
  });
});

describe('documents Spectral cannot parse cleanly: refused, since it then checks nothing', () => {
  const before = golden('safe-comments.before.yaml');

  test.each([
    [
      'a duplicate key in YAML: the parser’s message and path',
      'dup.yaml',
      before.replace('openapi: 3.1.0', 'openapi: 3.1.0\nopenapi: 3.1.0'),
      'dup.yaml:3:1: Duplicate key: openapi; the file is untouched\n',
    ],
    [
      'a duplicate key in a JSON-style flow mapping of a YAML document: the YAML parser’s message',
      'flow.yaml',
      before.replace('openapi: 3.1.0', 'openapi: 3.1.0\nx-meta: {"a": 1, "a": 2}'),
      'flow.yaml:3:18: Duplicate key: a; the file is untouched\n',
    ],
    [
      'an unknown tag: the message, no path',
      'tag.yaml',
      before.replace('openapi: 3.1.0', 'openapi: 3.1.0\nx-meta: !foo bar'),
      'tag.yaml:3:9: Unknown tag <!foo>; the file is untouched\n',
    ],
    [
      'an unquoted status code (a number key)',
      'number.yaml',
      before.replace("'404':", '404:'),
      'number.yaml:26:9: Mapping key must be a string scalar rather than number; the file is untouched\n',
    ],
    [
      'a duplicate key in JSON: where, with the line',
      'dup.json',
      '{"openapi": "3.1.0", "openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {}}\n',
      'dup.json:1:22: Duplicate key: openapi; the file is untouched\n',
    ],
  ])('%s: exit 2', async (_name, file, text, message) => {
    const dir = folder();
    put(join(dir, file), text);
    expect(await fix(file)).toEqual({ code: 2, stdout: '', stderr: `spectral-api-conventions fix: ${message}` });
    expect(readFileSync(join(dir, file), 'utf8')).toBe(text);
  });

  test('a duplicate key in a document this one $refs: not this file’s parse error, so this file is fixed and the other left', async () => {
    const dir = folder();
    put(
      join(dir, 'problem.yaml'),
      'Problem:\n  type: object\n  type: object\n  properties:\n    status: {type: integer}\n',
    );
    put(
      join(dir, 'api.yaml'),
      before.replace("$ref: '#/components/schemas/Problem'", "$ref: './problem.yaml#/Problem'"),
    );
    const run = await fix('api.yaml');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        'api.yaml: 7 fixed, 2 left',
        'rule                      fixed  left  why left',
        `parser                    0      1     in ${join(dir, 'problem.yaml')}, another document: not edited`,
        "problem-details-schema    0      1     in ./problem.yaml, a $ref'd document: not edited",
        'problem-example-instance  1      0',
        'problem-example-members   1      0',
        'problem-example-title     3      0',
        'problem-example-type      2      0',
        '',
      ].join('\n'),
    );
  });

  test('an unquoted status code under a ruleset whose parserOptions make it a warning: fixed, the warning left, exit 1', async () => {
    const dir = folder();
    writeFileSync(
      join(dir, 'lenient.spectral.yaml'),
      `extends: [${JSON.stringify(join(ROOT, 'dist/ruleset.js'))}]\nparserOptions:\n  incompatibleValues: warn\n`,
    );
    const file = join(dir, 'number.yaml');
    put(file, before.replace("'404':", '404:'));
    expect(await fix('--ruleset', 'lenient.spectral.yaml', 'number.yaml')).toEqual({
      code: 1,
      stdout: [
        'number.yaml: 7 fixed, 1 left',
        'rule                      fixed  left  why left',
        'parser                    0      1     Spectral cannot parse this (our rules skip such a document); fix it by hand',
        'problem-example-instance  1      0',
        'problem-example-members   1      0',
        'problem-example-title     3      0',
        'problem-example-type      2      0',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('safe-comments.after.yaml').replace("'404':", '404:'));
  });
});

describe('the guard’s spectral:oas rules', () => {
  const strict = readFileSync(join(__dirname, 'cases/strict-problem-schema.yaml'), 'utf8');
  /** The strict Problem schema document, padded with a comment to `length` characters. */
  const padded = (length: number): string => `${strict}# ${'x'.repeat(length - strict.length - 3)}\n`;
  const REFUSED =
    'error-response-examples   0      2     its fix would add a finding of oas3-valid-media-example; left as it was';

  test.each([
    ['a small document', strict, REFUSED],
    ['a document of exactly 2,000,000 characters', padded(2_000_000), REFUSED],
    [
      'a larger one (only the cheap rules: the schema ones take minutes there)',
      padded(2_000_001),
      'error-response-examples   2      0',
    ],
  ])('%s: the guard checks the added examples against their schema or not (%#)', async (_name, text, examples) => {
    expect([strict.length, padded(2_000_000).length, padded(2_000_001).length]).toEqual([
      strict.length,
      2_000_000,
      2_000_001,
    ]);
    const dir = folder();
    put(join(dir, 'api.yaml'), text);
    const run = await fix('--dry-run', '--unsafe', 'api.yaml');
    expect(run.stderr.split('\n').filter(line => line.startsWith('error-response-examples'))).toEqual([examples]);
  });

  test('in the second of two files, the guard’s findings are still not reported', async () => {
    const dir = folder();
    copy(dir, 'safe-comments.before.yaml', 'a.yaml');
    put(
      join(dir, 'b.yaml'),
      golden('safe-comments.after.yaml').replace('  schemas:\n', '  schemas:\n    Unused:\n      type: object\n'),
    );
    expect(await fix('a.yaml', 'b.yaml')).toEqual({
      code: 0,
      stdout: `${SAFE_SUMMARY('a.yaml')}b.yaml: 0 fixed, 0 left\n`,
      stderr: '',
    });
  });
});

describe('several files', () => {
  test('a missing file among others: the others are fixed, exit 2', async () => {
    const dir = folder();
    const file = copy(dir, 'safe-comments.before.yaml', 'ok.yaml');
    expect(await fix('missing.yaml', 'ok.yaml')).toEqual({
      code: 2,
      stdout: SAFE_SUMMARY('ok.yaml'),
      stderr: 'spectral-api-conventions fix: missing.yaml does not exist\n',
    });
    expect(readFileSync(file, 'utf8')).toBe(golden('safe-comments.after.yaml'));
  });

  test('findings left after an error: exit 2 stays; after a clean file: exit 1', async () => {
    const dir = folder();
    copy(dir, 'unsafe-pretty.before.json', 'labs.json');
    copy(dir, 'safe-comments.after.yaml', 'clean.yaml');
    expect((await fix('--dry-run', 'missing.yaml', 'labs.json')).code).toBe(2);
    expect((await fix('--dry-run', 'clean.yaml', 'labs.json')).code).toBe(1);
    expect((await fix('--dry-run', 'labs.json', 'clean.yaml')).code).toBe(1);
  });
});

describe('under the baseline preset', () => {
  /** A project under `extends: spectral-api-conventions/baseline`, api.yaml's findings recorded in its baseline. */
  async function baselined(from: string): Promise<string> {
    const dir = project();
    linkPackage(dir);
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions/baseline"]\n');
    enter(dir);
    copy(dir, from, 'api.yaml');
    expect((await captured(() => runCommand('baseline', baselineCommand, ['api.yaml']))).code).toBe(0);
    return dir;
  }

  test('fix sees and fixes baselined findings, and says how to bring the baseline up to date', async () => {
    const dir = await baselined('safe-comments.before.yaml');
    expect(await fix('api.yaml')).toEqual({
      code: 0,
      stdout: `${SAFE_SUMMARY('api.yaml')}api.yaml: the baseline may still count findings fixed here; \`spectral-api-conventions baseline --prune\` drops them\n`,
      stderr: '',
    });
    expect(readFileSync(join(dir, 'api.yaml'), 'utf8')).toBe(golden('safe-comments.after.yaml'));
  });

  test('nothing fixed (only findings that need --unsafe): no word of the baseline', async () => {
    await baselined('unsafe-pretty.before.json');
    const run = await fix('--dry-run', 'api.yaml');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^api\.yaml: 0 fixed, 6 left\n/);
    expect(run.stderr).not.toContain('baseline');
  });
});

describe('parseArgs', () => {
  test('the defaults: no registry or ruleset key at all (the ruleset’s own apply)', () => {
    expect(parseArgs(['api.yaml'])).toStrictEqual({
      options: { dryRun: false, rules: [], unsafe: false },
      files: ['api.yaml'],
    });
  });

  test('every option, rules repeated, files in order', () => {
    expect(
      parseArgs([
        '--dry-run',
        '--rule',
        'problem-example-title',
        'a.yaml',
        '--unsafe',
        '--rule=problem-example-type',
        '--registry',
        './registry.yaml',
        '-r',
        'strict.spectral.yaml',
        'b.json',
      ]),
    ).toStrictEqual({
      options: {
        dryRun: true,
        rules: ['problem-example-title', 'problem-example-type'],
        unsafe: true,
        registry: './registry.yaml',
        ruleset: 'strict.spectral.yaml',
      },
      files: ['a.yaml', 'b.json'],
    });
  });
});

describe('formatSummary', () => {
  const result = (summary: [string, RuleSummary][]) => ({ summary: new Map(summary) });

  test('nothing found: the count line alone, no table', () => {
    expect(formatSummary(result([]), 'api.yaml')).toBe('api.yaml: 0 fixed, 0 left');
  });

  test('rules sorted, columns as wide as their widest cell, several reasons counted, one reason not', () => {
    expect(
      formatSummary(
        result([
          [
            'problem-example-type',
            {
              fixed: 1,
              left: 3,
              reasons: new Map([
                ['no type for this status', 2],
                ['in ./registry.yaml, a $ref’d document: not edited', 1],
              ]),
            },
          ],
          ['error-responses-required', { fixed: 12, left: 1, reasons: new Map([['changes the contract', 1]]) }],
          ['problem-example-title', { fixed: 2, left: 0, reasons: new Map() }],
        ]),
        'api/orders.yaml',
      ),
    ).toBe(
      [
        'api/orders.yaml: 15 fixed, 4 left',
        'rule                      fixed  left  why left',
        'error-responses-required  12     1     changes the contract',
        'problem-example-title     2      0',
        'problem-example-type      1      3     no type for this status (2); in ./registry.yaml, a $ref’d document: not edited (1)',
      ].join('\n'),
    );
  });
});
