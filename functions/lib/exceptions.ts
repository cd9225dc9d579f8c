/**
 * Exceptions written in the API description itself (`x-api-conventions-exceptions`;
 * docs/design.md, "Exceptions"): a map from one of this package's rule ids to the reason the rule does not apply,
 * honoured at four kinds of places only (the document root, a path item, an operation, a
 * component), where the named rule then reports nothing at or under the node.
 */
import { RULE_IDS, isRuleId } from '../../manifest';
import { Dict, JsonPath, entries, isObject, isString, jsonType, resolvePointer, valueAt } from './json';
import { OPERATION_METHODS } from './openapi';
import { pointerOf } from './written';

export const EXCEPTIONS_KEY = 'x-api-conventions-exceptions';

/** The rule that reports exceptions not in force; its own findings cannot be excepted. */
export const EXCEPTION_RULE = 'conventions-exception';

const METHODS = new Set([...OPERATION_METHODS, 'query']);
/** Swagger 2.0's component maps, at the root. */
const SWAGGER_COMPONENTS = new Set(['definitions', 'parameters', 'responses']);

const isPathKey = (key: string | number): boolean => typeof key === 'string' && !key.startsWith('x-');

/** Whether an exception written at `path` is honoured: the root, a path item, an operation or a component. */
export function isExceptionPlace(path: JsonPath): boolean {
  const [first, second, third, fourth] = path;
  switch (path.length) {
    case 0:
      return true;
    case 2: // a path item or webhook; a Swagger 2.0 definition, parameter or response
      return (
        ((first === 'paths' || first === 'webhooks') && isPathKey(second)) || SWAGGER_COMPONENTS.has(String(first))
      );
    case 3: // an operation; an OpenAPI 3 component
      return (
        ((first === 'paths' || first === 'webhooks') && isPathKey(second) && METHODS.has(String(third))) ||
        (first === 'components' && isPathKey(second))
      );
    case 4: // an OpenAPI 3.2 operation of another method
      return (first === 'paths' || first === 'webhooks') && third === 'additionalOperations' && isPathKey(fourth);
    default:
      return false;
  }
}

/** The nodes at the four kinds of places of a document, each with its path. */
function* exceptionPlaces(root: Dict): Generator<[JsonPath, Dict]> {
  yield [[], root];
  for (const top of ['paths', 'webhooks']) {
    for (const [key, item] of entries(root[top])) {
      if (!isObject(item) || !isPathKey(key)) continue;
      yield [[top, key], item];
      for (const [method, operation] of entries(item)) {
        if (METHODS.has(method) && isObject(operation)) yield [[top, key, method], operation];
      }
      for (const [name, operation] of entries(item.additionalOperations)) {
        if (isObject(operation)) yield [[top, key, 'additionalOperations', name], operation];
      }
    }
  }
  for (const [kind, map] of entries(root.components)) {
    for (const [name, node] of entries(map)) if (isObject(node)) yield [['components', kind, name], node];
  }
  for (const kind of SWAGGER_COMPONENTS) {
    for (const [name, node] of entries(root[kind])) if (isObject(node)) yield [[kind, name], node];
  }
}

/** One entry of an exceptions map, judged. */
export interface ExceptionEntry {
  rule: string;
  reason?: string;
  /** The path of the entry: the node's, then the key and the rule id. */
  path: JsonPath;
  /** Why it is not in force; undefined when it is. */
  defect?: string;
}

/** Rule ids within edit distance 2 of `id` (a typo). */
function closeRuleIds(id: string): string[] {
  const distance = (a: string, b: string): number => {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++)
        row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = row;
    }
    return previous[b.length];
  };
  return RULE_IDS.filter(rule => Math.abs(rule.length - id.length) <= 2 && distance(id, rule) <= 2);
}

function judged(rule: string, value: unknown): string | undefined {
  if (rule === EXCEPTION_RULE) return `${EXCEPTION_RULE} cannot be excepted: it says which exceptions are not in force`;
  if (!isRuleId(rule)) {
    const close = closeRuleIds(rule);
    return `Exception names "${rule}", which is not a rule of spectral-api-conventions; ${
      close.length > 0 ? `did you mean ${close.map(id => `"${id}"`).join(' or ')}?` : 'expected one of its rule ids'
    }`;
  }
  if (!isString(value) || value.trim() === '')
    return `Exception for ${rule} has no reason; expected a sentence saying why the rule does not apply here`;
  return undefined;
}

