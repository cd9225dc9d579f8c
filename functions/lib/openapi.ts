/**
 * The one way every rule walks an OpenAPI description: operations, their effective security,
 * responses, response bodies per media type and their examples, for Swagger 2.0 and OpenAPI 3.x.
 * Everything is computed once per resolved document and cached by the document's identity.
 */
import { Dict, JsonPath, Seen, entries, idOf, isObject, isString, isUnresolved, memo, stringOf } from './json';
import { isErrorCode } from './http';
import { flat } from './schema';

export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export type Spec = 2 | 3 | 0;

export function specOf(root: Dict): Spec {
  if (root.swagger !== undefined && stringOf(root.swagger).startsWith('2')) return 2;
  if (root.openapi !== undefined && stringOf(root.openapi).startsWith('3')) return 3;
  return 0;
}

export interface Operation {
  /** Lower-case HTTP method. */
  method: string;
  /** The key under `paths`. */
  pathKey: string;
  node: Dict;
  pathItem: Dict;
  /** Where the operation sits in the resolved document. */
  path: JsonPath;
}

export interface Response {
  operation: Operation;
  /** The key under `responses`: "404", "4XX", "default". */
  code: string;
  node: Dict;
  path: JsonPath;
}

export interface Example {
  /** The example's value; undefined for an `externalValue`. */
  value: unknown;
  path: JsonPath;
  external: boolean;
}

/** One media type of a response: its schema and examples. Swagger 2.0 responses give one per `produces` entry. */
export interface Body {
  mediaType: string;
  /** Base media type: lower-case, without parameters. */
  base: string;
  schema: unknown;
  schemaPath: JsonPath;
  examples: Example[];
  path: JsonPath;
}

export interface OpenApiDocument {
  root: Dict;
  spec: Spec;
  operations: Operation[];
}

const PROBLEM_TYPES = new Set(['application/problem+json', 'application/problem+xml']);

const baseMediaTypes = new Map<string, string>();
export const baseMediaType = (mediaType: string): string => {
  let base = baseMediaTypes.get(mediaType);
  if (base === undefined) baseMediaTypes.set(mediaType, (base = mediaType.split(';')[0].trim().toLowerCase()));
  return base;
};
export const isProblemMediaType = (mediaType: string): boolean => PROBLEM_TYPES.has(baseMediaType(mediaType));
export const isXmlMediaType = (mediaType: string): boolean => /[/+]xml$/.test(baseMediaType(mediaType));
export const isJsonMediaType = (mediaType: string): boolean =>
  /^application\/(?:[\w.-]+\+)?json$/.test(baseMediaType(mediaType));

/** The document's operations (OpenAPI 3.2 `query` and `additionalOperations` included), computed once. */
export const documentOf = memo((root: Dict): OpenApiDocument => {
  const spec = specOf(root);
  const operations: Operation[] = [];
  const methods =
    spec === 3 && String(root.openapi).startsWith('3.2') ? [...OPERATION_METHODS, 'query'] : OPERATION_METHODS;
  for (const [pathKey, pathItem] of entries(root.paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of methods) {
      const node = pathItem[method];
      if (isObject(node)) operations.push({ method, pathKey, node, pathItem, path: ['paths', pathKey, method] });
    }
    for (const [name, node] of entries(pathItem.additionalOperations)) {
      if (isObject(node)) {
        operations.push({
          method: name.toLowerCase(),
          pathKey,
          node,
          pathItem,
          path: ['paths', pathKey, 'additionalOperations', name],
        });
      }
    }
  }
  return { root, spec, operations };
});

/**
 * Effective security (§5): the operation's own `security` when present, else the root's.
 * Secured when some requirement object names at least one scheme.
 */
export function isSecured(doc: OpenApiDocument, operation: Operation): boolean {
  const own = operation.node.security;
  const effective = own !== undefined ? own : doc.root.security;
  return (
    Array.isArray(effective) &&
    effective.some(requirement => isObject(requirement) && Object.keys(requirement).length > 0)
  );
}

