/**
 * What a Problem Details object (RFC 9457, conventions §2.1) is made of.
 */
import { Dict, JsonPath, isInteger, isObject, isString } from './json';
import { Finding, finding, listedDefect, quotedList } from './rule';
import { FlatSchema, declaredType, describeTypes, flat } from './schema';

/** The five base members and their JSON Schema types. */
export const BASE_MEMBERS: [string, 'integer' | 'string'][] = [
  ['status', 'integer'],
  ['title', 'string'],
  ['detail', 'string'],
  ['type', 'string'],
  ['instance', 'string'],
];

export const BASE_MEMBER_LIST = 'status, title, detail, type and instance';

/** Whether a JSON value has the given schema type. */
export const hasJsonType = (value: unknown, type: string): boolean =>
  type === 'integer'
    ? isInteger(value)
    : type === 'string'
      ? isString(value)
      : type === 'object'
        ? isObject(value)
        : type === 'array'
          ? Array.isArray(value)
          : false;

/** The integer `status` of an example, if it has one. */
export const exampleStatus = (value: unknown): number | undefined =>
  isObject(value) && isInteger(value.status) ? value.status : undefined;

/** Where to report a defect of a property's type: its `type` keyword when written there. */
export const typePath = (schema: unknown, path: JsonPath): JsonPath =>
  isObject(schema) && schema.type !== undefined ? [...path, 'type'] : path;

/** Where to report a member a schema lacks: its `properties` map when there is one. */
export const propertiesPath = (f: FlatSchema, path: JsonPath): JsonPath =>
  f.propertiesPath ? [...path, ...f.propertiesPath] : path;

export const requiredPath = (f: FlatSchema, path: JsonPath): JsonPath =>
  f.requiredPath ? [...path, ...f.requiredPath] : path;

/** Member names that carry a stack trace or server log (compared without case, `_` or `-`). */
const STACK_MEMBERS = new Set([
  'stack',
  'stacktrace',
  'trace',
  'backtrace',
  'exception',
  'exceptions',
  'innerexception',
  'exceptiondetails',
  'serverlog',
  'log',
  'logs',
  'debug',
  'debuginfo',
  'debugtrace',
  'callstack',
  // A serialised exception (Java's Throwable as JSON): its members give it away.
  'suppressed',
  'localizedmessage',
]);

const FRAME_MEMBERS = ['className', 'methodName', 'lineNumber', 'fileName'];

/** An array of stack frame objects, as a serialised exception's `stackTrace` holds them. */
export const isFrameArray = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(frame => isObject(frame) && FRAME_MEMBERS.filter(member => member in frame).length >= 2);

export const isStackMember = (name: string): boolean => STACK_MEMBERS.has(name.toLowerCase().replace(/[-_]/g, ''));

