/**
 * redocly/resolve.ts against Spectral's own resolver, on descriptions laid out as teams lay them out:
 * the resolved document the rules read must be the same under both engines, `$ref` for `$ref` (which
 * ones are replaced, which stay as written because they close a cycle or lead nowhere). Each case is
 * a way of writing `$ref`s that the fixtures do not have: aliases of aliases, mistakes that make a
 * cycle, a file that only re-exports another, a file naming itself, fragments `#` and `#/`, keys that
 * need escaping, many operations sharing one response.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { putFiles } from '../__helpers__/in-process';
import { parse } from 'yaml';
import { resolveAsSpectral } from '../../redocly/resolve';
import { loadFromDisk, spectralResolved } from '../__helpers__/resolved';
import { SPLIT } from '../__helpers__/split';
import { folder as folderHandler, serving } from '../__helpers__/http';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-redocly-resolve-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes a description's files (path → text) into a folder of its own; returns the root file. */
function written(name: string, files: Record<string, string>, rootFile = 'openapi.yaml'): string {
  const dir = join(folder, name);
  putFiles(dir, files);
  return join(dir, rootFile);
}

/** Both resolvers on one file: the same model, and the document as written left as it was. */
async function sameAsSpectral(file: string): Promise<unknown> {
  const text = readFileSync(file, 'utf8');
  const document = parse(text) as unknown;
  const ours = resolveAsSpectral(document, file, loadFromDisk);
  const theirs = await spectralResolved(file);
  expect(JSON.stringify(ours, null, 1)).toEqual(JSON.stringify(theirs, null, 1));
  expect(document).toEqual(parse(text));
  return ours;
}

const get = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], node);

const problemSchema = `type: object
      properties:
        type: {type: string, format: uri-reference}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        instance: {type: string}`;

/** A response component aliased by others, in chains, written before or after the paths using them. */
const aliases = (componentsFirst: boolean) => {
  const components = `components:
  responses:
    Conflict:
      $ref: '#/components/responses/BadRequest'
    UnprocessableEntity:
      $ref: '#/components/responses/Conflict'
    BadRequest:
      description: Bad Request
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/ValidationProblem'
    NotFound:
      $ref: '#/components/responses/GenericProblem'
    GenericProblem:
      description: Problem
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
  schemas:
    ValidationProblem:
      allOf:
        - $ref: '#/components/schemas/Problem'
        - type: object
          properties:
            errors:
              type: array
              items:
                $ref: '#/components/schemas/FieldError'
    FieldError:
      type: object
      properties:
        field: {$ref: '#/components/schemas/FieldName'}
        message: {type: string}
    FieldName:
      $ref: '#/components/schemas/Name'
    Name:
      type: string
      maxLength: 64
    Problem:
      ${problemSchema}
    PetId:
      $ref: '#/components/schemas/Uuid'
    Uuid:
      type: string
      format: uuid
`;
  const paths = `paths:
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        schema: {$ref: '#/components/schemas/PetId'}
    get:
      responses:
        '200':
          description: The pet.
        '404': {$ref: '#/components/responses/NotFound'}
    put:
      responses:
        '204':
          description: Saved.
        '400': {$ref: '#/components/responses/BadRequest'}
        '409': {$ref: '#/components/responses/Conflict'}
        '422': {$ref: '#/components/responses/UnprocessableEntity'}
        '404': {$ref: '#/components/responses/NotFound'}
`;
  const head = `openapi: 3.0.3
info: {title: Pets, version: 1.0.0}
`;
  return head + (componentsFirst ? components + paths : paths + components);
};

test('responses and schemas that alias others, in chains, components written after the paths or before', async () => {
  for (const [name, componentsFirst] of [
    ['aliases-after', false],
    ['aliases-before', true],
  ] as const) {
    const ours = await sameAsSpectral(written(name, { 'openapi.yaml': aliases(componentsFirst) }));
    // An alias of an alias of a response is the response itself, under both.
    const put = get(ours, 'paths', '/pets/{petId}', 'put', 'responses');
    expect(get(put, '422', 'description')).toBe('Bad Request');
    expect(get(put, '404', 'description')).toBe('Problem');
    expect(get(ours, 'paths', '/pets/{petId}', 'parameters', '0', 'schema')).toEqual({
      type: 'string',
      format: 'uuid',
    });
  }
});

