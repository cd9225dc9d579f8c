/**
 * spectral-api-conventions: the platform's API conventions as Spectral rules.
 * Every rule reads the whole document from a fixed `given` (`$`) and walks operations through the
 * shared helper layer in functions/lib, so that Spectral never walks the resolved document itself.
 */
import { oas2, oas3_0, oas3_1, oas3_2 } from '@stoplight/spectral-formats';
import { oas } from '@stoplight/spectral-rulesets';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { homepage } from './package.json';
import { RulesetOptions, checkOptions } from './functions/lib/options';
import listEnvelope from './functions/listEnvelope';
import listExtensibleEnum from './functions/listExtensibleEnum';
import listFields from './functions/listFields';
import listFilters from './functions/listFilters';
import listMetadata from './functions/listMetadata';
import listPagination from './functions/listPagination';
import listSafeMethod from './functions/listSafeMethod';
import listSort from './functions/listSort';
import pathVersion from './functions/pathVersion';
import problemCodeDocumented from './functions/problemCodeDocumented';
import problemExampleErrors from './functions/problemExampleErrors';
import problemExampleInstance from './functions/problemExampleInstance';
import problemExampleMembers from './functions/problemExampleMembers';
import problemExampleStatus from './functions/problemExampleStatus';
import problemExampleTitle from './functions/problemExampleTitle';
import problemExampleTraceId from './functions/problemExampleTraceId';
import problemExampleType from './functions/problemExampleType';
import problemExtensions from './functions/problemExtensions';
import problemMediaType from './functions/problemMediaType';
import problemNoStackTrace from './functions/problemNoStackTrace';
import problemSchema from './functions/problemSchema';
import registryShape from './functions/registryShape';
import registrySingle from './functions/registrySingle';
import requiredResponses from './functions/requiredResponses';
import responseExamples from './functions/responseExamples';

export type { RulesetOptions };

const docs = (id: string): string => `${homepage.replace(/#.*$/, '')}/blob/main/docs/rules/${id}.md`;

const ALL = [oas2, oas3_0, oas3_1, oas3_2];
const OAS3 = [oas3_0, oas3_1, oas3_2];

