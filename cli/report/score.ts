/**
 * How an API is scored (docs/report.md, "The score"): per area of the conventions, the share of
 * its operations that conform; the score is the mean of those shares × 100; the level says whether
 * all MUSTs, then all SHOULDs, are met. Pure: findings and the document in, numbers out.
 *
 * An operation conforms in an area when no finding of the area's rules is at or under it, at or
 * under its path item, in a component it uses (through `$ref`s, at any depth), or anywhere
 * else in the document that is not a path, webhook or component (a server URL, the root: those
 * concern every operation). A finding in a component no operation uses counts against no
 * operation's share, but still against the level.
 */
import { AREAS, AreaId, RULES, RuleMeta, isRuleId } from '../../manifest';
import { Dict, JsonPath, isObject, valueAt } from '../../functions/lib/json';
import { OPERATION_METHODS } from '../../functions/lib/openapi';
import type { AreaResult, Level } from './model';

export const AREA_IDS = Object.keys(AREAS) as AreaId[];

/** A finding as scoring needs it: its rule and where it is (the description's own JSON path). */
export interface Located {
  rule: string;
  path: JsonPath;
}

/** Whether a rule of this package enforces a MUST of the conventions (error or must), else a SHOULD. */
export const isMustRule = (id: string): boolean => isRuleId(id) && (RULES[id] as RuleMeta).severity !== 'warn';

/** The area a rule's findings count in, for this package's rules that are scored. */
const areaOf = (id: string): AreaId | undefined =>
  isRuleId(id) ? ((RULES[id] as RuleMeta).area ?? undefined) : undefined;

/** An operation's place: `paths/<key>/<method>` as path tokens. */
interface OperationPlace {
  path: string[];
}

const COMPONENT_ROOTS: Record<string, number> = { components: 3, definitions: 2, parameters: 2, responses: 2 };

/** The operations of the document as written (paths and webhooks), by their JSON path. */
function operationsOf(root: Dict): OperationPlace[] {
  const places: OperationPlace[] = [];
  const methods = [...OPERATION_METHODS, 'query'];
  for (const container of ['paths', 'webhooks']) {
    const items = root[container];
    if (!isObject(items)) continue;
    for (const [key, item] of Object.entries(items)) {
      if (!isObject(item)) continue;
      for (const method of methods) if (isObject(item[method])) places.push({ path: [container, key, method] });
      if (isObject(item.additionalOperations))
        for (const name of Object.keys(item.additionalOperations))
          places.push({ path: [container, key, 'additionalOperations', name] });
    }
  }
  return places;
}

/** The component a path lies in (`components/responses/NotFound`, `definitions/Pet`), or undefined. */
function componentOf(path: readonly string[]): string | undefined {
  const depth = COMPONENT_ROOTS[path[0]];
  if (depth === undefined || path.length < depth) return undefined;
  // Swagger 2.0's `parameters` and `responses` at the root are components; OpenAPI 3's are not roots.
  return path.slice(0, depth).join('/');
}

/**
 * For each component with a finding, the operations (by index) that use it: those whose resolved
 * tree holds the component's resolved object (Spectral's resolver shares one object per `$ref`
 * target), at any depth. Only the components asked for are looked for.
 */
function usersOfComponents(
  resolved: Dict,
  operations: OperationPlace[],
  wanted: Set<string>,
): Map<string, Set<number>> {
  const byObject = new Map<object, string>();
  for (const component of wanted) {
    const node = valueAt(resolved, component.split('/'));
    if (isObject(node) || Array.isArray(node)) byObject.set(node, component);
  }
  const users = new Map<string, Set<number>>();
  if (byObject.size === 0) return users;
  operations.forEach((operation, index) => {
    const item = valueAt(resolved, operation.path.slice(0, 2));
    const seen = new Set<object>();
    const stack: unknown[] = [valueAt(resolved, operation.path), isObject(item) ? item.parameters : undefined];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== 'object' || seen.has(node)) continue;
      seen.add(node);
      const component = byObject.get(node);
      if (component !== undefined) {
        let set = users.get(component);
        if (set === undefined) users.set(component, (set = new Set()));
        set.add(index);
      }
      for (const value of Object.values(node)) if (value !== null && typeof value === 'object') stack.push(value);
    }
  });
  return users;
}

