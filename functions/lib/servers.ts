/**
 * Where a description serves its paths: the path part of a server URL (the root's, a path item's or an
 * operation's) or of Swagger 2.0 `basePath`, with where it is written.
 */
import { JsonPath, isObject, isString, stringOf } from './json';
import { OpenApiDocument } from './openapi';

/** Where paths are served from: a server URL (or Swagger 2.0 `basePath`) and the path part of it. */
export interface ServedFrom {
  /** The server URL or `basePath` as written; '' when there is none. */
  written: string;
  /** Its path part: `{variables}` replaced by their defaults, '' or starting with `/`, no trailing `/`. */
  path: string;
  /** Where `written` is (`['servers', 0, 'url']`, `['basePath']`); undefined when there is none. */
  at?: JsonPath;
}

/** '' or a path from `/`, without trailing slashes: `clinical/labs/` reads `/clinical/labs`. */
const rootedPath = (path: string): string => {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
};

/**
 * The first server of a `servers` list written at `at` (the root's, a path item's or an operation's),
 * or undefined when the list has none. A variable without a default stays as written.
 */
export function servedFrom(servers: unknown, at: JsonPath): ServedFrom | undefined {
  const server: unknown = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(server) || !isString(server.url)) return undefined;
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
  return { written: server.url, path: rootedPath(path), at: [...at, 0, 'url'] };
}

/** Where the document serves its paths: Swagger 2.0 `basePath`, else the first root server. */
export function rootServedFrom(doc: OpenApiDocument): ServedFrom {
  const none: ServedFrom = { written: '', path: '' };
  if (doc.spec === 2) {
    const basePath = doc.root.basePath;
    return isString(basePath) ? { written: basePath, path: rootedPath(basePath), at: ['basePath'] } : none;
  }
  return servedFrom(doc.root.servers, ['servers']) ?? none;
}
