/**
 * The fix command's local `$ref` fast path gives Spectral the same resolved document as Spectral's
 * own resolver: every finding (code, path, message, source, range) of our rules and of Spectral's own
 * OpenAPI rules is the same either way, on every fixture and golden document; documents it cannot
 * take (external, broken, circular `$ref`s) go to Spectral's resolver.
 */
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRuleset } from '../../ruleset';
import { fastResolver, resolveLocally } from '../../cli/resolver';

const ROOT = resolve(__dirname, '../..');
const documents = [
  ...readdirSync(join(ROOT, 'fixtures'))
    .filter(name => /\.(ya?ml|json)$/.test(name))
    .map(name => join(ROOT, 'fixtures', name)),
  ...readdirSync(join(__dirname, 'golden'))
    .filter(name => /\.(before|after)\.(yaml|json)$/.test(name))
    .map(name => join(__dirname, 'golden', name)),
];

const ruleset = (): Ruleset =>
  new Ruleset({ extends: [oas as never, createRuleset() as never] }, { severity: 'recommended' });

const simple = (results: ISpectralDiagnostic[]) =>
  results
    .map(({ code, path, message, source, range }) => JSON.stringify({ code, path, message, source, range }))
    .sort();

async function lintWith(resolver: ReturnType<typeof createHttpAndFileResolver>, file: string) {
  const spectral = new Spectral({ resolver });
  spectral.setRuleset(ruleset());
  try {
    return simple(await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file)));
  } catch (e) {
    throw new Error(String((e as AggregateError).errors?.map((x: Error) => x.stack)));
  }
}

describe('the local $ref fast path', () => {
  test.each(documents.map(file => [file.slice(ROOT.length + 1), file]))(
    '%s: the same findings as with Spectral’s resolver',
    async (_name, file) => {
      const expected = await lintWith(createHttpAndFileResolver(), file);
      expect(await lintWith(fastResolver(createHttpAndFileResolver()), file)).toEqual(expected);
    },
  );

  test('shares one object per target, keeps untouched parts, and maps $refs as Spectral does', () => {
    const data = {
      a: { $ref: '#/e', description: 'dropped, as json-ref-resolver drops it' },
      e: { x: 1, y: { $ref: '#/k' } },
      k: [1],
      p: { '/x~y': { $ref: '#/e' } },
      q: { $ref: '#/p/~1x~0y' },
    };
    const local = resolveLocally(data);
    if ('declined' in local) throw new Error(local.declined);
    const result = local.result as Record<string, unknown>;
    expect(result.a).toBe(result.e);
    expect(result.q).toBe(result.e);
    expect(result.k).toBe(data.k);
    expect(result.e).toEqual({ x: 1, y: [1] });
    expect(local.refMap).toEqual({ '#/a': '#/e', '#/e/y': '#/k', '#/p/~1x~0y': '#/e', '#/q': '#/p/~1x~0y' });
    expect(data.a).toEqual({ $ref: '#/e', description: 'dropped, as json-ref-resolver drops it' });
  });

  test.each([
    ['an external $ref', { a: { $ref: 'other.yaml#/x' } }, 'a $ref to another document: other.yaml#/x'],
    ['a broken $ref', { a: { $ref: '#/nowhere' } }, 'a $ref that leads nowhere: #/nowhere'],
    ['a circular $ref', { b: { c: { $ref: '#/b' } } }, 'a circular $ref'],
    ['a mutual cycle', { x: { $ref: '#/y' }, y: { z: { $ref: '#/x' } } }, 'a circular $ref'],
  ])('%s goes to Spectral’s resolver', (_name, data, reason) => {
    expect(resolveLocally(data)).toEqual({ declined: reason });
  });
});
