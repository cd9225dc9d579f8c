// Findings per rule of two builds of the ruleset on the same documents, for a before/after table in
// docs/precision.md: `node scripts/compare-rulesets.mjs --before <ruleset.js> [--after <ruleset.js>] FILE...`
// (--after defaults to this repository's dist/ruleset.js; build the "before" one in a worktree of the
// older commit with `node scripts/build.mjs`). Offline: remote $refs are not fetched. Prints one
// Markdown row per rule whose count differs, then the totals. `--defects`: count the defects a finding
// names (its sentences joined by "; and ") instead of findings.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { ensureBuilt, offlineResolver } from './data.mjs';

const require = createRequire(import.meta.url);
const { Spectral, Document } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');

const argv = process.argv.slice(2);
const option = name => (argv.includes(name) ? resolve(argv[argv.indexOf(name) + 1]) : undefined);
const before = option('--before');
const after = option('--after') ?? ensureBuilt();
const DEFECTS = argv.includes('--defects');
const files = argv.filter((arg, i) => !arg.startsWith('--') && !['--before', '--after'].includes(argv[i - 1]));
if (before === undefined || files.length === 0) {
  console.error('usage: node scripts/compare-rulesets.mjs --before <ruleset.js> [--after <ruleset.js>] FILE...');
  process.exit(2);
}

async function counts(rulesetFile) {
  const ruleset = require(rulesetFile);
  const byRule = {};
  for (const file of files) {
    const spectral = new Spectral({ resolver: offlineResolver() });
    spectral.setRuleset(ruleset);
    const path = resolve(file);
    const text = readFileSync(path, 'utf8');
    const results = await spectral.run(
      new Document(
        text,
        /** @type {import('@stoplight/spectral-parsers').IParser} */ (
          path.endsWith('.json') ? Parsers.Json : Parsers.Yaml
        ),
        path,
      ),
    );
    for (const { code, message } of results)
      if (code in ruleset.rules) byRule[code] = (byRule[code] ?? 0) + (DEFECTS ? message.split('; and ').length : 1);
  }
  return byRule;
}

const old = await counts(before);
const now = await counts(after);
console.log('| rule | before | after |');
console.log('| --- | ---: | ---: |');
for (const rule of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort()) {
  if ((old[rule] ?? 0) !== (now[rule] ?? 0)) console.log(`| ${rule} | ${old[rule] ?? 0} | ${now[rule] ?? 0} |`);
}
const total = byRule => Object.values(byRule).reduce((a, b) => a + b, 0);
console.log(`| all rules | ${total(old)} | ${total(now)} |`);
