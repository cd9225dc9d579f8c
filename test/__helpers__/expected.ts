import type { RuleId } from '../../manifest';

/**
 * What the defects fixture must give: each rule at a known place (two pairing defects besides), with its message, and nothing
 * else. The messages are those of a real run of fixtures/defects.yaml, each read and found right.
 */
export const DEFECTS: [code: RuleId, path: string, message: string][] = [
  [
    'error-responses-required',
    'paths./clinical/labs/v1/a.get.responses',
    'No 500 response; every operation must define 400, 404 and 500',
  ],
  [
    'error-responses-secured',
    'paths./clinical/labs/v1/b.get.responses',
    'No 403 response; a secured operation must define 401 and 403',
  ],
  [
    'error-response-examples',
    'paths./clinical/labs/v1/c.get.responses.404',
    '404 response has no example; expected at least one example of its Problem Details body',
  ],
  [
    'error-response-problem-media-type',
    'paths./clinical/labs/v1/d.get.responses.400.content.application/json',
    '400 response offers application/json; expected application/problem+json or application/problem+xml instead',
  ],
  [
    'problem-details-schema',
    'components.schemas.DefectiveProblem.properties',
    'Problem schema does not declare "instance"; expected status, title, detail, type and instance (instance: string)',
  ],
  [
    'problem-details-extensions',
    'components.schemas.DefectiveProblem.properties.traceId.type',
    'Problem member "traceId" is of type integer; expected string',
  ],
  [
    'problem-code-documented',
    'components.schemas.DefectiveProblem.properties.code',
    'Problem member "code" lists no values; document the error codes with enum, x-extensible-enum, or oneOf/anyOf of const with a description',
  ],
  [
    'problem-example-members',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.missingDetail.value',
    'Problem example has no "detail"; expected status, title, detail, type and instance',
  ],
  [
    'problem-example-status',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.wrongStatus.value.status',
    '404 example status is 400; expected 404',
  ],
  [
    'problem-example-title',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badTitle.value.title',
    '404 example title is "Not found"; expected "Not Found"',
  ],
  [
    'problem-example-type',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badType.value.type',
    '404 example type is "https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.4"; expected https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5 (RFC 9110 §15.5.5)',
  ],
  [
    'problem-example-instance',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badInstance.value.instance',
    'Example instance is "/clinical/labs/v1/g"; expected "<METHOD> <path>", such as "GET /orders/42"',
  ],
  [
    'problem-example-trace-id',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badTraceId.value.traceId',
    'Example traceId is "abc123"; expected 00-<32 hex>-<16 hex>-<2 hex>, such as "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"',
  ],
  [
    'problem-example-errors',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badErrors.value.errors.0.pointer',
    'Example errors[0] pointer is "name"; expected "#/<fieldName>"',
  ],
  [
    'problem-no-stack-trace',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.stackTrace.value.detail',
    'Problem example carries a Java stack trace; expected no stack trace or server log (give a traceId instead)',
  ],
  [
    'problem-registry-single',
    'paths./clinical/labs/v1/h.get.responses.500.$ref',
    'Problem response or schema comes from "defects-registry.yaml"; all of them must come from one shared registry, "../registry/problem-details.yaml"',
  ],

  [
    'list-response-envelope',
    'components.schemas.SampleArray.type',
    'List response is a bare array; expected an object whose required "results" array holds the items, beside "metadata"',
  ],
  [
    'list-response-metadata',
    'components.schemas.PageWithoutMetadata.properties',
    'List envelope has no "metadata"; expected metadata with total and limit (integers), and offset (integer) or cursor (string) as the list paginates',
  ],
  [
    'list-pagination-parameters',
    'paths./clinical/labs/v1/patients.get.parameters.0.schema',
    '"limit" has no maximum; expected a maximum page size (§4.2.4, §8.1)',
  ],
  [
    'list-filter-parameters',
    'paths./clinical/labs/v1/samples.get.parameters.2.name',
    'Query parameter "colour" names no field of the listed item; expected a filter named after one of id, kind, collectedAt, or no such query parameter',
  ],
  [
    'list-filter-extensible-enum',
    'paths./clinical/labs/v1/samples.get.parameters.3.schema.enum',
    'Filter "kind" enumerates its values with enum; expected x-extensible-enum, so that values can be added without breaking clients',
  ],
  [
    'list-sort-parameter',
    'paths./clinical/labs/v1/samples.get.parameters.4.example',
    '"sort" example "collectedAt|up" is not a "<fieldName>|<asc|desc>" entry; expected camelCase field names with a direction, separated by commas, such as "createdAt|desc,name|asc"',
  ],
  [
    'list-fields-parameter',
    'paths./clinical/labs/v1/samples.get.parameters.5.example',
    '"fields" example "id,Kind" is not a list of camelCase names; expected names separated by commas, dots for nested fields, such as "id,name,address.city"',
  ],
  [
    'list-filter-safe-method',
    'paths./clinical/labs/v1/samples/search.post',
    'POST operation takes operator filters (kind); listing and filtering must be a safe, idempotent, cacheable GET',
  ],
  [
    'path-version-segment',
    'paths./status',
    'Path "/status" lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>',
  ],
  [
    'conventions-exception',
    'x-api-conventions-exceptions.error-responses-requird',
    'Exception names "error-responses-requird", which is not a rule of spectral-api-conventions; did you mean "error-responses-required"?',
  ],
  // Pairing defects (docs/design.md, "Where a finding goes"): each at the use, naming the component.
  [
    'error-response-problem-media-type',
    'paths./clinical/labs/v1/i.get.responses.200.content.application/problem+json',
    "200 response offers application/problem+json; a success response is not a problem: expected its resource's media type, such as application/json",
  ],
  [
    'problem-example-status',
    'paths./clinical/labs/v1/i.get.responses.500.$ref',
    'UnexpectedError, used as the 500 response, has example "unauthorized" with status 401, example "forbidden" with status 403 and example "not-found" with status 404; expected 500',
  ],
];

/**
 * What fixtures/defects-registry.yaml (a components file with no operations: a registry, which
 * defects.yaml brings in as a second one) must give: problem-registry-shape, which only a registry
 * can fire.
 */
export const REGISTRY_DEFECTS: [code: RuleId, path: string, message: string][] = [
  [
    'problem-registry-shape',
    'components.responses.UnexpectedError.description',
    'UnexpectedError description is "problem-registry-shape - not the registry\'s description"; expected "An unexpected error occurred."',
  ],
];

export const CONFORMING = [
  'swagger-2.0.yaml',
  'openapi-3.0.yaml',
  'openapi-3.1.yaml',
  'openapi-3.2.yaml',
  '../registry/problem-details.yaml',
];

type Tuple = string[];
const byText = (a: Tuple, b: Tuple): number => (a.join(' ') < b.join(' ') ? -1 : a.join(' ') > b.join(' ') ? 1 : 0);

/** Findings as [code, path, message] triples, sorted: the shape of DEFECTS. */
export const byCodePathAndMessage = (
  findings: { code: string | number; path: (string | number)[]; message: string }[],
): [string, string, string][] =>
  findings.map(f => [String(f.code), f.path.join('.'), f.message] as [string, string, string]).sort(byText);

export const sorted = <T extends Tuple>(tuples: T[]): T[] => [...tuples].sort(byText);
