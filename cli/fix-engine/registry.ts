/** The shipped Problem Details registry (registry/problem-details.yaml): what local copies are made of. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { shownName } from '../shared/files';
import { fetch } from '@stoplight/spectral-runtime';
import { parse } from 'yaml';
import { Dict, isObject, isString, resolvePointer, valueAt } from '../../functions/lib/json';
import { Op } from './ops';
import { documentOf } from '../../functions/lib/openapi';
import { rulesAskedBy } from '../../manifest';
import { isHttpUrl } from '../shared/document';

/** The registry's response for each status a fix adds. */
export const RESPONSE_NAMES: Readonly<Record<string, string>> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '500': 'InternalServerError',
};

/** Names for an added named example (in an `examples` map), as the registry's UnexpectedError names them. */
export const EXAMPLE_NAMES: Readonly<Record<string, string>> = {
  '400': 'bad-request',
  '401': 'unauthorized',
  '403': 'forbidden',
  '404': 'not-found',
  '500': 'server-error',
};

let cached: Dict | undefined;

/** The shipped registry document (beside dist/ in the package, or in the source tree); read-only, callers copy. */
function shippedRegistry(): Dict {
  if (cached === undefined) {
    const file = [
      join(__dirname, '../registry/problem-details.yaml'),
      join(__dirname, '../../registry/problem-details.yaml'),
    ].find(existsSync);
    if (file === undefined) throw new Error('registry/problem-details.yaml is missing from the package');
    cached = parse(readFileSync(file, 'utf8')) as Dict;
  }
  return cached;
}

const responses = (): Dict => (shippedRegistry().components as Dict).responses as Dict;

/** The registry's OpenAPI 3 response for a status (its components as they are written). */
function registryResponse(code: string): Dict {
  return structuredClone(responses()[RESPONSE_NAMES[code]] as Dict);
}

function registrySchema(): Dict {
  return structuredClone(((shippedRegistry().components as Dict).schemas as Dict).ProblemDetails as Dict);
}

/** The registry's example for a status: its `example`, or its first named example's value. */
export function registryExample(code: string): unknown {
  const media = (registryResponse(code).content as Dict)['application/problem+json'] as Dict;
  if (media.example !== undefined) return structuredClone(media.example);
  const first = Object.values(media.examples as Dict)[0];
  return isObject(first) ? structuredClone(first.value) : undefined;
}

/** The registry's response for Swagger 2.0: schema from `definitions`, its example under the media type. */
function registryResponse2(code: string): Dict {
  const response = registryResponse(code);
  return {
    description: response.description,
    schema: { $ref: '#/definitions/ProblemDetails' },
    examples: { 'application/problem+json': registryExample(code) },
  };
}

/**
 * The registry document added responses `$ref`: `ref`, how this document writes its path or URL
 * (`../registry/problem-details.yaml`), and its data, to know which responses it has.
 */
export interface ChosenRegistry {
  ref: string;
  data: unknown;
  /** What named it, for messages: `--registry`, the ruleset's `registry` option, or this document's `$ref`s. */
  origin: string;
}

/** A registry that could not be read or parsed: the sentence to print (where, and why). */
class RegistryUnreadable extends Error {}

/** What readRegistry reads of node-fetch's response. */
interface Fetched {
  ok: boolean;
  status: number;
  statusText: string;
  text(): Promise<string>;
}

/**
 * The text of a registry (a path or an http(s) URL) parsed as YAML or JSON. Throws RegistryUnreadable
 * naming where it was looked for and why it failed (ENOENT, a refused connection, an HTTP status, a
 * parse error). A URL is fetched as Spectral's resolver fetches it (node-fetch), with a time limit.
 */
