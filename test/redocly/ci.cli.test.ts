/**
 * docs/ci.md's Redocly CLI recipes, command by command, as written: the real `redocly` (this
 * project's @redocly/cli) with the built plugin, in a project folder holding the page's
 * `redocly.yaml`, on the defects fixture and on a clean document. Each outcome the page states is
 * checked: the exit code, one entry per finding with its rule, message and link, and its line, which
 * must be the line Spectral gives the same finding (1-based, as the document counts). Every run is
 * a process that may open no connection (a preload records and fails any), and none may be tried.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Document } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { DEFAULT_DOCS_URL } from '../../ruleset';
import { ensureBuilt } from '../__helpers__/built';
import { FIXTURES, spectralWith } from '../__helpers__/spectral';

const ROOT = resolve(__dirname, '../..');
const PAGE = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
const SECTION = PAGE.slice(PAGE.indexOf('## Redocly CLI'));
const PREFIX = 'spectral-api-conventions/';

/** The page's redocly.yaml and its command lines (GitLab's script: the lines after `npm ci`). */
const CONFIG = /```yaml\n(plugins:[^`]*?)```/.exec(SECTION)![1];
const GITHUB = /- run: (npx redocly lint .*)$/m.exec(SECTION)![1];
const GITLAB = [...SECTION.matchAll(/^ {4}- (?!npm ci)(.*)$/gm)].map(m => m[1]);
const JUNIT = /```sh\n(npx redocly lint .*)\n```/.exec(SECTION)![1];

/** A preload that records and refuses any connection, name lookup or fetch of a Redocly CLI process. */
const NO_NETWORK = `if (/redocly|phone-home/.test(process.argv[1] || '')) {
  const fs = require('node:fs');
  const refuse = what => {
    fs.appendFileSync(process.env.NETWORK_LOG, what + '\\n');
    throw new Error('no network here: ' + what);
  };
  require('node:net').Socket.prototype.connect = function (...args) {
    return refuse('connect ' + JSON.stringify((args[0] && args[0].host) || args[0]));
  };
  const dns = require('node:dns');
  dns.lookup = host => refuse('dns.lookup ' + host);
  dns.promises.lookup = async host => refuse('dns.promises.lookup ' + host);
  globalThis.fetch = async input => refuse('fetch ' + String((input && input.url) || input));
}
`;

interface SpectralFinding {
  rule: string;
  message: string;
  line: number;
  severity: 'error' | 'warn';
}

let project: string;
let cases = 0;

beforeAll(() => {
  // The project as `npm ci` leaves it: @redocly/cli and this package (whose dist/redocly.js is built) installed.
  ensureBuilt();
  project = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-redocly-ci-'));
  mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/@redocly'), join(project, 'node_modules/@redocly'));
  symlinkSync(ROOT, join(project, 'node_modules/spectral-api-conventions'));
  symlinkSync('../@redocly/cli/bin/cli.js', join(project, 'node_modules/.bin/redocly'));
  // The shared registry, where the fixtures' `../registry/` $refs find it.
  mkdirSync(join(project, 'registry'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(project, 'registry/problem-details.yaml'));
  writeFileSync(join(project, 'no-network.cjs'), NO_NETWORK);
  // A script named as the preload watches: the check that it does refuse and record.
  writeFileSync(join(project, 'phone-home.cjs'), "fetch('https://registry.npmjs.org/').catch(() => {});\n");
}, 120_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

/** A folder of the project with the page's redocly.yaml, the fixtures beside it, and `openapi.yaml`. */
function folder(openapi: string, config = CONFIG): string {
  const dir = join(project, `case-${++cases}`);
  mkdirSync(dir);
  for (const name of readdirSync(FIXTURES))
    if (name.endsWith('.yaml')) copyFileSync(join(FIXTURES, name), join(dir, name));
  copyFileSync(join(FIXTURES, openapi), join(dir, 'openapi.yaml'));
  writeFileSync(join(dir, 'redocly.yaml'), config);
  return dir;
}

/** Runs a command line (or a script of lines) through `sh`, as CI does, and returns what it tried on the network. */
function sh(script: string, cwd: string, env: NodeJS.ProcessEnv = {}) {
  const log = join(cwd, 'network.log');
  const base = { ...process.env };
  // Nothing of this process's environment turns Redocly's requests off: only the page's redocly.yaml.
  delete base.REDOCLY_TELEMETRY;
  delete base.REDOCLY_SUPPRESS_UPDATE_NOTICE;
  const run = spawnSync('sh', ['-c', script], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: { ...base, NODE_OPTIONS: `--require ${join(project, 'no-network.cjs')}`, NETWORK_LOG: log, ...env },
  });
  const network = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { ...run, network };
}

/** Spectral's error severity (@stoplight/types' DiagnosticSeverity.Error). */
const ERROR: ISpectralDiagnostic['severity'] = 0;

/** The findings Spectral gives `openapi.yaml` of a folder with our rules, each on its 1-based line. */
async function spectralFindings(dir: string): Promise<SpectralFinding[]> {
  const path = join(dir, 'openapi.yaml');
  const results = await spectralWith().run(new Document(readFileSync(path, 'utf8'), Parsers.Yaml, path));
  return results
    .map(r => ({
      rule: String(r.code),
      message: r.message,
      line: r.range.start.line + 1,
      severity: r.severity === ERROR ? ('error' as const) : ('warn' as const),
    }))
    .sort(byText);
}

const byText = (a: unknown, b: unknown): number => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
const unescapeAnnotation = (text: string): string =>
  text.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
const unescapeXml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

test('the page holds the redocly.yaml and these commands, and this test runs each of them', () => {
  expect(CONFIG).toBe(
    'plugins:\n  - spectral-api-conventions/redocly\nextends:\n  - spectral-api-conventions/recommended\ntelemetry: off\n',
  );
  expect(GITHUB).toBe('npx redocly lint openapi.yaml --format=github-actions --max-problems=100000');
  expect(GITLAB).toEqual([
    'npx redocly lint openapi.yaml --format=codeclimate --max-problems=100000 > gl-code-quality-report.json || status=$?',
    "test -s gl-code-quality-report.json || echo '[]' > gl-code-quality-report.json",
    'exit ${status:-0}',
  ]);
  expect(JUNIT).toBe('npx redocly lint openapi.yaml --format=junit --max-problems=100000 > redocly-junit.xml');
});

test('the preload does record and refuse a connection, and Redocly without telemetry: off tries one', () => {
  const dir = folder('openapi-3.1.yaml', CONFIG.replace('telemetry: off\n', ''));
  expect(sh(`node ${join(project, 'phone-home.cjs')}`, dir).network).toEqual(['fetch https://registry.npmjs.org/']);
  const run = sh(GITHUB, dir);
  expect(run.status).toBe(0);
  expect(run.network.length).toBeGreaterThan(0);
});

describe('GitHub Actions annotations', () => {
  test('one annotation per finding, with its rule, message, link and the line Spectral gives it; exit 1 on errors', async () => {
    const dir = folder('defects.yaml');
    const run = sh(GITHUB, dir);
    expect(run.network).toEqual([]);
    expect(run.status).toBe(1);
    const annotations = run.stdout
      .trim()
      .split('\n')
      .map(line => /^::(error|warning) (.*?)::(.*)$/.exec(line)!)
      .map(([, level, fields, text]) => {
        const props: Record<string, string> = Object.fromEntries(
          fields.split(',').map(field => field.split('=') as [string, string]),
        );
        const [message, reference] = unescapeAnnotation(text).split('\n\nReference: ');
        return { level, props, message, reference: reference.trim() };
      });
    const spectral = await spectralFindings(dir);
    expect(spectral.length).toBeGreaterThan(20);
    expect(
      annotations
        .map(a => ({
          rule: unescapeAnnotation(a.props.title).slice(PREFIX.length),
          message: a.message,
          line: +a.props.line,
          severity: a.level === 'warning' ? 'warn' : a.level,
        }))
        .sort(byText),
    ).toEqual(spectral);
    for (const { props, reference, level } of annotations) {
      const rule = unescapeAnnotation(props.title).slice(PREFIX.length);
      expect(props.file).toBe('openapi.yaml');
      expect(reference).toBe(DEFAULT_DOCS_URL.replace('{rule}', rule));
      expect(['error', 'warning']).toContain(level);
    }
    expect(new Set(annotations.map(a => a.level))).toEqual(new Set(['error', 'warning']));
  });

  test('a clean document: no annotation, exit 0', () => {
    const run = sh(GITHUB, folder('openapi-3.1.yaml'));
    expect([run.status, run.stdout, run.network]).toEqual([0, '', []]);
  });
});

describe('GitLab Code Quality', () => {
  interface Entry {
    description: string;
    check_name?: string;
    fingerprint: string;
    severity: string;
    location: { path: string; lines: { begin: number } };
  }

  test('one entry per finding on its 1-based line, errors critical, warnings minor; exit 1 on errors', async () => {
    const dir = folder('defects.yaml');
    const run = sh(GITLAB.join('\n'), dir);
    expect(run.network).toEqual([]);
    expect(run.status).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8')) as Entry[];
    const spectral = await spectralFindings(dir);
    // The rule is only in the fingerprint, "<rule>-<pointer>".
    const ruleOf = (entry: Entry) => entry.fingerprint.slice(PREFIX.length, entry.fingerprint.indexOf('-#/'));
    expect(
      report
        .map(entry => ({
          rule: ruleOf(entry),
          message: entry.description,
          line: entry.location.lines.begin,
          severity: { critical: 'error', minor: 'warn' }[entry.severity],
        }))
        .sort(byText),
    ).toEqual(spectral);
    const lines = readFileSync(join(dir, 'openapi.yaml'), 'utf8').split('\n');
    const missing500 = report.find(entry => entry.description.startsWith('No 500 response'))!;
    expect(lines[missing500.location.lines.begin - 1]).toBe('      responses:');
    expect(lines[missing500.location.lines.begin - 4]).toBe('  /clinical/labs/v1/a:');
    expect(report.every(entry => entry.location.path === 'openapi.yaml' && entry.check_name === undefined)).toBe(true);
    expect(new Set(report.map(entry => entry.severity))).toEqual(new Set(['critical', 'minor']));
    expect(new Set(report.map(entry => entry.fingerprint)).size).toBe(report.length);
  });

  test('a clean document: the report is [] (Redocly alone writes an empty file), exit 0', () => {
    const dir = folder('openapi-3.1.yaml');
    const alone = sh(GITLAB[0], dir);
    expect([alone.status, readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8')]).toEqual([0, '']);
    const run = sh(GITLAB.join('\n'), dir);
    expect([run.status, run.network]).toEqual([0, []]);
    expect(JSON.parse(readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8'))).toEqual([]);
  });
});

describe('JUnit', () => {
  test('one testcase per finding on its line, errors as <error>, warnings as <failure>; exit 1 on errors', async () => {
    const dir = folder('defects.yaml');
    const run = sh(JUNIT, dir);
    expect(run.network).toEqual([]);
    expect(run.status).toBe(1);
    const xml = readFileSync(join(dir, 'redocly-junit.xml'), 'utf8');
    const cases = [
      ...xml.matchAll(
        /<testcase classname="([^"]*)" name="[^"]*" file="openapi.yaml" line="(\d+)">\n<(error|failure) message="([^"]*)"/g,
      ),
    ].map(([, rule, line, kind, message]) => ({
      rule: rule.slice(PREFIX.length),
      kind,
      message: unescapeXml(message),
      line: +line,
    }));
    const spectral = await spectralFindings(dir);
    expect(
      cases
        .map(({ rule, message, line, kind }) => ({
          rule,
          message,
          line,
          severity: kind === 'error' ? 'error' : 'warn',
        }))
        .sort(byText),
    ).toEqual(spectral);
    const errors = cases.filter(c => c.kind === 'error').length;
    expect(xml).toContain(
      `<testsuites name="redocly lint" tests="${spectral.length}" errors="${errors}" failures="${spectral.length - errors}" skipped="0">`,
    );
    expect(errors).toBeGreaterThan(0);
    expect(errors).toBeLessThan(spectral.length);
  });

  test('a clean document: <testsuites tests="0"> and no testsuite, exit 0', () => {
    const dir = folder('openapi-3.1.yaml');
    const run = sh(JUNIT, dir);
    expect([run.status, run.network]).toEqual([0, []]);
    expect(readFileSync(join(dir, 'redocly-junit.xml'), 'utf8')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="redocly lint" tests="0" errors="0" failures="0" skipped="0">\n</testsuites>\n',
    );
  });
});