/** The entries of the exceptions map of `node` (at `path`); none when it has none or it is not a map. */
export function exceptionEntries(node: Dict, path: JsonPath): ExceptionEntry[] {
  const map = node[EXCEPTIONS_KEY];
  return entries(map).map(([rule, value]) => {
    const defect = judged(rule, value);
    return {
      rule,
      ...(isString(value) ? { reason: value } : {}),
      path: [...path, EXCEPTIONS_KEY, rule],
      ...(defect === undefined ? {} : { defect }),
    };
  });
}

/** Why an exceptions value that is not a map is not in force. */
export const notAMap = (value: unknown): string =>
  `${EXCEPTIONS_KEY} is ${jsonType(value)}; expected a map from rule id to the reason the rule does not apply here`;

/** Every exceptions key at the four kinds of places of a document (as the estate report counts them). */
export function* exceptionKeys(root: Dict): Generator<[JsonPath, Dict]> {
  for (const [path, node] of exceptionPlaces(root)) if (node[EXCEPTIONS_KEY] !== undefined) yield [path, node];
}

const hasAny = new WeakMap<object, boolean>();

/** Whether a (resolved) document has any exceptions key at the four kinds of places; known once per document. */
export function hasExceptions(root: Dict): boolean {
  let known = hasAny.get(root);
  if (known === undefined) hasAny.set(root, (known = !exceptionKeys(root).next().done));
  return known;
}

/** Whether `node` carries an exception in force for `rule`. */
const excepts = (node: unknown, rule: string): boolean => {
  if (!isObject(node)) return false;
  const map = node[EXCEPTIONS_KEY];
  if (!isObject(map) || !Object.prototype.hasOwnProperty.call(map, rule)) return false;
  return judged(rule, map[rule]) === undefined;
};

/**
 * Whether an exception in force for `rule` sits on a node of the four kinds of places whose path is a
 * prefix of `path`: along the path in the resolved document (so that a path item `$ref`d from another
 * file carries its exception), and along where its nodes are written in the linted document,
 * through its local `$ref`s (so that a shared component's exception covers its defects).
 */
export function isExcepted(rule: string, resolved: Dict, written: unknown, path: JsonPath): boolean {
  let node: unknown = resolved;
  for (let i = 0; ; i++) {
    if (isExceptionPlace(path.slice(0, i)) && excepts(node, rule)) return true;
    if (i === path.length || node === undefined) break;
    node = valueAt(node, [path[i]]);
  }
  let at: unknown = written;
  let place: JsonPath = [];
  for (let i = 0; ; i++) {
    for (let hops = 0; isObject(at) && isString(at.$ref); hops++) {
      const target = hops > 32 || !at.$ref.startsWith('#') ? undefined : resolvePointer(written, at.$ref);
      if (target === undefined) return false;
      at = target.value;
      place = target.path.slice();
      if (isExceptionPlace(place) && excepts(at, rule)) return true;
    }
    if (i > 0 && isExceptionPlace(place) && excepts(at, rule)) return true;
    if (i === path.length || at === undefined) return false;
    at = valueAt(at, [path[i]]);
    place = [...place, path[i]];
  }
}

/** An exception as the estate report lists it. */
export interface ListedException {
  rule: string;
  /** The JSON pointer of the node it is written on ("" for the root). */
  at: string;
  reason?: string;
  valid: boolean;
}

/**
 * The exceptions of a document at the four kinds of places, each with whether it is in force. An
 * exceptions value that is not a map lists nothing (conventions-exception reports it).
 */
export const listExceptions = (document: unknown): ListedException[] =>
  isObject(document)
    ? [...exceptionKeys(document)].flatMap(([path, node]) =>
        exceptionEntries(node, path).map(entry => ({
          rule: entry.rule,
          // A JSON pointer, without pointerOf's `#`.
          at: pointerOf(path).slice(1),
          ...(entry.reason === undefined ? {} : { reason: entry.reason }),
          valid: entry.defect === undefined,
        })),
      )
    : [];
