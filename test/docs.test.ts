/**
 * Docs kept true: the README's rule table and every page's Severity / Formats / Conventions line are
 * the ones made from the rule manifest (manifest.ts); every page's failing example gives exactly the messages the page
 * documents, and its passing example lints clean, through the real Spectral engine; the passing example
 * is a whole document (every `$ref` resolves) that the whole ruleset passes, but for the rules the
 * sentence above it names (docs/design.md, "A rule's pieces").
 */
import { Spectral } from '@stoplight/spectral-core';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { resolveFile } from '@stoplight/json-ref-readers';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RuleId, createRuleset } from '../ruleset';
import { RULES } from '../manifest';
import { docsRef } from '../package.json';
import { Finding, simplify, toDocument } from './__helpers__/spectral';

const ROOT = resolve(__dirname, '..');
/** scripts/rule-table.cjs, as this test calls it. */
interface RuleTableScript {
  ruleTable: (rules: typeof RULES) => string;
  pageHeader: (rules: typeof RULES, id: string) => string;
  loadManifest: (root: string) => unknown;
  HEADER: RegExp;
  START: string;
  END: string;
}
const { ruleTable, pageHeader, loadManifest, HEADER, START, END } =
  require('../scripts/rule-table.cjs') as RuleTableScript;
const ruleset = createRuleset();
const rules = Object.entries(ruleset.rules) as [RuleId, { documentationUrl: string }][];
const ids = rules.map(([id]) => id);

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const page = (id: string): string => read(`docs/rules/${id}.md`);

/** The text of a page's `## <title>` section, up to the next `## ` heading. */
function section(text: string, title: string): string {
  const start = text.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no "## ${title}" section`);
  const end = text.indexOf('\n## ', start + title.length + 4);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The fenced blocks of one language in a piece of Markdown. */
const blocks = (markdown: string, language: string): string[] =>
  [...markdown.matchAll(new RegExp('^```' + language + '\\n([\\s\\S]*?)^```$', 'gm'))].map(match => match[1]);

/** The example of a section (its first YAML block) and the messages it documents (its first text block). */
function example(id: string, title: string): { yaml: string; messages: string[] } {
  const text = section(page(id), title);
  const [yaml] = blocks(text, 'yaml');
  const [messages = ''] = blocks(text, 'text');
  return { yaml, messages: messages.split('\n').filter(line => line !== '') };
}

// Offline: pages reference registries on example hosts; those references stay unresolved (invalid-ref).
const notFetched = {
  http: { resolve: () => Promise.reject(new Error('not fetched by the docs test')) },
  https: { resolve: () => Promise.reject(new Error('not fetched by the docs test')) },
};
const offline = new Resolver({ resolvers: notFetched });

/**
 * The findings of a page's example with its rule only. Spectral's own `invalid-ref` findings are
 * left out (pages elide shared components they do not discuss); its `parser` and
 * `unrecognized-format` findings stay in, so that an example that is not a real document fails.
 */
async function lintExample(id: RuleId, yaml: string): Promise<Finding[]> {
  const spectral = new Spectral({ resolver: offline });
  spectral.setRuleset({ ...ruleset, rules: { [id]: ruleset.rules[id] } } as RulesetDefinition);
  const findings = simplify(await spectral.run(toDocument(yaml)));
  return findings.filter(finding => finding.code !== 'invalid-ref');
}

/**
 * The sentence right above a passing example that names the rules whose findings it leaves out (to
 * keep it short), in this fixed form so that the list cannot go stale: the test requires each named
 * rule to report on the example, and no other.
 */
const LEAVES_OUT =
  /^To keep it short, this example leaves out what these rules ask for: (`[a-z-]+`(?:, `[a-z-]+`)*)\.$/m;

/** A page's passing example and the rules it says it leaves out. */
function passingExample(id: string): { yaml: string; leavesOut: string[] } {
  const text = section(page(id), 'Passing example');
  const intro = text.slice(0, text.indexOf('\n```yaml\n'));
  const named = LEAVES_OUT.exec(intro)?.[1] ?? '';
  return { yaml: blocks(text, 'yaml')[0], leavesOut: [...named.matchAll(/`([a-z-]+)`/g)].map(match => match[1]) };
}

// As a user's project reads the example: files resolve (`../registry/problem-details.yaml` is the
// shipped registry, beside fixtures/ where toDocument places the example); URLs are not fetched.
const withFiles = new Resolver({ resolvers: { ...notFetched, file: { resolve: resolveFile } } });

