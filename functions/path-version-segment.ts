/** path-version-segment (§4.1, §9.1): full paths read /<namespace>/<product>/v<major>/... */
import { entries, isObject, isString, quote, stringOf } from './lib/json';
import { OpenApiDocument } from './lib/openapi';
import { Finding, documentRule, finding } from './lib/rule';

const VERSIONED = /^\/[^/]+\/[^/]+\/v\d+(?:\/|$)/;

/** The path part of the first server URL (variables replaced by their defaults), or Swagger 2.0 basePath. */
function basePath(doc: OpenApiDocument): string {
  if (doc.spec === 2) return isString(doc.root.basePath) ? doc.root.basePath.replace(/\/+$/, '') : '';
  const server: unknown = Array.isArray(doc.root.servers) ? doc.root.servers[0] : undefined;
  if (!isObject(server) || !isString(server.url)) return '';
  const variables = isObject(server.variables) ? server.variables : {};
  // Spaces around the URL (a quoted YAML scalar) are no part of it, as URL parsers read it.
  const url = server.url.trim().replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && variable.default !== undefined ? stringOf(variable.default) : whole;
  });
  const path = url
    .replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '')
    .replace(/^\/\/[^/]*/, '')
    .split(/[?#]/)[0];
  return path.replace(/\/+$/, '');
}

const ORDINALS = ['1st', '2nd', '3rd'];
const ordinal = (n: number): string => ORDINALS[n - 1] ?? `${n}th`;
const EXPECTED = 'expected /<namespace>/<product>/v<major>/<collection>';

export default documentRule(null, function pathVersionSegment(doc) {
  const results: Finding[] = [];
  const base = basePath(doc);
  const prefix = base === '' || base.startsWith('/') ? base : `/${base}`;
  for (const [key] of entries(doc.root.paths)) {
    if (!key.startsWith('/')) continue;
    // A `#…` fragment or `?…` query only keeps keys unique: AWS writes `/#X-Amz-Target=Glue.CreateJob` for the root.
    const written = key.split(/[?#]/)[0];
    const full = `${prefix}${written}`;
    // The root and RFC 8615's well-known URIs are exempt (docs/rules/path-version-segment.md). The
    // root is the key "/" whatever the prefix: the full path is "/" only when the key is.
    if (written === '/' || /^\/\.well-known(?:\/|$)/.test(full) || VERSIONED.test(full)) continue;
    const shown = prefix || written !== key ? `${quote(key)} (full path ${quote(full)})` : quote(key);
    const segments = full.split('/').slice(1);
    const misplaced = segments.findIndex(segment => /^v\d+$/.test(segment));
    results.push(
      finding(
        misplaced >= 0
          ? `Path ${shown} has its version segment ${segments[misplaced]} as the ${ordinal(misplaced + 1)} segment; ${EXPECTED}`
          : `Path ${shown} lacks the version segment; ${EXPECTED}`,
        ['paths', key],
      ),
    );
  }
  return results;
});
