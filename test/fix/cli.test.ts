/**
 * `spectral-api-conventions fix` as users run it: the built bin (node dist/cli.js) in a folder with a
 * `.spectral.yaml`, on copies of the golden documents. Exit codes, --dry-run, atomic writes, parse
 * errors, the ruleset found as `spectral lint` finds it, and findings in other files.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { missingSpectral } from '../../cli/spectral';
import { ensureBuilt } from '../__helpers__/built';
import { serving } from '../__helpers__/http';

const ROOT = resolve(__dirname, '../..');
const GOLDEN = join(__dirname, 'golden');
const CLI = join(ROOT, 'dist/cli.js');

let dir: string;

function fix(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, 'fix', ...args], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `fix` while the test's process goes on (serving HTTP to it), bounded in time. */
function fixMeanwhile(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'fix', ...args], { cwd: dir, timeout: 60_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', status => done({ status, stdout, stderr }));
  });
}

/** A golden document copied into the work folder under a name of its own. */
function copy(golden: string, name: string): string {
  copyFileSync(join(GOLDEN, golden), join(dir, name));
  return join(dir, name);
}

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-fix-'));
  writeFileSync(join(dir, '.spectral.yaml'), `extends: [${JSON.stringify(join(ROOT, 'dist/ruleset.js'))}]\n`);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('fix, the built bin', () => {
  test('--dry-run prints the diff and writes nothing', () => {
    const file = copy('safe-comments.before.yaml', 'dry.yaml');
    const before = statSync(file).mtimeMs;
    const run = fix('--dry-run', 'dry.yaml');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      readFileSync(join(GOLDEN, 'safe-comments.diff'), 'utf8').replace(/safe-comments\.yaml/g, 'dry.yaml'),
    );
    expect(run.stderr).toContain('dry.yaml: 7 fixed, 0 left');
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(GOLDEN, 'safe-comments.before.yaml'), 'utf8'));
    expect(statSync(file).mtimeMs).toBe(before);
  });

  test('writes the fixed file in place, leaves no temporary file, and a second run changes nothing', () => {
    const file = copy('unsafe-pretty.before.json', 'labs.json');
    const first = fix('--unsafe', 'labs.json');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^labs\.json: 6 fixed, 0 left\n/);
    expect(first.stdout).toMatch(/error-responses-required\s+2\s+0/);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(GOLDEN, 'unsafe-pretty.after.json'), 'utf8'));
    expect(readdirSync(dir).filter(name => name.includes('.tmp'))).toEqual([]);
    const mtime = statSync(file).mtimeMs;
    const second = fix('--unsafe', 'labs.json');
    expect(second.status).toBe(0);
    expect(second.stdout).toBe('labs.json: 0 fixed, 0 left\n');
    expect(statSync(file).mtimeMs).toBe(mtime);
  });

  test('exit code 1 when findings remain, with the reason in the summary', () => {
    copy('unsafe-pretty.before.json', 'safe-only.json');
    const run = fix('safe-only.json');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/error-responses-required\s+0\s+2\s+changes the contract: run with --unsafe/);
  });

  test('--rule fixes only that rule; the others are not run', () => {
    const file = copy('safe-comments.before.yaml', 'title.yaml');
    const run = fix('--rule', 'problem-example-title', 'title.yaml');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      'title.yaml: 2 fixed, 0 left\nrule                   fixed  left  why left\nproblem-example-title  2      0\n',
    );
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(GOLDEN, 'only-title.after.yaml'), 'utf8'));
  });

  test.each([
    [
      'YAML',
      'broken.yaml',
      'openapi: 3.1.0\npaths:\n  /a: {get: [\n',
      'spectral-api-conventions fix: broken.yaml: cannot parse YAML at line 4, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]; the file is untouched\n',
    ],
    [
      'YAML, with the offending line',
      'tab.yaml',
      'openapi: 3.1.0\ninfo:\n  title: x\n   version: 1\n',
      'spectral-api-conventions fix: tab.yaml: cannot parse YAML at line 3, column 10: Nested mappings are not allowed in compact mappings; the file is untouched\n    title: x\n',
    ],
    [
      'JSON',
      'broken.json',
      '{"openapi": "3.1.0", "paths": {',
      'spectral-api-conventions fix: broken.json: cannot parse JSON at line 1, column 32: CloseBraceExpected; the file is untouched\n  {"openapi": "3.1.0", "paths": {\n',
    ],
  ])('a %s parse error: exit code 2, a clear message, the file untouched', (_kind, name, text, message) => {
    writeFileSync(join(dir, name), text);
    const run = fix('--unsafe', name);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(message);
    expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
  });

  test.each([
    [[], /no file named/],
    [['--frobnicate', 'a.yaml'], /unknown option --frobnicate/],
    [['--rule'], /--rule needs a value/],
    [['--rule', 'no-such-rule', 'a.yaml'], /unknown rule no-such-rule/],
    [['missing.yaml'], /^spectral-api-conventions fix: missing\.yaml does not exist\n$/],
    [['.'], /^spectral-api-conventions fix: \. is a folder, not a document\n$/],
  ])('usage error %j: exit code 2', (args, message) => {
    const run = fix(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  test('--ruleset: a ruleset that switches a rule off leaves its findings alone', () => {
    const file = copy('safe-comments.before.yaml', 'quiet.yaml');
    writeFileSync(
      join(dir, 'quiet.spectral.yaml'),
      `extends: [${JSON.stringify(join(ROOT, 'dist/ruleset.js'))}]\nrules:\n  problem-example-title: off\n`,
    );
    const run = fix('--ruleset', 'quiet.spectral.yaml', 'quiet.yaml');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('quiet.yaml: 4 fixed, 0 left');
    expect(readFileSync(file, 'utf8')).toContain('title: Not found');
    expect(readFileSync(file, 'utf8')).toContain('instance: GET /orders/42');
  });

  test('--registry: added responses $ref that registry document, which the re-lint reads', () => {
    copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(dir, 'shared-registry.yaml'));
    const file = copy('registry-option.before.yaml', 'with-registry.yaml');
    const run = fix('--unsafe', '--registry', './shared-registry.yaml', 'with-registry.yaml');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/error-responses-required\s+1\s+0/);
    const after = readFileSync(file, 'utf8');
    for (const name of ['BadRequest', 'NotFound', 'InternalServerError'])
      expect(after).toContain(`$ref: ./shared-registry.yaml#/components/responses/${name}\n`);
    expect(after).not.toContain('components:');
  });

  test('findings in a $ref’d document are not edited; the summary names that file', () => {
    const registry = [
      'openapi: 3.1.0',
      'info: {title: Registry, version: "1"}',
      'paths: {}',
      'components:',
      '  responses:',
      '    NotFound:',
      '      description: Not found.',
      '      content:',
      '        application/problem+json:',
      '          example: {status: 404, title: Not found, detail: x, type: "https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5", instance: GET /x}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'registry.yaml'), registry);
    const api = [
      'openapi: 3.1.0',
      'info: {title: Api, version: "1"}',
      'servers: [{url: "https://api.example.com/shop/things/v1"}]',
      'paths:',
      '  /things:',
      '    get:',
      '      responses:',
      "        '200': {description: OK}",
      "        '400': {$ref: './registry.yaml#/components/responses/NotFound'}",
      "        '404': {$ref: './registry.yaml#/components/responses/NotFound'}",
      "        '500': {$ref: './registry.yaml#/components/responses/NotFound'}",
      '',
    ].join('\n');
    writeFileSync(join(dir, 'api.yaml'), api);
    const run = fix('--rule', 'problem-example-title', 'api.yaml');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("in ./registry.yaml, a $ref'd document: not edited");
    expect(readFileSync(join(dir, 'registry.yaml'), 'utf8')).toBe(registry);
    expect(readFileSync(join(dir, 'api.yaml'), 'utf8')).toBe(api);
  });
});

