/**
 * End to end, as a user installs and runs it, with no network: `npm pack`, the tarball unpacked
 * into an empty project beside the Spectral CLI that `npm ci` installed here
 * (test/__helpers__/installed.ts), and then
 * - the real `spectral lint` on the fixtures, `extends`-ing the package by name;
 * - every `spectral lint` command of docs/ci.md, run as written, with the outcome the page states;
 * - every configuration of docs/vscode.md, loaded as the VS Code extension loads it with every
 *   fetch refused, finding for finding equal to the CLI.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, Server, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { Ruleset, Spectral } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { migrateRuleset } from '@stoplight/spectral-ruleset-migrator';
import { bundleRuleset } from '@stoplight/spectral-ruleset-bundler';
import { runtime } from '@stoplight/spectral-ruleset-bundler/presets/runtime';
import { stdin } from '@stoplight/spectral-ruleset-bundler/plugins/stdin';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { CONFORMING, DEFECTS } from './__helpers__/expected';
import { Installed, ROOT, installPacked } from './__helpers__/installed';
import { createRuleset, DEFAULT_DOCS_URL, RulesetOptions } from '../ruleset';
import { FIXTURES, fixtureDocument } from './__helpers__/spectral';
import { parseCodeQuality, parseFindings, readSarif } from './__helpers__/json';
import { commonjsPlugin, evaluateBundle } from './__helpers__/bundle';

let pkg: Installed;

beforeAll(() => {
  pkg = installPacked();
  writeFileSync(join(pkg.project, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
  // The shared registry beside the folders below, so that the fixtures' `../registry/` $refs resolve.
  mkdirSync(join(pkg.project, 'registry'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(pkg.project, 'registry/problem-details.yaml'));
}, 300_000);

afterAll(() => pkg?.remove());

/** A finding as the CLI's JSON and the engine both give it, comparable. */
interface Finding {
  source?: string;
  code: string;
  path: string;
  message: string;
  severity: number;
}

const normal = (findings: (ISpectralDiagnostic | { code: string | number; path: (string | number)[] })[]) =>
  findings
    .map(f => {
      const { source, code, path, message, severity } = f as ISpectralDiagnostic;
      return { source, code: String(code), path: path.join('.'), message, severity };
    })
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/** `spectral lint -f json` in the project, with its findings parsed. */
function lintJson(cwd: string, ...args: string[]): { findings: Finding[]; status: number | null; stderr: string } {
  const run = spawnSync(pkg.spectral, ['lint', '-f', 'json', '--quiet', ...args], { cwd, encoding: 'utf8' });
  const out = run.stdout.trim();
  return { findings: normal(parseFindings(out)), status: run.status, stderr: run.stderr };
}

/**
 * What the defects fixture must give, as far as `DEFECTS` says: [code, path] pairs, or
 * [code, path, message] triples, compared in the same shape (without the path for reports that
 * give none, such as SARIF's).
 */
const expectDefects = (found: { code: string; path?: string; message: string }[]) => {
  const arity = (DEFECTS[0] as readonly string[]).length;
  const withPath = found.every(f => f.path !== undefined);
  const shape = ([code, path, message]: readonly (string | undefined)[]) =>
    JSON.stringify([code, ...(withPath ? [path] : []), ...(arity > 2 ? [message] : [])]);
  expect(found.map(f => shape([f.code, f.path, f.message])).sort()).toEqual(
    (DEFECTS as readonly (readonly string[])[]).map(shape).sort(),
  );
};

