/**
 * `spectral-api-conventions fix` as users run it: the built bin (node dist/cli.js) in a folder with a
 * `.spectral.yaml`, on copies of the golden documents. Exit codes, --dry-run, atomic writes, parse
 * errors, the ruleset found as `spectral lint` finds it, and findings in other files.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { missingSpectral } from '../../../cli/shared/spectral';
import { ensureBuilt } from '../../__helpers__/built';
import { serving } from '../../__helpers__/http';

const ROOT = resolve(__dirname, '../../..');
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

  test('--dry-run on minified JSON: each edit by its JSON pointer, old and new value and an excerpt, not the one long line', () => {
    // The golden YAML document as a minified JSON description (one 1.7 kB line).
    const minified = JSON.stringify(parse(readFileSync(join(GOLDEN, 'safe-comments.before.yaml'), 'utf8')));
    writeFileSync(join(dir, 'orders.min.json'), minified);
    const run = fix('--dry-run', 'orders.min.json');
    const example = '/paths/~1orders~1{orderId}/get/responses/404/content/application~1problem+json/example';
    expect(run.stdout).toBe(
      [
        '--- a/orders.min.json',
        '+++ b/orders.min.json',
        `@@ ${example}/status changed at line 1, column 574 @@`,
        '-"404"',
        '+404',
        ' …Problem"},"example":{"status":[-"404"-]{+404+},"title":"Not Found","detail":…',
        `@@ ${example}/title changed at line 1, column 593 @@`,
        '-"Not found"',
        '+"Not Found"',
        ' …e":{"status":404,"title":"Not [-f-]{+F+}ound","detail":"No order 42.",…',
        `@@ ${example}/type changed at line 1, column 691 @@`,
        '-"https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.4"',
        '+"https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5"',
        ' …doc/html/rfc9110#section-15.5.[-4-]{+5+}","instance":"GET /orders/42"}…',
        `@@ ${example}/instance changed at line 1, column 706 @@`,
        '-"get /orders/42"',
        '+"GET /orders/42"',
        ' …0#section-15.5.5","instance":"[-get-]{+GET+} /orders/42"}}}},"500":{"$ref"…',
        '@@ /components/responses/ServerError/content/application~1problem+json/example/title changed at line 1, column 1429 @@',
        '-"Internal server error"',
        '+"Internal Server Error"',
        ' …status":500,"title":"Internal [-server e-]{+Server E+}rror","detail":"Something brok…',
        '@@ /components/examples/Invalid/value/title changed at line 1, column 1632 @@',
        '-"Bad request"',
        '+"Bad Request"',
        ' …e":{"status":400,"title":"Bad [-r-]{+R+}equest","detail":"orderId must…',
        '@@ /components/examples/Invalid/value/type changed at line 1, column 1686 @@',
        '-"about:blank"',
        '+"https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1"',
        ' …Id must be a number.","type":"[-about:blank-]{+https://datatracker.…#section-15.5.1+}","instance":"GET /orders/x"}}…',
        '',
      ].join('\n'),
    );
    expect(run.stderr).toContain('orders.min.json: 7 fixed, 0 left');
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'orders.min.json'), 'utf8')).toBe(minified);
  });

  test('--dry-run --unsafe on minified JSON: added members laid out, renames, as the golden diff', () => {
    const minified = JSON.stringify(JSON.parse(readFileSync(join(GOLDEN, 'unsafe-pretty.before.json'), 'utf8')));
    writeFileSync(join(dir, 'labs.min.json'), minified);
    const run = fix('--dry-run', '--unsafe', 'labs.min.json');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      readFileSync(join(GOLDEN, 'unsafe-minified.diff'), 'utf8').replace(/unsafe-minified\.json/g, 'labs.min.json'),
    );
    expect(readFileSync(join(dir, 'labs.min.json'), 'utf8')).toBe(minified);
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
    [['--rule'], /--rule needs a rule id/],
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

/** An operation with a 200 and the given error responses, in `api/<name>` of a fresh folder beside `registry/`. */
function sharedLayout(name: string, responses: string[]): { folder: string; file: string; text: string } {
  const folder = mkdtempSync(join(dir, 'shared-'));
  mkdirSync(join(folder, 'api'));
  mkdirSync(join(folder, 'registry'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(folder, 'registry/problem-details.yaml'));
  const text = [
    'openapi: 3.1.0',
    'info:',
    '  title: Orders',
    "  version: '1'",
    'servers:',
    '  - url: https://api.example.com/shop/orders/v1',
    'paths:',
    '  /orders/{orderId}:',
    '    get:',
    '      parameters:',
    '        - name: orderId',
    '          in: path',
    '          required: true',
    '          schema:',
    '            type: string',
    '      responses:',
    "        '200':",
    '          description: The order.',
    '          content:',
    '            application/json:',
    '              schema:',
    '                type: object',
    ...responses,
    '',
  ].join('\n');
  writeFileSync(join(folder, 'api', name), text);
  return { folder, file: join(folder, 'api', name), text };
}

/** A folder's path as the test's working directory names it. */
const named = (path: string): string => path.slice(dir.length + 1);

describe('fix --unsafe and the shared registry', () => {
  test('a document that $refs a copy of the registry: the added responses $ref that copy, as the document writes it; nothing is copied in', () => {
    const notFound = [
      "        '404':",
      "          $ref: '../registry/problem-details.yaml#/components/responses/NotFound'",
    ];
    const { file, text } = sharedLayout('orders.yaml', notFound);
    const run = fix('--unsafe', named(file));
    expect(run).toEqual({
      status: 0,
      stdout: `${named(file)}: 1 fixed, 0 left\nrule                      fixed  left  why left\nerror-responses-required  1      0\n`,
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(
      text.replace(
        notFound.join('\n'),
        [
          "        '400':",
          "          $ref: '../registry/problem-details.yaml#/components/responses/BadRequest'",
          ...notFound,
          "        '500':",
          "          $ref: '../registry/problem-details.yaml#/components/responses/InternalServerError'",
        ].join('\n'),
      ),
    );
  });

  test('a relative --registry is the path from the working directory; the $ref is written from the document’s folder', () => {
    const { folder, file, text } = sharedLayout('plain.yaml', []);
    const run = fix('--unsafe', '--registry', `${named(folder)}/registry/problem-details.yaml`, named(file));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(
      `${text}${['400', '404', '500']
        .map(
          (code, i) =>
            `        '${code}':\n          $ref: ../registry/problem-details.yaml#/components/responses/${['BadRequest', 'NotFound', 'InternalServerError'][i]}\n`,
        )
        .join('')}`,
    );
  });

  test('a registry that cannot be read: where and why, exit code 2, the file untouched', async () => {
    const { folder, file, text } = sharedLayout('plain.yaml', []);
    // A port that refuses connections: one just given by the system and closed again.
    const server = createServer();
    await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    await new Promise(done => server.close(done));
    writeFileSync(join(folder, 'registry/broken.yaml'), 'components: [\n');
    const cases: [string, string][] = [
      [`${named(folder)}/registry/missing.yaml`, 'ENOENT: no such file or directory'],
      [
        `http://127.0.0.1:${port}/problem-details.yaml`,
        `request to http://127.0.0.1:${port}/problem-details.yaml failed, reason: connect ECONNREFUSED 127.0.0.1:${port}`,
      ],
      [
        `${named(folder)}/registry/broken.yaml`,
        'not YAML or JSON: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 1:',
      ],
    ];
    for (const [registry, why] of cases) {
      expect(fix('--unsafe', '--registry', registry, named(file))).toEqual({
        status: 2,
        stdout: '',
        stderr: `spectral-api-conventions fix: ${named(file)}: the registry ${registry} (--registry) could not be read: ${why}; the file is untouched\n`,
      });
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
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

describe('fix and problem types', () => {
  test('safe fixes: an RFC 9110 link to the wrong section gets the right one, a type that is no URI the link; the API’s own URI stays, with the typeStyle option as the reason', () => {
    const example = (name: string, type: string, order: number): string[] => [
      `                ${name}:`,
      '                  value:',
      `                    type: ${type}`,
      '                    status: 404',
      '                    title: Not Found',
      `                    detail: No order ${order}.`,
      `                    instance: GET /orders/${order}`,
    ];
    const { file, text } = sharedLayout('types.yaml', [
      "        '400':",
      "          $ref: '../registry/problem-details.yaml#/components/responses/BadRequest'",
      "        '404':",
      '          description: No such order.',
      '          content:',
      '            application/problem+json:',
      '              schema:',
      "                $ref: '../registry/problem-details.yaml#/components/schemas/ProblemDetails'",
      '              examples:',
      ...example('own', 'https://api.example.com/problems/not-found', 42),
      ...example('wrong-section', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.4', 43),
      ...example('no-uri', 'Not Found', 44),
      "        '500':",
      "          $ref: '../registry/problem-details.yaml#/components/responses/InternalServerError'",
    ]);
    const run = fix(named(file));
    expect(run).toEqual({
      status: 1,
      stdout: [
        `${named(file)}: 2 fixed, 1 left`,
        'rule                  fixed  left  why left',
        'problem-example-type  2      1     an absolute URI of the API’s own; set typeStyle: any-uri if the API uses its own problem types, or change it to https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5 by hand',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(readFileSync(file, 'utf8')).toBe(
      text
        .replace('rfc9110#section-15.5.4', 'rfc9110#section-15.5.5')
        .replace('type: Not Found', 'type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5'),
    );
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
