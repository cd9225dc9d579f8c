/** problem-registry-shape (§2.3): a shared registry holds NotFound, UnexpectedError and ProblemDetails as the conventions describe. */
import { Dict, JsonPath, isObject } from './lib/json';
import { isProblemMediaType } from './lib/openapi';
import { Finding, documentRule, finding, optionsSchema } from './lib/rule';
import { checkProblemSchema } from './problemSchema';

const UNEXPECTED_DESCRIPTION = 'An unexpected error occurred.';
const UNEXPECTED_EXAMPLES = ['unauthorized', 'forbidden', 'not-found', 'server-error'];

function unexpectedError(response: Dict, problemDetails: unknown, path: JsonPath): Finding[] {
  const results: Finding[] = [];
  if (response.description !== UNEXPECTED_DESCRIPTION) {
    results.push(finding(`UnexpectedError description is ${JSON.stringify(response.description) ?? 'missing'}; expected "${UNEXPECTED_DESCRIPTION}"`, response.description === undefined ? path : [...path, 'description']));
  }
  const content = isObject(response.content) ? response.content : {};
  const media = content['application/problem+json'];
  if (!isObject(media)) {
    results.push(finding('UnexpectedError has no application/problem+json body; expected one with the ProblemDetails schema', isObject(response.content) ? [...path, 'content'] : path));
    return results;
  }
  const mediaPath = [...path, 'content', 'application/problem+json'];
  if (problemDetails !== undefined && media.schema !== problemDetails) {
    results.push(finding('UnexpectedError body schema is not ProblemDetails; expected $ref: "#/components/schemas/ProblemDetails"', media.schema === undefined ? mediaPath : [...mediaPath, 'schema']));
  }
  const examples = isObject(media.examples) ? media.examples : {};
  for (const name of UNEXPECTED_EXAMPLES) {
    if (examples[name] === undefined) {
      results.push(finding(`UnexpectedError has no "${name}" example; expected examples ${UNEXPECTED_EXAMPLES.join(', ')}`, isObject(media.examples) ? [...mediaPath, 'examples'] : mediaPath));
    }
  }
  return results;
}

function notFound(response: Dict, path: JsonPath): Finding[] {
  const problem = Object.keys(isObject(response.content) ? response.content : {}).some(isProblemMediaType);
  return problem ? [] : [finding('NotFound has no Problem Details body; expected the 404 response with application/problem+json', path)];
}

export default documentRule('registryShape', optionsSchema(), doc => {
  const components = doc.root.components;
  if (!isObject(components)) return [];
  const responses = isObject(components.responses) ? components.responses : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  if (!isObject(responses.UnexpectedError) && !isObject(responses.NotFound)) return [];
  const results: Finding[] = [];
  if (isObject(responses.UnexpectedError)) {
    results.push(...unexpectedError(responses.UnexpectedError, schemas.ProblemDetails, ['components', 'responses', 'UnexpectedError']));
  }
  if (isObject(responses.NotFound)) results.push(...notFound(responses.NotFound, ['components', 'responses', 'NotFound']));
  if (schemas.ProblemDetails !== undefined) results.push(...checkProblemSchema(schemas.ProblemDetails, ['components', 'schemas', 'ProblemDetails']));
  return results;
});
