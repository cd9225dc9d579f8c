/** The ruleset's own shape: rule = function file = function name = doc page = test file. */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRuleset } from '../ruleset';

const ROOT = resolve(__dirname, '..');
const rules = Object.entries(createRuleset().rules) as [string, { then: { function: { name: string } } }][];
const camel = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

test.each(rules)('%s: functions/%s.ts, a function of that name, a doc page and a test file', (id, rule) => {
  expect(existsSync(join(ROOT, 'functions', `${id}.ts`))).toBe(true);
  expect(rule.then.function.name).toBe(camel(id));
  expect(existsSync(join(ROOT, 'docs/rules', `${id}.md`))).toBe(true);
  expect(existsSync(join(ROOT, 'test/rules', `${id}.test.ts`))).toBe(true);
});

test('functions/ holds one file per rule and the helper layer, nothing else', () => {
  const files = readdirSync(join(ROOT, 'functions')).filter(name => name !== 'lib');
  expect(files.sort()).toEqual(rules.map(([id]) => `${id}.ts`).sort());
});
