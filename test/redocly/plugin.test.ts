/**
 * What `redocly lint` reports with the plugin (bundled from the sources), against `spectral lint`, on
 * descriptions written the ways the adapter's own code has to handle (redocly/index.ts,
 * redocly/parser.ts): the `strict` preset on its own, other files with a key written twice or with
 * YAML aliases, a description written in YAML's flow style, values written on the line after their
 * key (all in one `redocly lint` run, for speed), and `$ref`s Spectral does not follow.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { putFiles } from '../__helpers__/in-process';
import { servingFolderApart } from '../__helpers__/http';
import { bothEngines } from '../__helpers__/engines';
import { pluginFromSources, RedoclyFinding } from '../__helpers__/redocly';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-redocly-plugin-'));
  pluginFromSources();
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const problem = `type: object
        properties:
          type: {type: string, format: uri-reference}
          title: {type: string}
          status: {type: integer}
          detail: {type: string}
          instance: {type: string}`;

/** A description whose 400 and 404 come from another file, `from` (relative or a URL). */
const usingShared = (title: string, from: string) => `openapi: 3.0.3
info:
  title: ${title}
  version: 1.0.0
servers:
  - url: https://api.example.com/commerce/orders/v1
paths:
  /commerce/orders/v1/orders:
    get:
      operationId: listOrders
      responses:
        '200':
          description: The orders.
        '400': {$ref: '${from}#/components/responses/BadRequest'}
        '404': {$ref: '${from}#/components/responses/NotFound'}
        '500': {$ref: '${from}#/components/responses/ServerError'}
`;

/**
 * The shared responses, with the slips of hand-written YAML: a key written twice, and anchors with
 * their aliases (of scalars here; of a mapping in the last test).
 */
const SHARED = `components:
  responses:
    BadRequest:
      description: &badRequest Bad Request
      description: Bad Request
      content:
        application/problem+json:
          schema:
            ${problem.replace(/\n {8}/g, '\n            ')}
          example: {type: about:blank, title: bad request, status: 400, detail: &invalid The filter is invalid., instance: GET /orders}
    NotFound:
      description: Not Found
      content:
        application/problem+json:
          schema:
            ${problem.replace(/\n {8}/g, '\n            ')}
          example: {type: about:blank, title: *badRequest, status: '404', detail: *invalid, instance: GET /orders/42}
    ServerError:
      description: &serverError Internal Server Error
      content:
        application/problem+json:
          schema:
            ${problem.replace(/\n {8}/g, '\n            ')}
          example: {type: about:blank, title: *serverError, status: 500, detail: *invalid, instance: GET /orders}
        application/json:
          schema:
            ${problem.replace(/\n {8}/g, '\n            ')}
`;

/** A plain description with one extension, `extension` (its text at the operation's indentation), that misses its 400. */
const oddKeyIn = (extension: string) => `openapi: 3.0.3
info:
  title: Shipments
  version: 1.0.0
servers:
  - url: https://api.example.com/logistics/shipments/v1
paths:
  /logistics/shipments/v1/shipments:
    get:
      operationId: listShipments
      ${extension}
      responses:
        '200':
          description: The shipments.
`;

