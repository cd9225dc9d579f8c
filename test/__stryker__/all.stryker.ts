/**
 * Mutation testing only (jest.stryker.config.cjs, docs/mutation.md): every test file that runs the
 * code in its own process, loaded into one jest module registry, each under a `describe` named by its
 * path (which keeps its hooks to its own tests and its test names apart). Jest gives each test file a
 * registry of its own, so a mutant run reaching 45 test files loaded Spectral 45 times (about 0.2 s
 * each) before running the few tests that cover the mutant; here it is loaded once per mutant.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST = join(__dirname, '..');
/** The test files Stryker leaves out, each with the reason (test/mutation-setup.cli.test.ts checks the list). */
const { leftOut } = require('./left-out.json') as { leftOut: Record<string, string> };

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
    entry.isDirectory()
      ? testFiles(join(dir, entry.name))
      : entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );

/**
 * The test files a mutant run needs. Stryker runs a mutant with jest's `testNamePattern` set to the
 * tests that reached it, `(<id>)|(<id>)…`, each id (regex-escaped) starting with the `describe`
 * named below, that is the file's path and a space. Loading only those files is most of a mutant
 * run's saving. Without a pattern (the dry run, `npx jest -c jest.stryker.config.cjs`) every file.
 * Jest keeps the pattern in jest-circus's state, on the test's global under an unregistered symbol.
 */
function neededFiles(): Set<string> | undefined {
  const global = globalThis as unknown as Record<symbol, { testNamePattern?: RegExp | null } | undefined>;
  const state = Object.getOwnPropertySymbols(global).find(symbol => symbol.description === 'JEST_STATE_SYMBOL');
  const pattern = state === undefined ? undefined : global[state]?.testNamePattern;
  if (!pattern) return undefined;
  return new Set(
    pattern.source
      .split(')|(')
      .map(id => id.replace(/^\(/, '').replace(/\\(.)/g, '$1'))
      .map(id => id.slice(0, id.indexOf(' '))),
  );
}

/**
 * The order the files run in: Stryker stops a mutant's run at the first failing test, so the quick,
 * pointed tests go first: the rule tables, then the helper layer's, then the rest.
 */
const rank = (name: string): number => (name.startsWith('rules/') ? 0 : name.startsWith('lib/') ? 1 : 2);
const names = testFiles(TEST)
  .map(file => relative(TEST, file))
  .filter(name => !(name in leftOut))
  .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
const needed = neededFiles();
// A pattern naming no file (`-t` typed by a person) may match tests anywhere: every file.
const loaded =
  needed !== undefined && names.some(name => needed.has(name)) ? names.filter(name => needed.has(name)) : names;
for (const name of loaded) {
  describe(name, () => {
    require(join(TEST, name));
  });
}
