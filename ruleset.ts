/**
 * spectral-api-conventions: the platform's API conventions as Spectral rules, one entry per rule.
 *
 * Every rule reads the whole document from the fixed `given: $` and walks it through the shared
 * helper layer (functions/lib), so that Spectral's JSONPath engine never walks the resolved
 * document for us. What all rules share (`given`, `message`, `documentationUrl`, the formats) is
 * applied once, in `createRuleset`; an entry holds only what is its own.
 */
import { oas2, oas3_0, oas3_1, oas3_2 } from '@stoplight/spectral-formats';
import { oas } from '@stoplight/spectral-rulesets';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { docsRef, repository } from './package.json';
import { RulesetOptions, checkOptions } from './functions/lib/options';
import { applyBaseline } from './functions/lib/baseline';
import errorResponseExamples from './functions/error-response-examples';
import errorResponseProblemMediaType from './functions/error-response-problem-media-type';
import errorResponsesRequired from './functions/error-responses-required';
import errorResponsesSecured from './functions/error-responses-secured';
import listFieldsParameter from './functions/list-fields-parameter';
import listFilterExtensibleEnum from './functions/list-filter-extensible-enum';
import listFilterParameters from './functions/list-filter-parameters';
import listFilterSafeMethod from './functions/list-filter-safe-method';
import listPaginationParameters from './functions/list-pagination-parameters';
import listResponseEnvelope from './functions/list-response-envelope';
import listResponseMetadata from './functions/list-response-metadata';
import listSortParameter from './functions/list-sort-parameter';
import pathVersionSegment from './functions/path-version-segment';
import problemCodeDocumented from './functions/problem-code-documented';
import problemDetailsExtensions from './functions/problem-details-extensions';
import problemDetailsSchema from './functions/problem-details-schema';
import problemExampleErrors from './functions/problem-example-errors';
import problemExampleInstance from './functions/problem-example-instance';
import problemExampleMembers from './functions/problem-example-members';
import problemExampleStatus from './functions/problem-example-status';
import problemExampleTitle from './functions/problem-example-title';
import problemExampleTraceId from './functions/problem-example-trace-id';
import problemExampleType from './functions/problem-example-type';
import problemNoStackTrace from './functions/problem-no-stack-trace';
import problemRegistryShape from './functions/problem-registry-shape';
import problemRegistrySingle from './functions/problem-registry-single';

export type { RulesetOptions };

const ALL = [oas2, oas3_0, oas3_1, oas3_2];
const OAS3 = [oas3_0, oas3_1, oas3_2];

const REPOSITORY = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
/**
 * The rule pages of the installed version, at package.json's `docsRef`: the default branch until a
 * release, whose commit `npm run release` makes with its tag `v<version>` there (`docsUrl` replaces it).
 */
export const DEFAULT_DOCS_URL = `${REPOSITORY}/blob/${docsRef}/docs/rules/{rule}.md`;