describe('spectral lint with the installed package', () => {
  test('the package is unpacked from the tarball, with the bundle, its types, the presets, the docs and the registry', () => {
    expect(fs.lstatSync(pkg.installed).isSymbolicLink()).toBe(false);
    expect(readdirSync(join(pkg.installed, 'dist'))).toEqual(
      expect.arrayContaining(['ruleset.js', 'ruleset.d.ts', 'cli.js']),
    );
    expect(readdirSync(join(pkg.installed, 'presets'))).toEqual(
      expect.arrayContaining(['recommended.js', 'strict.js']),
    );
    expect(readdirSync(join(pkg.installed, 'docs/rules')).sort()).toEqual(
      Object.keys(createRuleset().rules)
        .map(id => `${id}.md`)
        .sort(),
    );
    expect(readdirSync(join(pkg.installed, 'registry'))).toContain('problem-details.yaml');
  });

  test('report: the estate report from the installed bin, its worker threads and its page scripts from the tarball', () => {
    const folder = join(pkg.project, 'estate');
    fs.mkdirSync(folder, { recursive: true });
    fs.copyFileSync(join(FIXTURES, 'openapi-3.1.yaml'), join(folder, 'conforming.yaml'));
    fs.copyFileSync(join(FIXTURES, 'defects.yaml'), join(folder, 'defects.yaml'));
    const run = spawnSync(
      join(pkg.project, 'node_modules/.bin/spectral-api-conventions'),
      ['report', 'estate', '-f', 'json', '-f', 'html', '--output.html', 'estate.html'],
      { cwd: pkg.project, encoding: 'utf8' },
    );
    expect([run.status, run.stderr]).toEqual([0, '']);
    const report = JSON.parse(run.stdout) as { apis: { file: string; status: string; score: number }[] };
    expect(report.apis.map(api => [api.file, api.status, api.score === 100])).toEqual([
      ['estate/conforming.yaml', 'linted', true],
      ['estate/defects.yaml', 'linted', false],
    ]);
    const page = readFileSync(join(pkg.project, 'estate.html'), 'utf8');
    // d3, Observable Plot and the page's own scripts inlined from the installed package.
    expect(page).toContain('https://d3js.org');
    expect(page).toContain('Plot');
    expect(page.length).toBeGreaterThan(400_000);
  });

  describe('the conforming fixtures, in one run', () => {
    let run: ReturnType<typeof lintJson>;
    beforeAll(() => {
      run = lintJson(pkg.project, ...CONFORMING.map(name => join(FIXTURES, name)));
    });
    test.each(CONFORMING)('%s lints with zero findings', name => {
      expect(run.stderr).toBe('');
      expect(run.findings.filter(f => f.source === join(FIXTURES, name))).toEqual([]);
    });
    test('and the run exits 0', () => {
      expect(run.findings).toEqual([]);
      expect(run.status).toBe(0);
    });
  });

  test('the defects document gives each rule its finding at its known place, and nothing else', () => {
    const { findings, status } = lintJson(pkg.project, join(FIXTURES, 'defects.yaml'));
    expectDefects(findings);
    expect(findings.every(f => f.source === join(FIXTURES, 'defects.yaml'))).toBe(true);
    expect(status).toBe(1);
  });
});

/**
 * docs/ci.md, command by command. Each case is a folder of the project holding the page's
 * `.spectral.yaml` and an `openapi.yaml`; the command runs there through `sh -c`, exactly as the
 * page writes it (`npx` finds the project's own `spectral`).
 */
