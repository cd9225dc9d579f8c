/**
 * Figures of the docs that describe the repository itself, held to what the repository says, so
 * that they cannot rot: the number of rules, the corpus samples' sizes and the count lines of the
 * defects fixture. Measured figures (docs/performance.md, docs/precision.md, dated runs) are made by
 * the scripts their pages name, not checked here; the rest of the docs give no such number.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RULES } from '../manifest';

const ROOT = resolve(__dirname, '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
/** The first capture of a pattern in a file, as a number, or NaN when it is not there. */
const figure = (file: string, pattern: RegExp): number => Number(pattern.exec(read(file))?.[1]);

test('docs/redocly.md: "the same <n> rules" is the number of rules in manifest.ts', () => {
  expect(figure('docs/redocly.md', /^The same (\d+) rules run as/m)).toBe(Object.keys(RULES).length);
});

test('docs/corpus.md: the sample .ci/run checks is the size .ci/run runs', () => {
  const size = figure('.ci/run', /node scripts\/corpus\.mjs --sample (\d+) /);
  expect(size).toBeGreaterThan(0);
  expect(figure('docs/corpus.md', /^`\.ci\/run` runs a fixed sample of (\d+) documents/m)).toBe(size);
});

test("docs/redocly.md: the corpus sample of test:redocly-corpus is the one package.json's script takes", () => {
  const size = figure('package.json', /scripts\/redocly-parity\.mjs --corpus (\d+)"/);
  expect(size).toBeGreaterThan(0);
  expect(figure('docs/redocly.md', /on the (\d+)-document corpus sample/)).toBe(size);
  expect(figure('docs/redocly.md', /`npm run test:corpus --sample (\d+)`/)).toBe(size);
});

test('README.md gives no test count or run time: jest prints them', () => {
  const paragraph = /^`npm test` runs [\s\S]*?\n\n/m.exec(read('README.md'))?.[0] ?? '';
  expect(paragraph).toContain('`npm test` runs every suite');
  expect(paragraph).not.toMatch(/\d/);
});