test('a schema alias cycle written by mistake, and schemas that contain themselves', async () => {
  const file = written('mistaken-cycle', {
    'openapi.yaml': `openapi: 3.1.0
info: {title: Catalogue, version: 2.0.0}
paths:
  /products:
    get:
      responses:
        '200':
          description: The products.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/ProductList'}
        '400':
          description: Bad Request
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
components:
  schemas:
    Product:
      $ref: '#/components/schemas/Item'
    Item:
      $ref: '#/components/schemas/Product'
    ProductList:
      type: array
      items: {$ref: '#/components/schemas/Product'}
    Category:
      type: object
      properties:
        parent: {$ref: '#/components/schemas/Category'}
        children:
          type: array
          items: {$ref: '#/components/schemas/Category'}
        self: {$ref: '#/components/schemas/Category/properties'}
    Problem:
      ${problemSchema}
        cause: {$ref: '#/components/schemas/Problem'}
`,
  });
  await sameAsSpectral(file);
});

test('an order whose lines point back to it: the `$ref`s of the cycle stay, the others are replaced', async () => {
  const ours = await sameAsSpectral(
    written('back-reference', {
      'openapi.yaml': `openapi: 3.0.3
info: {title: Orders, version: 1.0.0}
paths:
  /orders/{orderId}:
    get:
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
  /order-lines/{lineId}:
    get:
      responses:
        '200':
          description: The order line.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/OrderLine'}
components:
  schemas:
    Order:
      type: object
      properties:
        customer: {$ref: '#/components/schemas/Customer'}
        lines:
          type: array
          items: {$ref: '#/components/schemas/OrderLine'}
    Customer:
      type: object
      properties:
        name: {type: string}
    OrderLine:
      type: object
      properties:
        order: {$ref: '#/components/schemas/Order'}
        sku: {type: string}
`,
    }),
  );
  const order = get(ours, 'components', 'schemas', 'Order', 'properties');
  expect(get(order, 'customer')).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
  // The order's lines and the line's order lead to each other: both stay as written.
  expect(get(order, 'lines', 'items')).toEqual({ $ref: '#/components/schemas/OrderLine' });
  expect(get(ours, 'components', 'schemas', 'OrderLine', 'properties', 'order')).toEqual({
    $ref: '#/components/schemas/Order',
  });
});

test('a description split by resource: path files, re-exporting files, refs back to the root, self-references by file name', async () => {
  const ours = await sameAsSpectral(written('split', SPLIT));
  // A file holding only a `$ref` to another is that other file's target.
  expect(get(ours, 'components', 'responses', 'NotFound', 'description')).toBe('Not Found');
  // A pointer that leads nowhere, and a file that cannot be read, leave the `$ref` as written.
  expect(get(ours, 'components', 'responses', 'Gone')).toEqual({ $ref: 'responses/common.yaml#/Gone' });
  expect(get(ours, 'components', 'responses', 'Teapot')).toEqual({ $ref: 'responses/teapot.yaml' });
});

test.each([
  'paths/secrets.yaml',
  'paths/secret.yaml',
  'responses/common.yaml',
  'responses/not-found.yaml',
  'schemas/owner.yaml',
])('the split description linted from its file %s', async name => {
  await sameAsSpectral(join(dirname(written('split-files', SPLIT)), name));
});

test('`$ref`s written as absolute paths, to another file and to the file itself, stay as written, as under Spectral', async () => {
  // Spectral joins a path to the referring file's folder, an absolute one too, and finds no such
  // file; Redocly follows them, but the rules must read what Spectral gives.
  const dir = join(folder, 'absolute');
  const ours = await sameAsSpectral(
    written('absolute', {
      'openapi.yaml': `openapi: 3.0.3
info: {title: Orders, version: '1'}
paths:
  /commerce/orders/v1/orders:
    get:
      responses:
        '400': {$ref: '${dir}/responses.yaml#/BadRequest'}
        '404': {$ref: '${dir}/openapi.yaml#/components/responses/NotFound'}
        '500': {$ref: '#/components/responses/NotFound'}
components:
  responses:
    NotFound:
      description: Not Found
`,
      'responses.yaml': `BadRequest:
  description: Bad Request
`,
    }),
  );
  const responses = ['paths', '/commerce/orders/v1/orders', 'get', 'responses'];
  expect(get(ours, ...responses, '400')).toEqual({ $ref: `${dir}/responses.yaml#/BadRequest` });
  expect(get(ours, ...responses, '404')).toEqual({ $ref: `${dir}/openapi.yaml#/components/responses/NotFound` });
  expect(get(ours, ...responses, '500', 'description')).toBe('Not Found');
});

