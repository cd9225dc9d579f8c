/**
 * The fix command's local `$ref` fast path gives Spectral the same resolved document as Spectral's
 * own resolver: every finding (code, path, message, source, range) of our rules and of Spectral's own
 * OpenAPI rules is the same either way, on every fixture and golden document; documents it cannot
 * take (external or broken `$ref`s, a cycle through a percent-encoded pointer) go to Spectral's
 * resolver. A cycle is resolved as json-ref-resolver resolves it: its `$ref`s stay as written.
 */
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRuleset } from '../../../ruleset';
import { fastResolver, lastFallback, resolveLocally } from '../../../cli/shared/resolver';

const ROOT = resolve(__dirname, '../../..');
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

async function lintText(resolver: ReturnType<typeof createHttpAndFileResolver>, text: string, source?: string) {
  const spectral = new Spectral({ resolver });
  spectral.setRuleset(ruleset());
  return simple(await spectral.run(new Document(text, Parsers.Yaml, source)));
}

/** A pet store: `GET /pets` (eleven query parameters) answers with `schema`; `more` adds root members. */
const petStore = (schema: unknown, more: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'Pet Store', version: '1.0.0', description: 'Pets and their owners.' },
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        parameters: [
          'limit',
          'offset',
          'sort',
          'order',
          'name',
          'tag',
          'status',
          'owner',
          'since',
          'until',
          'fields',
        ].map(name => ({ name, in: 'query', schema: { type: 'string' } })),
        responses: { '200': { description: 'The pets', content: { 'application/json': { schema } } } },
      },
    },
  },
  ...more,
  components: {
    schemas: {
      Pet: { type: 'object', properties: { name: { type: 'string' } } },
      ...(more.schemas as object),
    },
  },
});

