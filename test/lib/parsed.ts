/**
 * A document as the rule functions receive it: parsed by Spectral's parsers and resolved by
 * Spectral's resolver (files included), exactly as Spectral's own document inventory does before
 * it calls a `given: $` rule. `unresolved` is what `context.document.data` holds.
 */
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { extname, join } from 'node:path';
import { FIXTURES } from '../__helpers__/spectral';
import { Dict } from '../../functions/lib/json';

const resolver = createHttpAndFileResolver();

export interface Parsed {
  unresolved: Dict;
  resolved: Dict;
  /** The resolver's errors (unresolvable `$ref`s), as messages. */
  errors: string[];
}

/** Parses (YAML text, or an object written out as JSON) and resolves a document placed in fixtures/. */
export async function parse(document: object | string, name = 'inline'): Promise<Parsed> {
  const source = join(FIXTURES, `${name}.${typeof document === 'string' ? 'yaml' : 'json'}`);
  const doc =
    typeof document === 'string'
      ? new Document(document, Parsers.Yaml, source)
      : new Document(JSON.stringify(document), Parsers.Json, source);
  const result = await resolver.resolve(doc.data, {
    baseUri: source,
    parseResolveResult: options => {
      const target = options.targetAuthority.href().replace(/\/$/, '');
      const text = String(options.result);
      options.result =
        extname(target) === '.json'
          ? new Document(text, Parsers.Json, target).data
          : new Document(text, Parsers.Yaml, target).data;
      return Promise.resolve(options);
    },
  });
  return {
    unresolved: doc.data as Dict,
    resolved: result.result as Dict,
    errors: result.errors.map(error => error.message),
  };
}
