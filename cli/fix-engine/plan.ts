/**
 * From findings to ops: which findings have a fix, and what the fix changes. A finding tells only which
 * rule fires where; what to change is read from the document itself (which required codes an operation
 * lacks, which status an example carries), never parsed out of a message.
 */
import { Dict, JsonPath, isInteger, isObject, isString, sourcePath, valueAt } from '../../functions/lib/json';
import {
  HTTP_METHODS,
  REASON_PHRASES,
  RFC9110_LINK,
  RFC9110_SECTIONS,
  isErrorCode,
  rfc9110Link,
  expectedStatus,
} from '../../functions/lib/http';
import {
  ALWAYS_REQUIRED,
  Operation,
  SECURED_REQUIRED,
  allResponses,
  documentOf,
  effectiveProduces,
  isProblemMediaType,
  isXmlMediaType,
  problemExamples,
  specOf,
} from '../../functions/lib/openapi';
import { checkProblemSchema } from '../../functions/lib/problem';
import { LintFinding, LoadedRuleset } from '../shared/spectral';
import {
  ChosenRegistry,
  EXAMPLE_NAMES,
  RESPONSE_NAMES,
  addedResponse,
  chooseRegistry,
  registryExample,
} from './registry';
import { Op } from './ops';
import { FixedRuleId, isRuleId, ruleMeta, rulesAskedBy, rulesFixed } from '../../manifest';

/** Fixes applied by default (fix class `safe` in manifest.ts): only example values change. */
export const SAFE_RULES = rulesFixed('safe');

/** Fixes that change the contract (§7.1.2; fix class `unsafe` in manifest.ts), applied with --unsafe only. */
export const UNSAFE_RULES = rulesFixed('unsafe');

/** Why a finding of one of Spectral's own rules stays, for the summary; ours say it in manifest.ts. */
const SPECTRAL_NO_FIX: Readonly<Record<string, string>> = {
  parser: 'Spectral cannot parse this (our rules skip such a document); fix it by hand',
  'invalid-ref': 'a $ref that leads nowhere; fix it by hand',
  'unrecognized-format': 'not an OpenAPI document Spectral recognises',
};

/** Why a rule's findings are never fixed, for the summary. */
function noFix(rule: string): string {
  const fix = isRuleId(rule) ? ruleMeta(rule).fix : undefined;
  if (fix?.class === 'none') return `no fix: ${fix.reason}`;
  return SPECTRAL_NO_FIX[rule] ?? 'no fix for this rule';
}

export const isFixed = (rule: string): rule is FixedRuleId => isRuleId(rule) && ruleMeta(rule).fix.class !== 'none';
export const isUnsafe = (rule: string): boolean => isRuleId(rule) && ruleMeta(rule).fix.class === 'unsafe';
/** Whether `--rule <id>` asks for a fix: that rule's own, or one also asked as `id` (manifest.ts). */
export const hasFix = (id: string): boolean => rulesAskedBy(id).some(isFixed);

export interface PlanOptions {
  unsafe: boolean;
  /** The fixes asked for (`--rule`), by rule id; all when empty. */
  rules: string[];
  /** `$ref` added responses to this registry document instead of local copies (registry.ts chooseRegistry). */
  registry?: ChosenRegistry;
  typeStyle: string;
}

/**
 * The plan's options for one file: the fixes asked for, the ruleset's typeStyle, and the registry added
 * responses `$ref`, read (`--registry` as typed, relative to the working directory; registry.ts).
 */
export async function planOptionsFor(
  file: string,
  data: unknown,
  options: { unsafe: boolean; rules: string[]; registry?: string },
  loaded: Pick<LoadedRuleset, 'registry' | 'typeStyle'>,
): Promise<PlanOptions> {
  const registry = await chooseRegistry(file, data, options, loaded.registry);
  return { unsafe: options.unsafe, rules: options.rules, registry, typeStyle: loaded.typeStyle };
}

