/**
 * Schema flattening, which every schema rule and list rule reads through: `allOf` members merged,
 * `anyOf`/`oneOf` alternatives giving the properties an instance may have, resolved `$ref`s
 * followed, cycles guarded, unresolved references making the schema unknown.
 */
import { declaredType, describeTypes, flat, isObjectSchema, typesOf } from '../../functions/lib/schema';
import { parse } from './parsed';

const names = (schema: unknown): string[] => [...flat(schema).properties.keys()];

describe('flat', () => {
  test('allOf members are merged: types, properties (first one wins), required, with their paths', () => {
    const schema = {
      allOf: [
        { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        { properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['name'] },
      ],
      properties: { kind: { type: 'string' } },
    };
    const f = flat(schema);
    expect(f.known).toBe(true);
    expect([...f.types]).toEqual(['object']);
    expect(names(schema)).toEqual(['kind', 'id', 'name']);
    // The first declaration wins; later ones are kept as its refinements (a generic Page refined per resource).
    expect(f.properties.get('id')).toEqual({
      schema: { type: 'string' },
      path: ['allOf', 0, 'properties', 'id'],
      refinements: [{ schema: { type: 'integer' }, path: ['allOf', 1, 'properties', 'id'] }],
    });
    expect(f.properties.get('name')?.path).toEqual(['allOf', 1, 'properties', 'name']);
    expect([...f.required]).toEqual(['id', 'name']);
    expect(f.requiredPath).toEqual(['allOf', 0, 'required']);
    expect(f.propertiesPath).toEqual(['properties']);
    expect(f.parts.map(part => part.path)).toEqual([[], ['allOf', 0], ['allOf', 1]]);
  });

  test('nested allOf inside allOf', () => {
    const schema = { allOf: [{ allOf: [{ type: 'object', properties: { deep: { type: 'string' } } }] }] };
    expect(flat(schema).properties.get('deep')?.path).toEqual(['allOf', 0, 'allOf', 0, 'properties', 'deep']);
    expect(declaredType(schema)).toBe('is of type object');
  });

  test('anyOf and oneOf alternatives add the properties an instance may have, not their types nor required', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string' } },
      anyOf: [{ type: 'string', properties: { email: { type: 'string' } }, required: ['email'] }],
      oneOf: [
        { properties: { phone: { type: 'string' } } },
        { allOf: [{ properties: { fax: { type: 'string' } } }], anyOf: [{ properties: { pager: {} } }] },
      ],
    };
    const f = flat(schema);
    expect(names(schema)).toEqual(['id', 'phone', 'fax', 'pager', 'email']);
    expect(f.properties.get('email')?.path).toEqual(['anyOf', 0, 'properties', 'email']);
    expect(f.properties.get('fax')?.path).toEqual(['oneOf', 1, 'allOf', 0, 'properties', 'fax']);
    expect(f.properties.get('pager')?.path).toEqual(['oneOf', 1, 'anyOf', 0, 'properties', 'pager']);
    expect([...f.types]).toEqual(['object']);
    expect([...f.required]).toEqual([]);
  });

  test('OpenAPI 3.1 type lists and items (the first found)', () => {
    const schema = { allOf: [{ type: ['array', 'null'], items: { type: 'string' } }, { items: { type: 'integer' } }] };
    const f = flat(schema);
    expect(describeTypes(schema)).toBe('array | null');
    expect(f.items).toEqual({ schema: { type: 'string' }, path: ['allOf', 0, 'items'] });
    expect(typesOf({ type: ['string', 3, 'null'] })).toEqual(['string', 'null']);
    expect(declaredType({})).toBe('declares no type');
  });

  test('cycles through allOf and through alternatives end', () => {
    const a: Record<string, unknown> = { type: 'object', properties: { a: {} } };
    const b: Record<string, unknown> = { properties: { b: {} }, allOf: [a] };
    a.allOf = [b];
    a.anyOf = [a, b];
    expect(names(a)).toEqual(['a', 'b']);
    expect(flat(a).parts).toHaveLength(2);
  });

  test('an unresolved $ref anywhere in the merged members makes the schema unknown; alternatives do not', () => {
    expect(flat({ allOf: [{ type: 'object' }, { $ref: 'missing.yaml#/X' }] }).known).toBe(false);
    expect(flat({ $ref: '#/components/schemas/Missing' }).known).toBe(false);
    const alternative = { type: 'object', anyOf: [{ $ref: 'missing.yaml#/X' }, { properties: { b: {} } }] };
    expect(flat(alternative).known).toBe(true);
    expect(names(alternative)).toEqual(['b']);
  });

  test('anything that is not a schema object is unknown and empty', () => {
    for (const value of [undefined, null, 'string', 3, [], true]) {
      const f = flat(value);
      expect(f.known).toBe(false);
      expect(f.properties.size + f.types.size + f.required.size).toBe(0);
    }
  });

  test('a schema object is flattened once: the same result for the same object', () => {
    const schema = { type: 'object', properties: { x: {} } };
    expect(flat(schema)).toBe(flat(schema));
    expect(flat({ ...schema })).not.toBe(flat(schema));
  });

  test('alternatives: the first alternative declaring a property wins, and allOf inside an alternative counts', () => {
    const schema = {
      oneOf: [
        { properties: { code: { type: 'string' } } },
        { properties: { code: { type: 'integer' } } },
        { allOf: [{ properties: { detail: { type: 'string' } } }] },
      ],
    };
    expect(flat(schema).properties.get('code')).toEqual({
      schema: { type: 'string' },
      path: ['oneOf', 0, 'properties', 'code'],
    });
    expect(flat(schema).properties.get('detail')?.path).toEqual(['oneOf', 2, 'allOf', 0, 'properties', 'detail']);
  });

  test('required keeps the names only: entries that are not strings (a YAML slip) are skipped', () => {
    expect([...flat({ type: 'object', required: ['id', 7, { name: 'x' }] }).required]).toEqual(['id']);
  });

  test('typesOf: the type, a 3.1 type list, or nothing; describeTypes says "no type" or joins them', () => {
    expect(typesOf(undefined)).toEqual([]);
    expect(typesOf('string')).toEqual([]);
    expect(typesOf({ type: ['string', 'null'] })).toEqual(['string', 'null']);
    expect(describeTypes({})).toBe('no type');
    expect(describeTypes({ type: ['string', 'null'] })).toBe('string | null');
  });

  test('isObjectSchema: says object, or declares properties without a type', () => {
    expect(isObjectSchema({ type: 'object' })).toBe(true);
    expect(isObjectSchema({ properties: { a: {} } })).toBe(true);
    expect(isObjectSchema({ allOf: [{ properties: { a: {} } }] })).toBe(true);
    expect(isObjectSchema({ type: 'string', properties: { a: {} } })).toBe(false);
    expect(isObjectSchema({})).toBe(false);
  });
});