describe('CI recipes as docs/ci.md writes them', () => {
  const page = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
  const commands = [
    ...page.matchAll(
      /^\s*(?:- (?:run: )?)?((?:timeout \d+ )?npx spectral(?: lint|-api-conventions check) (?!--since).*?)(?:\s+# .*)?$/gm,
    ),
  ].map(m => m[1]);
  const [sarif, gitlab, plain, failOnWarnings, junit, guarded] = commands;

  /** An openapi.yaml that gives warnings only: no version segment in /status (path-version-segment). */
  const onlyWarnings = () =>
    readFileSync(join(FIXTURES, 'openapi-3.1.yaml'), 'utf8')
      .replace('/health:', '/status:')
      .replace('https://api.example.com/clinical/labs/v1', 'https://api.example.com');

  let cases = 0;
  /** A new folder with the page's .spectral.yaml and the given openapi.yaml (none when undefined). */
  function folder(openapi: string | undefined, ruleset = 'extends: ["spectral-api-conventions"]\n'): string {
    const dir = join(pkg.project, `ci-${++cases}`);
    mkdirSync(dir);
    // The fixtures beside it, so that relative $refs (defects.yaml's to defects-registry.yaml) resolve.
    for (const name of readdirSync(FIXTURES))
      if (name.endsWith('.yaml')) copyFileSync(join(FIXTURES, name), join(dir, name));
    writeFileSync(join(dir, ruleset.startsWith('extends') ? '.spectral.yaml' : '.spectral.js'), ruleset);
    if (openapi !== undefined) writeFileSync(join(dir, 'openapi.yaml'), openapi);
    return dir;
  }
  const sh = (command: string, cwd: string) => spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8' });
  const defects = () => readFileSync(join(FIXTURES, 'defects.yaml'), 'utf8');
  const clean = () => readFileSync(join(FIXTURES, 'openapi-3.1.yaml'), 'utf8');

  test('the page holds these commands, and this test runs each of them', () => {
    expect(commands).toEqual([
      'npx spectral lint openapi.yaml -f sarif -f stylish --output.sarif spectral.sarif --fail-severity error',
      'npx spectral-api-conventions check openapi.yaml -f gitlab -f stylish --output.gitlab gl-code-quality-report.json --fail-severity error',
      'npx spectral lint openapi.yaml',
      'npx spectral lint openapi.yaml --fail-severity warn',
      'npx spectral lint openapi.yaml -f junit -o spectral.xml --fail-severity warn --show-documentation-url',
      'timeout 300 npx spectral lint openapi.yaml',
    ]);
  });

  test('SARIF: every finding, each naming its rule and linking its page; exit 1 on errors, 0 on warnings alone', () => {
    const dir = folder(defects());
    const run = sh(sarif, dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/✖ \d+ problems \(\d+ errors?, \d+ warnings?/);
    const [only] = readSarif(join(dir, 'spectral.sarif')).runs;
    const rules = new Map<string, { helpUri?: string }>(only.tool.driver.rules.map(rule => [rule.id, rule]));
    expectDefects(
      only.results.map(r => ({
        code: r.ruleId,
        message: r.message.text,
      })),
    );
    for (const result of only.results) {
      expect(rules.get(result.ruleId)!.helpUri).toBe(DEFAULT_DOCS_URL.replace('{rule}', result.ruleId));
      expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe('openapi.yaml');
    }

    const warned = folder(onlyWarnings());
    const warnings = sh(sarif, warned);
    expect(warnings.status).toBe(0);
    const { results } = readSarif(join(warned, 'spectral.sarif')).runs[0];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every(r => r.level === 'warning')).toBe(true);
  });

  test('GitLab Code Quality: one entry per finding with its rule, file and line; exit 1 on errors', () => {
    const dir = folder(defects());
    const run = sh(gitlab, dir);
    expect(run.status).toBe(1);
    const report = parseCodeQuality(readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8'));
    expectDefects(report.map(entry => ({ code: entry.check_name, message: entry.description })));
    // Each line, 1-based, is the line of the finding in the document: Spectral's JSON gives it 0-based.
    const lines = defects().split('\n');
    const json = lintJson(dir, 'openapi.yaml').findings;
    for (const entry of report) {
      expect(entry.location.path).toBe('openapi.yaml');
      const { line } = entry.location.positions.begin;
      const at = json.find(f => f.code === entry.check_name && f.message === entry.description)!;
      const key = at.path.split('.').pop()!;
      if (!/^\d+$/.test(key)) expect(lines[line - 1]).toContain(key);
    }
    const missing500 = report.find(entry => entry.description.startsWith('No 500 response'))!;
    expect(lines[missing500.location.positions.begin.line - 1]).toBe('      responses:');
    expect(lines[missing500.location.positions.begin.line - 4]).toBe('  /clinical/labs/v1/a:');
    // Errors are "critical", warnings "major"; one fingerprint per finding, so GitLab tells them apart.
    expect(new Set(report.map(entry => entry.severity))).toEqual(new Set(['critical', 'major']));
    expect(new Set(report.map(entry => entry.fingerprint)).size).toBe(report.length);
  });

  test('exit codes: errors fail the plain command; warnings fail it only with --fail-severity warn', () => {
    expect(sh(plain, folder(clean())).status).toBe(0);
    expect(sh(plain, folder(onlyWarnings())).status).toBe(0);
    expect(sh(plain, folder(defects())).status).toBe(1);
    expect(sh(failOnWarnings, folder(clean())).status).toBe(0);
    expect(sh(failOnWarnings, folder(onlyWarnings())).status).toBe(1);
  });

  test('JUnit with --fail-severity warn: a failing testcase per warning; without it the report is empty', () => {
    const dir = folder(onlyWarnings());
    expect(sh(junit, dir).status).toBe(1);
    const xml = readFileSync(join(dir, 'spectral.xml'), 'utf8');
    const warnings = lintJson(dir, 'openapi.yaml').findings;
    expect(warnings.length).toBeGreaterThan(0);
    expect(xml.match(/<testcase /g)).toHaveLength(warnings.length);
    expect(xml.match(/<failure /g)).toHaveLength(warnings.length);
    expect(xml).toContain('name="org.spectral.path-version-segment(');
    // Each failure ends with its rule's documentation link (--show-documentation-url).
    expect(xml.match(/, https:\/\/[^\]]+\/docs\/rules\/[a-z-]+\.md\]\]><\/failure>/g)).toHaveLength(warnings.length);
    expect(xml).toContain(`, ${DEFAULT_DOCS_URL.replace('{rule}', 'path-version-segment')}]]></failure>`);
    expect(sh(junit.replace(' --show-documentation-url', ''), dir).status).toBe(1);
    expect(readFileSync(join(dir, 'spectral.xml'), 'utf8')).not.toContain('/docs/rules/');

    const withoutFlag = junit.replace(' --fail-severity warn', '');
    expect(sh(withoutFlag, dir).status).toBe(0);
    const empty = readFileSync(join(dir, 'spectral.xml'), 'utf8');
    expect(empty).toMatch(/<testsuite [^>]*tests="0"/);
    expect(empty).not.toContain('<testcase');

    const cleanDir = folder(clean());
    expect(sh(junit, cleanDir).status).toBe(0);
    expect(readFileSync(join(cleanDir, 'spectral.xml'), 'utf8')).not.toMatch(/<testsuite[ >]/);
  });

  describe('the exit-code table, row by row', () => {
    test('broken YAML: exit 1, parser errors', () => {
      const run = sh(plain, folder('openapi: 3.1.0\ninfo: {title: x\n  version: 1\n paths: [\n'));
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/error\s+parser\s/);
    });

    test.each([
      ['an empty file', ''],
      ['a YAML file that is not OpenAPI', 'name: my-service\nversion: 1\n'],
    ])('%s: exit 0 with one unrecognized-format warning, 1 with --fail-severity warn', (_, text) => {
      const dir = folder(text);
      const run = sh(plain, dir);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/1 problem \(0 errors, 1 warning/);
      expect(run.stdout).toContain('unrecognized-format');
      expect(sh(failOnWarnings, dir).status).toBe(1);
    });

    test.each([
      ['an unknown option', '--bogus', 'Unknown argument: bogus'],
      ['an unknown format', '-f bogus', 'Invalid values'],
      ['an unknown severity', '--fail-severity bogus', 'Invalid values'],
    ])('%s: exit 1, as findings, with the usage on standard error', (_, option, reason) => {
      const run = sh(`${plain} ${option}`, folder(clean()));
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(reason);
      expect(run.stdout).toBe('');
    });

    test('one document that exists and one that does not: the missing one is skipped, exit 0 on a clean document', () => {
      const run = sh(`${plain} nope.yaml`, folder(clean()));
      expect(run.status).toBe(0);
    });

    test('no document named and no terminal (CI): Spectral lints empty standard input, exit 0', () => {
      const run = spawnSync('sh', ['-c', 'npx spectral lint < /dev/null'], { cwd: folder(clean()), encoding: 'utf8' });
      expect(run.stdout).toContain('unrecognized-format');
      expect(run.status).toBe(0);
    });

    test('a document that does not exist: exit 2, "No files found to lint"', () => {
      const run = sh(plain, folder(undefined));
      expect(run.status).toBe(2);
      expect(run.stdout + run.stderr).toContain('No files found to lint');
    });

    test.each([
      [
        'a bad option',
        "module.exports = require('./node_modules/spectral-api-conventions/dist/ruleset.js').createRuleset({ strict: 'yes' });\n",
        'option "strict" must be true or false',
      ],
      ['a preset that does not exist', 'extends: ["spectral-api-conventions/strikt"]\n', 'Error running Spectral!'],
    ])('a ruleset that fails to load (%s): exit 2, "Error running Spectral!" and the reason', (_, ruleset, reason) => {
      const dir = folder(clean(), ruleset);
      // The .spectral.js requires the bundle relative to the project root, where node_modules is.
      if (!ruleset.startsWith('extends'))
        fs.renameSync(join(dir, '.spectral.js'), join(pkg.project, 'bad.spectral.js'));
      const run = ruleset.startsWith('extends') ? sh(plain, dir) : sh(`${plain} -r ../bad.spectral.js`, dir);
      expect(run.status).toBe(2);
      expect(run.stdout + run.stderr).toContain('Error running Spectral!');
      expect(run.stdout + run.stderr).toContain(reason);
    });

    describe('remote $refs', () => {
      const sockets: Socket[] = [];
      let silent: Server;
      let closedPort: number;
      const listen = (server: Server) =>
        new Promise<number>(done =>
          server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)),
        );
      const withRemoteRef = (port: number) =>
        clean().replace(
          /\$ref: '\.\.\/registry\/problem-details\.yaml#\/components\/responses\/NotFound'/,
          `$ref: 'http://127.0.0.1:${port}/problem-details.yaml#/components/responses/NotFound'`,
        );

      beforeAll(async () => {
        // A server that accepts every connection and never answers.
        silent = createServer(socket => sockets.push(socket));
        await listen(silent);
        // A port on which nothing listens: connections are refused.
        const closed = createServer();
        closedPort = await listen(closed);
        await new Promise(done => closed.close(done));
      });

      afterAll(() => {
        for (const socket of sockets) socket.destroy();
        silent.close();
      });

      test('a server that refuses the connection: exit 1, an invalid-ref error at the $ref', () => {
        const text = withRemoteRef(closedPort);
        expect(text).toContain(`127.0.0.1:${closedPort}`);
        const run = sh(plain, folder(text));
        expect(run.status).toBe(1);
        expect(run.stdout).toMatch(/error\s+invalid-ref\s+.*ECONNREFUSED/);
      });

      test('a server that never answers: Spectral waits; the guarded step fails with exit 124 at its limit', async () => {
        const dir = folder(withRemoteRef((silent.address() as { port: number }).port));
        expect(guarded).toBe('timeout 300 npx spectral lint openapi.yaml');
        // The page's guard as written. Its limit is not waited for: once Spectral has connected to the
        // server and is still waiting for an answer, SIGALRM tells GNU timeout that its time is up, as
        // its own timer would (coreutils' timeout handles SIGALRM as expiry). Nothing here depends on
        // how fast the machine is: it waits for the connection however long Spectral takes to start.
        const [command, ...args] = guarded.split(' ');
        const connected = new Promise<void>(done => silent.once('connection', () => done()));
        const child = spawn(command, args, { cwd: dir, stdio: 'ignore' });
        const exited = new Promise<number | null>(done => child.on('exit', code => done(code)));
        let exitedEarly = false;
        void exited.then(() => (exitedEarly = true));
        await Promise.race([connected, exited]);
        expect(exitedEarly).toBe(false);
        expect(sockets.length).toBeGreaterThan(0);
        // Connected and never answered: Spectral is still waiting, whatever time has passed.
        await new Promise(done => setTimeout(done, 1000));
        expect(exitedEarly).toBe(false);
        child.kill('SIGALRM');
        expect(await exited).toBe(124);
      }, 600_000);
    });
  });
});

