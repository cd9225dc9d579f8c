// @ts-check
// The estate report's charts, drawn in the browser with Observable Plot (its UMD build, inlined before
// this by cli/report/html.ts) from the report's data; cli/report/page.js places them on the page.
// Every label is Plot's own text (SVG text nodes), never markup. Type-checked by tsconfig.page.json.
'use strict';
/* exported reportCharts */

/**
 * @typedef {object} Chart
 * @property {string} id the figure's element id
 * @property {string} title
 * @property {string} caption
 * @property {Element | string} drawn the chart, or the sentence saying why there is none
 * @property {string} [emptyId] the id of that sentence's paragraph
 */

/**
 * The score distribution, the conformance per area, the rule × API heat map and the score trends.
 * @param {import('./model').Report} report
 * @param {number} width the page's width for a chart, in pixels
 * @returns {Chart[]}
 */
function reportCharts(report, width) {
  /** @type {typeof import('@observablehq/plot', { with: { 'resolution-mode': 'import' } })} */
  const Plot = /** @type {any} */ (window).Plot;
  const linted = report.apis.filter(api => api.status === 'linted');
  const summary = report.summary;

  const scored = linted.filter(api => api.score !== undefined);
  // Bins [0, 10) … [80, 90) and [90, 100], the last holding the perfect scores (made here: Plot's binX
  // leaves a value on the domain's upper end out).
  const bins = Array.from({ length: 10 }, (_, bin) => ({ from: bin * 10, to: bin * 10 + 10, count: 0 }));
  for (const api of scored) bins[Math.min(9, Math.floor((api.score ?? 0) / 10))].count++;
  const scores =
    scored.length === 0
      ? 'No API has a score.'
      : Plot.plot({
          width,
          height: 240,
          x: { domain: [0, 100], label: 'Score' },
          y: { label: 'APIs', grid: true, tickFormat: 'd' },
          marks: [
            Plot.rectY(
              bins.filter(bin => bin.count > 0),
              {
                x1: 'from',
                x2: 'to',
                y: 'count',
                fill: '#0969da',
                insetLeft: 1,
                insetRight: 1,
                title: bin => `${bin.from}–${bin.to}: ${bin.count} APIs`,
              },
            ),
            Plot.ruleY([0]),
          ],
        });

  const areaRows = report.conventions.areas.map(area => {
    const estate = summary.areas[area.id];
    return { title: area.title, sections: area.sections, share: estate.share * 100, estate };
  });
  const areas = Plot.plot({
    width,
    height: 40 + areaRows.length * 34,
    marginLeft: 250,
    marginRight: 60,
    x: { domain: [0, 100], label: 'Operations that conform (%)', grid: true },
    y: { label: null, domain: areaRows.map(row => row.title) },
    marks: [
      Plot.barX(areaRows, {
        x: 'share',
        y: 'title',
        fill: '#1a7f37',
        title: row =>
          `${row.title} (${row.sections}): ${row.estate.conforming} of ${row.estate.operations} operations, ${row.estate.findings} findings`,
      }),
      Plot.text(areaRows, {
        x: 'share',
        y: 'title',
        text: row => `${Math.round(row.share)}%`,
        dx: 4,
        textAnchor: 'start',
      }),
      Plot.ruleX([0]),
    ],
  });

  // The rules with findings, most found first; a cell per API and rule with findings.
  const rules = Object.entries(summary.rules)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([rule]) => rule);
  const cells = linted.flatMap(api =>
    rules
      .filter(rule => (api.rules?.[rule] ?? 0) > 0)
      .map(rule => ({ api: api.file, rule, count: api.rules?.[rule] ?? 0 })),
  );
  const maxCount = Math.max(1, ...cells.map(cell => cell.count));
  const longest = Math.max(0, ...linted.map(api => api.file.length));
  // Room for the rule ids, written at 45° under the cells, and 22 pixels a row.
  const marginBottom = 30 + Math.max(0, ...rules.map(rule => rule.length)) * 4.5;
  const heatmap =
    cells.length === 0
      ? 'No rule of the conventions has a finding.'
      : Plot.plot({
          width: Math.max(width, 260 + rules.length * 26),
          height: marginBottom + 30 + linted.length * 22,
          marginLeft: Math.min(340, 20 + longest * 6.5),
          marginBottom,
          padding: 0.05,
          x: { domain: rules, tickRotate: -45, label: null },
          y: { domain: linted.map(api => api.file), label: null },
          color: { type: 'log', scheme: 'oranges', legend: true, label: 'findings' },
          marks: [
            Plot.cell(cells, {
              x: 'rule',
              y: 'api',
              fill: 'count',
              title: cell => `${cell.api}\n${cell.rule}: ${cell.count}`,
            }),
            // White on the darker half of the (log) scale, black on the lighter: unscaled colours.
            Plot.text(cells, {
              x: 'rule',
              y: 'api',
              text: 'count',
              fontSize: 9,
              fill: {
                value: cell =>
                  Math.log(cell.count) >= 0.55 * Math.log(maxCount) && cell.count > 1 ? 'white' : 'black',
                scale: null,
              },
            }),
          ],
        });

  const history = report.apis.flatMap(api =>
    (api.history ?? []).flatMap(point =>
      point.score === undefined
        ? []
        : [{ api: api.file, date: new Date(point.date), score: point.score, commit: point.commit }],
    ),
  );
  const trends =
    history.length === 0
      ? 'No API has a history: run report with --history <n> to add the scores of the last n commits.'
      : Plot.plot({
          width,
          height: 300,
          marginRight: 20,
          y: { domain: [0, 100], label: 'Score', grid: true },
          x: { type: 'utc', label: null },
          // A legend for a dozen APIs at most; beyond, a line's API is in its dots' tooltips.
          color: { legend: new Set(history.map(point => point.api)).size <= 12 },
          marks: [
            Plot.line(history, { x: 'date', y: 'score', stroke: 'api', sort: 'date' }),
            Plot.dot(history, {
              x: 'date',
              y: 'score',
              stroke: 'api',
              title: point => `${point.api}\n${point.commit}: ${point.score}`,
            }),
          ],
        });

  return [
    { id: 'score-distribution', title: 'Scores', caption: 'APIs per score, in bins of 10 points.', drawn: scores },
    {
      id: 'area-conformance',
      title: 'Conformance per area',
      caption: 'The share of all operations of the estate that conform in each area of the conventions.',
      drawn: areas,
    },
    {
      id: 'rule-heatmap',
      title: 'Findings per rule and API',
      caption: 'Rules without any finding in the estate are left out; an empty cell is no finding.',
      drawn: heatmap,
    },
    {
      id: 'score-trends',
      title: 'Scores over time',
      caption: "Each API's score at the commits of its history.",
      drawn: trends,
      emptyId: 'no-history',
    },
  ];
}
