/**
 * The report's parts in process, on rows and folders written as a real run would have them: which
 * files a report covers (discover.ts), the Markdown summary (markdown.ts) and `report merge`
 * (summary.ts). The whole command, through the built CLI, is report.cli.test.ts's and
 * estate.cli.test.ts's.
 */
import { join } from 'node:path';
import { UserError } from '../../../cli/shared/errors';
import { discover, nearestRuleset, parseShard, shardOf } from '../../../cli/report/discover';
import { renderMarkdown } from '../../../cli/report/markdown';
import type { ApiResult, AreaResult } from '../../../cli/report/model';
import { AREA_IDS } from '../../../cli/report/score';
import { mergeReports, reportOf } from '../../../cli/report/summary';
import { putFiles, temporaryProjects } from '../../__helpers__/in-process';

const { project } = temporaryProjects('spectral-api-conventions-report-parts-');

const OPENAPI = 'openapi: 3.1.0\ninfo: {title: Orders, version: "1"}\npaths: {}\n';

describe('discover', () => {
  it('takes the descriptions of a folder, not the files they $ref, nor node_modules or hidden folders', () => {
    const dir = project();
    putFiles(dir, {
      'apis/orders/openapi.yaml': OPENAPI,
      'apis/orders/schemas.yaml': 'Order: {type: object}\n',
      'apis/users.json': '{"swagger": "2.0", "info": {"title": "Users", "version": "1"}, "paths": {}}',
      'apis/node_modules/pkg/openapi.yaml': OPENAPI,
      'apis/.hidden/openapi.yaml': OPENAPI,
      'apis/notes.txt': OPENAPI,
    });
    expect(discover(['apis'], dir)).toEqual([join(dir, 'apis/orders/openapi.yaml'), join(dir, 'apis/users.json')]);
  });

  it('keeps a file named on the command line whatever it holds, each file once, in path order', () => {
    const dir = project();
    putFiles(dir, { 'b.yaml': 'not: a description\n', 'a/openapi.yaml': OPENAPI });
    expect(discover(['b.yaml', 'a', './a/openapi.yaml'], dir)).toEqual([
      join(dir, 'a/openapi.yaml'),
      join(dir, 'b.yaml'),
    ]);
  });

  it('expands a glob; a path that does not exist or a glob that matches nothing is a UserError', () => {
    const dir = project();
    putFiles(dir, { 'services/a/openapi.yaml': OPENAPI, 'services/b/openapi.yaml': OPENAPI });
    expect(discover(['services/*/openapi.yaml'], dir)).toHaveLength(2);
    expect(() => discover(['nosuchdir/'], dir)).toThrow(new UserError('nosuchdir/ does not exist'));
    expect(() => discover(['services/*/api.json'], dir)).toThrow(new UserError('services/*/api.json matches no file'));
  });

  it('finds the nearest .spectral.* up from a description, and remembers each folder it asked', () => {
    const dir = project();
    putFiles(dir, { '.spectral.yaml': 'extends: []\n', 'team/.spectral.json': '{}', 'team/api/openapi.yaml': OPENAPI });
    const cache = new Map<string, string | undefined>();
    expect(nearestRuleset(join(dir, 'team/api/openapi.yaml'), cache)).toBe(join(dir, 'team/.spectral.json'));
    expect(cache.get(join(dir, 'team/api'))).toBe(join(dir, 'team/.spectral.json'));
    expect(nearestRuleset(join(dir, 'other/openapi.yaml'), cache)).toBe(join(dir, '.spectral.yaml'));
  });

  it('shards: every n-th from the i-th; a wrong --shard is a usage error', () => {
    expect(shardOf([1, 2, 3, 4, 5], parseShard('2/2'))).toEqual([2, 4]);
    expect(shardOf([1, 2, 3], undefined)).toEqual([1, 2, 3]);
    for (const wrong of ['0/2', '3/2', '1/0', 'a/b', '1'])
      expect(() => parseShard(wrong)).toThrow(`--shard takes i/n with 1 ≤ i ≤ n (--shard 2/4), not ${wrong}`);
  });
});

