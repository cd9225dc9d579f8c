/**
 * The estate report as one HTML page that opens from disk with no network: the page's model
 * (view.ts: every figure computed, each API's findings compressed) as JSON, and the scripts that
 * draw it (d3, Observable Plot, and cli/report/page.js, which builds the page in the browser), all
 * inline. Nothing from a description is written into the HTML here: the page script puts every
 * string in as text (titles, messages and file names are untrusted input).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageModel, Report } from './model';
import { pageModel } from './view';

/**
 * The page's own scripts (browser JavaScript, type-checked by tsconfig.page.json): beside this file
 * in the sources (tests run them with ts-jest), and as dist/report-<name> beside dist/cli.js in the
 * package, where scripts/build.mjs copies them.
 */
export const PAGE_SCRIPTS = ['charts.js', 'page.js'] as const;

type BrowserScripts = Record<'d3' | 'plot' | 'charts' | 'page', string>;

let scripts: BrowserScripts | undefined;

/**
 * The four scripts, read when the first page is made rather than when the CLI loads, so that the
 * other commands never pay for ~500 kB of libraries. d3 and Plot are dependencies of this package,
 * resolved from where it is installed.
 */
function browserScripts(): BrowserScripts {
  if (scripts !== undefined) return scripts;
  const own = (name: (typeof PAGE_SCRIPTS)[number]): string => {
    const path = [name, `report-${name}`].map(file => join(__dirname, file)).find(file => existsSync(file));
    if (path === undefined) throw new Error(`the report page's ${name} (or report-${name}) is not in ${__dirname}`);
    return readFileSync(path, 'utf8');
  };
  // Their packages export the UMD files only under an `umd` condition, which require() does not
  // take, and not their package.json: each is found from the folder of the package's main file
  // (require.resolve of this module: dist/cli.js's in the package, where node_modules has them).
  const file = (main: string, name: string, path: string): string => {
    const folder = join('node_modules', name);
    return readFileSync(join(main.slice(0, main.lastIndexOf(folder) + folder.length), path), 'utf8');
  };
  scripts = {
    d3: file(require.resolve('d3'), 'd3', 'dist/d3.min.js'),
    plot: file(require.resolve('@observablehq/plot'), '@observablehq/plot', 'dist/plot.umd.min.js'),
    charts: own('charts.js'),
    page: own('page.js'),
  };
  for (const [name, text] of Object.entries(scripts)) {
    // A `</script` or `<!--` inside would end the element early or change how the HTML parser reads it.
    if (/<\/script|<!--/i.test(text))
      throw new Error(`the report page cannot inline ${name}: it contains </script or <!--`);
  }
  return scripts;
}

/** The data as a JSON script element's text: `<` escaped, so no string in it can close the element. */
export function embeddedJson(model: PageModel): string {
  return JSON.stringify(model).replace(/</g, '\\u003c');
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * No fetch, image, font, frame or form of any origin (`default-src 'none'`); only the page's own
 * four scripts run (by their hashes: an inline script anyone managed to inject would not); inline
 * styles are allowed (Plot writes style attributes and a <style> into each chart), and data: images.
 */
export function contentSecurityPolicy(inlineScripts: string[]): string {
  return [
    "default-src 'none'",
    `script-src ${inlineScripts.map(sha256).join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const STYLE = `
:root { color-scheme: light; font: 14px/1.45 system-ui, sans-serif; color: #1b1f24; background: #fff; }
body { margin: 0; }
header, main { max-width: 1180px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 20px; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.2rem; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
.meta, figcaption, .note { color: #57606a; }
.tiles { display: flex; flex-wrap: wrap; gap: 12px; margin: 12px 0; }
.tile { border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 14px; min-width: 110px; }
.tile b { display: block; font-size: 1.5rem; }
figure { margin: 16px 0; }
figure svg { max-width: 100%; height: auto; overflow: visible; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border-bottom: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
th { white-space: nowrap; }
th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; }
th button:focus-visible { outline: 2px solid #0969da; }
th[aria-sort="ascending"] button::after { content: " \\25B2"; }
th[aria-sort="descending"] button::after { content: " \\25BC"; }
.scroll { overflow-x: auto; }
details { border: 1px solid #d0d7de; border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
details[open] { padding-bottom: 10px; }
summary { cursor: pointer; }
code { font-size: 12px; word-break: break-all; }
#api-table, table.findings { width: 100%; }
#api-table td.api { overflow-wrap: anywhere; min-width: 14em; }
#api-table .title { display: block; color: #57606a; font-size: 12px; }
#api-table th.area { white-space: normal; }
.more button { font: inherit; margin-left: 4px; }
#rule-heatmap a { cursor: pointer; }
.level-none { color: #cf222e; } .level-must { color: #9a6700; } .level-should { color: #1a7f37; }
`;

/** The page: a shell whose content page.js builds from the embedded model of the report. */
export function renderHtml(report: Report): string {
  const { d3, plot, charts, page } = browserScripts();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy([d3, plot, charts, page])}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="spectral-api-conventions report">
<title>API conventions report</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header><h1>API conventions report</h1><p class="meta" id="meta"></p></header>
<main id="report"><noscript>This report is drawn by its scripts: open it in a browser with JavaScript on.</noscript></main>
<script type="application/json" id="page-data">${embeddedJson(pageModel(report))}</script>
<script>${d3}</script>
<script>${plot}</script>
<script>${charts}</script>
<script>${page}</script>
</body>
</html>
`;
}