const startsWith = (path: readonly string[], prefix: readonly string[]): boolean =>
  prefix.length <= path.length && prefix.every((token, i) => path[i] === token);

/** The operations (by index) a finding at `path` concerns; `'all'` for a document-wide place. */
function operationsConcerned(
  path: readonly string[],
  operations: OperationPlace[],
  users: () => Map<string, Set<number>>,
): number[] | 'all' {
  if (path[0] === 'paths' || path[0] === 'webhooks') {
    if (path.length < 2) return 'all';
    const within = operations.flatMap((operation, index) =>
      startsWith(path, operation.path) || startsWith(operation.path, path) ? [index] : [],
    );
    return within;
  }
  const component = componentOf(path);
  if (component !== undefined) return [...(users().get(component) ?? [])];
  if (path.length >= 1 && (path[0] === 'components' || path[0] === 'definitions')) return [];
  return 'all';
}

export interface Scored {
  operations: number;
  score: number;
  level: Level;
  areas: Record<AreaId, AreaResult>;
  rules: Record<string, number>;
  otherFindings: number;
}

/** Scores to one decimal, shares to four: as the report writes them. */
export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round4 = (n: number): number => Math.round(n * 10000) / 10000;

/** The score, level and per-area results of one API description (resolved, as Spectral resolves it) from its findings. */
export function scoreApi(resolved: Dict, findings: Located[]): Scored {
  const operations = operationsOf(resolved);
  const wanted = new Set(findings.flatMap(finding => componentOf(finding.path.map(String)) ?? []));
  let users: Map<string, Set<number>> | undefined;
  const lazyUsers = (): Map<string, Set<number>> => (users ??= usersOfComponents(resolved, operations, wanted));
  const failing = new Map<AreaId, Set<number> | 'all'>();
  const counts = new Map<AreaId, number>();
  const rules: Record<string, number> = {};
  let otherFindings = 0;
  let mustMissed = false;
  let shouldMissed = false;
  for (const finding of findings) {
    const area = areaOf(finding.rule);
    if (!isRuleId(finding.rule)) {
      otherFindings++;
      continue;
    }
    rules[finding.rule] = (rules[finding.rule] ?? 0) + 1;
    // A rule outside the areas (the exceptions' own check) is counted, not scored.
    if (area === undefined) continue;
    if (isMustRule(finding.rule)) mustMissed = true;
    else shouldMissed = true;
    counts.set(area, (counts.get(area) ?? 0) + 1);
    const concerned = operationsConcerned(finding.path.map(String), operations, lazyUsers);
    const already = failing.get(area);
    if (already === 'all') continue;
    if (concerned === 'all') failing.set(area, 'all');
    else {
      const set = already ?? new Set<number>();
      for (const index of concerned) set.add(index);
      failing.set(area, set);
    }
  }
  const total = operations.length;
  const areas = {} as Record<AreaId, AreaResult>;
  let shares = 0;
  for (const id of AREA_IDS) {
    const failed = failing.get(id);
    const findingsHere = counts.get(id) ?? 0;
    const failedCount = failed === 'all' ? total : (failed?.size ?? 0);
    const share = total === 0 ? (findingsHere === 0 ? 1 : 0) : (total - failedCount) / total;
    shares += share;
    areas[id] = {
      operations: total,
      conforming: total - failedCount,
      share: round4(share),
      findings: findingsHere,
      lost: round1(((1 - share) * 100) / AREA_IDS.length),
    };
  }
  const score = round1((shares / AREA_IDS.length) * 100);
  const level: Level = mustMissed ? 'none' : shouldMissed ? 'must' : 'should';
  return { operations: total, score, level, areas, rules, otherFindings };
}
