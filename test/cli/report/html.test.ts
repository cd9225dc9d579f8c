/**
 * The report page's HTML shell (cli/report/html.ts) and its model (cli/report/view.ts) in Node: what
 * it embeds and how. What the page draws from it, in a real browser, is scripts/report-page.mjs's
 * (npm run test:report-page), on a page made by a real run of `report`. The report here is written by
 * hand, with the strings a hostile description could put in it.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS, AreaId } from '../../../manifest';
import { PAGE_SCRIPTS, contentSecurityPolicy, embeddedJson, renderHtml } from '../../../cli/report/html';
import { ApiDetails, PageModel, REPORT_SCHEMA_VERSION, Report } from '../../../cli/report/model';
import { pageModel, sharedFolder } from '../../../cli/report/view';

const ROOT = join(__dirname, '../../..');
const HOSTILE_TITLE = '<img src=x onerror=alert(1)></script><script>alert(2)</script><!--';
const PAGE =
  'https://github.com/spectral-api-conventions/spectral-api-conventions/blob/main/docs/rules/problem-example-title.md';

const areaResults = (share: number) =>
  Object.fromEntries(
    (Object.keys(AREAS) as AreaId[]).map(id => [
      id,
      { operations: 4, conforming: share * 4, share, findings: 0, lost: 0 },
    ]),
  ) as Record<AreaId, { operations: number; conforming: number; share: number; findings: number; lost: number }>;

const report: Report = {
  $schema: 'https://example.com/report.schema.json',
  schemaVersion: REPORT_SCHEMA_VERSION,
  tool: { name: 'spectral-api-conventions', version: '0.1.0' },
  generatedAt: '2026-01-02T03:04:05.000Z',
  conventions: {
    areas: (Object.keys(AREAS) as AreaId[]).map(id => ({ id, ...AREAS[id], rules: [] })),
    rules: { 'problem-example-title': { area: 'problem-details', must: true, page: PAGE } },
  },
  summary: {
    apis: 2,
    linted: 1,
    failed: { unparsable: 1 },
    operations: 4,
    medianScore: 75,
    meanScore: 75,
    levels: { none: 1, must: 0, should: 0 },
    notScored: 0,
    areas: areaResults(0.75),
    rules: { 'problem-example-title': 1 },
    exceptions: 0,
  },
  apis: [
    {
      file: 'apis/<b>bold</b>.yaml',
      status: 'linted',
      title: HOSTILE_TITLE,
      operations: 4,
      score: 75,
      level: 'none',
      areas: areaResults(0.75),
      rules: { 'problem-example-title': 1 },
      findings: [
        {
          rule: 'problem-example-title',
          severity: 'error',
          message: 'title "</script>" is not "Not Found" \u2028',
          path: 'paths./x.get',
          line: 3,
        },
      ],
      exceptions: [
        { rule: 'list-sort-parameter', at: '/paths/~1x/get', reason: 'Sorted by the search service', valid: true },
        { rule: 'path-version-segment', at: '', valid: false },
      ],
      otherFindings: 2,
    },
    { file: 'apis/broken.yaml', status: 'unparsable', reason: 'a <b>YAML</b> error' },
  ],
};

describe('renderHtml', () => {
  const html = renderHtml(report);
  const dataText = /<script type="application\/json" id="page-data">([^]*?)<\/script>/.exec(html)?.[1];

  it("embeds the page's model as JSON that parses back to it, with every < escaped", () => {
    expect(dataText).toBeDefined();
    expect(dataText).not.toContain('<');
    expect(JSON.parse(dataText ?? '')).toEqual(pageModel(report));
    expect(embeddedJson(pageModel(report))).toBe(dataText);
  });

  it("packs each linted API's findings, exceptions and other findings, to unpack when opened", () => {
    const model = JSON.parse(dataText ?? '') as PageModel;
    const details = JSON.parse(gunzipSync(Buffer.from(model.apis[0].details, 'base64')).toString('utf8')) as ApiDetails;
    expect(details).toEqual({
      findings: report.apis[0].findings,
      exceptions: report.apis[0].exceptions,
      otherFindings: 2,
      deviations: [],
    });
    expect(model.apis[1].details).toBe('');
  });

  it('writes no string of the report into the markup', () => {
    // d3, Plot, the page's two scripts and the data: five script elements; the hostile strings nowhere outside the data.
    expect(html.match(/<script\b/g)).toHaveLength(5);
    expect(html.match(/<\/script>/g)).toHaveLength(5);
    // The markup around the data and the four inline scripts (d3's and Plot's text has `onerror` of its own).
    const markup = html.replace(dataText ?? '', '').replace(/<script>[^]*?<\/script>/g, '<script></script>');
    for (const text of [HOSTILE_TITLE, '<b>bold</b>', 'a <b>YAML</b>', 'onerror', '<img'])
      expect(markup).not.toContain(text);
    expect(markup).toContain('<script type="application/json" id="page-data"></script>');
  });

  it('forbids any network and runs only its own scripts, by their hashes', () => {
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
    expect(policy).toMatch(/^default-src 'none'; /);
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain('img-src data:');
    expect(policy).not.toMatch(/https?:|'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    const scripts = [...html.matchAll(/<script>([^]*?)<\/script>/g)].map(match => match[1]);
    expect(scripts).toHaveLength(4);
    const hashes = scripts.map(text => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    expect(policy).toContain(`script-src ${hashes.join(' ')};`);
    expect(contentSecurityPolicy(scripts)).toBe(policy);
  });

  it('inlines d3, Observable Plot and the page scripts as they are installed, and links nothing', () => {
    const scripts = [...html.matchAll(/<script>([^]*?)<\/script>/g)].map(match => match[1]);
    expect(scripts[0]).toBe(readFileSync(join(ROOT, 'node_modules/d3/dist/d3.min.js'), 'utf8'));
    expect(scripts[1]).toBe(readFileSync(join(ROOT, 'node_modules/@observablehq/plot/dist/plot.umd.min.js'), 'utf8'));
    expect(scripts.slice(2)).toEqual(PAGE_SCRIPTS.map(name => readFileSync(join(ROOT, 'cli/report', name), 'utf8')));
    // No src= or href= to anything but data: (the icon, so that the browser does not ask for /favicon.ico).
    const shell = html.replace(dataText ?? '', '').replace(/<script>[^]*?<\/script>/g, '');
    expect([...shell.matchAll(/\b(?:src|href)="([^"]*)"/g)].map(match => match[1])).toEqual(['data:,']);
    expect(shell).not.toMatch(/https?:\/\//);
    // The page's scripts build no address either: the only ones on the page are the rule pages in the data.
    for (const script of scripts.slice(2)) expect(script).not.toMatch(/https?:\/\//);
  });

  it('makes the same page twice from the same report', () => {
    expect(renderHtml(report)).toBe(html);
  });
});

describe('pageModel', () => {
  const model = pageModel(report);

  it('labels each API by its path without the folder all files share, and counts exceptions in force only', () => {
    expect(model.apis.map(api => [api.label, api.levelText, api.exceptions])).toEqual([
      ['<b>bold</b>.yaml', 'below MUST', 1],
      ['broken.yaml', 'unparsable', undefined],
    ]);
    expect(model.tiles.find(tile => tile.id === 'summary-exceptions')?.value).toBe('0');
    expect(model.meta).toContain('Paths are relative to apis/.');
  });

  it('keeps a rule page only when it is a web address', () => {
    const hostile = pageModel({
      ...report,
      conventions: {
        ...report.conventions,
        rules: { 'problem-example-title': { area: 'problem-details', must: true, page: 'javascript:alert(1)' } },
      },
    });
    expect(model.rules).toEqual([
      { rule: 'problem-example-title', findings: 1, apis: 1, must: true, area: 'problem-details', page: PAGE },
    ]);
    expect(hostile.rules[0]).not.toHaveProperty('page');
  });

  it('puts the worst APIs in the heat map and sums the others in one row that adds up to the estate', () => {
    const many: Report = {
      ...report,
      apis: Array.from({ length: 35 }, (_, i) => ({
        ...report.apis[0],
        file: `team-${String(i).padStart(2, '0')}/openapi.yaml`,
        title: 'Same title',
        score: 50 + i,
        rules: { 'problem-example-title': i + 1 },
      })),
    };
    const { heatmap } = pageModel(many);
    expect(heatmap.rows).toHaveLength(30);
    // The same title on every row says nothing: the rows show their paths.
    expect(heatmap.rows[0]).toMatchObject({ label: 'team-00/openapi.yaml', counts: [1] });
    expect(heatmap.rows[29].label).toBe('team-29/openapi.yaml');
    expect(heatmap.others).toEqual({ apis: 5, counts: [31 + 32 + 33 + 34 + 35] });
    const shown = heatmap.rows.reduce((sum, row) => sum + row.counts[0], 0) + (heatmap.others?.counts[0] ?? 0);
    expect(shown).toBe(many.apis.reduce((sum, api) => sum + (api.rules?.['problem-example-title'] ?? 0), 0));
  });
});

describe('sharedFolder', () => {
  it.each([
    [['a/b/c.yaml', 'a/b/d/e.yaml'], 'a/b/'],
    [['../../x/api/a.json', '../../x/api/b/c.json'], '../../x/api/'],
    [['a.yaml', 'b/c.yaml'], ''],
    [['only/one.yaml'], 'only/'],
    [[], ''],
  ])('%j share %j', (files, folder) => {
    expect(sharedFolder(files)).toBe(folder);
  });
});
