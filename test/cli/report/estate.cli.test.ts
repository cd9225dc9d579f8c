/**
 * The estate report's numbers where the defect is (docs/report.md, "The score"), through the real CLI:
 * an estate of a multi-file API (path items in files of their own, one error response file used by
 * every operation, without an example), an API whose own ruleset switches a rule off, and a registry
 * without operations. Every figure of the JSON is recomputed from the JSON itself, as docs/report.md
 * says how.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ensureBuilt } from '../../__helpers__/built';
import type { ApiResult, Report } from '../../../cli/report/model';
import { RULES, RuleId } from '../../../manifest';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'dist/cli.js');
let dir: string;
beforeAll(() => ensureBuilt());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const problem = (status: number, title: string, section: string) =>
  `{ status: ${status}, title: ${title}, detail: Something went wrong., type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-${section}', instance: GET /items }`;

/** A response file as real multi-file layouts keep one: a problem body, here without an example. */
const ERROR_FILE = `description: An error
content:
  application/problem+json:
    schema:
      type: object
      required: [status, title, detail, type, instance]
      properties:
        status: { type: integer }
        title: { type: string }
        detail: { type: string }
        type: { type: string }
        instance: { type: string }
`;

const pathItem = (method: string) => `${method}:
  responses:
    '204': { description: Done }
    '400': { $ref: '../responses/Error.yaml' }
    '404': { $ref: '../responses/Error.yaml' }
    '500': { $ref: '../responses/Error.yaml' }
`;

const ESTATE: Record<string, string> = {
  'cafe/openapi.yaml': `openapi: 3.1.0
info: { title: Cafe, version: '1' }
servers: [{ url: 'https://api.example.com/food/cafe/v1' }]
paths:
  /tables/{tableId}:
    $ref: paths/table.yaml
  /kitchen/{orderId}:
    $ref: paths/kitchen.yaml
`,
  'cafe/paths/table.yaml': `parameters:
  - { name: tableId, in: path, required: true, schema: { type: string } }
${pathItem('delete')}${pathItem('put').replace('put:', 'put:\n  requestBody: { content: { application/json: { schema: { type: object } } } }')}`,
  'cafe/paths/kitchen.yaml': `parameters:
  - { name: orderId, in: path, required: true, schema: { type: string } }
${pathItem('delete')}`,
  'cafe/responses/Error.yaml': ERROR_FILE,
  // A single-file API whose own ruleset switches path-version-segment off: its path lacks the version.
  'bar/openapi.yaml': `openapi: 3.1.0
info: { title: Bar, version: '1' }
paths:
  /drinks/{drinkId}:
    delete:
      parameters: [{ name: drinkId, in: path, required: true, schema: { type: string } }]
      responses:
        '204': { description: Done }
        '400': { description: Bad Request, content: { application/problem+json: { example: ${problem(400, 'Bad Request', '15.5.1')} } } }
        '404': { description: Not Found, content: { application/problem+json: { example: ${problem(404, 'Not Found', '15.5.5')} } } }
        '500': { description: Internal Server Error, content: { application/problem+json: { example: ${problem(500, 'Internal Server Error', '15.6.1')} } } }
`,
  'bar/.spectral.yaml': `extends: ["${join(ROOT, 'dist/ruleset.js')}"]\nrules:\n  path-version-segment: off\n`,
  // A registry: components only, no operations.
  'registry/openapi.yaml': `openapi: 3.1.0
info: { title: Registry, version: '1' }
paths: {}
components:
  responses:
    NotFound: { description: Not Found }
`,
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : round1((sorted[middle - 1] + sorted[middle]) / 2);
};