describe('documents fix must not edit: exit 2 and the sentence, as baseline and check say it', () => {
  const NOT_OPENAPI = [
    ['events.yaml', "asyncapi: '2.6.0'\ninfo:\n  title: Order events\n  version: 1.0.0\nchannels: {}\n"],
    ['empty.yaml', ''],
    ['app.yaml', 'name: my-app\nversion: 1.0.0\n'],
    ['paths.json', '["/v1/orders", "/v1/orders/{orderId}"]\n'],
  ];
  const SENTENCES = [
    'events.yaml is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2',
    'empty.yaml is empty',
    'app.yaml is not an OpenAPI 2.0, 3.0, 3.1 or 3.2 document: no `swagger: "2.0"` or `openapi: 3.x.y` at its top',
    'paths.json is not an OpenAPI document: it holds a list, not a map',
  ];

  test('AsyncAPI, empty, another YAML file, a JSON list: each named with why, untouched (not "findings remain")', () => {
    for (const [name, text] of NOT_OPENAPI) writeFileSync(join(dir, name), text);
    for (const dryRun of [[], ['--dry-run']]) {
      const run = fix(...dryRun, '--unsafe', ...NOT_OPENAPI.map(([name]) => name));
      expect(run).toEqual({
        status: 2,
        stdout: '',
        stderr: SENTENCES.map(sentence => `spectral-api-conventions fix: ${sentence}; the file is untouched\n`).join(
          '',
        ),
      });
    }
    for (const [name, text] of NOT_OPENAPI) expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
  });

  test('baseline and check refuse the AsyncAPI document with the same sentence', () => {
    writeFileSync(join(dir, NOT_OPENAPI[0][0]), NOT_OPENAPI[0][1]);
    const other = (command: string) =>
      spawnSync(process.execPath, [CLI, command, 'events.yaml'], { cwd: dir, encoding: 'utf8' });
    const baseline = other('baseline');
    expect([baseline.status, baseline.stderr]).toEqual([
      2,
      `spectral-api-conventions baseline: ${SENTENCES[0]}\n.spectral-baseline.json was not written\n`,
    ]);
    const check = other('check');
    expect([check.status, check.stderr]).toEqual([2, `spectral-api-conventions check: ${SENTENCES[0]}\n`]);
  });

  test('a URL: fix cannot write to it, exit 2, nothing fetched (with --dry-run too)', () => {
    // Port 9 (discard) on this machine: a fetch would fail with another sentence.
    const urls = ['https://api.example.com/orders.yaml', 'HTTP://127.0.0.1:9/orders.yaml'];
    for (const dryRun of [[], ['--dry-run']]) {
      expect(fix(...dryRun, ...urls)).toEqual({
        status: 2,
        stdout: '',
        stderr: urls
          .map(
            url =>
              `spectral-api-conventions fix: ${url} is a URL, which fix cannot write to: download it and fix the local copy\n`,
          )
          .join(''),
      });
    }
  });
});

