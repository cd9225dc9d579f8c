/** The shipped Problem Details registry (registry/problem-details.yaml): what local copies are made of. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Dict, isObject } from '../../functions/lib/json';

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
export function shippedRegistry(): Dict {
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
export function registryResponse(code: string): Dict {
  return structuredClone(responses()[RESPONSE_NAMES[code]] as Dict);
}

export function registrySchema(): Dict {
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
export function registryResponse2(code: string): Dict {
  const response = registryResponse(code);
  return {
    description: response.description,
    schema: { $ref: '#/definitions/ProblemDetails' },
    examples: { 'application/problem+json': registryExample(code) },
  };
}