/** The rules, keyed by id: what each one checks, how severe it is, and its function. */
function rules(options: RulesetOptions) {
  const list = options.listDetection ? { listDetection: options.listDetection } : {};
  // MUSTs of the conventions reported as warnings by default (§7.1.2: the required responses;
  // §4.3.1: filtering on a safe method), raised to errors when the platform is strict.
  const must = options.strict ? 'error' : 'warn';
  return {
    // Error responses (§2.1, §5, §7)
    'error-responses-required': {
      description: 'Every operation defines the 400, 404 and 500 Problem Details responses (§7.1).',
      severity: must,
      then: { function: errorResponsesRequired },
    },
    'error-responses-secured': {
      description: 'A secured operation defines the 401 and 403 Problem Details responses (§5, §7.1).',
      severity: must,
      then: { function: errorResponsesSecured },
    },
    'error-response-examples': {
      description: 'Each required error response has at least one example (§7.1.1).',
      severity: must,
      then: { function: errorResponseExamples },
    },
    'error-response-problem-media-type': {
      description: 'Error responses are served as application/problem+json or application/problem+xml (§2.1, §7.1.4).',
      severity: 'error',
      then: { function: errorResponseProblemMediaType },
    },
    'problem-details-schema': {
      description:
        'A problem schema is an object that declares and requires status, title, detail, type and instance (§2.1).',
      severity: 'error',
      then: { function: problemDetailsSchema },
    },
    'problem-details-extensions': {
      description:
        'The extension members traceId, errors and code have their conventional types where declared (§2.1).',
      severity: 'warn',
      then: { function: problemDetailsExtensions },
    },
    'problem-code-documented': {
      description:
        'API specific error codes are documented in the problem schema, and examples use documented codes (§2.1 rule 2).',
      severity: 'error',
      then: { function: problemCodeDocumented },
    },
    'problem-example-members': {
      description: 'Every problem example has status, title, detail, type and instance with their JSON types (§2.1).',
      severity: 'error',
      then: { function: problemExampleMembers },
    },
    'problem-example-status': {
      description: "A problem example's status is the status of its response (§7.2).",
      severity: 'error',
      then: { function: problemExampleStatus },
    },
    'problem-example-title': {
      description: "A problem example's title is the reason phrase of its status (§7.2).",
      severity: 'warn',
      then: { function: problemExampleTitle },
    },
    'problem-example-type': {
      description:
        "A problem example's type is an absolute URI; for 400, 401, 403, 404 and 500 the RFC 9110 section of the status (§2.1, §7.2).",
      severity: 'warn',
      then: { function: problemExampleType, functionOptions: { typeStyle: options.typeStyle ?? 'rfc9110' } },
    },
    'problem-example-instance': {
      description: 'A problem example\'s instance reads "<METHOD> <path>" (§2.1).',
      severity: 'warn',
      then: { function: problemExampleInstance },
    },
    'problem-example-trace-id': {
      description: "A problem example's traceId has the form 00-<32 hex>-<16 hex>-<2 hex> (§2.1).",
      severity: 'warn',
      then: { function: problemExampleTraceId },
    },
    'problem-example-errors': {
      description: 'Each element of a problem example\'s errors is {detail, pointer: "#/<fieldName>"} (§2.1, §7.2).',
      severity: 'warn',
      then: { function: problemExampleErrors },
    },
    'problem-no-stack-trace': {
      description: 'Problem responses carry no stack trace or server log (§2.1 rule 1).',
      severity: 'error',
      then: { function: problemNoStackTrace },
    },
    'problem-registry-single': {
      description:
        'Problem responses and schemas brought in from other documents all come from one shared registry (§2.3).',
      severity: 'error',
      then: {
        function: problemRegistrySingle,
        functionOptions: options.registry === undefined ? {} : { registry: options.registry },
      },
    },
    'problem-registry-shape': {
      description:
        'A shared problem registry holds NotFound, UnexpectedError and ProblemDetails as the conventions describe (§2.3).',
      severity: 'warn',
      // Swagger 2.0 cannot name examples, which the registry's UnexpectedError is made of.
      formats: OAS3,
      then: {
        function: problemRegistryShape,
        functionOptions: options.registry === undefined ? {} : { registry: options.registry },
      },
    },

    // List operations (§2.2, §4, §8, §9)
    'list-response-envelope': {
      description: 'A list operation answers an object with a required "results" array, not a bare array (§2.2).',
      severity: 'warn',
      then: { function: listResponseEnvelope, functionOptions: list },
    },
    'list-response-metadata': {
      description:
        'A list envelope declares metadata: total, limit, and offset or cursor as the pagination offered (§2.2, §4.2.5).',
      severity: 'warn',
      then: { function: listResponseMetadata, functionOptions: list },
    },
    'list-pagination-parameters': {
      description:
        'A list operation takes limit (bounded, defaulted) with either offset or cursor, in the query (§4.2, §8).',
      severity: 'warn',
      then: { function: listPaginationParameters, functionOptions: list },
    },
    'list-filter-parameters': {
      description:
        'Other query parameters of a list operation are filters on fields of the listed item, written [<operator>:]<value> (§4.3).',
      severity: 'warn',
      then: { function: listFilterParameters, functionOptions: list },
    },
    'list-filter-extensible-enum': {
      description: "Enumerated values of a list operation's parameters use x-extensible-enum, not enum (§4.3.5).",
      severity: 'warn',
      then: { function: listFilterExtensibleEnum, functionOptions: list },
    },
    'list-sort-parameter': {
      description:
        '"sort" is a query string with the convention\'s pattern, and its examples order by fields of the listed item (§4.4).',
      severity: 'warn',
      then: {
        function: listSortParameter,
        functionOptions: options.sortPattern === undefined ? list : { ...list, sortPattern: options.sortPattern },
      },
    },
    'list-fields-parameter': {
      description: '"fields" is a query string of camelCase field names of the listed item (§4.5).',
      severity: 'warn',
      then: { function: listFieldsParameter, functionOptions: list },
    },
    'list-filter-safe-method': {
      description:
        'Filtering is a GET: no operator filters or list envelopes on other methods, no request body on a list operation (§4.3.1).',
      severity: must,
      then: { function: listFilterSafeMethod, functionOptions: list },
    },
    'path-version-segment': {
      description: 'Full paths read /<namespace>/<product>/v<major>/<collection> (§4.1, §9.1).',
      severity: 'warn',
      then: { function: pathVersionSegment },
    },
  } as const;
}

/** A rule's id: `testRule('problem-example-title', …)` does not compile with a misspelled one. */
export type RuleId = keyof ReturnType<typeof rules>;

export function createRuleset(given: RulesetOptions = {}): RulesetDefinition & { rules: Record<RuleId, unknown> } {
  const options = checkOptions(given);
  const docs = options.docsUrl ?? DEFAULT_DOCS_URL;
  const table = rules(options);
  // With a baseline, its known findings are left out (functions/lib/baseline.ts).
  return applyBaseline(options.baseline, {
    // The folder of the rule pages (with `docsUrl`), or the README's table of rules.
    documentationUrl: options.docsUrl
      ? docs.slice(0, docs.lastIndexOf('/', docs.indexOf('{rule}')) + 1)
      : `${REPOSITORY}/blob/${docsRef}/README.md#rules`,
    formats: ALL,
    rules: Object.fromEntries(
      Object.entries(table).map(([id, rule]) => [
        id,
        // A rule without `formats` takes the ruleset's: all of Swagger 2.0 and OpenAPI 3.0-3.2.
        // `resolved: false`: each rule reads the resolved document itself and says where its finding
        // goes, in a shared component or at the `$ref` that uses it (functions/lib/rule.ts).
        { given: '$', resolved: false, message: '{{error}}', documentationUrl: docs.replace('{rule}', id), ...rule },
      ]),
    ) as Record<RuleId, never>,
  } satisfies RulesetDefinition);
}

/** Our rules only: `extends: ["spectral-api-conventions"]`. */
const ruleset = createRuleset();
export default ruleset;

/** Our rules on top of Spectral's own OpenAPI rules (`spectral:oas`). */
export const recommended = { extends: [oas, ruleset] } as RulesetDefinition;