/** Swagger 2.0: the operation's `produces`, else the root's; with the path where it is written. */
export function effectiveProduces(
  doc: OpenApiDocument,
  operation: Operation,
): { values: string[]; path: JsonPath | undefined } {
  if (Array.isArray(operation.node.produces)) {
    return { values: operation.node.produces.filter(isString), path: [...operation.path, 'produces'] };
  }
  if (Array.isArray(doc.root.produces)) return { values: doc.root.produces.filter(isString), path: ['produces'] };
  return { values: [], path: undefined };
}

/** The responses of an operation; a `$ref` Spectral could not resolve is left to its `invalid-ref` rule. */
export const responsesOf = memo((operation: Operation): Response[] =>
  entries(operation.node.responses)
    .filter((entry): entry is [string, Dict] => isObject(entry[1]) && !isUnresolved(entry[1]))
    .map(([code, node]) => ({ operation, code, node, path: [...operation.path, 'responses', code] })),
);

/** Every response of every operation, in document order. */
export const allResponses = memo((doc: OpenApiDocument): Response[] => doc.operations.flatMap(responsesOf));

const errorResponses = memo((doc: OpenApiDocument): Response[] => allResponses(doc).filter(r => isErrorCode(r.code)));

function mediaTypeExamples(media: Dict, path: JsonPath): Example[] {
  const examples: Example[] = [];
  if (media.example !== undefined) examples.push({ value: media.example, path: [...path, 'example'], external: false });
  for (const [name, example] of entries(media.examples)) {
    if (!isObject(example)) continue;
    if (example.value !== undefined)
      examples.push({ value: example.value, path: [...path, 'examples', name, 'value'], external: false });
    else if (isString(example.externalValue)) {
      examples.push({ value: undefined, path: [...path, 'examples', name, 'externalValue'], external: true });
    } else if (example.dataValue !== undefined) {
      examples.push({ value: example.dataValue, path: [...path, 'examples', name, 'dataValue'], external: false });
    } else if (isString(example.serializedValue)) {
      examples.push({ value: undefined, path: [...path, 'examples', name, 'serializedValue'], external: true });
    }
  }
  return examples;
}

const bodies = new WeakMap<Response, Body[]>();

/** An OpenAPI 3 media type object at `path` (`…/content/<mediaType>`) as a body. */
const mediaBody = (mediaType: string, media: Dict, path: JsonPath): Body => ({
  mediaType,
  base: baseMediaType(mediaType),
  schema: media.schema,
  schemaPath: [...path, 'schema'],
  examples: mediaTypeExamples(media, path),
  path,
});

/** The bodies of a response, one per media type; computed once per response. */
export function bodiesOf(doc: OpenApiDocument, response: Response): Body[] {
  let found = bodies.get(response);
  if (found === undefined) bodies.set(response, (found = computeBodies(doc, response)));
  return found;
}

function computeBodies(doc: OpenApiDocument, response: Response): Body[] {
  if (doc.spec === 2) {
    const { values } = effectiveProduces(doc, response.operation);
    const examples = isObject(response.node.examples) ? response.node.examples : {};
    const mediaTypes = [...new Set([...values, ...Object.keys(examples)])];
    return mediaTypes.map(mediaType => ({
      mediaType,
      base: baseMediaType(mediaType),
      schema: response.node.schema,
      schemaPath: [...response.path, 'schema'],
      examples:
        examples[mediaType] !== undefined
          ? [{ value: examples[mediaType], path: [...response.path, 'examples', mediaType], external: false }]
          : [],
      path: response.path,
    }));
  }
  return entries(response.node.content)
    .filter((entry): entry is [string, Dict] => isObject(entry[1]))
    .map(([mediaType, media]) => mediaBody(mediaType, media, [...response.path, 'content', mediaType]));
}

/** Whether a response describes a body at all. */
export function hasContent(doc: OpenApiDocument, response: Response): boolean {
  if (doc.spec === 2) return response.node.schema !== undefined || isObject(response.node.examples);
  return isObject(response.node.content) && Object.keys(response.node.content).length > 0;
}

/**
 * A response written in an unexpected shape (content, a media type or an examples map that is not an
 * object; Swagger 2.0 examples that are not a map): the OpenAPI schema rules report it, and rules
 * that look for bodies or examples do not take it for a response without them.
 */
