/** What the defects fixture must give: each rule once, at a known place, and nothing else. */
export const DEFECTS: [code: string, path: string][] = [
  ['error-responses-required', 'paths./clinical/labs/v1/a.get.responses'],
  ['error-responses-secured', 'paths./clinical/labs/v1/b.get.responses'],
  ['error-response-examples', 'paths./clinical/labs/v1/c.get.responses.404'],
  ['error-response-problem-media-type', 'paths./clinical/labs/v1/d.get.responses.400.content.application/json'],
  ['problem-details-schema', 'components.schemas.DefectiveProblem.properties'],
  ['problem-details-extensions', 'components.schemas.DefectiveProblem.properties.traceId.type'],
  ['problem-code-documented', 'components.schemas.DefectiveProblem.properties.code'],
  [
    'problem-example-members',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.missingDetail.value',
  ],
  [
    'problem-example-status',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.wrongStatus.value.status',
  ],
  [
    'problem-example-title',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badTitle.value.title',
  ],
  [
    'problem-example-type',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badType.value.type',
  ],
  [
    'problem-example-instance',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badInstance.value.instance',
  ],
  [
    'problem-example-trace-id',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badTraceId.value.traceId',
  ],
  [
    'problem-example-errors',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badErrors.value.errors.0.pointer',
  ],
  [
    'problem-no-stack-trace',
    'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.stackTrace.value.detail',
  ],
  ['problem-registry-single', 'paths./clinical/labs/v1/h.get.responses.500.$ref'],
  ['problem-registry-shape', 'components.responses.UnexpectedError.description'],
  ['list-response-envelope', 'components.schemas.SampleArray.type'],
  ['list-response-metadata', 'components.schemas.PageWithoutMetadata.properties'],
  ['list-pagination-parameters', 'paths./clinical/labs/v1/patients.get.parameters.0.schema'],
  ['list-filter-parameters', 'paths./clinical/labs/v1/samples.get.parameters.2.name'],
  ['list-filter-extensible-enum', 'paths./clinical/labs/v1/samples.get.parameters.3.schema.enum'],
  ['list-sort-parameter', 'paths./clinical/labs/v1/samples.get.parameters.4.example'],
  ['list-fields-parameter', 'paths./clinical/labs/v1/samples.get.parameters.5.example'],
  ['list-filter-safe-method', 'paths./clinical/labs/v1/samples/search.post'],
  ['path-version-segment', 'paths./status'],
];

export const CONFORMING = [
  'swagger-2.0.yaml',
  'openapi-3.0.yaml',
  'openapi-3.1.yaml',
  'openapi-3.2.yaml',
  '../registry/problem-details.yaml',
];

export const byCodeAndPath = (findings: { code: string; path: (string | number)[] }[]): [string, string][] =>
  findings
    .map(f => [f.code, f.path.join('.')] as [string, string])
    .sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1));

export const sorted = (pairs: [string, string][]): [string, string][] =>
  [...pairs].sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1));