test('a description read from a URL: `$ref`s to itself by its URL and by its name, to a file beside it, and local ones', async () => {
  const dir = dirname(
    written('served', {
      'openapi.yaml': '',
      'errors.yaml': `ServerError:
  description: Internal Server Error
`,
    }),
  );
  await serving(folderHandler(dir), async origin => {
    const file = `${origin}/openapi.yaml`;
    const text = `openapi: 3.0.3
info: {title: Orders, version: '1'}
paths:
  /commerce/orders/v1/orders:
    get:
      responses:
        '400': {$ref: '${origin}/openapi.yaml#/components/responses/BadRequest'}
        '404': {$ref: 'openapi.yaml#/components/responses/NotFound'}
        '409': {$ref: '#/components/responses/Conflict'}
        '500': {$ref: 'errors.yaml#/ServerError'}
      x-order: {$ref: '${origin}/openapi.yaml#/components/schemas/Order'}
components:
  schemas:
    Order:
      type: object
      properties:
        parent: {$ref: '#/components/schemas/Order'}
        lines: {type: array, items: {$ref: 'openapi.yaml#/components/schemas/Line'}}
    Line:
      type: object
      properties:
        price: {$ref: '${origin}/openapi.yaml#/components/schemas/Money'}
    Money:
      type: string
  responses:
    BadRequest:
      description: Bad Request
    NotFound:
      description: Not Found
    Conflict:
      $ref: '${origin}/openapi.yaml#/components/responses/BadRequest'
`;
    // What Redocly hands the adapter for a URL: the served file, read here from the folder served.
    const fromServed = (ref: string, from: string) => {
      const name = new URL(ref.split('#')[0], from).href;
      const served = join(dir, new URL(name).pathname);
      return name === file
        ? { file, data: parse(text) as unknown }
        : { file: name, data: loadFromDisk(served, '/')?.data };
    };
    const ours = resolveAsSpectral(parse(text), file, fromServed);
    expect(JSON.stringify(ours, null, 1)).toEqual(JSON.stringify(await spectralResolved(file, text), null, 1));
  });
});

test('a cycle through the file`s own name, in a description read from a URL, ends with the `$ref` that closes it', () => {
  // Spectral's own resolver runs out of memory on this one, so there is nothing to compare with.
  const file = 'https://api.example.com/commerce/orders/openapi.yaml';
  const order = { $ref: `${file}#/components/schemas/Order` };
  const line = { $ref: 'openapi.yaml#/components/schemas/Line' };
  const written = {
    paths: { '/commerce/orders/v1/orders': { get: { 'x-order': order } } },
    components: {
      schemas: {
        Order: { type: 'object', properties: { parent: order, lines: { type: 'array', items: line } } },
        Line: { type: 'object', properties: { order: { $ref: '#/components/schemas/Order' } } },
      },
    },
  };
  const ours = resolveAsSpectral(written, file, () => undefined);
  const resolvedOrder = get(ours, 'paths', '/commerce/orders/v1/orders', 'get', 'x-order');
  expect(get(resolvedOrder, 'type')).toBe('object');
  expect(get(resolvedOrder, 'properties', 'parent')).toEqual(order);
  expect(get(ours, 'components', 'schemas', 'Line', 'properties', 'order')).toEqual({
    $ref: '#/components/schemas/Order',
  });
});