const DOCUMENTS: Record<string, string> = {
  // Spectral's parser error on the hexadecimal key stops our rules under both engines.
  'flow-style.yaml': `{openapi: 3.0.3, info: {title: Orders, version: 1.0.0}, servers: [{url: 'https://api.example.com/commerce/orders/v1'}], paths: {/commerce/orders/v1/orders: {get: {operationId: listOrders, responses: {'200': {description: The orders.}, 0x190: {description: Bad Request}}}}}}
`,
  // A status code written as a number is read as the string it spells: judged under both.
  'flow-style-status.yaml': `{openapi: 3.0.3, info: {title: Orders, version: 1.0.0}, servers: [{url: 'https://api.example.com/commerce/orders/v1'}], paths: {/commerce/orders/v1/orders: {get: {operationId: listOrders, responses: {'200': {description: The orders.}, 400: {description: Bad Request}}}}}}
`,
  // Keys the cheap pre-filter of redocly/parser.ts must not let slip: a list item's dash followed by
  // several spaces, a flow mapping minified (no space after its comma), `.inf` without a sign.
  'dash-spaces.yaml': oddKeyIn('x-retry:\n        -   0x10: wait'),
  'minified.yaml': oddKeyIn("x-limits: {'second': 10,0x3c: 600}"),
  'unsigned-infinity.yaml': oddKeyIn('x-limits:\n        .inf: unlimited'),
  'shared.yaml': SHARED,
  'orders.yaml': usingShared('Orders', 'shared.yaml'),
  // Values on the line after their key (folded and plain scalars, a `$ref` whose value is on the next line).
  'next-line.yaml': `openapi: 3.1.0
info:
  title: Refunds
  version: 1.0.0
servers:
  - url: https://api.example.com/finance/refunds/v1
paths:
  /finance/refunds/v1/refunds/{refundId}:
    get:
      operationId: getRefund
      parameters:
        - name: refundId
          in: path
          required: true
          schema: {type: string}
      responses:
        '200':
          description: The refund.
        '404':
          description: Not Found
          content:
            application/problem+json:
              schema:
                $ref:
                  '#/components/schemas/Problem'
              example:
                type:
                  about:blank
                title: >-
                  Refund not found
                status:
                  404
                detail: No refund 7.
                instance: GET /refunds/7
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example:
                title:
                  internal error
                status: 500
components:
  schemas:
    Problem:
      ${problem.replace(/\n {8}/g, '\n      ')}
`,
};

const at = (findings: RedoclyFinding[], name: string) =>
  findings
    .filter(f => f.file === join(folder, name))
    .map(f => `${f.severity} ${f.rule} ${f.pointer} ${f.line}`)
    .sort();

test('the strict preset alone; other files with keys written twice and aliases; flow style; values on the next line', async () => {
  putFiles(folder, DOCUMENTS);
  {
    const names = Object.keys(DOCUMENTS).filter(name => name !== 'shared.yaml');
    // The same findings under both engines: rule, file, pointer, message, line, severity and page.
    const findings = await bothEngines(
      names.map(name => join(folder, name)),
      { strict: true },
      folder,
      folder,
    );
    // A key YAML reads as a number other than a status stops the rules; `400:` does not.
    // A finding on a scalar is on the line of its value, even when that is the line after its key.
    expect(at(findings, 'next-line.yaml')).toEqual(
      expect.arrayContaining([
        'warn problem-example-title #/paths/~1finance~1refunds~1v1~1refunds~1{refundId}/get/responses/404/content/application~1problem+json/example/title 29',
        'warn problem-example-title #/paths/~1finance~1refunds~1v1~1refunds~1{refundId}/get/responses/500/content/application~1problem+json/example/title 42',
        'warn problem-example-type #/paths/~1finance~1refunds~1v1~1refunds~1{refundId}/get/responses/404/content/application~1problem+json/example/type 28',
      ]),
    );
    for (const name of ['flow-style.yaml', 'dash-spaces.yaml', 'minified.yaml', 'unsigned-infinity.yaml'])
      expect([name, at(findings, name)]).toEqual([name, []]);
    expect(at(findings, 'flow-style-status.yaml')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^error error-responses-required #\/paths\/.*\/get\/responses /)]),
    );
    // The shared file is read whole, its slips included:
    // the MUSTs are errors under `strict`, the SHOULDs warnings.
    const shared = [
      'error error-response-problem-media-type #/paths/~1commerce~1orders~1v1~1orders/get/responses/500/$ref 16',
      'error problem-details-schema #/paths/~1commerce~1orders~1v1~1orders/get/responses/400/$ref 14',
      'error problem-details-schema #/paths/~1commerce~1orders~1v1~1orders/get/responses/404/$ref 15',
      'error problem-details-schema #/paths/~1commerce~1orders~1v1~1orders/get/responses/500/$ref 16',
      'error problem-example-members #/paths/~1commerce~1orders~1v1~1orders/get/responses/404/$ref 15',
      'warn problem-example-title #/paths/~1commerce~1orders~1v1~1orders/get/responses/400/$ref 14',
      'warn problem-example-type #/paths/~1commerce~1orders~1v1~1orders/get/responses/400/$ref 14',
      'warn problem-example-type #/paths/~1commerce~1orders~1v1~1orders/get/responses/500/$ref 16',
    ];
    expect(at(findings, 'orders.yaml')).toEqual(shared);
  }
});