async function readRegistry(where: string, origin: string): Promise<unknown> {
  const failed = (why: string): RegistryUnreadable =>
    new RegistryUnreadable(
      `the registry ${isHttpUrl(where) ? where : shownName(where)} (${origin}) could not be read: ${why}`,
    );
  let text: string;
  if (isHttpUrl(where)) {
    let response: Fetched;
    try {
      // node-fetch's types are not this package's dependency: the little that is read, typed here.
      response = (await fetch(where, { timeout: REGISTRY_TIMEOUT_MS })) as Fetched;
    } catch (error) {
      throw failed((error as Error).message);
    }
    if (!response.ok) throw failed(`HTTP ${response.status} ${response.statusText}`);
    text = await response.text();
  } else {
    try {
      text = readFileSync(where, 'utf8');
    } catch (error) {
      // Node's message, without the path it repeats: "ENOENT: no such file or directory".
      throw failed((error as Error).message.replace(/, \w+ '.*'$/, ''));
    }
  }
  try {
    return parse(text);
  } catch (error) {
    throw failed(`not YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** How long a registry URL may take to answer (Spectral's own fetches have no limit). */
const REGISTRY_TIMEOUT_MS = 30_000;

/** A document part of a `$ref` without a leading `./`, as problem-registry-single compares them. */
const documentPart = (ref: string): string => ref.split('#')[0].replace(/^\.\//, '');

/** The documents this one `$ref`s, as written (the first spelling of each), most referenced first. */
function referencedDocuments(data: unknown): string[] {
  const counts = new Map<string, { written: string; count: number }>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (isString(ref) && !ref.startsWith('#')) {
      const written = ref.split('#')[0];
      const entry = counts.get(documentPart(ref)) ?? { written, count: 0 };
      entry.count++;
      counts.set(documentPart(ref), entry);
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(data);
  return [...counts.values()].sort((a, b) => b.count - a.count).map(entry => entry.written);
}

/**
 * Whether a document is a registry as the rules call one (decisions, "Registry"; problem-registry-shape):
 * it defines NotFound or UnexpectedError (OpenAPI 3 `components.responses`, Swagger 2.0 `responses`)
 * and has no operations.
 */
function isRegistry(data: unknown): boolean {
  if (!isObject(data)) return false;
  const responses = isObject(data.components) ? data.components.responses : data.responses;
  return (
    isObject(responses) &&
    (isObject(responses.NotFound) || isObject(responses.UnexpectedError)) &&
    documentOf(data).operations.length === 0
  );
}

/** A `$ref`'s document resolved as Spectral resolves it: against the folder of the document that holds it. */
const located = (ref: string, file: string): string => (isHttpUrl(ref) ? ref : resolve(dirname(file), ref));

/** A path as this document's `$ref`s write it: relative to its folder, with `/`, starting `./` or `../`. */
function written(path: string, file: string): string {
  const from = relative(dirname(file), path).split(sep).join('/');
  return isAbsolute(from) || from.startsWith('../') ? from : `./${from}`;
}

/**
 * The registry the responses `fix --unsafe` adds `$ref`, read; undefined for local copies of the
 * shipped one. In order: `--registry` (a path relative to the working directory, where it was typed,
 * or a URL); else a registry this document already `$ref`s (the one the `registry` option names, when
 * set), written as the document writes it; else the `registry` option (as `$ref`s write it, relative to
 * the document). Read only when responses may be added (`unsafe`, and no `--rule` that leaves them out).
 */
export async function chooseRegistry(
  file: string,
  data: unknown,
  options: { unsafe: boolean; rules: string[]; registry?: string },
  configured: string | undefined,
): Promise<ChosenRegistry | undefined> {
  const adds =
    options.unsafe &&
    (options.rules.length === 0 ||
      options.rules.some(id =>
        rulesAskedBy(id).some(rule => rule === 'error-responses-required' || rule === 'error-responses-secured'),
      ));
  if (!adds) return undefined;
  if (options.registry !== undefined) {
    const where = isHttpUrl(options.registry) ? options.registry : resolve(options.registry);
    const ref = isHttpUrl(where) ? where : written(where, file);
    return { ref, data: await readRegistry(where, '--registry'), origin: '--registry' };
  }
  for (const ref of referencedDocuments(data)) {
    if (configured !== undefined) {
      if (documentPart(ref) !== documentPart(configured)) continue;
    } else if (ref === '') continue;
    const origin = configured === undefined ? `$ref'd by ${shownName(file)}` : 'the ruleset’s registry option';
    let registry: unknown;
    try {
      registry = await readRegistry(located(ref, file), origin);
    } catch (error) {
      // A document that is not readable is not known to be a registry, unless the option names it.
      if (configured !== undefined) throw error;
      continue;
    }
    if (configured !== undefined || isRegistry(registry)) return { ref, data: registry, origin };
  }
  if (configured === undefined) return undefined;
  const origin = 'the ruleset’s registry option';
  return { ref: configured, data: await readRegistry(located(configured, file), origin), origin };
}

/** `METHOD /path` of the operation at `paths./path.method`, as an example's `instance` says it. */
/**
 * A copy of a registry response whose examples say this operation's method and path: the shipped
 * registry's own (`GET /clinical/labs/v1/specimens`) would be a foreign API's request.
 */
function withInstance(response: Dict, instance: string): Dict {
  const examples = (media: unknown): unknown[] => {
    if (!isObject(media)) return [];
    const named = isObject(media.examples) ? Object.values(media.examples).map(e => (isObject(e) ? e.value : e)) : [];
    return [media.example, ...named];
  };
  const bodies = isObject(response.content)
    ? Object.values(response.content).flatMap(examples)
    : isObject(response.examples)
      ? Object.values(response.examples)
      : [];
  for (const body of bodies) if (isObject(body) && isString(body.instance)) body.instance = instance;
  return response;
}

/**
 * The `$ref` target of an added response, and the component ops a local copy needs; or why it cannot
 * be added (the registry has no such response).
 */
export function addedResponse(
  spec: 2 | 3 | 0,
  unresolved: unknown,
  registry: ChosenRegistry | undefined,
  code: string,
  /** The operation's request as its examples' instance says it: `GET /orders/{id}`. */
  instance: string,
): { ref: string; ops: Op[] } | string {
  const name = RESPONSE_NAMES[code];
  const pointer = spec === 2 ? `#/responses/${name}` : `#/components/responses/${name}`;
  if (registry !== undefined) {
    if (!isObject(resolvePointer(registry.data, pointer)?.value))
      return `the registry ${registry.ref} (${registry.origin}) has no ${name} response (${pointer}); add it there`;
    return { ref: `${registry.ref}${pointer}`, ops: [] };
  }
  // The copied ProblemDetails schema is added only with a copied response that $refs it: alone, nothing uses it.
  if (spec === 2) {
    const ops: Op[] = [];
    if (valueAt(unresolved, ['responses', name]) === undefined) {
      ops.push({ kind: 'add', path: ['responses'], key: name, value: withInstance(registryResponse2(code), instance) });
      if (valueAt(unresolved, ['definitions', 'ProblemDetails']) === undefined)
        ops.push({ kind: 'add', path: ['definitions'], key: 'ProblemDetails', value: registrySchema() });
    }
    return { ref: pointer, ops };
  }
  const ops: Op[] = [];
  if (valueAt(unresolved, ['components', 'responses', name]) === undefined) {
    ops.push({
      kind: 'add',
      path: ['components', 'responses'],
      key: name,
      value: withInstance(registryResponse(code), instance),
    });
    if (valueAt(unresolved, ['components', 'schemas', 'ProblemDetails']) === undefined)
      ops.push({ kind: 'add', path: ['components', 'schemas'], key: 'ProblemDetails', value: registrySchema() });
  }
  return { ref: pointer, ops };
}
