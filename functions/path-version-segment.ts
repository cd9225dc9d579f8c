/** path-version-segment (§4.1, §9.1): full paths read /<namespace>/<product>/v<major>/... */
import { JsonPath, entries, isObject, quote, valueAt } from './lib/json';
import { OpenApiDocument, Operation } from './lib/openapi';
import { ServedFrom, rootServedFrom, servedFrom } from './lib/servers';
import { Finding, documentRule, finding } from './lib/rule';

const EXPECTED = 'expected /<namespace>/<product>/v<major>/<collection>';
const isMajor = (segment: string): boolean => /^v\d+$/.test(segment);
/**
 * A segment that names a version in another form than v<major>: V1, v2.0, v1alpha1, v3p1beta1,
 * version1, 2, 1.0.0 (Mailchimp's 3.0, Twitter's 2), 2010-04-01 (Twilio), 20200301. Longer bare
 * numbers (1137) are ids, and words with a digit (oauth2, reviews-v1, rest_v1) are names.
 */
const VERSION_LIKE =
  /^(?:v(?:ersion)?\d+(?:\.\d+)*(?:p\d+)?(?:[-_.]?(?:alpha|beta|preview|rc)\d*)?|\d{1,2}(?:\.\d+)*|\d{4}-\d\d-\d\d(?:-preview)?|(?:19|20)\d{6})$/i;
/** A version segment left to a template (OpenCage's `v{version}`, `{apiVersion}`): a version, not of the form v<major>. */
const isTemplatedVersion = (segment: string): boolean =>
  /^v\{[^{}]+\}$/i.test(segment) || /^\{[^{}]*version[^{}]*\}$/i.test(segment);
const isVersionLike = (segment: string): boolean =>
  isMajor(segment) || VERSION_LIKE.test(segment) || isTemplatedVersion(segment);
/**
 * A path as RFC 3986 allows one once `{name}` expressions are taken out: DigitalOcean's
 * `/<upload_url>` (a presigned URL) and `/Your Pull URI Request API Path` are placeholders, no paths.
 */
