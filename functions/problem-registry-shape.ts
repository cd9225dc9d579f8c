/** problem-registry-shape (§2.3): a shared registry holds NotFound, UnexpectedError and ProblemDetails as the conventions describe. */
import { Dict, JsonPath, isObject, isString, valueAt } from './lib/json';
import { baseMediaType, isProblemMediaType } from './lib/openapi';
import { checkProblemSchema } from './lib/problem';
import { Finding, documentRule, finding, listedDefect, orList, quotedList, optionsSchema } from './lib/rule';

const UNEXPECTED_DESCRIPTION = 'An unexpected error occurred.';
const UNEXPECTED_EXAMPLES = ['unauthorized', 'forbidden', 'not-found', 'server-error'];

function unexpectedError(response: Dict, problemDetails: unknown, path: JsonPath, unresolved: unknown): Finding[] {
  const results: Finding[] = [];
  if (response.description !== UNEXPECTED_DESCRIPTION) {
    results.push(
      finding(
        `UnexpectedError description is ${JSON.stringify(response.description) ?? 'missing'}; expected "${UNEXPECTED_DESCRIPTION}"`,
        response.description === undefined ? path : [...path, 'description'],
      ),
    );
  }
  const content = isObject(response.content) ? response.content : {};
  // Media types compare without case and parameters: `application/problem+json; charset=utf-8` is the same body.
  const mediaType = Object.keys(content).find(key => baseMediaType(key) === 'application/problem+json');
  const media = mediaType === undefined ? undefined : content[mediaType];
  if (mediaType === undefined || !isObject(media)) {
    results.push(
      finding(
        'UnexpectedError has no application/problem+json body; expected one with the ProblemDetails schema',
        isObject(response.content) ? [...path, 'content'] : path,
      ),
    );
    return results;
  }
  const mediaPath = [...path, 'content', mediaType];
  if (problemDetails !== undefined && media.schema !== problemDetails) {
    // A `$ref` to another schema is reported at the body: a path ending at the `$ref` would be mapped to its target.
    const ref = valueAt(unresolved, [...mediaPath, 'schema']);
    const refersElsewhere = isObject(ref) && isString(ref.$ref);
    results.push(
      finding(
        'UnexpectedError body schema is not ProblemDetails; expected $ref: "#/components/schemas/ProblemDetails"',
        media.schema === undefined || refersElsewhere ? mediaPath : [...mediaPath, 'schema'],
      ),
    );
  }
  const examples = isObject(media.examples) ? media.examples : {};
  for (const name of UNEXPECTED_EXAMPLES) {
    if (examples[name] === undefined) {
      results.push(missingExample(name, isObject(media.examples) ? [...mediaPath, 'examples'] : mediaPath));
    }
  }
  return results;
}

function notFound(response: Dict, path: JsonPath): Finding[] {
  const problem = Object.keys(isObject(response.content) ? response.content : {}).some(isProblemMediaType);
  return problem
    ? []
    : [finding('NotFound has no Problem Details body; expected the 404 response with application/problem+json', path)];
}

const missingExample = listedDefect(names =>
  names.length === 1
    ? `UnexpectedError has no "${names[0]}" example; expected examples ${UNEXPECTED_EXAMPLES.join(', ')}`
    : `UnexpectedError has no examples ${quotedList(names)}; expected examples ${UNEXPECTED_EXAMPLES.join(', ')}`,
);

const REGISTRY_HOLDS = [
  ['NotFound', 'response'],
  ['UnexpectedError', 'response'],
  ['ProblemDetails', 'schema'],
] as const;

/** What of NotFound, UnexpectedError and ProblemDetails a registry lacks: one finding, at `components`. */
function missingComponents(responses: Dict, schemas: Dict, path: JsonPath): Finding[] {
  const missing = REGISTRY_HOLDS.filter(([name, kind]) =>
    kind === 'schema' ? schemas[name] === undefined : !isObject(responses[name]),
  ).map(([name, kind]) => `${name} ${kind}`);
  return missing.length === 0
    ? []
    : [
        finding(
          `Registry has no ${orList(missing)}; expected the NotFound and UnexpectedError responses and the ProblemDetails schema`,
          path,
        ),
      ];
}

/** Whether the linted document is the one the `registry` option names (a path or URL, as `$ref`s write it). */
const isNamed = (source: string | null | undefined, registry: string): boolean => {
  if (!source) return false;
  const name = registry.split('#')[0].replace(/^(?:\.\.?\/)+/, '');
  return source === registry || source.endsWith(`/${name}`) || source === name;
};

export default documentRule<{ registry: string }>(
  optionsSchema({ registry: { type: 'string', minLength: 1 } }),
  function problemRegistryShape(doc, { registry }, context) {
    const components = isObject(doc.root.components) ? doc.root.components : undefined;
    const responses = isObject(components?.responses) ? components.responses : {};
    const schemas = isObject(components?.schemas) ? components.schemas : {};
    // A registry (docs/design.md, "Registry"): the document the registry option names; without it, a components
    // file that defines NotFound or UnexpectedError and has no operations. An API that defines its own
    // NotFound is no registry.
    const isRegistry =
      registry !== undefined
        ? isNamed(context.document.source, registry)
        : (isObject(responses.UnexpectedError) || isObject(responses.NotFound)) && doc.operations.length === 0;
    if (!isRegistry) return [];
    const results: Finding[] = missingComponents(responses, schemas, components === undefined ? [] : ['components']);
    if (isObject(responses.UnexpectedError)) {
      results.push(
        ...unexpectedError(
          responses.UnexpectedError,
          schemas.ProblemDetails,
          ['components', 'responses', 'UnexpectedError'],
          context.document.data,
        ),
      );
    }
    if (isObject(responses.NotFound))
      results.push(...notFound(responses.NotFound, ['components', 'responses', 'NotFound']));
    if (schemas.ProblemDetails !== undefined)
      results.push(...checkProblemSchema(schemas.ProblemDetails, ['components', 'schemas', 'ProblemDetails']));
    return results;
  },
);
