/**
 * What every command asks of a document before it reads one, without Spectral (fix loads Spectral's
 * optional packages only when it lints, so that a missing one is a sentence): whether it is named
 * by a URL, and whether its data is a description our rules can check.
 */
import { stringOf } from '../../functions/lib/json';

/** A document named by an http(s) URL, which Spectral fetches; anything else is a path. */
export const isHttpUrl = (file: string): boolean => /^https?:\/\//i.test(file);

/**
 * The sentence for parsed data our rules cannot check, or undefined: empty; AsyncAPI; anything else
 * that is not OpenAPI 2.0, 3.0, 3.1 or 3.2. `name` is how the document is called in the sentence.
 */
export function notOpenApi(data: unknown, name: string): string | undefined {
  if (data === null || data === undefined || (typeof data === 'string' && data.trim() === ''))
    return `${name} is empty`;
  if (typeof data !== 'object' || Array.isArray(data)) {
    return `${name} is not an OpenAPI document: it holds a ${Array.isArray(data) ? 'list' : typeof data}, not a map`;
  }
  const top = data as Record<string, unknown>;
  if (typeof top.asyncapi === 'string' || typeof top.asyncapi === 'number') {
    return `${name} is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2`;
  }
  const swagger = stringOf(top.swagger ?? '');
  const openapi = stringOf(top.openapi ?? '');
  // Swagger as Spectral's oas2 format reads it: `swagger: 2.0` unquoted is the number 2, which it lints.
  if (Number.parseInt(swagger) !== 2 && !/^3\.[0-2](\.|$)/.test(openapi)) {
    return `${name} is not an OpenAPI 2.0, 3.0, 3.1 or 3.2 document: no \`swagger: "2.0"\` or \`openapi: 3.x.y\` at its top`;
  }
  return undefined;
}