export type Outcome = { finding: LintFinding; ops: Op[] } | { finding: LintFinding; reason: string };

/** Where a shared node is used: the response codes, and the operations. */
interface Uses {
  codes: Set<string>;
  operations: Operation[];
}

class Context {
  readonly spec: 2 | 3 | 0;
  private exampleUses?: Map<string, Uses>;
  private responseUses?: Map<string, Uses>;

  constructor(
    readonly unresolved: unknown,
    readonly resolved: unknown,
    readonly options: PlanOptions,
  ) {
    this.spec = isObject(unresolved) ? specOf(unresolved) : 0;
  }

  private uses(kind: 'example' | 'response'): Map<string, Uses> {
    if (kind === 'example' && this.exampleUses) return this.exampleUses;
    if (kind === 'response' && this.responseUses) return this.responseUses;
    const map = new Map<string, Uses>();
    const add = (path: JsonPath, code: string, operation: Operation): void => {
      const key = JSON.stringify(sourcePath(this.unresolved, path).map(String));
      const uses = map.get(key) ?? { codes: new Set(), operations: [] };
      uses.codes.add(code);
      if (!uses.operations.includes(operation)) uses.operations.push(operation);
      map.set(key, uses);
    };
    if (isObject(this.resolved)) {
      const doc = documentOf(this.resolved);
      if (kind === 'example') {
        for (const example of problemExamples(doc))
          add(example.path, example.body.response.code, example.body.response.operation);
      } else {
        for (const response of allResponses(doc)) add(response.path, response.code, response.operation);
      }
    }
    if (kind === 'example') this.exampleUses = map;
    else this.responseUses = map;
    return map;
  }

  /**
   * The request an operation written at `path` answers, as an example's instance says it
   * (`COPY /orders` for an additional operation; for a shared path item, the first path using it).
   */
  requestAt(path: JsonPath): string | undefined {
    if (!isObject(this.resolved)) return undefined;
    const key = JSON.stringify(path.map(String));
    const operation = documentOf(this.resolved).operations.find(
      op => JSON.stringify(sourcePath(this.unresolved, op.path).map(String)) === key,
    );
    return operation === undefined ? undefined : `${operation.method.toUpperCase()} ${operation.pathKey}`;
  }

  usesOf(kind: 'example' | 'response', path: JsonPath): Uses {
    return this.uses(kind).get(JSON.stringify(path.map(String))) ?? { codes: new Set(), operations: [] };
  }

  at(path: JsonPath): unknown {
    return valueAt(this.unresolved, path);
  }
}

/** Why a status does not fit every code its example is used under, if it does not. */
function misfit(status: number, codes: Set<string>): string | undefined {
  if (codes.size === 0) return 'where the example is used could not be found';
  for (const code of codes) {
    if (expectedStatus(code, status) !== undefined)
      return `its status ${status} does not fit the ${code} response that uses it; a person decides which is wrong`;
  }
  return undefined;
}

/** The example object a member finding is about (its path without the member), with its status. */
function exampleAt(ctx: Context, path: JsonPath): { example: Dict; status: number } | string {
  const example = ctx.at(path.slice(0, -1));
  if (!isObject(example)) return 'the example is not an object in this file';
  if (!isInteger(example.status)) return 'the example has no integer status';
  const wrong = misfit(example.status, ctx.usesOf('example', path.slice(0, -1)).codes);
  return wrong ?? { example, status: example.status };
}

const set = (path: JsonPath, value: string | number): Op[] => [{ kind: 'set', path, value }];

function fixExampleTitle(ctx: Context, f: LintFinding): Op[] | string {
  const found = exampleAt(ctx, f.path);
  if (typeof found === 'string') return found;
  const phrase = REASON_PHRASES[found.status];
  if (phrase === undefined || !isString(found.example.title)) return 'no reason phrase to use';
  return set(f.path, phrase);
}

const STANDARD = new Set([400, 401, 403, 404, 500]);

