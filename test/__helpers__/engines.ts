/**
 * Both engines on the same files, for the Redocly adapter's tests: `spectral lint` in this process and
 * the real `redocly lint` with the plugin bundled from the sources (test/__helpers__/redocly.ts),
 * their findings side by side (rule, file, JSON pointer, message, line, severity, the rule's page).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { optionsOf, RULE_FUNCTIONS, ruleOptions } from '../../redocly/index';
import { pointerOf } from '../../functions/lib/written';
import { createRuleset, RuleId, RulesetOptions } from '../../ruleset';
import { pluginFromSources, redoclyLint, RedoclyFinding } from './redocly';

const PREFIX = 'spectral-api-conventions/';
let redoclyConfigs = 0;

/** `spectral lint` on each file, as RedoclyFinding: a Spectral of its own per document, as the CLI has. */
async function spectralFindings(files: string[], options: RulesetOptions): Promise<RedoclyFinding[]> {
  const ruleset = createRuleset(options);
  const rules = ruleset.rules as Record<string, { documentationUrl: string }>;
  const findings: RedoclyFinding[] = [];
  for (const file of files) {
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    spectral.setRuleset(ruleset);
    const text = readFileSync(file, 'utf8');
    const document = file.endsWith('.json')
      ? new Document(text, Parsers.Json, file)
      : new Document(text, Parsers.Yaml, file);
    for (const result of await spectral.run(document)) {
      if (!(result.code in rules)) continue;
      findings.push({
        rule: String(result.code),
        file: resolve(result.source ?? file),
        pointer: pointerOf([...result.path]),
        message: result.message,
        // Spectral finds no place for a path that continues past a YAML alias and says line 1;
        // Redocly says where the alias is written. Such a line is not compared.
        line: document.getRangeForJsonPath(result.path, true) === undefined ? undefined : result.range.start.line + 1,
        link: rules[result.code].documentationUrl,
        severity: Number(result.severity) === 0 ? 'error' : 'warn',
      });
    }
  }
  return findings;
}

const order = (a: RedoclyFinding, b: RedoclyFinding): number => {
  const key = (f: RedoclyFinding) => JSON.stringify([f.file, f.rule, f.pointer, f.message]);
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
};

/**
 * Both engines on the same files, with the same options (redocly.yaml gives each rule those it
 * takes, and the preset `strict` picks); the findings must be the same, line included where
 * Spectral has one. redocly.yaml is written in `folder`, never in the repository.
 */
export async function bothEngines(files: string[], options: RulesetOptions, cwd: string, folder: string) {
  const { strict, ...ruleSettings } = options;
  const rules = Object.fromEntries(
    (Object.keys(RULE_FUNCTIONS) as RuleId[])
      .map(id => {
        const taken = Object.entries(ruleSettings).filter(([key]) => optionsOf(id).includes(key));
        return [id, ruleOptions(id, Object.fromEntries(taken))] as const;
      })
      .filter(([, given]) => Object.keys(given).length > 0)
      .map(([id, given]) => [`${PREFIX}${id}`, { severity: strict ? 'error' : 'warn', ...given }]),
  );
  // In the test's own folder, never in the repository: the files are named by absolute paths.
  const config = join(folder, `redocly-${++redoclyConfigs}.yaml`);
  writeFileSync(
    config,
    `${JSON.stringify(
      { plugins: [pluginFromSources()], extends: [`${PREFIX}${strict ? 'strict' : 'recommended'}`], rules },
      null,
      2,
    )}\n`,
  );
  const redocly = redoclyLint(files, config, cwd).sort(order);
  const spectral = (await spectralFindings(files, options)).sort(order);
  // Findings whose severity redocly.yaml set for their options: Spectral's come from createRuleset's.
  const comparable = (findings: RedoclyFinding[]) =>
    findings.map(f => ({
      ...f,
      severity: `${PREFIX}${f.rule}` in rules ? '(set in redocly.yaml)' : f.severity,
      line: spectral.find(s => order(s, f) === 0)?.line === undefined ? undefined : f.line,
    }));
  expect(comparable(redocly)).toEqual(comparable(spectral));
  return redocly;
}