/** Recognisable frames and headers of stack traces and server logs, by platform. */
const STACK_PATTERNS: [string, RegExp][] = [
  [
    'a Java stack trace',
    /\bat [\w$.<>/]+\((?:[\w$.-]+\.(?:java|kt|scala|groovy|clj):\d+|Native Method|Unknown Source)\)/,
  ],
  ['a Java stack trace', /Exception in thread "/],
  ['a Java stack trace', /^(?:Caused by: )?(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)(?::|$)/m],
  ['a .NET stack trace', /\bat [\w.<>`[\], ]+\(.*\) in .+:line \d+/],
  ['a .NET stack trace', /--- End of (?:inner exception )?stack trace/],
  [
    'a Node.js stack trace',
    /\bat (?:async )?(?:[\w$.<>[\] ]+ \()?(?:file:\/\/)?(?:[A-Za-z]:)?[\w\\/@.-]*\.(?:js|mjs|cjs|ts|tsx|jsx):\d+:\d+\)?/,
  ],
  ['a Node.js stack trace', /\bat (?:async )?[\w$.<>[\] ]+ \((?:node:[\w/]+|internal\/[\w/]+(?:\.js)?):\d+:\d+\)/],
  ['a Python traceback', /Traceback \(most recent call last\)/],
  ['a Python traceback', /File "[^"]+\.py", line \d+/],
  ['a Go stack trace', /goroutine \d+ \[[\w ]+\]:/],
  ['a Go stack trace', /\.go:\d+ \+0x[0-9a-f]+/],
  ['a Go stack trace', /^panic: .+\n+goroutine /m],
  ['a PHP stack trace', /^#\d+ (?:[\w/\\.-]+\.php\(\d+\)|\{main\})/m],
  ['a PHP stack trace', /PHP (?:Fatal|Parse) error|Stack trace:\s*#\d/],
  ['a PHP stack trace', / in [\w/\\.-]+\.php(?: on line |:)\d+/],
  ['a Ruby backtrace', /(?:^|\s)\/?(?:[\w.-]+\/)+[\w.-]+\.rb:\d+:in [`'‘]/],
  [
    'a server log',
    /^\s*\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?\s+\[?(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|SEVERE|CRITICAL)\b/m,
  ],
];

/** Which kind of stack trace or log a string carries, if any. */
export function stackTraceKind(text: string): string | undefined {
  if (text.length < 8) return undefined;
  for (const [kind, pattern] of STACK_PATTERNS) if (pattern.test(text)) return kind;
  return undefined;
}

/** The documented values of a `code` member: enum, x-extensible-enum, or oneOf/anyOf of const. */
export function documentedCodes(schema: unknown): { values: unknown[]; undescribed: JsonPath[] } | undefined {
  if (!isObject(schema)) return undefined;
  for (const part of flat(schema).parts) {
    const s: Dict = part.schema;
    if (Array.isArray(s.enum)) return { values: s.enum, undescribed: [] };
    if (Array.isArray(s['x-extensible-enum'])) return { values: s['x-extensible-enum'], undescribed: [] };
    for (const keyword of ['oneOf', 'anyOf']) {
      const list = s[keyword];
      if (Array.isArray(list) && list.length > 0 && list.every(item => isObject(item) && 'const' in item)) {
        return {
          values: list.map(item => (item as Dict).const),
          undescribed: list.flatMap((item, i) =>
            isString((item as Dict).description) ? [] : [[...part.path, keyword, i]],
          ),
        };
      }
    }
  }
  return undefined;
}

const TYPES = new Map(BASE_MEMBERS);
const undeclared = listedDefect(
  members =>
    `Problem schema does not declare ${quotedList(members)}; expected ${BASE_MEMBER_LIST} (${members.map(m => `${m}: ${TYPES.get(m)}`).join(', ')})`,
);
const notRequired = listedDefect(members =>
  members.length === 1
    ? `Problem member "${members[0]}" is not required; expected ${BASE_MEMBER_LIST} in required`
    : `Problem members ${quotedList(members)} are not required; expected ${BASE_MEMBER_LIST} in required`,
);

/**
 * The shared `allOf` member (one written as a `$ref`, through nested `allOf`s) that declares a
 * property, or the schema itself when it declares the property in its own `properties` or no shared
 * member does (an inline member is part of the schema, not a base others extend).
 */
function declaringMember(
  schema: unknown,
  path: JsonPath,
  member: string,
  shared: (path: JsonPath) => boolean,
  depth = 0,
): { schema: unknown; path: JsonPath } {
  if (!isObject(schema) || depth > 16 || (isObject(schema.properties) && member in schema.properties))
    return { schema, path };
  if (Array.isArray(schema.allOf)) {
    for (let i = 0; i < schema.allOf.length; i++) {
      const part: unknown = schema.allOf[i];
      const at = [...path, 'allOf', i];
      if (flat(part).properties.has(member) && !flat(part).required.has(member) && shared(at))
        return declaringMember(part, at, member, shared, depth + 1);
    }
  }
  return { schema, path };
}

/** A schema part that declares one of the base members in its own `properties`. */
const declaresBaseMember = (part: Dict): boolean =>
  isObject(part.properties) && BASE_MEMBERS.some(([member]) => member in (part.properties as Dict));

/**
 * The alternatives of a problem schema written as an `anyOf`/`oneOf` of problem schemas (with their
 * paths), or undefined when the schema declares base members of its own (a problem schema whose
 * `oneOf` adds variants of an extension is judged whole).
 */
function problemAlternatives(f: FlatSchema, path: JsonPath): { schema: unknown; path: JsonPath }[] | undefined {
  if (f.parts.some(part => declaresBaseMember(part.schema))) return undefined;
  for (const part of f.parts) {
    for (const keyword of ['anyOf', 'oneOf']) {
      const alternatives: unknown = part.schema[keyword];
      if (Array.isArray(alternatives) && alternatives.length > 0)
        return alternatives.map((schema: unknown, i) => ({ schema, path: [...path, ...part.path, keyword, i] }));
    }
  }
  return undefined;
}

/** The integer statuses a `status` property schema allows (`enum`, `const`, over its `allOf`), or undefined when it names none. */
function statusValues(schema: unknown): number[] | undefined {
  let allowed: number[] | undefined;
  for (const part of flat(schema).parts) {
    const values: unknown[] = Array.isArray(part.schema.enum)
      ? part.schema.enum
      : 'const' in part.schema
        ? [part.schema.const]
        : [];
    // A list of no integer (`enum: ['503']`) is problem-details-schema's type finding, not a restriction.
    const integers = values.filter(isInteger);
    if (integers.length > 0) allowed = allowed === undefined ? integers : allowed.filter(v => integers.includes(v));
  }
  return allowed;
}

/**
 * The statuses a problem schema allows its examples (`status: {enum: [503]}` or `const: 503`,
 * wherever the schema or its `allOf` members declare `status`; the union of an `anyOf`/`oneOf`'s
 * alternatives), or undefined when it allows any.
 */
export function allowedStatuses(schema: unknown, depth = 0): number[] | undefined {
  const f = flat(schema);
  if (!f.known || depth > 8) return undefined;
  const alternatives = problemAlternatives(f, []);
  if (alternatives !== undefined) {
    const each = alternatives.map(alternative => allowedStatuses(alternative.schema, depth + 1));
    return each.some(values => values === undefined) ? undefined : [...new Set(each.flat() as number[])];
  }
  let allowed: number[] | undefined;
  for (const part of f.parts) {
    const values = isObject(part.schema.properties) ? statusValues(part.schema.properties.status) : undefined;
    if (values !== undefined) allowed = allowed === undefined ? values : allowed.filter(v => values.includes(v));
  }
  return allowed;
}

/**
 * The defects of one problem schema at `path`: problem-details-schema's, and problem-registry-shape's
 * for ProblemDetails. An `anyOf`/`oneOf` of problem schemas declares (and requires) a member when
 * every alternative does: each alternative is judged on its own, at it, so a shared one's defect is
 * one finding where it is written, and a one-alternative `anyOf` is that alternative.
 */
export function checkProblemSchema(
  schema: unknown,
  path: JsonPath,
  shared: (path: JsonPath) => boolean = () => false,
  requiredAbove: ReadonlySet<string> = new Set(),
  depth = 0,
): Finding[] {
  const f = flat(schema);
  if (!f.known || depth > 8) return [];
  if (f.types.size > 0 && !f.types.has('object')) {
    return [finding(`Problem schema is of type ${describeTypes(schema)}; expected an object`, typePath(schema, path))];
  }
  const alternatives = problemAlternatives(f, path);
  if (alternatives !== undefined) {
    // A member the union itself requires is required in every alternative.
    const required = new Set([...requiredAbove, ...f.required]);
    return alternatives.flatMap(alternative =>
      checkProblemSchema(alternative.schema, alternative.path, shared, required, depth + 1),
    );
  }
  const results: Finding[] = [];
  for (const [member, type] of BASE_MEMBERS) {
    const property = f.properties.get(member);
    if (property === undefined) {
      results.push(undeclared(member, propertiesPath(f, path)));
      continue;
    }
    const p = flat(property.schema);
    // A type list that admits another type (`[integer, string]`, `[null, integer]`) is not the type.
    if (p.known && !(p.types.size === 1 && p.types.has(type))) {
      const actual = declaredType(property.schema);
      results.push(
        finding(
          `Problem member "${member}" ${actual}; expected ${type}`,
          typePath(property.schema, [...path, ...property.path]),
        ),
      );
    }
    if (!f.required.has(member) && !requiredAbove.has(member)) {
      // Inherited from an allOf member that declares it (a base problem schema without `required`):
      // one finding at that member, not one more at every schema that extends it.
      const owner = declaringMember(schema, path, member, shared);
      results.push(notRequired(member, requiredPath(flat(owner.schema), owner.path)));
    }
  }
  return results;
}
