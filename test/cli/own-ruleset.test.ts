/**
 * This package's own ruleset read as the module it is (cli/shared/spectral.ts loadRuleset, for the
 * built-in ruleset of the language server, the report, fix and baseline) is the ruleset Spectral's
 * bundler makes of the same file, as `spectral lint` loads it: rule by rule, and finding by finding
 * on every fixture.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Ruleset } from '@stoplight/spectral-core';
import { openSource } from '../../cli/fix-engine/source';
import { bundled, lintText, loadRuleset } from '../../cli/shared/spectral';
import { ROOT } from '../__helpers__/in-process';

const OURS = join(ROOT, 'dist/ruleset.js');

/** Every fact of a rule Spectral acts on, functions by name. */
const facts = (ruleset: Ruleset) =>
  Object.fromEntries(
    Object.entries(ruleset.rules).map(([id, rule]) => [
      id,
      {
        // `owner` numbers the Ruleset instance that made the rule: one per load, whichever way.
        ...(JSON.parse(JSON.stringify(rule)) as object),
        owner: undefined,
        enabled: rule.enabled,
        formats: rule.formats === null ? null : [...rule.formats].map(format => format.displayName),
        then: rule.then.map(then => ({ ...then, function: then.function.name })),
      },
    ]),
  );

test('the same rules, severities, formats, functions and options as the bundled ruleset', async () => {
  const read = (await loadRuleset(OURS)).ruleset;
  const made = await bundled(OURS);
  expect(Object.keys(read.rules).length).toBeGreaterThan(20);
  expect(facts(read)).toEqual(facts(made));
  expect([...read.formats].map(format => format.displayName)).toEqual(
    [...made.formats].map(format => format.displayName),
  );
});

test('read afresh at each load: a change to one load’s rules is not seen by the next', async () => {
  const first = (await loadRuleset(OURS)).ruleset;
  const id = Object.keys(first.rules)[0];
  first.rules[id].enabled = false;
  expect((await loadRuleset(OURS)).ruleset.rules[id].enabled).toBe(true);
});

test('the same findings on every fixture', async () => {
  const read = (await loadRuleset(OURS)).ruleset;
  const made = await bundled(OURS);
  const dir = join(ROOT, 'fixtures');
  let findings = 0;
  for (const name of readdirSync(dir).filter(file => /\.(ya?ml|json)$/.test(file))) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const expected = (await lintText(made, openSource(text, file), file)).findings;
    expect((await lintText(read, openSource(text, file), file)).findings).toEqual(expected);
    findings += expected.length;
  }
  expect(findings).toBeGreaterThan(10);
});