export function malformedResponse(doc: OpenApiDocument, node: Dict): boolean {
  if (doc.spec === 2) return node.examples !== undefined && !isObject(node.examples);
  if (node.content === undefined) return false;
  if (!isObject(node.content)) return true;
  return Object.values(node.content).some(
    media => !isObject(media) || (media.examples !== undefined && !isObject(media.examples)),
  );
}

/** A JSON media type a problem body may be served under by mistake: `application/json+problem` too. */
const isJsonLike = (mediaType: string): boolean =>
  isJsonMediaType(mediaType) || baseMediaType(mediaType) === 'application/json+problem';

/** OpenAPI 3: whether a response offers a problem or JSON media type, without building its bodies. */
const offersProblem = (response: Response): boolean =>
  isObject(response.node.content) &&
  Object.keys(response.node.content).some(mediaType => isProblemMediaType(mediaType) || isJsonLike(mediaType));

/**
 * The base members that tell a problem body from a resource: `type` is left out, since resources
 * declare it as often as `status` (xtrf's invoice, `{status, type, currencyId, …}`, is no problem).
 */
const BASE_MEMBER_NAMES = ['title', 'status', 'detail', 'instance'];

/**
 * A problem body (docs/design.md, "Problem body"): a body under a problem media type, or under a JSON
 * one whose schema declares at least two of `title`, `status`, `detail`, `instance` (HMCTS's and ETSI's problems served
 * as `application/json`): error-response-problem-media-type reports the media type, and the problem
 * rules check its schema and examples all the same, so that fixing the media type reveals nothing new.
 */
const isProblemBody = (mediaType: string, schema: unknown): boolean => {
  if (isProblemMediaType(mediaType)) return true;
  if (!isJsonLike(mediaType)) return false;
  const f = flat(schema);
  return f.known && BASE_MEMBER_NAMES.filter(name => f.properties.has(name)).length >= 2;
};

const isExampleObject = (example: unknown): boolean =>
  isObject(example) &&
  (example.value !== undefined ||
    isString(example.externalValue) ||
    example.dataValue !== undefined ||
    isString(example.serializedValue));

/** Whether a response has at least one example (or external example), whatever its media types. */
export function hasExample(doc: OpenApiDocument, response: Response): boolean {
  if (doc.spec === 2)
    return isObject(response.node.examples) && Object.values(response.node.examples).some(v => v !== undefined);
  const content = response.node.content;
  if (!isObject(content)) return false;
  for (const mediaType of Object.keys(content)) {
    const media = content[mediaType];
    if (!isObject(media)) continue;
    if (media.example !== undefined) return true;
    if (isObject(media.examples) && Object.values(media.examples).some(isExampleObject)) return true;
  }
  return false;
}

export interface ProblemBody extends Body {
  response: Response;
}

/**
 * Every use of a problem body: each error response of each operation, shared ones once per use. A
 * success response that offers a problem media type is error-response-problem-media-type's one
 * finding; its body is a resource, not a problem. Swagger 2.0 responses have no media types of their
 * own: every error response counts there.
 */
export const problemBodyUses = memo((doc: OpenApiDocument): ProblemBody[] =>
  (doc.spec === 2 ? errorResponses(doc) : errorResponses(doc).filter(offersProblem)).flatMap(response =>
    bodiesOf(doc, response)
      .filter(body => isProblemBody(body.mediaType, body.schema))
      .map(body => ({ ...body, response })),
  ),
);

/**
 * Bodies served with a problem media type, each once: a response shared by many operations (a
 * `$ref`ed component) is one node, whose bodies are listed once per status code it stands for
 * (and, in Swagger 2.0, per `produces` list, which is shared by all responses of an operation).
 */
export const problemBodies = memo((doc: OpenApiDocument): ProblemBody[] => {
  const seen = new Seen();
  const producesInForce = (response: Response): unknown =>
    Array.isArray(response.operation.node.produces) ? response.operation.node.produces : doc.root.produces;
  return problemBodyUses(doc).filter(({ response, mediaType }) =>
    seen.first(
      response.node,
      `${doc.spec === 2 ? `${response.code} ${idOf(producesInForce(response))}` : response.code} ${mediaType}`,
    ),
  );
});