describe('a file saved by another program while fix runs', () => {
  test('nothing written over the other write: exit 2, the sentence; run again, both kept', async () => {
    // The document $refs a schema on a server of the test, which fix's lint fetches after fix read the
    // file and before it writes: the server saves the file (as an editor would) before it answers.
    const EDITOR = '# saved in an editor while fix ran\n';
    const file = join(dir, 'orders.yaml');
    const requests: string[] = [];
    await serving(
      (request, response) => {
        if (requests.push(request.url ?? '') === 1) writeFileSync(file, `${readFileSync(file, 'utf8')}${EDITOR}`);
        response.end('type: object\n');
      },
      async origin => {
        const before = readFileSync(join(GOLDEN, 'safe-comments.before.yaml'), 'utf8').replace(
          'schema: {type: object}',
          `schema: {$ref: '${origin}/order.yaml'}`,
        );
        writeFileSync(file, before);
        const run = await fixMeanwhile('orders.yaml');
        expect(run).toEqual({
          status: 2,
          stdout: '',
          stderr:
            'spectral-api-conventions fix: orders.yaml changed while this command ran (another program wrote it); nothing written: run the command again\n',
        });
        expect(requests[0]).toBe('/order.yaml');
        expect(readFileSync(file, 'utf8')).toBe(`${before}${EDITOR}`);
        expect(readdirSync(dir).filter(name => name.includes('.tmp'))).toEqual([]);
        const again = await fixMeanwhile('orders.yaml');
        expect([again.status, again.stdout.split('\n')[0]]).toEqual([0, 'orders.yaml: 7 fixed, 0 left']);
        const after = readFileSync(file, 'utf8');
        expect(after.endsWith(EDITOR)).toBe(true);
        expect(after).toContain('instance: GET /orders/42');
      },
    );
  });
});

test('a Spectral package that is not installed is named, with the install to run', () => {
  expect(missingSpectral(new Error("Cannot find module '@stoplight/spectral-ruleset-bundler/with-loader'"))).toBe(
    '@stoplight/spectral-ruleset-bundler is not installed; fix lints with the Spectral packages that @stoplight/spectral-cli brings: npm install --save-dev @stoplight/spectral-cli',
  );
  expect(missingSpectral(new Error('something else'))).toBeUndefined();
});