describe('flat over a document resolved by Spectral', () => {
  const yaml = `
openapi: 3.1.0
info: { title: Pets, version: 1.0.0 }
paths: {}
components:
  schemas:
    Pet:
      allOf:
        - $ref: '#/components/schemas/Named'
        - type: object
          properties:
            owner: { $ref: '#/components/schemas/Person' }
          required: [owner]
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
    Named:
      allOf:
        - $ref: '#/components/schemas/Identified'
        - properties: { name: { type: string } }
          required: [name]
    Identified:
      type: object
      properties: { id: { type: string } }
      required: [id]
    Cat: { properties: { lives: { type: integer } } }
    Dog: { properties: { breed: { type: string } } }
    Person:
      type: object
      properties:
        name: { type: string }
        friends: { type: array, items: { $ref: '#/components/schemas/Person' } }
        pet: { $ref: '#/components/schemas/Pet' }
    External:
      allOf:
        - $ref: '#/components/schemas/Identified'
        - $ref: 'does-not-exist.yaml#/components/schemas/Thing'
`;

  test('nested $refs inside allOf are followed, alternatives add their properties', async () => {
    const { resolved } = await parse(yaml);
    const schemas = (resolved.components as { schemas: Record<string, unknown> }).schemas;
    const pet = flat(schemas.Pet);
    expect(pet.known).toBe(true);
    expect(names(schemas.Pet)).toEqual(['id', 'name', 'owner', 'lives', 'breed']);
    expect([...pet.required]).toEqual(['id', 'name', 'owner']);
    expect([...pet.types]).toEqual(['object']);
    expect(pet.properties.get('id')?.path).toEqual(['allOf', 0, 'allOf', 0, 'properties', 'id']);
    expect(pet.properties.get('breed')?.path).toEqual(['oneOf', 1, 'properties', 'breed']);
  });

  test('recursive schemas (Person -> friends -> Person, Person -> Pet -> Person): the closing $ref is unknown', async () => {
    const { resolved } = await parse(yaml);
    const schemas = (resolved.components as { schemas: Record<string, unknown> }).schemas;
    const person = flat(schemas.Person);
    expect(names(schemas.Person)).toEqual(['name', 'friends', 'pet']);
    // Spectral's resolver leaves a reference that closes a cycle as it is written: flattening reads it
    // as an unknown schema (rules stay silent there) instead of walking on.
    const friends = flat(person.properties.get('friends')?.schema);
    expect(friends.known).toBe(true);
    expect(friends.items?.schema).toEqual({ $ref: '#/components/schemas/Person' });
    expect(flat(friends.items?.schema).known).toBe(false);
    expect(flat(person.properties.get('pet')?.schema).known).toBe(false);
    expect(flat(flat(schemas.Pet).properties.get('owner')?.schema).known).toBe(false);
  });

  test('a reference the resolver could not follow makes the schema unknown', async () => {
    const { resolved, errors } = await parse(yaml);
    expect(errors.length).toBeGreaterThan(0);
    expect(flat((resolved.components as { schemas: Record<string, unknown> }).schemas.External).known).toBe(false);
  });
});
