/**
 * The report's score (cli/report/score.ts, docs/report.md "The score"): which operations a finding
 * counts against, the share per area, the score and the level, on documents resolved by Spectral's
 * own resolver (shared `$ref` targets are one object, as the report sees them).
 */
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { Dict } from '../../../functions/lib/json';
import { scoreApi } from '../../../cli/report/score';

async function resolved(yaml: string): Promise<Dict> {
  const spectral = new Spectral();
  spectral.setRuleset({ rules: {} });
  const { resolved } = await spectral.runWithResolved(new Document(yaml, Parsers.Yaml, '/api.yaml'));
  return resolved as Dict;
}

const API = `
openapi: 3.1.0
info: { title: Orders, version: '1' }
servers: [{ url: https://api.example.com/orders/v1 }]
paths:
  /orders:
    get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } }
    post: { responses: { '201': { description: Created } } }
  /orders/{id}:
    parameters: [{ $ref: '#/components/parameters/Id' }]
    get: { responses: { '200': { description: OK } } }
    delete: { responses: { '204': { description: Gone } } }
components:
  parameters:
    Id: { name: id, in: path, required: true, schema: { $ref: '#/components/schemas/Id' } }
  schemas:
    Id: { type: string }
    Unused: { type: object }
  responses:
    NotFound: { description: Not Found, content: { application/json: { schema: { $ref: '#/components/schemas/Id' } } } }
`;

test('a finding at an operation counts against it alone; the area loses its share of the fifth', async () => {
  const scored = scoreApi(await resolved(API), [
    { rule: 'error-responses-required', path: ['paths', '/orders', 'post', 'responses'] },
  ]);
  expect(scored.operations).toBe(4);
  expect(scored.areas['error-responses']).toEqual({ operations: 4, conforming: 3, share: 0.75, findings: 1, lost: 5 });
  expect(scored.score).toBe(95);
  expect(scored.level).toBe('none');
  expect(scored.rules).toEqual({ 'error-responses-required': 1 });
});

test('a finding at a path item counts against each of its operations; at a component, against the operations that use it, through $refs at any depth', async () => {
  const root = await resolved(API);
  expect(
    scoreApi(root, [{ rule: 'path-version-segment', path: ['paths', '/orders/{id}'] }]).areas.versioning.conforming,
  ).toBe(2);
  // components/schemas/Id is used by /orders get (through NotFound) and by both operations of /orders/{id} (through the Id parameter).
  const schema = scoreApi(root, [{ rule: 'problem-details-schema', path: ['components', 'schemas', 'Id', 'type'] }]);
  expect(schema.areas['problem-details'].conforming).toBe(1);
  const response = scoreApi(root, [
    {
      rule: 'error-response-problem-media-type',
      path: ['components', 'responses', 'NotFound', 'content', 'application/json'],
    },
  ]);
  expect(response.areas['problem-details'].conforming).toBe(3);
});

test('a finding in a component no operation uses counts against none, but still against the level', async () => {
  const scored = scoreApi(await resolved(API), [
    { rule: 'problem-details-schema', path: ['components', 'schemas', 'Unused'] },
  ]);
  expect(scored.areas['problem-details']).toMatchObject({ conforming: 4, share: 1, findings: 1 });
  expect([scored.score, scored.level]).toEqual([100, 'none']);
});

test('a finding at a document-wide place (a server URL) counts against every operation', async () => {
  const scored = scoreApi(await resolved(API), [{ rule: 'path-version-segment', path: ['servers', '0', 'url'] }]);
  expect(scored.areas.versioning).toMatchObject({ conforming: 0, share: 0, lost: 20 });
  expect([scored.score, scored.level]).toEqual([80, 'must']);
});

test('the level: SHOULD findings alone leave MUST met; no finding, MUST and SHOULD met; other rules are counted, not scored', async () => {
  const root = await resolved(API);
  expect(scoreApi(root, [{ rule: 'list-sort-parameter', path: ['paths', '/orders', 'get'] }]).level).toBe('must');
  const clean = scoreApi(root, [{ rule: 'oas3-api-servers', path: ['servers'] }]);
  expect(clean).toMatchObject({ score: 100, level: 'should', otherFindings: 1, rules: {} });
});

test('an API without operations: a share of 1 in an area without findings, 0 in one with', async () => {
  const registry = await resolved(`
openapi: 3.1.0
info: { title: Registry, version: '1' }
paths: {}
components: { responses: { NotFound: { description: Not Found } } }
`);
  const scored = scoreApi(registry, [{ rule: 'problem-registry-shape', path: ['components', 'responses'] }]);
  expect(scored.operations).toBe(0);
  expect(scored.areas.registry.share).toBe(0);
  expect(scored.areas.lists.share).toBe(1);
  expect(scored.score).toBe(80);
});
