/**
 * The README's word on the suites, held: a suite of `npm test` runs no program in a child process
 * (the built CLI, a bundle, Spectral's or Redocly's CLI, a script, node, jest), so that `npm test`
 * stays in-process and quick; one that does ends in `.cli.test.ts` and is `npm run test:cli`'s. The
 * tools a suite makes its real fixtures with (git repositories, file attributes, device files) are
 * not programs of that kind.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST = __dirname;
const FIXTURE_TOOLS = new Set(['git', 'chattr', 'mknod']);
const CHILD = /(?<![.\w])(spawnSync|spawn|execFileSync|execFile|execSync|exec|fork)\(\s*([^,)\n]*)/g;

function suites(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap(entry => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__stryker__' ? [] : suites(path);
    return entry.name.endsWith('.test.ts') && !entry.name.endsWith('.cli.test.ts') ? [path] : [];
  });
}

/** The programs a suite's own code starts in child processes, but its fixture tools. */
function programsRunBy(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(CHILD)]
    .map(match => match[2].trim())
    .filter(first => !FIXTURE_TOOLS.has(first.replace(/^['"`]|['"`]$/g, '')))
    .map(first => `${relative(TEST, file)}: ${first}`);
}

test('no suite of npm test runs a program in a child process; those that do end in .cli.test.ts', () => {
  const found = suites(TEST);
  expect(found.length).toBeGreaterThan(50);
  expect(found.flatMap(programsRunBy)).toEqual([]);
});

test('the check sees a suite that runs one', () => {
  expect(programsRunBy(join(TEST, 'debug-twin.cli.test.ts')).length).toBeGreaterThan(0);
});
