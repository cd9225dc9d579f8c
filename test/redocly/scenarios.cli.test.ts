/**
 * Parity of the two engines on every scenario document of the rule tables (test/rules/*.test.ts)
 * and every example of the rule pages (docs/rules/*.md, but one that names a remote document):
 * each document is written out as its scenario lints it (JSON, or YAML text), beside links to the
 * fixtures so that its `$ref`s lead where they lead in the tables, and scripts/redocly-parity.mjs
 * lints it with all rules, with the scenario's options, under Spectral and under Redocly with the
 * plugin. Any finding that differs in rule, file, pointer, message or line fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Scenario } from '../__helpers__/spectral';

const ROOT = resolve(__dirname, '../..');
const mockScenarios: { rule: string; scenario: Scenario }[] = [];

// The rule tables register their scenarios through testRule: here it only collects them.
jest.mock('../__helpers__/spectral', () => ({
  ...jest.requireActual<typeof import('../__helpers__/spectral')>('../__helpers__/spectral'),
  testRule: (rule: string, scenarios: Scenario[]) => {
    for (const scenario of scenarios) mockScenarios.push({ rule, scenario });
  },
}));

/** Loads the rule tables with Jest's test functions stubbed: their other tests are theirs to run. */
function collectScenarios(): void {
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(
    ['describe', 'test', 'it', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach'].map(name => [name, globals[name]]),
  );
  const skip = Object.assign(() => undefined, { each: () => () => undefined, skip: () => undefined });
  const describe = Object.assign((_name: string, body: () => void) => body(), {
    each: () => () => undefined,
    skip: () => undefined,
  });
  Object.assign(globals, {
    describe,
    test: skip,
    it: skip,
    beforeAll: skip,
    afterAll: skip,
    beforeEach: skip,
    afterEach: skip,
  });
  try {
    for (const name of readdirSync(join(ROOT, 'test/rules'))
      .filter(file => file.endsWith('.test.ts'))
      .sort()) {
      jest.isolateModules(() => {
        require(join(ROOT, 'test/rules', name));
      });
    }
  } finally {
    Object.assign(globals, saved);
  }
}

let folder: string;
beforeAll(() => {
  collectScenarios();
  // <folder>/fixtures holds the scenario documents and links to every fixture, <folder>/registry
  // links to the shipped registry: a `$ref` of a scenario resolves as from fixtures/inline.json.
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-scenarios-'));
  mkdirSync(join(folder, 'fixtures'));
  for (const name of readdirSync(join(ROOT, 'fixtures')))
    symlinkSync(join(ROOT, 'fixtures', name), join(folder, 'fixtures', name));
  symlinkSync(join(ROOT, 'registry'), join(folder, 'registry'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('redocly lint with the plugin gives, on every scenario document of the rule tables and every example of the rule pages, the findings spectral gives', () => {
  // A table that registered none would make this test pass for nothing: every rule has its scenarios.
  expect(new Set(mockScenarios.map(({ rule }) => rule)).size).toBe(27);
  expect(mockScenarios.length).toBeGreaterThan(350);
  const groups = new Map<string, { options: object; files: string[] }>();
  let exampleCount = 0;
  // The baseline is Spectral's alone (docs/redocly.md): a scenario with one would have nothing to
  // compare here. None has one; a new one fails here rather than being left out unseen.
  expect(mockScenarios.filter(({ scenario }) => scenario.options?.baseline !== undefined)).toEqual([]);
  mockScenarios.forEach(({ rule, scenario }, i) => {
    // docsUrl changes no finding.
    const options = Object.fromEntries(Object.entries(scenario.options ?? {}).filter(([key]) => key !== 'docsUrl'));
    // A Spectral Document (a scenario whose file name matters) is written under its own name.
    const written = scenario.document as { input?: unknown; source?: unknown };
    const named = typeof written.input === 'string' && typeof written.source === 'string';
    const file = named
      ? join(folder, 'fixtures', `${rule}-${i}`, basename(written.source as string))
      : join(folder, 'fixtures', `${rule}-${i}.${typeof scenario.document === 'string' ? 'yaml' : 'json'}`);
    if (named) mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      named
        ? (written.input as string)
        : typeof scenario.document === 'string'
          ? scenario.document
          : JSON.stringify(scenario.document, null, 2),
    );
    const key = JSON.stringify(options);
    const group = groups.get(key) ?? { options, files: [] };
    group.files.push(file);
    groups.set(key, group);
  });
  // The failing and passing examples of the rule pages, except those naming a remote document (a
  // host of the examples, which Redocly would try to fetch).
  const examples = groups.get('{}') ?? { options: {}, files: [] };
  groups.set('{}', examples);
  for (const page of readdirSync(join(ROOT, 'docs/rules')).filter(name => name.endsWith('.md'))) {
    const text = readFileSync(join(ROOT, 'docs/rules', page), 'utf8');
    for (const title of ['Failing example', 'Passing example']) {
      const start = text.indexOf(`\n## ${title}\n`);
      const yaml = start < 0 ? undefined : /^```yaml\n([\s\S]*?)^```$/m.exec(text.slice(start))?.[1];
      if (yaml === undefined || /\$ref:\s*['"]?https?:/.test(yaml)) continue;
      const file = join(folder, 'fixtures', `${page.replace(/\.md$/, '')}-${title.split(' ')[0].toLowerCase()}.yaml`);
      writeFileSync(file, yaml);
      examples.files.push(file);
      exampleCount++;
    }
  }
  expect(exampleCount).toBeGreaterThan(40);
  const plan = join(folder, 'plan.json');
  writeFileSync(plan, JSON.stringify([...groups.values()]));
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/redocly-parity.mjs'), '--json', '--plan', plan], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const report = JSON.parse(run.stdout) as { documents: number; findings: number; differences: unknown[] };
  expect(report.documents).toBeGreaterThan(350);
  expect(report.findings).toBeGreaterThan(350);
  expect(report.differences).toEqual([]);
});
