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
 * The score distribution, the conformance per area, the heat map of the worst APIs × the rules, and
 * the score trends, from the page's model (cli/report/view.ts computed every figure in it).
 * @param {import('./model').PageModel} model
 * @param {number} width the page's width for a chart, in pixels
 * @returns {Chart[]}
 */
function reportCharts(model, width) {
  /** @type {typeof import('@observablehq/plot', { with: { 'resolution-mode': 'import' } })} */
  const Plot = /** @type {any} */ (window).Plot;

  const scores = model.bins.every(bin => bin.apis === 0)
    ? 'No API has a score.'
    : Plot.plot({
        width,
        height: 240,
        x: { domain: [0, 100], label: 'Score' },
        y: { label: 'APIs', grid: true, tickFormat: 'd' },
        marks: [
          Plot.rectY(
            model.bins.filter(bin => bin.apis > 0),
            {
              x1: 'from',
              x2: 'to',
              y: 'apis',
              fill: '#0969da',
              insetLeft: 1,
              insetRight: 1,
              title: bin => `${bin.from}–${bin.to}: ${bin.apis} APIs`,
            },
          ),
          Plot.ruleY([0]),
        ],
      });

  const areaRows = model.areas.map(area => ({ ...area, percent: area.share * 100 }));
  const areas = Plot.plot({
    width,
    height: 40 + areaRows.length * 34,
    marginLeft: 250,
    marginRight: 60,
    x: { domain: [0, 100], label: 'Operations that conform (%)', grid: true },
    y: { label: null, domain: areaRows.map(row => row.title) },
    marks: [
      Plot.barX(areaRows, {
        x: 'percent',
        y: 'title',
        fill: '#1a7f37',
        title: row =>
          `${row.title} (${row.sections}): ${row.conforming} of ${row.operations} operations, ${row.findings} findings`,
      }),
      Plot.text(areaRows, {
        x: 'percent',
        y: 'title',
        text: row => `${Math.round(row.percent)}%`,
        dx: 4,
        textAnchor: 'start',
      }),
      Plot.ruleX([0]),
    ],
  });

  // The worst APIs (rows) × the rules with findings (columns, most found first, named at the top where
  // the eye starts), and one row summing the other APIs with findings; a row links to its API's findings.
  const { rules, rows, others } = model.heatmap;
  // The summed row: no file, no anchor; its key is no file's path.
  const lines = [
    ...rows,
    ...(others === undefined
      ? []
      : [
          {
            key: '\u0000others',
            label: `${others.apis} other APIs with findings`,
            file: '',
            anchor: '',
            counts: others.counts,
          },
        ]),
  ];
  const cells = lines
    .flatMap(line => line.counts.map((count, i) => ({ ...line, rule: rules[i], count })))
    .filter(cell => cell.count > 0);
  const labels = new Map(lines.map(line => [line.key, line.label]));
  const maxCount = Math.max(1, ...cells.map(cell => cell.count));
  const longest = Math.max(0, ...lines.map(line => line.label.length));
  // Room for the rule ids, written at 45° above the cells, and 22 pixels a row.
  const marginTop = 30 + Math.max(0, ...rules.map(rule => rule.length)) * 4.5;
  const keys = lines.map(line => line.key);
  const heatmap =
    cells.length === 0
      ? 'No rule of the conventions has a finding.'
      : Plot.plot({
          width: Math.max(width, 260 + rules.length * 26),
          height: marginTop + 30 + keys.length * 22,
          marginLeft: Math.min(340, 20 + longest * 6.2),
          marginTop,
          padding: 0.05,
          x: { domain: rules, axis: 'top', tickRotate: -45, label: null },
          y: { domain: keys, label: null, tickFormat: key => labels.get(key) ?? key },
          color: { type: 'log', scheme: 'oranges', legend: true, label: 'findings' },
          marks: [
            Plot.cell(cells, {
              x: 'rule',
              y: 'key',
              fill: 'count',
              title: cell => `${cell.file || cell.label}\n${cell.rule}: ${cell.count}`,
              href: cell => cell.anchor || null,
            }),
            // White on the darker half of the (log) scale, black on the lighter: unscaled colours.
            Plot.text(cells, {
              x: 'rule',
              y: 'key',
              text: 'count',
              fontSize: 9,
              // Clicks go through the number to its cell's link.
              pointerEvents: 'none',
              fill: {
                value: cell =>
                  Math.log(cell.count) >= 0.55 * Math.log(maxCount) && cell.count > 1 ? 'white' : 'black',
                scale: null,
              },
            }),
          ],
        });

  const history = model.history.map(point => ({ ...point, date: new Date(point.date) }));
  const labelOfKey = new Map(model.history.map(point => [point.key, point.label]));
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
          color: {
            legend: new Set(history.map(point => point.key)).size <= 12,
            tickFormat: key => labelOfKey.get(key) ?? key,
          },
          marks: [
            Plot.line(history, { x: 'date', y: 'score', stroke: 'key', sort: 'date' }),
            Plot.dot(history, {
              x: 'date',
              y: 'score',
              stroke: 'key',
              title: point => `${point.label}\n${point.commit}: ${point.score}`,
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
      title: 'The worst APIs, per rule',
      caption: `The ${rows.length} API${rows.length === 1 ? '' : 's'} with the lowest scores (then the most findings) and their findings per rule${others === undefined ? '' : `; the last row sums the ${others.apis} other APIs with findings`}. Rules without any finding in the estate are left out; an empty cell is no finding. A row opens its API's findings.`,
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