describe('one ruleset file per folder (docs/vscode.md)', () => {
  test('a .spectral.js beside a .spectral.yaml: spectral lint uses the first the folder listing returns', () => {
    const dir = join(pkg.project, 'two-rulesets');
    mkdirSync(dir);
    copyFileSync(join(FIXTURES, 'openapi-3.1.yaml'), join(dir, 'openapi.yaml'));
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-api-conventions"]\n');
    writeFileSync(
      join(dir, '.spectral.js'),
      "module.exports = { rules: { 'from-js': { given: '$', severity: 'error', message: 'from .spectral.js', then: { function: () => [{ message: 'from .spectral.js' }] } } } };\n",
    );
    const first = readdirSync(dir).find(name => Ruleset.isDefaultRulesetFile(name));
    const codes = new Set(lintJson(dir, 'openapi.yaml').findings.map(f => f.code));
    expect(codes.has('from-js')).toBe(first === '.spectral.js');
    expect(readFileSync(join(ROOT, 'docs/vscode.md'), 'utf8')).toContain('## One ruleset file per folder');
  });
});

/**
 * The Spectral VS Code extension loads a ruleset in its language server as `Linter.loadRuleset`
 * (vscode-spectral, server/src/linter.ts) does: a `.spectral.yaml` through the ruleset migrator
 * into a module fed to rollup by the stdin plugin, a `.spectral.js` directly; rollup with the
 * bundler's `runtime` preset (`@stoplight/spectral-*` from the extension itself, relative paths
 * from disk, any other bare import from https://esm.sh/) and the commonjs plugin, into an IIFE that
 * is evaluated. With every fetch refused, each configuration docs/vscode.md offers must load and
 * find exactly what the CLI finds with the same file.
 */
