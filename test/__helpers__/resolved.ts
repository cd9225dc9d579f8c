/**
 * The resolved document (`documentInventory.resolved`) as Spectral hands it to the rules, and the
 * loader the Redocly adapter gives redocly/resolve.ts, for the tests that compare the two resolvers
 * (test/redocly/adapter.test.ts, test/redocly/resolve.test.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import type { LoadedDocument } from '../../redocly/resolve';
import { otherDocumentData } from '../../redocly/index';

/** The resolved document Spectral hands the rules (`documentInventory.resolved`); `text` read from `file` unless given. */
export async function spectralResolved(file: string, text = readFileSync(file, 'utf8')): Promise<unknown> {
  let resolved: unknown;
  // A resolver of its own, as `spectral lint` has for one document: a resolver caches the documents
  // it has resolved, and what it resolves next depends on them.
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset({
    rules: {
      capture: {
        given: '$',
        resolved: false,
        then: {
          function: (_input: unknown, _options: unknown, context: { documentInventory: { resolved: unknown } }) => {
            resolved = context.documentInventory.resolved;
          },
        },
      },
    },
  } as never);
  await spectral.run(
    file.endsWith('.json') ? new Document(text, Parsers.Json, file) : new Document(text, Parsers.Yaml, file),
  );
  return resolved;
}

/**
 * What the adapter's loader gives for a `$ref` of a file on disk (redocly/index.ts, when Redocly did
 * not load it): the file beside `from`, parsed as redocly/index.ts parses it; undefined when it
 * cannot be read (a URL here: no test reaches the network).
 */
export function loadFromDisk(ref: string, from: string): LoadedDocument | undefined {
  const location = ref.split('#')[0];
  if (/^[a-z][a-z0-9+.-]+:/i.test(location)) return undefined;
  const file = join(dirname(from), location);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return { file, data: otherDocumentData(text) };
}
