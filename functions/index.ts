/**
 * Each rule's function, keyed by rule id: the one table both engine adapters join to the manifest
 * (ruleset.ts for Spectral, redocly/index.ts for Redocly CLI). Everything else about a rule is its entry in
 * manifest.ts; a rule missing here does not compile there.
 */
import type { RuleId } from '../manifest';
import conventionsException from './conventions-exception';
import errorResponseExamples from './error-response-examples';
import errorResponseProblemMediaType from './error-response-problem-media-type';
import errorResponsesRequired from './error-responses-required';
import errorResponsesSecured from './error-responses-secured';
import listFieldsParameter from './list-fields-parameter';
import listFilterExtensibleEnum from './list-filter-extensible-enum';
import listFilterParameters from './list-filter-parameters';
import listFilterSafeMethod from './list-filter-safe-method';
import listPaginationParameters from './list-pagination-parameters';
import listResponseEnvelope from './list-response-envelope';
import listResponseMetadata from './list-response-metadata';
import listSortParameter from './list-sort-parameter';
import pathVersionSegment from './path-version-segment';
import problemCodeDocumented from './problem-code-documented';
import problemDetailsExtensions from './problem-details-extensions';
import problemDetailsSchema from './problem-details-schema';
import problemExampleErrors from './problem-example-errors';
import problemExampleInstance from './problem-example-instance';
import problemExampleMembers from './problem-example-members';
import problemExampleStatus from './problem-example-status';
import problemExampleTitle from './problem-example-title';
import problemExampleTraceId from './problem-example-trace-id';
import problemExampleType from './problem-example-type';
import problemNoStackTrace from './problem-no-stack-trace';
import problemRegistryShape from './problem-registry-shape';
import problemRegistrySingle from './problem-registry-single';

export const RULE_FUNCTIONS = {
  'error-responses-required': errorResponsesRequired,
  'error-responses-secured': errorResponsesSecured,
  'error-response-examples': errorResponseExamples,
  'error-response-problem-media-type': errorResponseProblemMediaType,
  'problem-details-schema': problemDetailsSchema,
  'problem-details-extensions': problemDetailsExtensions,
  'problem-code-documented': problemCodeDocumented,
  'problem-example-members': problemExampleMembers,
  'problem-example-status': problemExampleStatus,
  'problem-example-title': problemExampleTitle,
  'problem-example-type': problemExampleType,
  'problem-example-instance': problemExampleInstance,
  'problem-example-trace-id': problemExampleTraceId,
  'problem-example-errors': problemExampleErrors,
  'problem-no-stack-trace': problemNoStackTrace,
  'problem-registry-single': problemRegistrySingle,
  'problem-registry-shape': problemRegistryShape,
  'list-response-envelope': listResponseEnvelope,
  'list-response-metadata': listResponseMetadata,
  'list-pagination-parameters': listPaginationParameters,
  'list-filter-parameters': listFilterParameters,
  'list-filter-extensible-enum': listFilterExtensibleEnum,
  'list-sort-parameter': listSortParameter,
  'list-fields-parameter': listFieldsParameter,
  'list-filter-safe-method': listFilterSafeMethod,
  'path-version-segment': pathVersionSegment,
  'conventions-exception': conventionsException,
} satisfies Record<RuleId, unknown>;