test('a mapping aliased in another file, `$ref`s to a URL, to a half-written file, to the file itself by name, and one written as an absolute path', async () => {
  const dir = join(folder, 'alias-url-absolute');
  putFiles(dir, {
    'shared.yaml': `components:
  responses:
    BadRequest:
      description: Bad Request
      content:
        application/problem+json:
          schema: &problem
            type: object
            properties:
              title: {type: string}
              detail: {type: string, default: null}
    NotFound:
      description: Not Found
      content:
        application/problem+json:
          schema: *problem
`,
    'errors.yaml': `ServerError:
  description: Internal Server Error
  content:
    application/problem+json:
      schema:
        type: object
        properties:
          title: {type: string}
          instance: {type: string, default: null}
`,
    // Saved half-written: Spectral's parser reads on past the missing brace, and so must the plugin.
    'drafts/2026-11-27T10:00-bad-request.json': `{"description": "Bad Request", "content": {"application/problem+json": {"schema": {"type": "object"}}}`,
    'schemas.yaml': `Problem:
  type: object
  properties:
    title: {type: string}
`,
  });
  const findings = await servingFolderApart(dir, origin => {
    writeFileSync(
      join(dir, 'openapi.yaml'),
      `openapi: 3.0.3
info: {title: Orders, version: '1'}
paths:
  /commerce/orders/v1/orders:
    get:
      responses:
        '200': {description: The orders.}
        '400': {$ref: 'shared.yaml#/components/responses/BadRequest'}
        '404': {$ref: 'shared.yaml#/components/responses/NotFound'}
        '500': {$ref: '${origin}/errors.yaml#/ServerError'}
  /commerce/orders/v1/orders/{orderId}:
    get:
      parameters:
        - {name: orderId, in: path, required: true, schema: {type: string}}
      responses:
        '200': {description: The order.}
        '400': {$ref: 'drafts/2026-11-27T10:00-bad-request.json'}
        '404': {$ref: 'openapi.yaml#/components/responses/OrderNotFound'}
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              schema: {$ref: '${dir}/schemas.yaml#/Problem'}
components:
  responses:
    OrderNotFound:
      description: Not Found
      content:
        application/problem+json:
          schema:
            type: object
            properties:
              status: {type: integer}
`,
    );
    // Run from another folder: a file name is never read relative to where the command runs.
    return bothEngines([join(dir, 'openapi.yaml')], {}, folder, dir);
  });
  const where = (rule: string) =>
    findings
      .filter(f => f.rule === rule)
      .map(
        f =>
          `${f.pointer.replace(/^#\/paths\/~1commerce~1orders~1v1~1orders/, '')} ${/^In (\S+): /.exec(f.message)?.[1] ?? ''}`,
      )
      .map(f => f.replace(/http:\/\/127\.0\.0\.1:\d+/, '<origin>'));
  const schema = 'content/application~1problem+json/schema';
  // The same findings under both engines (bothEngines), and these among them: the aliased schema is a
  // defect at each use; the served file's is judged, and the half-written one's; a node of the linted
  // file reached by its own name is named in it, at its own pointer (docs/design.md, Other documents);
  // the schema behind the absolute path is not judged (Spectral finds no such file).
  expect(where('problem-details-schema')).toEqual([
    `#/components/responses/OrderNotFound/${schema} `,
    `#/components/responses/OrderNotFound/${schema}/properties `,
    `/get/responses/400/$ref shared.yaml#/components/responses/BadRequest/${schema}/properties`,
    `/get/responses/404/$ref shared.yaml#/components/responses/NotFound/${schema}/properties`,
    `/get/responses/500/$ref <origin>/errors.yaml#/ServerError/${schema}/properties`,
    `~1{orderId}/get/responses/400/$ref drafts/2026-11-27T10:00-bad-request.json#/${schema}`,
  ]);
});