export function createRuleset(given: RulesetOptions = {}): RulesetDefinition & { rules: Record<string, unknown> } {
  const options = checkOptions(given);
  /** Options shared by the rules that look at list operations. */
  const list = options.listDetection ? { listDetection: options.listDetection } : {};
  /**
   * MUSTs of the conventions reported as warnings by default (§7.1.2: the required responses;
   * §4.3.1: filtering on a safe method), raised to errors when the platform is strict.
   */
  const must = options.strict ? 'error' : 'warn';
  return {
    documentationUrl: `${homepage}#rules`,
    formats: ALL,
    rules: {
      // Error responses (§2.1, §5, §7)
      'error-responses-required': {
        description: 'Every operation defines the 400, 404 and 500 Problem Details responses (§7.1).',
        message: '{{error}}',
        severity: must,
        documentationUrl: docs('error-responses-required'),
        formats: ALL,
        given: '$',
        then: { function: requiredResponses, functionOptions: { secured: false } },
      },
      'error-responses-secured': {
        description: 'A secured operation defines the 401 and 403 Problem Details responses (§5, §7.1).',
        message: '{{error}}',
        severity: must,
        documentationUrl: docs('error-responses-secured'),
        formats: ALL,
        given: '$',
        then: { function: requiredResponses, functionOptions: { secured: true } },
      },
      'error-response-examples': {
        description: 'Each required error response has at least one example (§7.1.1).',
        message: '{{error}}',
        severity: must,
        documentationUrl: docs('error-response-examples'),
        formats: ALL,
        given: '$',
        then: { function: responseExamples },
      },
      'error-response-problem-media-type': {
        description: 'Error responses are served as application/problem+json or application/problem+xml (§2.1, §7.1.4).',
        message: '{{error}}',
        severity: 'error',
        documentationUrl: docs('error-response-problem-media-type'),
        formats: ALL,
        given: '$',
        then: { function: problemMediaType },
      },
      'problem-details-schema': {
        description: 'A problem schema is an object that declares and requires status, title, detail, type and instance (§2.1).',
        message: '{{error}}',
        severity: 'error',
        documentationUrl: docs('problem-details-schema'),
        formats: ALL,
        given: '$',
        then: { function: problemSchema },
      },
      'problem-details-extensions': {
        description: 'The extension members traceId, errors and code have their conventional types where declared (§2.1).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('problem-details-extensions'),
        formats: ALL,
        given: '$',
        then: { function: problemExtensions },
      },
      'problem-code-documented': {
        description: 'API specific error codes are documented in the problem schema, and examples use documented codes (§2.1 rule 2).',
        message: '{{error}}',
        severity: 'error',
        documentationUrl: docs('problem-code-documented'),
        formats: ALL,
        given: '$',
        then: { function: problemCodeDocumented },
      },
      'problem-example-members': {
        description: 'Every problem example has status, title, detail, type and instance with their JSON types (§2.1).',
        message: '{{error}}',
        severity: 'error',
        documentationUrl: docs('problem-example-members'),
        formats: ALL,
        given: '$',
        then: { function: problemExampleMembers },
      },
      'problem-example-status': {
        description: 'A problem example\'s status is the status of its response (§7.2).',
        message: '{{error}}',
        severity: 'error',
        documentationUrl: docs('problem-example-status'),
        formats: ALL,
        given: '$',
        then: { function: problemExampleStatus },
      },
      'problem-example-title': {
        description: 'A problem example\'s title is the reason phrase of its status (§7.2).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('problem-example-title'),
        formats: ALL,
        given: '$',
        then: { function: problemExampleTitle },
      },
      'problem-example-type': {
        description: 'A problem example\'s type is an absolute URI; for 400, 401, 403, 404 and 500 the RFC 9110 section of the status (§2.1, §7.2).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('problem-example-type'),
        formats: ALL,
        given: '$',
        then: { function: problemExampleType, functionOptions: { typeStyle: options.typeStyle ?? 'rfc9110' } },
      },
      'problem-example-instance': {
        description: 'A problem example\'s instance reads "<METHOD> <path>" (§2.1).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('problem-example-instance'),
        formats: ALL,
        given: '$',
        then: { function: problemExampleInstance },
      },
      'problem-example-trace-id': {
        description: 'A problem example\'s traceId has the form 00-<32 hex>-<16 hex>-<2 hex> (§2.1).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('problem-example-trace-id'),
        formats: ALL,
        given: '$',
        then: { function: problemExampleTraceId },
      },
      'problem-example-errors': {
        description: 'Each element of a problem example\'s errors is {detail, pointer: "#/<fieldName>"} (§2.1, §7.2).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('problem-example-errors'),
        formats: ALL,
        given: '$',
        then: { function: problemExampleErrors },
      },
      'problem-no-stack-trace': {
        description: 'Problem responses carry no stack trace or server log (§2.1 rule 1).',
        message: '{{error}}',
        severity: 'error',
        documentationUrl: docs('problem-no-stack-trace'),
        formats: ALL,
        given: '$',
        then: { function: problemNoStackTrace },
      },
      'problem-registry-single': {
        description: 'Problem responses and schemas brought in from other documents all come from one shared registry (§2.3).',
        message: '{{error}}',
        severity: 'error',
        documentationUrl: docs('problem-registry-single'),
        formats: ALL,
        given: '$',
        resolved: false,
        then: { function: registrySingle, functionOptions: options.registry === undefined ? {} : { registry: options.registry } },
      },
      'problem-registry-shape': {
        description: 'A shared problem registry holds NotFound, UnexpectedError and ProblemDetails as the conventions describe (§2.3).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('problem-registry-shape'),
        formats: OAS3,
        given: '$',
        then: { function: registryShape },
      },

      // List operations (§2.2, §4, §8, §9)
      'list-response-envelope': {
        description: 'A list operation answers an object with a required "results" array, not a bare array (§2.2).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('list-response-envelope'),
        formats: ALL,
        given: '$',
        then: { function: listEnvelope, functionOptions: list },
      },
      'list-response-metadata': {
        description: 'A list envelope declares metadata: total, limit, and offset or cursor as the pagination offered (§2.2, §4.2.5).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('list-response-metadata'),
        formats: ALL,
        given: '$',
        then: { function: listMetadata, functionOptions: list },
      },
      'list-pagination-parameters': {
        description: 'A list operation takes limit (bounded, defaulted) with either offset or cursor, in the query (§4.2, §8).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('list-pagination-parameters'),
        formats: ALL,
        given: '$',
        then: { function: listPagination, functionOptions: list },
      },
      'list-filter-parameters': {
        description: 'Other query parameters of a list operation are filters on fields of the listed item, written [<operator>:]<value> (§4.3).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('list-filter-parameters'),
        formats: ALL,
        given: '$',
        then: { function: listFilters, functionOptions: list },
      },
      'list-filter-extensible-enum': {
        description: 'Enumerated values of a list operation\'s parameters use x-extensible-enum, not enum (§4.3.5).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('list-filter-extensible-enum'),
        formats: ALL,
        given: '$',
        then: { function: listExtensibleEnum, functionOptions: list },
      },
      'list-sort-parameter': {
        description: '"sort" is a query string with the convention\'s pattern, and its examples order by fields of the listed item (§4.4).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('list-sort-parameter'),
        formats: ALL,
        given: '$',
        then: { function: listSort, functionOptions: options.sortPattern === undefined ? list : { ...list, sortPattern: options.sortPattern } },
      },
      'list-fields-parameter': {
        description: '"fields" is a query string of camelCase field names of the listed item (§4.5).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('list-fields-parameter'),
        formats: ALL,
        given: '$',
        then: { function: listFields, functionOptions: list },
      },
      'list-filter-safe-method': {
        description: 'Filtering is a GET: no operator filters or list envelopes on other methods, no request body on a list operation (§4.3.1).',
        message: '{{error}}',
        severity: must,
        documentationUrl: docs('list-filter-safe-method'),
        formats: ALL,
        given: '$',
        then: { function: listSafeMethod, functionOptions: list },
      },
      'path-version-segment': {
        description: 'Full paths read /<namespace>/<product>/v<major>/<collection> (§4.1, §9.1).',
        message: '{{error}}',
        severity: 'warn',
        documentationUrl: docs('path-version-segment'),
        formats: ALL,
        given: '$',
        then: { function: pathVersion },
      },
    },
  } satisfies RulesetDefinition;
}

/** Our rules only: `extends: ["spectral-api-conventions"]`. */
const ruleset = createRuleset();
export default ruleset;

/** Our rules on top of Spectral's own OpenAPI rules (`spectral:oas`). */
export const recommended = { extends: [oas, ruleset] } as RulesetDefinition;
