/**
 * Exceptions written in the description under Redocly CLI: the real `redocly lint` with the built
 * plugin on the documents test/exceptions.test.ts lints with Spectral, each with its exception in
 * force and broken, and on the multi-file description whose path items carry theirs. The plugin
 * runs the same rule functions, so the same findings must go, and stay.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ensureBuilt } from '../__helpers__/built';
import { EXCEPTION_CASES, caseDocument } from '../__helpers__/exceptions';
import { MULTI_FILE } from '../__helpers__/multi-file';

const ROOT = resolve(__dirname, '../..');
const PREFIX = 'spectral-api-conventions/';

interface Problem {
  rule: string;
  file: string;
  pointer: string;
  message: string;
}

/** The JSON objects of a text, one after the other (redocly lint may write one report per document). */
interface Report {
  problems: { ruleId: string; message: string; location: { source: { ref: string }; pointer: string }[] }[];
}

function jsonValues(text: string): Report[] {
  const values: Report[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = depth > 0;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && depth > 0 && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)) as Report);
  }
  return values;
}

let folder: string;
let problems: Problem[];
const file = (name: string) => join(folder, name);

beforeAll(() => {
  ensureBuilt();
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-redocly-exceptions-'));
  const files: string[] = [];
  EXCEPTION_CASES.forEach((c, i) => {
    for (const kind of ['valid', 'invalid'] as const) {
      writeFileSync(file(`${i}-${kind}.yaml`), caseDocument(c, c[kind]));
      files.push(file(`${i}-${kind}.yaml`));
    }
  });
  for (const [path, text] of Object.entries(MULTI_FILE.exceptions)) {
    mkdirSync(dirname(file(join('multi-file', path))), { recursive: true });
    writeFileSync(file(join('multi-file', path)), text);
  }
  files.push(file('multi-file/openapi.yaml'));
  writeFileSync(
    file('redocly.yaml'),
    `plugins: [${JSON.stringify(join(ROOT, 'dist/redocly.js'))}]\nextends: [spectral-api-conventions/recommended]\n`,
  );
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      '--config',
      file('redocly.yaml'),
      '--format',
      'json',
      ...files,
    ],
    { cwd: folder, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
  );
  const reports = jsonValues(run.stdout);
  if (reports.length === 0) throw new Error(`redocly lint gave no report: ${run.stderr}`);
  problems = reports
    .flatMap(report => report.problems)
    .filter(problem => problem.ruleId.startsWith(PREFIX))
    .map(problem => ({
      rule: problem.ruleId.slice(PREFIX.length),
      file: resolve(folder, problem.location[0].source.ref),
      pointer: decodeURIComponent(problem.location[0].pointer.replace(/^#/, '')),
      message: problem.message,
    }));
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const pointers = (name: string, rule: string): string[] =>
  problems
    .filter(p => p.file === file(name) && p.rule === rule)
    .map(p => p.pointer)
    .sort();

describe.each(EXCEPTION_CASES.map((c, i) => [c.name, c, i] as const))('%s', (_name, c, i) => {
  test('in force: the findings under its node are gone, the others stay', () => {
    expect(pointers(`${i}-valid.yaml`, c.rule)).toEqual([...c.kept].sort());
    expect(pointers(`${i}-valid.yaml`, 'conventions-exception')).toEqual([]);
  });
  test('broken: reported by conventions-exception, and every finding stays', () => {
    expect(pointers(`${i}-invalid.yaml`, c.rule)).toEqual([...c.excepted, ...c.kept].sort());
    expect(pointers(`${i}-invalid.yaml`, 'conventions-exception')).toHaveLength(1);
  });
});

test('multi-file: the path item file with an exception in force has no finding; the one with a broken exception keeps it', () => {
  const root = 'multi-file/openapi.yaml';
  expect(pointers(root, 'error-responses-required')).toEqual(['/paths/~1acme~1vault~1v1~1ready/$ref']);
  expect(problems.filter(p => p.file === file(root) && p.rule === 'error-responses-required')[0].message).toMatch(
    /^In paths\/ready\.yaml#\/get\/responses: /,
  );
  expect(pointers(root, 'conventions-exception')).toEqual(['/paths/~1acme~1vault~1v1~1ready/$ref']);
});
