// The picture of docs/performance.md: lint time against operations, one line per engine and
// ruleset, drawn as SVG from what `npm run bench:redocly -- --scale --json FILE` measured (the
// median of each size's runs).
//   node scripts/redocly-plot.mjs FILE [OUT]   (OUT: docs/redocly-scale.svg)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './data.mjs';

const [input, output = join(ROOT, 'docs/redocly-scale.svg')] = process.argv.slice(2);
if (!input) {
  console.error('usage: node scripts/redocly-plot.mjs BENCH.json [OUT.svg]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(input, 'utf8'));
const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const documents = report.documents.filter(d => d.operations !== undefined).sort((a, b) => a.operations - b.operations);
const names = Object.keys(documents[0].results);
const STYLE = {
  'spectral (empty ruleset)': { color: '#c0392b', dash: '6 4' },
  'spectral (our ruleset)': { color: '#c0392b', dash: '' },
  'redocly (no-op rule)': { color: '#2471a3', dash: '6 4' },
  'redocly (our plugin)': { color: '#2471a3', dash: '' },
};
const series = names.map(name => ({
  name,
  points: documents.map(d => ({ x: d.operations, y: median(d.results[name].map(r => r.seconds)) })),
  ...(STYLE[name] ?? { color: '#555', dash: '' }),
}));

const width = 760;
const height = 440;
const margin = { left: 70, right: 220, top: 40, bottom: 60 };
const plotW = width - margin.left - margin.right;
const plotH = height - margin.top - margin.bottom;
const maxX = Math.max(...documents.map(d => d.operations));
const maxYRaw = Math.max(...series.flatMap(s => s.points.map(p => p.y)));
// A round step for the y axis: 1, 2 or 5 times a power of ten, about six ticks.
const roughStep = maxYRaw / 6;
const power = 10 ** Math.floor(Math.log10(roughStep));
// (10 × power is at least roughStep, so one is found.)
const step = /** @type {number} */ ([1, 2, 5, 10].map(f => f * power).find(s => s >= roughStep));
const maxY = Math.ceil(maxYRaw / step) * step;
const sx = x => margin.left + (x / maxX) * plotW;
const sy = y => margin.top + plotH - (y / maxY) * plotH;
const escape = text => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const parts = [];
parts.push(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  `<rect width="${width}" height="${height}" fill="#fff"/>`,
  `<text x="${margin.left}" y="22" font-size="14" font-weight="bold">Lint time against operations (synthetic conforming descriptions)</text>`,
);
for (let y = 0; y <= maxY + 1e-9; y += step) {
  parts.push(
    `<line x1="${margin.left}" y1="${sy(y)}" x2="${margin.left + plotW}" y2="${sy(y)}" stroke="#ddd"/>`,
    `<text x="${margin.left - 8}" y="${sy(y) + 4}" text-anchor="end">${Number(y.toFixed(2))}</text>`,
  );
}
for (const d of documents) {
  parts.push(
    `<line x1="${sx(d.operations)}" y1="${margin.top}" x2="${sx(d.operations)}" y2="${margin.top + plotH}" stroke="#eee"/>`,
    `<text x="${sx(d.operations)}" y="${margin.top + plotH + 18}" text-anchor="middle">${d.operations.toLocaleString('en')}</text>`,
  );
}
parts.push(
  `<line x1="${margin.left}" y1="${margin.top + plotH}" x2="${margin.left + plotW}" y2="${margin.top + plotH}" stroke="#333"/>`,
  `<line x1="${margin.left}" y1="${margin.top}" x2="${margin.left}" y2="${margin.top + plotH}" stroke="#333"/>`,
  `<text x="${margin.left + plotW / 2}" y="${height - 18}" text-anchor="middle">operations</text>`,
  `<text x="18" y="${margin.top + plotH / 2}" text-anchor="middle" transform="rotate(-90 18 ${margin.top + plotH / 2})">wall time, s</text>`,
);
series.forEach((s, i) => {
  const path = s.points.map((p, j) => `${j === 0 ? 'M' : 'L'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
  parts.push(
    `<path d="${path}" fill="none" stroke="${s.color}" stroke-width="2.5"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`,
  );
  for (const p of s.points)
    parts.push(`<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="3.5" fill="${s.color}"/>`);
  const ly = margin.top + 20 + i * 24;
  const lx = margin.left + plotW + 20;
  parts.push(
    `<line x1="${lx}" y1="${ly}" x2="${lx + 30}" y2="${ly}" stroke="${s.color}" stroke-width="2.5"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`,
    `<text x="${lx + 38}" y="${ly + 4}">${escape(s.name)}</text>`,
  );
});
const loads = documents.flatMap(d =>
  Object.values(d.results)
    .flat()
    .map(r => r.load),
);
parts.push(
  `<text x="${margin.left + plotW + 20}" y="${margin.top + 20 + series.length * 24 + 10}" fill="#555">${escape(`${report.runs} run(s) per point, median`)}</text>`,
  `<text x="${margin.left + plotW + 20}" y="${margin.top + 20 + series.length * 24 + 26}" fill="#555">${escape(`${report.machine.cores} cores, load ${Math.min(...loads)}-${Math.max(...loads)}`)}</text>`,
  `<text x="${margin.left + plotW + 20}" y="${margin.top + 20 + series.length * 24 + 42}" fill="#555">${escape(report.date.slice(0, 10))}</text>`,
  '</svg>',
);
writeFileSync(output, `${parts.join('\n')}\n`);
console.log(`wrote ${output}`);