/** The pet store with `GET /owners`, whose parameters are `parameters`. */
const withOwners = (parameters: unknown[]) => ({
  ...petStore({ $ref: '#/components/schemas/Pet' }),
  paths: {
    ...petStore({ $ref: '#/components/schemas/Pet' }).paths,
    '/owners': {
      get: {
        operationId: 'listOwners',
        summary: 'List owners',
        parameters,
        responses: { '200': { description: 'The owners' } },
      },
    },
  },
});

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

  test('resolves a $ref inside an array in place and maps it by its index', () => {
    const limit = { name: 'limit', in: 'query', schema: { type: 'integer' } };
    const offset = { name: 'offset', in: 'query', schema: { type: 'integer' } };
    const data = {
      paths: { '/pets': { get: { parameters: [limit, { $ref: '#/components/parameters/Offset' }] } } },
      components: { parameters: { Offset: offset } },
    };
    const local = resolveLocally(data);
    if ('declined' in local) throw new Error(local.declined);
    const result = local.result as typeof data;
    expect(result.paths['/pets'].get.parameters).toEqual([limit, offset]);
    expect(result.paths['/pets'].get.parameters[0]).toBe(limit);
    expect(result.paths['/pets'].get.parameters[1]).toBe(result.components.parameters.Offset);
    expect(result.components).toBe(data.components);
    expect(local.refMap).toEqual({ '#/paths/~1pets/get/parameters/1': '#/components/parameters/Offset' });
  });

  test('a cycle: the $refs json-ref-resolver leaves as written stay so, the others resolved and mapped', () => {
    const data = {
      paths: { '/a': { get: { schema: { $ref: '#/components/schemas/A' } } } },
      components: {
        schemas: {
          A: { properties: { b: { $ref: '#/components/schemas/B' }, self: { $ref: '#/components/schemas/A' } } },
          B: { properties: { a: { $ref: '#/components/schemas/A' }, c: { $ref: '#/components/schemas/C' } } },
          C: { type: 'string' },
        },
      },
    };
    const local = resolveLocally(data);
    if ('declined' in local) throw new Error(local.declined);
    const result = local.result as typeof data;
    const { A, B, C } = data.components.schemas;
    // A's $refs are in its cycle with B (and itself): as written; so is B's to A. B's to C is resolved.
    expect(result.paths['/a'].get.schema).toBe(result.components.schemas.A);
    expect(result.components.schemas.A).toEqual(A);
    expect(result.components.schemas.A.properties.b).toBe(A.properties.b);
    expect(result.components.schemas.B).toEqual({ properties: { a: B.properties.a, c: C } });
    expect(local.refMap).toEqual({
      '#/paths/~1a/get/schema': '#/components/schemas/A',
      '#/components/schemas/B/properties/c': '#/components/schemas/C',
    });
    // The graph's nodes: every target but that of a $ref to its own parent (A's self).
    expect([...local.targets].sort()).toEqual([
      '#/components/schemas/A',
      '#/components/schemas/B',
      '#/components/schemas/C',
    ]);
  });

  test.each([
    ['an external $ref', { a: { $ref: 'other.yaml#/x' } }, 'a $ref to another document: other.yaml#/x'],
    ['a broken $ref', { a: { $ref: '#/nowhere' } }, 'a $ref that leads nowhere: #/nowhere'],
  ])('%s goes to Spectral’s resolver', (_name, data, reason) => {
    expect(resolveLocally(data)).toEqual({ declined: reason });
  });

  test.each<[string, unknown, string | undefined, string | undefined]>([
    ['a schema $ref to #, the whole document', petStore({ $ref: '#' }), undefined, 'a circular $ref'],
    // Cycles, resolved as json-ref-resolver resolves them (cli/shared/ref-cycles.ts): the $refs of a cycle stay as written.
    [
      'a schema that refers to itself (a tree)',
      petStore(
        { $ref: '#/components/schemas/Node' },
        {
          schemas: {
            Node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
            },
          },
        },
      ),
      undefined,
      undefined,
    ],
    [
      'two schemas that refer to each other, one used by an operation, one also referring to a third',
      petStore(
        { $ref: '#/components/schemas/Owner' },
        {
          schemas: {
            Owner: {
              type: 'object',
              properties: { pets: { type: 'array', items: { $ref: '#/components/schemas/Dog' } } },
            },
            Dog: {
              type: 'object',
              required: ['owner'],
              properties: { owner: { $ref: '#/components/schemas/Owner' }, tag: { $ref: '#/components/schemas/Tag' } },
            },
            Tag: { type: 'string', enum: ['a', 'b'] },
          },
        },
      ),
      undefined,
      undefined,
    ],
    [
      'a cycle of three through allOf, and a response that uses the middle one',
      petStore(
        { allOf: [{ $ref: '#/components/schemas/B' }] },
        {
          schemas: {
            A: { allOf: [{ $ref: '#/components/schemas/B' }], properties: { id: { type: 'string' } } },
            B: { type: 'object', properties: { c: { $ref: '#/components/schemas/C' } } },
            C: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
          },
        },
      ),
      undefined,
      undefined,
    ],
    [
      'a $ref to a property of its own schema (its parent) beside a cycle',
      petStore(
        { $ref: '#/components/schemas/Pet' },
        {
          schemas: {
            Pet: {
              type: 'object',
              properties: { name: { type: 'string' }, alias: { $ref: '#/components/schemas/Pet/properties/name' } },
            },
            Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
          },
        },
      ),
      undefined,
      undefined,
    ],
    [
      'a cycle through a percent-encoded pointer (left to Spectral)',
      petStore(
        { $ref: '#/components/schemas/Pet%20Node' },
        {
          schemas: {
            'Pet Node': { type: 'object', properties: { next: { $ref: '#/components/schemas/Pet%20Node' } } },
          },
        },
      ),
      undefined,
      'a circular $ref',
    ],
    [
      'a schema $ref to #/ in a document without an empty key',
      petStore({ $ref: '#/' }),
      undefined,
      'a $ref that leads nowhere: #/',
    ],
    [
      'a schema $ref to #/, a root member with an empty name',
      { ...petStore({ $ref: '#/' }), '': { type: 'object', properties: { id: { type: 'integer' } } } },
      undefined,
      undefined,
    ],
    [
      'a schema $ref without the slash after #',
      petStore({ $ref: '#components/schemas/Pet' }),
      undefined,
      'not a local pointer: #components/schemas/Pet',
    ],
    [
      '$refs inside allOf to schemas named with a space, a slash and a tilde (percent-encoded, ~1, ~0)',
      petStore(
        { allOf: [{ $ref: '#/components/schemas/Pet%20Status' }, { $ref: '#/components/schemas/Pet~1Legacy~0v1' }] },
        { schemas: { 'Pet Status': { type: 'string' }, 'Pet/Legacy~v1': { type: 'object' } } },
      ),
      undefined,
      undefined,
    ],
    [
      'a $ref with a malformed percent-encoding',
      petStore({ $ref: '#/components/schemas/%E0%A4%A' }),
      undefined,
      'undecodable pointer: #/components/schemas/%E0%A4%A',
    ],
    [
      'a $ref to a property of a schema that is itself a $ref',
      petStore(
        { $ref: '#/components/schemas/PetAlias/properties/name' },
        { schemas: { PetAlias: { $ref: '#/components/schemas/Pet' } } },
      ),
      undefined,
      'a pointer through a $ref',
    ],
    [
      'parameter $refs to the first and the eleventh parameter of another operation',
      withOwners([{ $ref: '#/paths/~1pets/get/parameters/0' }, { $ref: '#/paths/~1pets/get/parameters/10' }]),
      undefined,
      undefined,
    ],
    [
      'a parameter $ref one past the last parameter',
      withOwners([{ $ref: '#/paths/~1pets/get/parameters/11' }]),
      undefined,
      'a $ref that leads nowhere: #/paths/~1pets/get/parameters/11',
    ],
    [
      'a parameter $ref with a leading zero (01)',
      withOwners([{ $ref: '#/paths/~1pets/get/parameters/01' }]),
      undefined,
      'a $ref that leads nowhere: #/paths/~1pets/get/parameters/01',
    ],
    [
      'a parameter $ref to index -1',
      withOwners([{ $ref: '#/paths/~1pets/get/parameters/-1' }]),
      undefined,
      'a $ref that leads nowhere: #/paths/~1pets/get/parameters/-1',
    ],
    [
      'a $ref into the title, a string',
      petStore({ $ref: '#/info/title/0' }),
      undefined,
      'a $ref that leads nowhere: #/info/title/0',
    ],
    [
      'a $ref into a null default',
      petStore(
        { $ref: '#/components/schemas/Tag/default/name' },
        { schemas: { Tag: { type: 'object', nullable: true, default: null } } },
      ),
      undefined,
      'a $ref that leads nowhere: #/components/schemas/Tag/default/name',
    ],
    [
      'a schema $ref with a description beside it',
      petStore({ $ref: '#/components/schemas/Pet', description: 'The pet' }),
      undefined,
      undefined,
    ],
    [
      'a schema $ref with an example object beside it',
      petStore({ $ref: '#/components/schemas/Pet', example: { name: 'Rex' } }),
      undefined,
      'a $ref with nested siblings',
    ],
    [
      'a $ref to the title, a string',
      petStore({ $ref: '#/info/title' }),
      undefined,
      'a $ref to a scalar: #/info/title',
    ],
    [
      'a document without any $ref and an unused schema',
      petStore({ type: 'array', items: { type: 'string' } }),
      undefined,
      undefined,
    ],
    [
      'a document without a source, one schema used and one not',
      petStore({ $ref: '#/components/schemas/Pet' }, { schemas: { Owner: { type: 'object' } } }),
      undefined,
      undefined,
    ],
    [
      'a document with a source (the baseUri), one schema used and one not',
      petStore({ $ref: '#/components/schemas/Pet' }, { schemas: { Owner: { type: 'object' } } }),
      join(ROOT, 'fixtures', 'petstore.yaml'),
      undefined,
    ],
  ])('%s: Spectral’s findings, and the fast path’s verdict', async (_name, document, source, reason) => {
    const text = JSON.stringify(document, null, 2);
    const expected = await lintText(createHttpAndFileResolver(), text, source);
    const actual = await lintText(fastResolver(createHttpAndFileResolver()), text, source);
    expect(lastFallback).toBe(reason);
    expect(actual).toEqual(expected);
  });
});
