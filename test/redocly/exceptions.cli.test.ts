/**
 * Exceptions written in the description under Redocly CLI: the real `redocly lint` with the built
 * plugin on the documents test/exceptions.test.ts lints with Spectral, each with its exception in
 * force and broken, and on the multi-file description whose path items carry theirs. The plugin
 * runs the same rule functions, so the same findings must go, and stay.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { putFiles } from '../__helpers__/in-process';
import { ensureBuilt } from '../__helpers__/built';
import { EXCEPTION_CASES, caseDocument } from '../__helpers__/exceptions';
import { MULTI_FILE } from '../__helpers__/multi-file';
import { redoclyLint, RedoclyFinding } from '../__helpers__/redocly';

const ROOT = resolve(__dirname, '../..');

let folder: string;
let problems: RedoclyFinding[];
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
  putFiles(file('multi-file'), MULTI_FILE.exceptions);
  files.push(file('multi-file/openapi.yaml'));
  writeFileSync(
    file('redocly.yaml'),
    `plugins: [${JSON.stringify(join(ROOT, 'dist/redocly.js'))}]\nextends: [spectral-api-conventions/recommended]\n`,
  );
  // Pointers as the cases write them: RFC 6901, without the leading `#`.
  problems = redoclyLint(files, file('redocly.yaml'), folder).map(problem => ({
    ...problem,
    pointer: problem.pointer.slice(1),
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
