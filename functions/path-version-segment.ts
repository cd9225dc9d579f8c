/** path-version-segment (§4.1, §9.1): full paths read /<namespace>/<product>/v<major>/... */
import { entries, isObject, isString, quote } from './lib/json';
import { Document } from './lib/openapi';
import { Finding, documentRule, finding } from './lib/rule';

const VERSIONED = /^\/[^/]+\/[^/]+\/v\d+(?:\/|$)/;

/** The path part of the first server URL (variables replaced by their defaults), or Swagger 2.0 basePath. */
function basePath(doc: Document): string {
  if (doc.spec === 2) return isString(doc.root.basePath) ? doc.root.basePath.replace(/\/+$/, '') : '';
  const server = Array.isArray(doc.root.servers) ? doc.root.servers[0] : undefined;
  if (!isObject(server) || !isString(server.url)) return '';
  const variables = isObject(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
  });
  const path = url
    .replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '')
    .replace(/^\/\/[^/]*/, '')
    .split(/[?#]/)[0];
  return path.replace(/\/+$/, '');
}

export default documentRule(null, function pathVersionSegment(doc) {
  const results: Finding[] = [];
  const base = basePath(doc);
  const prefix = base === '' || base.startsWith('/') ? base : `/${base}`;
  for (const [key] of entries(doc.root.paths)) {
    if (!key.startsWith('/') || key === '/') continue;
    const full = `${prefix}${key}`;
    if (!VERSIONED.test(full)) {
      const shown = prefix ? `${quote(key)} (full path ${quote(full)})` : quote(key);
      results.push(
        finding(`Path ${shown} lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>`, [
          'paths',
          key,
        ]),
      );
    }
  }
  return results;
});
