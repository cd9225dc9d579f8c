/**
 * spectral-api-conventions: the platform's API conventions as Spectral rules, one entry per rule.
 *
 * Every rule reads the whole document from the fixed `given: $` and walks it through the shared
 * helper layer (functions/lib), so that Spectral's JSONPath engine never walks the resolved
 * document for us. A rule's facts (description, severity, formats, options, fix class) are its
 * entry in the manifest (manifest.ts); here each is joined to its function, and what all rules share
 * (`given`, `message`, `documentationUrl`) is applied once, in `createRuleset`.
 */
import { oas } from '@stoplight/spectral-rulesets';
import type { RulesetDefinition, RulesetFunction } from '@stoplight/spectral-core';
import { docsRef } from './package.json';
import { RulesetOptions, checkOptions } from './functions/lib/options';
import { ALL_FORMATS, RULES, RULE_IDS, RuleId, RuleMeta } from './manifest';
import {
  DEFAULT_DOCS_URL,
  FORMAT_CHECKS,
  REPOSITORY,
  functionOptions,
  rulePage,
  severityOf,
} from './functions/lib/adapter';
import { applyBaseline } from './functions/lib/baseline-filter';
import { RULE_FUNCTIONS } from './functions/index';

export type { RulesetOptions };
export type { RuleId };

export { DEFAULT_DOCS_URL };

/** Each rule's function (functions/index.ts); everything else about a rule is its entry in manifest.ts. */
const FUNCTIONS = RULE_FUNCTIONS satisfies Record<RuleId, RulesetFunction<unknown, never>>;

/** One rule as Spectral takes it, made from its manifest entry and its function. */
function rule(id: RuleId, options: RulesetOptions) {
  const meta: RuleMeta = RULES[id];
  const given = functionOptions(id, options);
  return {
    description: meta.description.replace(/\.$/, ` (${meta.conventions}).`),
    severity: severityOf(id, options.strict),
    // A rule that applies to every format takes the ruleset's: all of Swagger 2.0 and OpenAPI 3.0-3.2.
    ...(ALL_FORMATS.every(name => meta.formats.includes(name))
      ? {}
      : { formats: meta.formats.map(name => FORMAT_CHECKS[name]) }),
    then: {
      function: FUNCTIONS[id],
      ...(given === undefined ? {} : { functionOptions: given }),
    },
  };
}

export function createRuleset(given: RulesetOptions = {}): RulesetDefinition & { rules: Record<RuleId, unknown> } {
  const options = checkOptions(given);
  const docs = options.docsUrl ?? DEFAULT_DOCS_URL;
  // Every rule's defects pass the baseline's filter: with a baseline, its known findings are left
  // out; while the `baseline` command records, they are recorded (functions/lib/baseline-filter.ts).
  return applyBaseline(options.baseline, {
    // The folder of the rule pages (with `docsUrl`), or the README's table of rules.
    documentationUrl: options.docsUrl
      ? docs.slice(0, docs.lastIndexOf('/', docs.indexOf('{rule}')) + 1)
      : `${REPOSITORY}/blob/${docsRef}/README.md#rules`,
    formats: ALL_FORMATS.map(name => FORMAT_CHECKS[name]),
    rules: Object.fromEntries(
      RULE_IDS.map(id => [
        id,
        // `resolved: false`: each rule reads the resolved document itself and says where its finding
        // goes, in a shared component or at the `$ref` that uses it (functions/lib/rule.ts).
        {
          given: '$',
          resolved: false,
          message: '{{error}}',
          documentationUrl: rulePage(id, options),
          ...rule(id, options),
        },
      ]),
    ) as Record<RuleId, never>,
  } satisfies RulesetDefinition);
}

/** Our rules only: `extends: ["spectral-api-conventions"]`. */
const ruleset = createRuleset();
export default ruleset;

/** Our rules on top of Spectral's own OpenAPI rules (`spectral:oas`). */
export const recommended = { extends: [oas, ruleset] } as RulesetDefinition;