/**
 * Examples whose content is checked: not external values, nor XML examples written as strings (their
 * content is XML text); an XML example written as an object is checked like a JSON one.
 */
export function checkableExamples(body: Body): Example[] {
  const xml = isXmlMediaType(body.mediaType);
  return body.examples.filter(example => !example.external && !(xml && typeof example.value === 'string'));
}

/** The error responses every operation defines (§7.1), and those a secured operation adds (§5). */
export const ALWAYS_REQUIRED = ['400', '404', '500'];
export const SECURED_REQUIRED = ['401', '403'];

export const requiredCodes = (doc: OpenApiDocument, operation: Operation): string[] =>
  isSecured(doc, operation) ? [...ALWAYS_REQUIRED, ...SECURED_REQUIRED] : ALWAYS_REQUIRED;

/**
 * The codes of `codes` an operation does not define, each with where to report it: `responses`, or
 * the operation when it has none. Responses of another type than an object are for the schema rules.
 */
export function missingResponses(operation: Operation, codes: string[]): { code: string; at: JsonPath }[] {
  const responses = operation.node.responses;
  if (responses !== undefined && !isObject(responses)) return [];
  const at = isObject(responses) ? [...operation.path, 'responses'] : operation.path;
  return codes.filter(code => !isObject(responses) || responses[code] === undefined).map(code => ({ code, at }));
}

/** The required responses an operation does define. */
export const requiredResponses = (doc: OpenApiDocument, operation: Operation): Response[] => {
  const codes = requiredCodes(doc, operation);
  return responsesOf(operation).filter(response => codes.includes(response.code));
};

export interface ProblemExample {
  body: ProblemBody;
  value: unknown;
  path: JsonPath;
}

/** Every checkable example of every problem body. */
export const problemExamples = memo((doc: OpenApiDocument): ProblemExample[] =>
  problemBodies(doc).flatMap(body =>
    checkableExamples(body).map(example => ({ body, value: example.value, path: example.path })),
  ),
);

/**
 * Problem bodies of `components.responses`, whether or not an operation uses them: a registry linted
 * alone has nothing else, and its consumers would otherwise inherit its defects where they cannot fix
 * them (docs/rules/problem-example-members.md).
 */
export const componentProblemBodies = memo((doc: OpenApiDocument): Body[] => {
  const components = doc.spec === 3 && isObject(doc.root.components) ? doc.root.components : undefined;
  return entries(components?.responses).flatMap(([name, node]) =>
    !isObject(node) || isUnresolved(node)
      ? []
      : entries(node.content)
          .filter((entry): entry is [string, Dict] => isObject(entry[1]) && isProblemBody(entry[0], entry[1].schema))
          .map(([mediaType, media]) =>
            mediaBody(mediaType, media, ['components', 'responses', name, 'content', mediaType]),
          ),
  );
});

/** A `components.examples` value that reads as a problem: an integer `status` beside a `title`, `type` or `detail`. */
const looksLikeProblem = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.status === 'number' &&
  (value.title !== undefined || value.type !== undefined || value.detail !== undefined);

/** A problem example whose content is checked, with the schema of the body it is in (none for a bare `components.examples` value). */
export interface CheckedExample {
  value: unknown;
  path: JsonPath;
  schema: unknown;
}

/**
 * Every problem example whose own content is checked: those of the problem bodies operations use,
 * then those of `components.responses` and `components.examples` that no operation reaches.
 */
export const checkedProblemExamples = memo((doc: OpenApiDocument): CheckedExample[] => {
  const used = problemExamples(doc).map(({ value, path, body }) => ({ value, path, schema: body.schema }));
  const components = doc.spec === 3 && isObject(doc.root.components) ? doc.root.components : undefined;
  const ofResponses = componentProblemBodies(doc).flatMap(body =>
    checkableExamples(body).map(({ value, path }) => ({ value, path, schema: body.schema })),
  );
  const ofExamples = entries(components?.examples).flatMap(([name, example]) =>
    isObject(example) && looksLikeProblem(example.value)
      ? [{ value: example.value, path: ['components', 'examples', name, 'value'] as JsonPath, schema: undefined }]
      : [],
  );
  return [...used, ...ofResponses, ...ofExamples];
});