/**
 * What a problem type that is not an RFC 9110 link is meant as, when it is meant as a type of the API's
 * own (an absolute URI, or a path), for the summary; undefined when the conventions' link is meant:
 * a link into RFC 9110 or to an IETF/RFC Editor page (wrong section, older RFC), `about:blank` (the status
 * says it all), or a value that is no URI at all (`forbidden`, `Not Found`, empty).
 */
function ownType(type: unknown): string | undefined {
  if (!isString(type) || type === 'about:blank' || /rfc9110/i.test(type)) return undefined;
  if (/^https?:\/\/(?:[\w.-]+\.)?(?:ietf\.org|rfc-editor\.org|httpwg\.org)(?:[/:?#]|$)/i.test(type)) return undefined;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(type)) return 'an absolute URI of the API’s own';
  if (!/\s/.test(type) && type.includes('/')) return `a relative reference of the API’s own (${type})`;
  return undefined;
}

function fixExampleType(ctx: Context, f: LintFinding): Op[] | string {
  if (ctx.options.typeStyle !== 'rfc9110') return 'typeStyle is not rfc9110: the problem type is the API’s own';
  const found = exampleAt(ctx, f.path);
  if (typeof found === 'string') return found;
  if (!STANDARD.has(found.status))
    return `no fix for status ${found.status}: only 400, 401, 403, 404 and 500 have a fixed type`;
  const link = rfc9110Link(RFC9110_SECTIONS[found.status]);
  // A safe fix does not replace a problem type the API defines with the RFC's: a person decides.
  const own = ownType(found.example.type);
  if (own !== undefined)
    return `${own}; set typeStyle: any-uri if the API uses its own problem types, or change it to ${link} by hand`;
  // A link in one of the accepted spellings keeps its spelling: only the section changes.
  const written =
    isString(found.example.type) && RFC9110_LINK.test(found.example.type) ? found.example.type : undefined;
  return set(f.path, written === undefined ? link : written.replace(/#section-[\d.]+$/, link.slice(link.indexOf('#'))));
}

function fixExampleInstance(ctx: Context, f: LintFinding): Op[] | string {
  const value = ctx.at(f.path);
  const match = isString(value) ? /^([A-Za-z]+) (\/\S*)$/.exec(value) : null;
  if (match === null || !HTTP_METHODS.includes(match[1].toUpperCase()))
    return 'more than the method’s case is wrong; a person writes the instance';
  return set(f.path, `${match[1].toUpperCase()} ${match[2]}`);
}

function fixStatusString(ctx: Context, f: LintFinding): Op[] | string {
  if (f.path[f.path.length - 1] !== 'status')
    return 'no fix: a missing or mistyped member needs a value a person chooses';
  const value = ctx.at(f.path);
  if (!isString(value) || !/^[1-5]\d\d$/.test(value)) return 'the status is not a status code written as a string';
  const uses = ctx.usesOf('example', f.path.slice(0, -1));
  if (uses.codes.size === 0) return 'where the example is used could not be found';
  for (const code of uses.codes) {
    if (code !== value)
      return `status "${value}" is not the code of the ${code} response that uses it; a person decides`;
  }
  return set(f.path, Number(value));
}

function addRequiredResponses(ctx: Context, f: LintFinding, codes: string[]): Op[] | string {
  const operationPath = f.path[f.path.length - 1] === 'responses' ? f.path.slice(0, -1) : f.path;
  const operation = ctx.at(operationPath);
  if (!isObject(operation)) return 'the operation is not in this file';
  const responses = operation.responses;
  if (responses !== undefined && !isObject(responses)) return 'responses is not a map';
  const missing = codes.filter(code => !isObject(responses) || responses[code] === undefined);
  if (missing.length === 0) return 'the responses are defined where this file cannot add them';
  if (ctx.spec === 2) {
    // Swagger 2.0 error bodies take their media type from produces: without a problem media type there,
    // the added responses would be application/json bodies (an error-response-problem-media-type finding).
    const root = ctx.at([]);
    const produces = Array.isArray(operation.produces)
      ? operation.produces
      : isObject(root) && Array.isArray(root.produces)
        ? root.produces
        : [];
    if (!produces.some(m => isString(m) && isProblemMediaType(m) && !isXmlMediaType(m)))
      return 'Swagger 2.0: produces has no application/problem+json for the added error bodies, and adding it changes the success responses too; a person decides';
  }
  const ops: Op[] = [];
  for (const code of missing) {
    const request =
      ctx.requestAt(operationPath) ?? `${String(operationPath[2]).toUpperCase()} ${String(operationPath[1])}`;
    const added = addedResponse(ctx.spec, ctx.unresolved, ctx.options.registry, code, request);
    if (typeof added === 'string') return added;
    const { ref, ops: components } = added;
    ops.push(...components, { kind: 'add', path: [...operationPath, 'responses'], key: code, value: { $ref: ref } });
  }
  return ops;
}

function addExamples(ctx: Context, f: LintFinding): Op[] | string {
  const response = ctx.at(f.path);
  if (!isObject(response)) return 'the response is not in this file';
  const uses = ctx.usesOf('response', f.path);
  if (uses.codes.size !== 1) return 'the response is used under several codes; one example cannot fit them all';
  const [code] = [...uses.codes];
  if (RESPONSE_NAMES[code] === undefined) return `the registry has no example for ${code}`;
  const value = registryExample(code) as Dict;
  // Under several operations, the example says the first one's request: the registry's is a foreign API's.
  const operation = uses.operations[0];
  if (operation !== undefined) value.instance = `${operation.method.toUpperCase()} ${operation.pathKey}`;
  if (ctx.spec === 2) {
    const produces =
      operation && isObject(ctx.resolved)
        ? effectiveProduces(documentOf(ctx.resolved), operation).values.find(isProblemMediaType)
        : undefined;
    const mime = produces ?? 'application/problem+json';
    if (response.examples === undefined)
      return [{ kind: 'add', path: f.path, key: 'examples', value: { [mime]: value } }];
    if (isObject(response.examples) && response.examples[mime] === undefined)
      return [{ kind: 'add', path: [...f.path, 'examples'], key: mime, value }];
    return 'the response’s examples cannot take one more';
  }
  const content = response.content;
  if (!isObject(content)) return 'the response has no body to hold an example';
  const mediaType = Object.keys(content).find(m => isProblemMediaType(m) && !isXmlMediaType(m));
  const media = mediaType === undefined ? undefined : content[mediaType];
  if (mediaType === undefined || !isObject(media)) return 'the response has no application/problem+json body';
  const at = [...f.path, 'content', mediaType];
  if (isObject(media.examples)) {
    const name = EXAMPLE_NAMES[code];
    if (media.examples[name] !== undefined) return `an example named ${name} exists already`;
    return [{ kind: 'add', path: [...at, 'examples'], key: name, value: { value } }];
  }
  if (media.example !== undefined || media.examples !== undefined) return 'the body’s examples are malformed';
  return [{ kind: 'add', path: at, key: 'example', value }];
}

function renameToProblemMediaType(ctx: Context, f: LintFinding): Op[] | string {
  const mediaType = f.path[f.path.length - 1];
  const content = ctx.at(f.path.slice(0, -1));
  if (f.path[f.path.length - 2] !== 'content' || !isString(mediaType) || !isObject(content))
    return ctx.spec === 2
      ? 'no fix: Swagger 2.0 produces is shared with the success responses'
      : 'no fix: the response needs a problem body a person writes';
  if (mediaType.split(';')[0].trim().toLowerCase() !== 'application/json')
    return 'no fix: only a lone application/json is renamed';
  if (Object.keys(content).length !== 1) return 'the response offers other media types too; a person chooses';
  const uses = ctx.usesOf('response', f.path.slice(0, -2));
  if (uses.codes.size === 0 || [...uses.codes].some(code => !isErrorCode(code)))
    return 'the response is also used as a success response';
  // A body that is not a problem stays application/json: renamed, the contract would promise a problem it is not.
  const media = valueAt(ctx.resolved, f.path);
  const schema = isObject(media) ? media.schema : undefined;
  if (schema === undefined) return 'the body has no schema; renaming it would promise a problem body it may not be';
  const wrong = checkProblemSchema(schema, []);
  if (wrong.length > 0)
    return `the body's schema is not a problem (${wrong[0].message}); renaming it would promise a body it does not have`;
  const parameters = mediaType.includes(';') ? mediaType.slice(mediaType.indexOf(';')) : '';
  return [{ kind: 'rename', path: f.path, key: `application/problem+json${parameters}` }];
}

function toExtensibleEnum(ctx: Context, f: LintFinding): Op[] | string {
  if (f.path[f.path.length - 1] !== 'enum') return 'not an enum';
  if ((f.path[0] === 'components' && f.path[1] === 'schemas') || f.path[0] === 'definitions')
    return 'the enum is in a shared schema; renaming it would change its other uses too';
  const parent = ctx.at(f.path.slice(0, -1));
  if (!isObject(parent) || parent['x-extensible-enum'] !== undefined) return 'x-extensible-enum is there already';
  return [{ kind: 'rename', path: f.path, key: 'x-extensible-enum' }];
}

/** The fixer of each rule whose fix class is safe or unsafe (manifest.ts): one missing, or one too many, does not compile. */
const FIXES: Record<FixedRuleId, (ctx: Context, f: LintFinding) => Op[] | string> = {
  'problem-example-title': fixExampleTitle,
  'problem-example-type': fixExampleType,
  'problem-example-instance': fixExampleInstance,
  // A status written as a string ("404"): reported by problem-example-members (problem-example-status
  // reads integer statuses only).
  'problem-example-members': fixStatusString,
  'error-responses-required': (ctx, f) => addRequiredResponses(ctx, f, ALWAYS_REQUIRED),
  'error-responses-secured': (ctx, f) => addRequiredResponses(ctx, f, SECURED_REQUIRED),
  'error-response-examples': addExamples,
  'error-response-problem-media-type': renameToProblemMediaType,
  'list-filter-extensible-enum': toExtensibleEnum,
};

/**
 * The `$ref` to another document on a finding's path, if any: Spectral reports a defect it cannot map
 * into that document at the `$ref` (or above it) in this one, and the defect is not this file's.
 */
function externalRef(root: unknown, path: JsonPath): string | undefined {
  let node = root;
  for (let i = 0; ; i++) {
    if (isObject(node) && isString(node.$ref) && !node.$ref.startsWith('#')) return node.$ref;
    if (i === path.length) return undefined;
    node = valueAt(node, [path[i]]);
  }
}

/** What to do about each finding of one file: ops, or why it stays. */
export function plan(
  findings: LintFinding[],
  file: string,
  unresolved: unknown,
  resolved: unknown,
  options: PlanOptions,
): Outcome[] {
  const ctx = new Context(unresolved, resolved, options);
  return findings.map((finding): Outcome => {
    const rule = finding.rule;
    if (finding.source !== file) return { finding, reason: `in ${finding.source}, another document: not edited` };
    const external = externalRef(unresolved, finding.path);
    if (external !== undefined)
      return { finding, reason: `in ${external.split('#')[0]}, a $ref'd document: not edited` };
    if (!isFixed(rule)) return { finding, reason: noFix(rule) };
    if (options.rules.length > 0 && !options.rules.some(id => rulesAskedBy(id).includes(rule)))
      return { finding, reason: 'not asked for (--rule)' };
    if (isUnsafe(rule) && !options.unsafe) return { finding, reason: 'changes the contract: run with --unsafe' };
    const result = FIXES[rule](ctx, finding);
    return typeof result === 'string' ? { finding, reason: result } : { finding, ops: result };
  });
}
