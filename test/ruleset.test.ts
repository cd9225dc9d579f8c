/**
 * The ruleset's shape: manifest entry = rule = function file = function name = doc page = test table,
 * and the Spectral rules say what the manifest says. Forgetting one piece of a new rule fails here
 * (or does not compile: ruleset.ts's function table and plan.ts's fixers are typed by the manifest).
 */
import { RULE_FUNCTIONS } from '../functions/index';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { oas2, oas3_0, oas3_1, oas3_2 } from '@stoplight/spectral-formats';
import { createRuleset } from '../ruleset';
import { ALL_FORMATS, OPTION_DEFAULTS, RULES, RULE_IDS, RuleId } from '../manifest';

const ROOT = resolve(__dirname, '..');
interface CompiledRule {
  description: string;
  severity: string;
  formats?: unknown[];
  then: { function: { name: string }; functionOptions?: Record<string, unknown> };
}
const compiled = (options = {}) => createRuleset(options).rules as Record<RuleId, CompiledRule>;
const camel = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const files = (folder: string, suffix: string): string[] =>
  readdirSync(join(ROOT, folder))
    .filter(name => name.endsWith(suffix))
    .map(name => name.slice(0, -suffix.length))
    .sort();

test('the ruleset has the manifest’s rules, in its order', () => {
  expect(Object.keys(compiled())).toEqual(RULE_IDS);
});

test.each(RULE_IDS)('%s: functions/%s.ts, a function of that name, a doc page and a test table', id => {
  expect(existsSync(join(ROOT, 'functions', `${id}.ts`))).toBe(true);
  expect(compiled()[id].then.function.name).toBe(camel(id));
  expect(existsSync(join(ROOT, 'docs/rules', `${id}.md`))).toBe(true);
  const test = join(ROOT, 'test/rules', `${id}.test.ts`);
  expect(existsSync(test)).toBe(true);
  // A scenario table of this rule: `testRule('<id>', [...])`, or with the id in a constant.
  const text = readFileSync(test, 'utf8');
  expect(text).toMatch(/^testRule\(/m);
  expect(text).toContain(`'${id}'`);
});

test('functions/ holds one file per rule, their table (index.ts) and the helper layer, nothing else', () => {
  const names = readdirSync(join(ROOT, 'functions')).filter(name => name !== 'lib' && name !== 'index.ts');
  expect(names.sort()).toEqual(RULE_IDS.map(id => `${id}.ts`).sort());
  // The table both engines use names each rule's own function.
  expect(Object.keys(RULE_FUNCTIONS).sort()).toEqual([...RULE_IDS].sort());
  for (const id of RULE_IDS) {
    expect(RULE_FUNCTIONS[id].name).toBe(id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
  }
});

test('docs/rules/ and test/rules/ hold one page and one test table per rule, nothing else', () => {
  expect(files('docs/rules', '.md')).toEqual([...RULE_IDS].sort());
  expect(files('test/rules', '.test.ts')).toEqual([...RULE_IDS].sort());
});

const FORMATS = { oas2, oas3_0, oas3_1, oas3_2 };

test.each(RULE_IDS)('%s: the Spectral rule says what its manifest entry says', id => {
  const meta = RULES[id];
  const [normal, strict] = [compiled()[id], compiled({ strict: true })[id]];
  expect([normal.severity, strict.severity]).toEqual(
    meta.severity === 'must' ? ['warn', 'error'] : [meta.severity, meta.severity],
  );
  expect(normal.description).toBe(`${meta.description.slice(0, -1)} (${meta.conventions}).`);
  expect(normal.formats ?? ALL_FORMATS.map(name => FORMATS[name])).toEqual(meta.formats.map(name => FORMATS[name]));
  // Every option the entry names reaches the function, set or defaulted; no other does.
  const set = { registry: 'r.yaml', typeStyle: 'any-uri', sortPattern: '^x$', listDetection: { include: ['GET /a'] } };
  expect(Object.keys(compiled(set)[id].then.functionOptions ?? {})).toEqual(meta.options);
  expect(Object.keys(normal.then.functionOptions ?? {})).toEqual(meta.options.filter(o => o in OPTION_DEFAULTS));
});