const isPathTemplate = (key: string): boolean => /^\/[\w\-.~!$&'()*+,;=:@/%]*$/.test(key.replace(/\{[^{}]*\}/g, ''));

const ORDINALS = ['1st', '2nd', '3rd'];
const ordinal = (n: number): string => ORDINALS[n - 1] ?? `${n}th`;

/**
 * What keeps segments from reading /<namespace>/<product>/v<major>/…, as a predicate of the path
 * ("has its version segment v1 as the 1st segment"), or undefined when nothing does. A `prefix` (a
 * server path) is only judged as far as it goes: `/clinical` can still be completed by the keys.
 */
function defectOf(segments: string[], prefix: boolean): string | undefined {
  const judged = prefix ? segments.slice(0, 3) : [segments[0] ?? '', segments[1] ?? '', segments[2] ?? ''];
  if (judged.every((segment, i) => (i === 2 ? isMajor(segment) : !isVersionLike(segment)))) return undefined;
  const at = segments.findIndex(isVersionLike);
  if (at < 0) return prefix ? 'lacks the version segment as its 3rd segment' : 'lacks the version segment';
  const place = at === 2 ? '' : ` as the ${ordinal(at + 1)} segment`;
  return `has its version segment ${segments[at]}${place}${isMajor(segments[at]) ? '' : ', not of the form v<major>'}`;
}

const segmentsOf = (path: string): string[] => path.split('/').slice(1);

/**
 * Where a path key is served from, each with where a finding on its full path goes: the path item
 * judged against its own servers or the root's, and an operation with servers of its own (another
 * path) against those. Swagger 2.0 has one basePath.
 */
function servings(
  doc: OpenApiDocument,
  key: string,
  item: unknown,
  operations: Operation[],
): { from: ServedFrom; at: JsonPath }[] {
  const root = rootServedFrom(doc);
  if (doc.spec === 2 || !isObject(item)) return [{ from: root, at: ['paths', key] }];
  const itemFrom = servedFrom(item.servers, ['paths', key, 'servers']) ?? root;
  const own = operations.map(operation => ({
    from: servedFrom(operation.node.servers, [...operation.path, 'servers']),
    at: operation.path,
  }));
  const itemServes = own.length === 0 || own.some(({ from }) => from === undefined);
  return [
    ...(itemServes ? [{ from: itemFrom, at: ['paths', key] }] : []),
    ...own.flatMap(({ from, at }) => (from && !(itemServes && from.path === itemFrom.path) ? [{ from, at }] : [])),
  ];
}

export default documentRule(null, function pathVersionSegment(doc, _options, context) {
  const results: Finding[] = [];
  const byKey = new Map<string, Operation[]>();
  for (const operation of doc.operations) {
    const list = byKey.get(operation.pathKey);
    if (list === undefined) byKey.set(operation.pathKey, [operation]);
    else list.push(operation);
  }
  // One cause, one finding: a server path no key can complete is reported once, at the server.
  const brokenServers = new Map<string, { from: ServedFrom; at: JsonPath; defect: string; paths: number }>();
  for (const [key, item] of entries(doc.root.paths)) {
    // A `#…` fragment or `?…` query only keeps keys unique: AWS writes `/#X-Amz-Target=Glue.CreateJob` for the root.
    const written = key.split(/[?#]/)[0];
    // Extension keys (x-…) and placeholders are no paths.
    if (!isPathTemplate(written)) continue;
    // The path key is written in the root, whatever file its path item or operations are kept in: a
    // finding on the path goes to the key (to the `$ref` under it, which keeps it in the root).
    const writtenItem = isObject(context.document.data) ? valueAt(context.document.data, ['paths', key]) : undefined;
    const keyAt: JsonPath =
      isObject(writtenItem) && typeof writtenItem.$ref === 'string' ? ['paths', key, '$ref'] : ['paths', key];
    const failing: { at: JsonPath; message: string }[] = [];
    let judged = 0;
    for (const { from, at } of servings(doc, key, item, byKey.get(key) ?? [])) {
      // The key "/" is the server path itself (Keycloak's `/` under `/admin/realms`); "/" alone is the root, exempt.
      const full = written === '/' ? from.path : `${from.path}${written}`;
      if (full === '') continue;
      // RFC 8615's well-known URIs are exempt (docs/rules/path-version-segment.md).
      if (/^\/\.well-known(?:\/|$)/.test(full)) continue;
      const serverDefect = defectOf(segmentsOf(from.path), true);
      if (serverDefect && from.at) {
        const place = JSON.stringify(from.at);
        const broken = brokenServers.get(place) ?? { from, at: from.at, defect: serverDefect, paths: 0 };
        brokenServers.set(place, { ...broken, paths: broken.paths + 1 });
        continue;
      }
      judged++;
      const defect = defectOf(segmentsOf(full), false);
      const shown = from.path || written !== key ? `${quote(key)} (full path ${quote(full)})` : quote(key);
      if (defect) failing.push({ at, message: `Path ${shown} ${defect}; ${EXPECTED}` });
    }
    // Broken under every server that serves it, the key is the defect: at the key, in the root. Broken
    // under an operation's own servers only, the pairing is: at that operation (editing the key would
    // break the others).
    if (failing.length > 0 && failing.length === judged)
      results.push(...failing.map(({ message }) => finding(message, keyAt)));
    else results.push(...failing.map(({ at, message }) => finding(message, at)));
  }
  for (const { from, at, defect, paths } of brokenServers.values()) {
    const name = at[0] === 'basePath' ? 'basePath' : 'Server URL';
    const shown =
      from.written === from.path ? quote(from.written) : `${quote(from.written)} (path ${quote(from.path)})`;
    const breaking = `${paths} ${paths === 1 ? 'path' : 'paths'} under it`;
    results.push(finding(`${name} ${shown} ${defect}, breaking ${breaking}; ${EXPECTED}`, at));
  }
  return results;
});