describe('loaded as the VS Code extension loads it, offline', () => {
  const page = readFileSync(join(ROOT, 'docs/vscode.md'), 'utf8');
  const blocks = (lang: string) =>
    [...page.matchAll(new RegExp('^ *```' + lang + '\\n([\\s\\S]*?)^ *```$', 'gm'))].map(m =>
      m[1].replace(/^ {3}/gm, ''),
    );
  const [plainYaml, strictYaml, recommendedYaml] = blocks('yaml');
  const [optionsJs] = blocks('js');
  /** The options the page's .spectral.js passes, read by running it with a stand-in createRuleset. */
  const pageOptions = (): RulesetOptions => {
    const module = { exports: {} as RulesetOptions };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the page's own .spectral.js is what the test checks.
    const run = new Function('require', 'module', optionsJs) as (require: () => unknown, module: object) => void;
    run(() => ({ createRuleset: (options: RulesetOptions) => options }), module);
    return module.exports;
  };

  const fetched: string[] = [];
  const refuse = (url: unknown): Promise<never> => {
    fetched.push(String(url));
    return Promise.reject(new Error(`network refused: ${String(url)}`));
  };
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = refuse;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  async function loadAsTheExtension(rulesetFile: string): Promise<Ruleset> {
    const io = { fs, fetch: refuse as unknown as typeof fetch };
    let input = rulesetFile;
    const plugins = [...runtime(io), commonjsPlugin()];
    if (/\.(json|ya?ml)$/.test(rulesetFile)) {
      input = join(dirname(rulesetFile), '.spectral.js');
      plugins.unshift(stdin(await migrateRuleset(rulesetFile, { format: 'esm', ...io }), input));
    }
    const code = await bundleRuleset(input, { target: 'runtime', format: 'iife', plugins });
    return new Ruleset(evaluateBundle(code), { severity: 'recommended', source: input });
  }

  /** The configuration file written where the page says (a folder of the project, or its root). */
  function configuration(name: string, text: string): string {
    const file = name.endsWith('.js') ? join(pkg.project, name) : join(pkg.project, name, '.spectral.yaml');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  }

  const fixtures = [...CONFORMING, 'defects.yaml'];

  /** The extension's findings and the CLI's (`-r` the same file), fixture by fixture. */
  async function editorAndCli(rulesetFile: string) {
    fetched.length = 0;
    const ruleset = await loadAsTheExtension(rulesetFile);
    expect(fetched).toEqual([]);
    const cli = lintJson(pkg.project, '-r', rulesetFile, ...fixtures.map(name => join(FIXTURES, name)));
    expect(cli.stderr).toBe('');
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    spectral.setRuleset(ruleset);
    for (const name of fixtures) {
      const inEditor = normal(await spectral.run(fixtureDocument(name)));
      const source = join(FIXTURES, name);
      expect(inEditor).toEqual(cli.findings.filter(f => f.source === source));
    }
    return { ruleset, cli: cli.findings };
  }

  const severityOf = (findings: Finding[], code: string) => findings.find(f => f.code === code)?.severity;

  test('the page offers a plain .spectral.yaml, the strict and recommended presets, and a .spectral.js', () => {
    expect([plainYaml, strictYaml, recommendedYaml]).toEqual([
      'extends: ["spectral-api-conventions"]\n',
      'extends: ["spectral-api-conventions/strict"]\n',
      'extends: ["spectral-api-conventions/recommended"]\n',
    ]);
    expect(optionsJs).toContain("require('./node_modules/spectral-api-conventions/dist/ruleset.js')");
    expect(Object.keys(pageOptions()).sort()).toEqual(
      ['docsUrl', 'listDetection', 'registry', 'sortPattern', 'strict', 'typeStyle'].sort(),
    );
  });

  test('extends: ["spectral-api-conventions"]: our rules, nothing fetched, the CLI findings', async () => {
    const { ruleset, cli } = await editorAndCli(configuration('plain', plainYaml));
    expect(Object.keys(ruleset.rules).sort()).toEqual(Object.keys(createRuleset().rules).sort());
    expectDefects(cli.filter(f => f.source === join(FIXTURES, 'defects.yaml')));
  }, 120_000);

  test('extends: ["spectral-api-conventions/strict"]: every MUST at error', async () => {
    const { ruleset, cli } = await editorAndCli(configuration('strict', strictYaml));
    expect(Object.keys(ruleset.rules).sort()).toEqual(Object.keys(createRuleset().rules).sort());
    for (const code of ['error-responses-required', 'error-responses-secured', 'error-response-examples'])
      expect(severityOf(cli, code)).toBe(0);
    expect(severityOf(cli, 'problem-example-title')).toBe(1);
  }, 120_000);

  test('extends: ["spectral-api-conventions/recommended"]: our rules and spectral:oas\'s', async () => {
    const { ruleset } = await editorAndCli(configuration('recommended', recommendedYaml));
    const ids = Object.keys(ruleset.rules);
    expect(ids).toEqual(expect.arrayContaining([...Object.keys(createRuleset().rules), 'oas3-schema', 'info-contact']));
  }, 120_000);

  test('the .spectral.js of the page: every option arrives, and the findings are the CLI findings', async () => {
    const { ruleset, cli } = await editorAndCli(configuration('.spectral.js', optionsJs));
    const expected = createRuleset(pageOptions()).rules as Record<string, { severity: string; then: object }>;
    const severities: Record<string, number> = { error: 0, warn: 1, info: 2, hint: 3 };
    for (const [id, rule] of Object.entries(ruleset.rules)) {
      expect(rule.documentationUrl).toBe(`https://docs.example.com/api-rules/${id}.html`);
      expect(rule.severity).toBe(severities[expected[id].severity]);
      const then = expected[id].then as { functionOptions?: unknown };
      expect(rule.then[0].functionOptions).toEqual(then.functionOptions);
    }
    expect(severityOf(cli, 'error-responses-required')).toBe(0);
    // registry: the fixtures' own registry is not the one named, so each of its $refs is reported.
    expect(cli.filter(f => f.code === 'problem-registry-single').length).toBeGreaterThan(1);
  }, 120_000);

  test("a .spectral.js with a bare require('spectral-api-conventions') does not load: the extension fetches it from esm.sh", async () => {
    const file = configuration(
      'bare.spectral.js',
      "const { createRuleset } = require('spectral-api-conventions');\nmodule.exports = createRuleset({ strict: true });\n",
    );
    fetched.length = 0;
    await expect(loadAsTheExtension(file)).rejects.toThrow();
    expect(fetched).toContain('https://esm.sh/spectral-api-conventions');
  }, 120_000);
});