/** Every finding of the whole ruleset on an example, Spectral's own (invalid-ref, parser) included. */
async function lintWhole(yaml: string): Promise<Finding[]> {
  const spectral = new Spectral({ resolver: withFiles });
  spectral.setRuleset(ruleset);
  return simplify(await spectral.run(toDocument(yaml)));
}

const codeAndMessage = (findings: Finding[]): string[] =>
  findings.map(finding => `${finding.code}: ${finding.message}`).sort();

test('`npm run docs:table` reads the manifest as the code sees it', () => {
  expect(loadManifest(ROOT)).toEqual(RULES);
});

test('the README rule table is the one made from manifest.ts (run `npm run docs:table`)', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
  expect(table).toBe(ruleTable(RULES));
});

test.each(rules)('%s has its documentation page, and its documentationUrl points there', (id, rule) => {
  expect(rule.documentationUrl).toMatch(new RegExp(`/blob/${docsRef.replace(/\./g, '\\.')}/docs/rules/${id}\\.md$`));
  expect(page(id)).toMatch(new RegExp(`^# ${id}\\n\\n`));
});

describe.each(ids)('docs/rules/%s.md', id => {
  test('its Severity / Formats / Conventions line is the one made from manifest.ts (run `npm run docs:table`)', () => {
    const [line] = HEADER.exec(page(id)) ?? [''];
    expect(line).toBe(pageHeader(RULES, id));
  });

  test('its failing example gives exactly the messages it documents', async () => {
    const { yaml, messages } = example(id, 'Failing example');
    expect(messages.length).toBeGreaterThan(0);
    expect(codeAndMessage(await lintExample(id, yaml))).toEqual(messages.map(message => `${id}: ${message}`).sort());
  });

  test('its passing example lints clean', async () => {
    const { yaml } = example(id, 'Passing example');
    expect(await lintExample(id, yaml)).toEqual([]);
  });

  test('its passing example is a whole document that every rule passes but those it says it leaves out', async () => {
    const { yaml, leavesOut } = passingExample(id);
    const found = await lintWhole(yaml);
    const spectrals = ['invalid-ref', 'parser', 'unrecognized-format'];
    expect(found.filter(finding => spectrals.includes(finding.code))).toEqual([]);
    expect(leavesOut).not.toContain(id);
    // Exactly the rules named: one named that reports nothing there must go from the sentence.
    expect([...new Set(found.map(finding => finding.code))].sort()).toEqual([...leavesOut].sort());
  });
});

test('the line made from the manifest says what the ruleset says', () => {
  expect(pageHeader(RULES, 'error-responses-required')).toBe(
    '**Severity:** warn (`error` with the `strict` option; override in `.spectral.yaml`, e.g. ' +
      '`rules: { error-responses-required: error }`) · **Formats:** Swagger 2.0, OpenAPI 3.0, 3.1, 3.2 · ' +
      '**Conventions:** §7.1',
  );
  expect(pageHeader(RULES, 'problem-registry-shape')).toBe(
    '**Severity:** warn (override in `.spectral.yaml`, e.g. `rules: { problem-registry-shape: error }`) · ' +
      '**Formats:** OpenAPI 3.0, 3.1, 3.2 (not Swagger 2.0) · **Conventions:** §2.3',
  );
  expect(pageHeader(RULES, 'problem-details-schema')).toMatch(
    /^\*\*Severity:\*\* error \(override in `\.spectral\.yaml`, e\.g\. `rules: \{ problem-details-schema: warn \}`\)/,
  );
});

describe('docs/design.md, the semantics the code relies on', () => {
  const design = read('docs/design.md');
  const headings = new Set([...design.matchAll(/^#{2,3} (.+)$/gm)].map(match => match[1]));
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    // This file names both in its patterns.
    .filter(file => /\.(ts|cjs|mjs|js|md)$/.test(file) && file !== 'test/docs.test.ts');

  test('every citation `docs/design.md, "<section>"` names a section of it', () => {
    const cited = files.flatMap(file =>
      [...read(file).matchAll(/docs\/design\.md, "([^"]+)"/g)].map(match => [
        file,
        match[1].replace(/\s*\n\s*\*?\s*/g, ' '),
      ]),
    );
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(([, section]) => !headings.has(section))).toEqual([]);
  });

  test('nothing cites a document that is not in the repository (decisions.md)', () => {
    expect(files.filter(file => /decisions\.md/.test(read(file)))).toEqual([]);
  });
});
