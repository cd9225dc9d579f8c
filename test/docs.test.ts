/** Docs kept true: the README's rule table is made from ruleset.ts, and every rule has its page. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRuleset } from '../ruleset';
import { version } from '../package.json';

const ROOT = resolve(__dirname, '..');
const { ruleTable, START, END } = require('../scripts/rule-table.cjs');
const rules = Object.entries(createRuleset().rules) as [string, { documentationUrl: string }][];

test('the README rule table is the one made from ruleset.ts (run `npm run docs:table`)', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
  expect(table).toBe(ruleTable(createRuleset()));
});

test.each(rules)('%s has its documentation page, and its documentationUrl points there', (id, rule) => {
  expect(existsSync(join(ROOT, 'docs/rules', `${id}.md`))).toBe(true);
  expect(rule.documentationUrl).toMatch(new RegExp(`/blob/v${version.replace(/\./g, '\\.')}/docs/rules/${id}\\.md$`));
  expect(readFileSync(join(ROOT, 'docs/rules', `${id}.md`), 'utf8')).toMatch(new RegExp(`^# ${id}\\b`));
});
