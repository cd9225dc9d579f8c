/**
 * Golden scenarios of `fix`, in process, on real Spectral runs with this repository's ruleset: each
 * `golden/<name>.before.*` is fixed, and the result must equal `<name>.after.*` byte for byte, its diff
 * `<name>.diff`, and its summary `<name>.summary.txt`. A second run changes nothing; the fixed
 * document passes Spectral's own oas2-schema/oas3-schema rules. `UPDATE_GOLDEN=1 npx jest test/fix`
 * rewrites the golden files (review them before committing).
 */
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRuleset, RulesetOptions } from '../../ruleset';
import { FileResult, fixText, formatSummary } from '../../cli/fix/index';
import { LoadedRuleset, selectRules } from '../../cli/spectral';
import { unifiedDiff } from '../../cli/fix/diff';

const GOLDEN = join(__dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

/** Our ruleset as `extends: [spectral-api-conventions]` gives it, with options, as the fix command loads it. */
export function ourRuleset(options: RulesetOptions = {}, rules: string[] = []): LoadedRuleset {
  const ruleset = new Ruleset(createRuleset(options), { severity: 'recommended' });
  selectRules(ruleset, rules);
  return { ruleset, file: 'ruleset.ts', typeStyle: options.typeStyle ?? 'rfc9110', registry: options.registry };
}

interface Scenario {
  name: string;
  ext: 'yaml' | 'json';
  unsafe?: boolean;
  rules?: string[];
  options?: RulesetOptions;
  registry?: string;
}

const SCENARIOS: Scenario[] = [
  { name: 'safe-comments', ext: 'yaml' },
  { name: 'shared-example', ext: 'yaml', unsafe: true },
  { name: 'unsafe-anchors-flow', ext: 'yaml', unsafe: true },
  { name: 'unsafe-pretty', ext: 'json', unsafe: true },
  { name: 'unsafe-minified', ext: 'json', unsafe: true },
  { name: 'swagger2-crlf', ext: 'yaml', unsafe: true },
  {
    name: 'registry-option',
    ext: 'yaml',
    unsafe: true,
    options: { registry: '../../../registry/problem-details.yaml' },
  },
  { name: 'only-title', ext: 'yaml', rules: ['problem-example-title'], unsafe: true },
  { name: 'openapi-3.2', ext: 'yaml', unsafe: true },
];

function golden(file: string, actual: string): void {
  const path = join(GOLDEN, file);
  if (update || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

async function fix(scenario: Scenario, text: string): Promise<FileResult> {
  const loaded = ourRuleset(scenario.options, scenario.rules ?? []);
  return fixText(loaded, text, join(GOLDEN, `${scenario.name}.before.${scenario.ext}`), {
    unsafe: scenario.unsafe ?? false,
    rules: scenario.rules ?? [],
    registry: scenario.registry,
  });
}

/** Spectral's error severity (@stoplight/types' DiagnosticSeverity.Error). */
const ERROR: ISpectralDiagnostic['severity'] = 0;

/** Errors of Spectral's own OpenAPI schema rules. */
async function schemaErrors(text: string, file: string): Promise<string[]> {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(
    new Ruleset({ extends: [[oas as never, 'off']], rules: { 'oas2-schema': 'error', 'oas3-schema': 'error' } }),
  );
  const results = await spectral.run(new Document(text, Parsers.Yaml, file));
  return results.filter(r => r.severity === ERROR).map(r => `${r.code} ${r.path.join('.')}: ${r.message}`);
}

describe.each(SCENARIOS.map(s => [s.name, s] as const))('fix golden scenario %s', (_name, scenario) => {
  const before = (): string => {
    const own = join(GOLDEN, `${scenario.name}.before.${scenario.ext}`);
    // `only-title` reuses safe-comments' document with --rule problem-example-title.
    return readFileSync(existsSync(own) ? own : join(GOLDEN, `safe-comments.before.${scenario.ext}`), 'utf8');
  };
  let result: FileResult;

  beforeAll(async () => {
    result = await fix(scenario, before());
  });

  test('after, diff and summary are the golden ones', () => {
    golden(`${scenario.name}.after.${scenario.ext}`, result.after);
    golden(`${scenario.name}.diff`, unifiedDiff(result.before, result.after, `${scenario.name}.${scenario.ext}`));
    golden(`${scenario.name}.summary.txt`, `${formatSummary(result, scenario.name)}\n`);
  });

  test('a second run changes nothing', async () => {
    const again = await fix(scenario, result.after);
    expect(again.after).toBe(result.after);
    expect(again.rounds).toBe(1);
  });

  test('the document passes oas2-schema / oas3-schema before and after', async () => {
    const file = join(GOLDEN, `${scenario.name}.after.${scenario.ext}`);
    expect(await schemaErrors(before(), file)).toEqual([]);
    expect(await schemaErrors(result.after, file)).toEqual([]);
  });
});

describe('fix keeps what it does not change', () => {
  test('safe fixes change only the values of examples', () => {
    const diff = readFileSync(join(GOLDEN, 'safe-comments.diff'), 'utf8');
    const changed = diff.split('\n').filter(line => /^[-+][^-+]/.test(line));
    for (const line of changed) expect(line).toMatch(/^[-+]\s+(status|title|type|instance):/);
  });

  test('JSON fixes add lines; a changed line only gains a comma or has a key renamed', () => {
    const diff = readFileSync(join(GOLDEN, 'unsafe-pretty.diff'), 'utf8').split('\n');
    const added = new Set(diff.filter(line => line.startsWith('+')).map(line => line.slice(1)));
    const removed = diff.filter(line => line.startsWith('-') && !line.startsWith('---')).map(line => line.slice(1));
    expect(removed.length).toBeGreaterThan(0);
    for (const line of removed) {
      const renamed = line
        .replace('"application/json"', '"application/problem+json"')
        .replace('"enum"', '"x-extensible-enum"');
      expect(added.has(`${line},`) || added.has(renamed)).toBe(true);
    }
    expect(readFileSync(join(GOLDEN, 'unsafe-minified.after.json'), 'utf8')).not.toContain('\n');
  });

  test('CRLF line endings and the missing final newline are kept', () => {
    const after = readFileSync(join(GOLDEN, 'swagger2-crlf.after.yaml'), 'utf8');
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after.endsWith('\n')).toBe(false);
  });

  test('a YAML anchor used elsewhere is not edited, and anchors and aliases stay', () => {
    const after = readFileSync(join(GOLDEN, 'unsafe-anchors-flow.after.yaml'), 'utf8');
    expect(after).toContain('x-problem-example: &problem\n');
    expect(after).toContain('  title: Not found\n');
    expect(after).toContain('example: *problem');
    expect(after).toContain('Problem: &problemSchema');
  });
});