test('the whole file named by its own name, with and without `#`: the description inside itself, once', async () => {
  const ours = await sameAsSpectral(
    written('whole-self', {
      'openapi.yaml': `openapi: 3.0.3
info: {title: Orders, version: '1'}
paths:
  /commerce/orders/v1/orders:
    get:
      x-description: {$ref: 'openapi.yaml'}
      x-again: {$ref: './openapi.yaml#'}
`,
    }),
  );
  const operation = ['paths', '/commerce/orders/v1/orders', 'get'];
  expect(get(ours, ...operation, 'x-description', 'openapi')).toBe('3.0.3');
  expect(get(ours, ...operation, 'x-description', ...operation, 'x-description')).toEqual({ $ref: 'openapi.yaml' });
});

test('a registry that uses one anchor more than a hundred times (yaml stops at 100 by default; Spectral reads on)', async () => {
  const statuses = Array.from({ length: 120 }, (_, i) => 400 + i);
  const registry = `Problem:
  type: object
  properties:
    type: {type: string, format: uri-reference}
    title: {type: string}
    status: {type: integer}
responses:
  Base:
    description: A problem
    content: &problem
      application/problem+json:
        schema: {$ref: '#/Problem'}
${statuses.map(status => `  Status${status}:\n    description: Problem ${status}\n    content: *problem\n`).join('')}`;
  const ours = await sameAsSpectral(
    written('many-aliases', {
      'openapi.yaml': `openapi: 3.0.3
info: {title: Orders, version: '1'}
paths:
  /commerce/orders/v1/orders:
    get:
      responses:
        '404': {$ref: 'problems.yaml#/responses/Status404'}
        '500': {$ref: 'problems.yaml#/responses/Status500'}
`,
      'problems.yaml': registry,
    }),
  );
  const responses = ['paths', '/commerce/orders/v1/orders', 'get', 'responses'];
  expect(get(ours, ...responses, '500', 'content', 'application/problem+json', 'schema', 'type')).toBe('object');
});

test.each([
  [
    'an alias cycle nothing leads into, and a schema using one of its members',
    `components:
  schemas:
    A: {$ref: '#/components/schemas/B'}
    B: {$ref: '#/components/schemas/A'}
    C: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}
`,
  ],
  [
    'a tree and its nodes, each leading to the other and to itself',
    `paths:
  /x: {get: {x-node: {$ref: '#/components/schemas/Node'}, x-tree: {$ref: '#/components/schemas/Tree'}}}
components:
  schemas:
    Tree: {type: object, properties: {children: {type: array, items: {$ref: '#/components/schemas/Node'}}}}
    Node: {type: object, properties: {tree: {$ref: '#/components/schemas/Tree'}, self: {$ref: '#/components/schemas/Node'}}}
`,
  ],
  [
    'a `$ref` into a property, whose schema leads back, and one to the container of them all',
    `paths:
  /x: {get: {x-a: {$ref: '#/components/schemas/A/properties/b'}}}
components:
  schemas:
    A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}, c: {$ref: '#/components'}}}
    B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}
`,
  ],
])('cycles: %s', async (name, text) => {
  await sameAsSpectral(written(`cycles-${name.length}`, { 'openapi.yaml': text }));
});

test('a schema of another file that leads on, `$ref` by `$ref`, four schemas deep within that file', async () => {
  const ours = await sameAsSpectral(
    written('deep-chain', {
      'openapi.yaml': `openapi: 3.0.3
info: {title: Orders, version: '1'}
paths:
  /commerce/orders/v1/orders:
    get:
      responses:
        '200':
          description: The orders.
          content:
            application/json:
              schema: {$ref: 'schemas.yaml#/Orders'}
`,
      'schemas.yaml': `Orders:
  type: object
  properties:
    items: {type: array, items: {$ref: '#/Order'}}
Order:
  type: object
  properties:
    lines: {type: array, items: {$ref: '#/Line'}}
Line:
  type: object
  properties:
    price: {$ref: '#/Money'}
Money:
  type: object
  properties:
    currency: {$ref: '#/Currency'}
Currency: {type: string, pattern: '^[A-Z]{3}$'}
`,
    }),
  );
  const schema = [
    'paths',
    '/commerce/orders/v1/orders',
    'get',
    'responses',
    '200',
    'content',
    'application/json',
    'schema',
  ];
  const money = [...schema, 'properties', 'items', 'items', 'properties', 'lines', 'items', 'properties', 'price'];
  expect(get(ours, ...money, 'properties', 'currency', 'pattern')).toBe('^[A-Z]{3}$');
});