let made: Report;
const row = (file: string): ApiResult => made.apis.find(api => api.file === file)!;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-estate-'));
  for (const [file, text] of Object.entries(ESTATE)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const run = spawnSync(process.execPath, [CLI, 'report', '-f', 'json', '.'], { cwd: dir, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  made = JSON.parse(run.stdout) as Report;
});

test('a response file every operation uses, without an example: no operation conforms in its area', () => {
  const cafe = row('cafe/openapi.yaml');
  expect(cafe.operations).toBe(3);
  // Spectral places the one finding at the first $ref to the file; it concerns all three operations.
  expect(cafe.rules!['error-response-examples']).toBe(1);
  expect(cafe.areas!['error-responses']).toMatchObject({ operations: 3, conforming: 0, share: 0 });
  expect(cafe.areas!.versioning).toMatchObject({ conforming: 3, findings: 0 });
});

test('a rule the API switches off is a deviation, and its findings still count', () => {
  const bar = row('bar/openapi.yaml');
  expect(bar.ruleset).toBe('bar/.spectral.yaml');
  expect(bar.deviations).toEqual([{ rule: 'path-version-segment', as: 'off' }]);
  expect(bar.rules!['path-version-segment']).toBe(1);
  expect(bar.areas!.versioning).toMatchObject({ operations: 1, conforming: 0 });
});

test('an API without operations is not scored, and is left out of the estate figures', () => {
  const registry = row('registry/openapi.yaml');
  expect(registry).toMatchObject({ status: 'linted', operations: 0 });
  expect(registry).not.toHaveProperty('score');
  expect(registry).not.toHaveProperty('level');
  expect(made.summary.notScored).toBe(1);
});

test('every figure is recomputed from the JSON', () => {
  const scored = made.apis.filter(api => api.status === 'linted' && api.score !== undefined);
  for (const api of scored) {
    const areas = made.conventions.areas.map(area => api.areas![area.id]);
    for (const area of areas) {
      expect(area.operations).toBe(api.operations);
      expect(area.share).toBe(Math.round((area.conforming / area.operations) * 10000) / 10000);
      expect(area.lost).toBe(round1((1 - area.conforming / area.operations) * (100 / areas.length)));
    }
    expect(api.score).toBe(
      round1((areas.reduce((sum, a) => sum + a.conforming / a.operations, 0) / areas.length) * 100),
    );
    // The area's findings are its rules' findings.
    for (const area of made.conventions.areas)
      expect(api.areas![area.id].findings).toBe(area.rules.reduce((sum, rule) => sum + (api.rules![rule] ?? 0), 0));
    const must = Object.keys(api.rules!).some(
      rule => made.conventions.rules[rule].must && made.conventions.rules[rule].area !== null,
    );
    const any = Object.keys(api.rules!).some(rule => made.conventions.rules[rule].area !== null);
    expect(api.level).toBe(must ? 'none' : any ? 'must' : 'should');
    expect(Object.values(api.rules!).reduce((a, b) => a + b, 0)).toBe(api.findings!.length);
  }
  const { summary } = made;
  const linted = made.apis.filter(api => api.status === 'linted');
  expect(summary.apis).toBe(made.apis.length);
  expect(summary.linted).toBe(linted.length);
  expect(summary.levels.none + summary.levels.must + summary.levels.should).toBe(summary.linted - summary.notScored);
  expect(summary.levels.should).toBe(scored.filter(api => api.level === 'should').length);
  expect(summary.medianScore).toBe(median(scored.map(api => api.score!)));
  expect(summary.meanScore).toBe(round1(scored.reduce((sum, api) => sum + api.score!, 0) / scored.length));
  expect(summary.operations).toBe(linted.reduce((sum, api) => sum + (api.operations ?? 0), 0));
  for (const area of made.conventions.areas) {
    const conforming = scored.reduce((sum, api) => sum + api.areas![area.id].conforming, 0);
    const operations = scored.reduce((sum, api) => sum + api.areas![area.id].operations, 0);
    const findings = linted.reduce((sum, api) => sum + api.areas![area.id].findings, 0);
    expect(summary.areas[area.id]).toMatchObject({ conforming, operations, findings });
    expect(summary.areas[area.id].share).toBe(Math.round((conforming / operations) * 10000) / 10000);
  }
  for (const rule of Object.keys(RULES) as RuleId[])
    expect(summary.rules[rule] ?? 0).toBe(linted.reduce((sum, api) => sum + (api.rules?.[rule] ?? 0), 0));
});