/** A linted row as lint-one.ts writes one: `failing` of its 4 operations fail every area. */
function row(file: string, failing: number, rules: Record<string, number>, extra: Partial<ApiResult> = {}): ApiResult {
  const area: AreaResult = {
    operations: 4,
    conforming: 4 - failing,
    share: (4 - failing) / 4,
    findings: 0,
    lost: (failing / 4) * 20,
  };
  const score = ((4 - failing) / 4) * 100;
  return {
    file,
    status: 'linted',
    title: `API ${file}`,
    operations: 4,
    score,
    level: failing === 0 ? 'should' : 'none',
    areas: Object.fromEntries(AREA_IDS.map(id => [id, area])) as ApiResult['areas'],
    rules,
    findings: [],
    exceptions: [],
    ...extra,
  };
}

describe('renderMarkdown', () => {
  it('gives the estate, the areas and the APIs worst first, with the points each lost', () => {
    const markdown = renderMarkdown(
      reportOf([
        row('good.yaml', 0, {}),
        row('bad.yaml', 2, { 'error-responses-required': 3 }),
        { file: 'broken.yaml', status: 'unparsable', reason: 'broken.yaml:1:1: Unexpected | token' },
      ]),
    );
    expect(markdown).toContain(
      '3 API descriptions, 2 linted (1 unparsable), 8 operations. Median score **75**, mean 75. ' +
        'Levels: 1 meets MUST and SHOULD, 0 meets MUST, 1 below MUST. 0 exceptions in force.',
    );
    const rows = markdown.split('\n').filter(line => line.startsWith('| `'));
    expect(rows.map(line => line.split(' | ')[0])).toEqual([
      '| `bad.yaml` API bad.yaml',
      '| `good.yaml` API good.yaml',
    ]);
    expect(rows[0]).toContain('| 50 | below MUST | 4 | 3 | −10 | −10 | −10 | −10 | −10 |');
    // A pipe in a reason would end its cell.
    expect(markdown).toContain('- `broken.yaml` (unparsable): broken.yaml:1:1: Unexpected \\| token');
  });

  it('shows 50 APIs and says how many more there are', () => {
    const apis = Array.from({ length: 53 }, (_, i) => row(`api-${String(i).padStart(2, '0')}.yaml`, 1, {}));
    const markdown = renderMarkdown(reportOf(apis));
    expect(markdown.split('\n').filter(line => line.startsWith('| `'))).toHaveLength(50);
    expect(markdown).toContain('… and 3 more (see the JSON or HTML report).');
  });

  it('counts exceptions in force, as the summary does, and says an API without operations is not scored', () => {
    const registry: ApiResult = { ...row('registry.yaml', 0, {}), operations: 0, score: undefined, level: undefined };
    const withExceptions = row(
      'a.yaml',
      0,
      {},
      {
        exceptions: [
          { rule: 'list-sort-parameter', at: '', reason: 'PLAT-42', valid: true },
          { rule: 'path-version-segment', at: '', valid: false },
        ],
      },
    );
    const markdown = renderMarkdown(reportOf([registry, withExceptions]));
    expect(markdown).toContain('1 not scored (no operations). 1 exception in force.');
    expect(markdown).toContain('| `registry.yaml` API registry.yaml | – | not scored (no operations) | 0 | 0 |');
  });
});

describe('mergeReports', () => {
  const a = reportOf([row('a.yaml', 1, { 'error-responses-required': 1 })], {
    generatedAt: '2026-12-01T10:00:00.000Z',
  });
  const b = reportOf([row('b.yaml', 3, { 'list-sort-parameter': 2 })], { generatedAt: '2026-12-02T10:00:00.000Z' });

  it('joins the rows and scores the estate anew, as one run over both would; the newest date', () => {
    const merged = mergeReports([
      { name: 'b.json', report: b },
      { name: 'a.json', report: a },
    ]);
    const once = reportOf([...a.apis, ...b.apis], { generatedAt: merged.generatedAt });
    expect(merged).toEqual(once);
    expect(merged.generatedAt).toBe('2026-12-02T10:00:00.000Z');
    expect(merged.summary).toMatchObject({
      apis: 2,
      medianScore: 50,
      rules: { 'error-responses-required': 1, 'list-sort-parameter': 2 },
    });
  });

  it('refuses a description in two parts, and a report of another schema version', () => {
    expect(() =>
      mergeReports([
        { name: 'one.json', report: a },
        { name: 'two.json', report: a },
      ]),
    ).toThrow(new UserError('a.yaml is in both one.json and two.json: merge joins reports of different descriptions'));
    const old = { ...a, schemaVersion: 1 } as unknown as typeof a;
    expect(() => mergeReports([{ name: 'old.json', report: old }])).toThrow(
      new UserError('old.json is a report of schema version 1; this version reads 2'),
    );
  });
});
