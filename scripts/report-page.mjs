// The estate report's HTML page (docs/report.md) in a real browser: Debian's Chromium, headless,
// driven by playwright-core, opens a page that a real run of `spectral-api-conventions report -f html`
// wrote, from its file:// URL, and checks what a reader sees and what a hostile description could do:
// - no console error, no page error, and no request of any kind but the file itself (the page is
//   self-contained: a Content-Security-Policy forbids any network);
// - the charts are drawn: each figure has an <svg> with one mark per datum (a bar per area, a cell
//   per non-zero rule × API, a dot per history point) and its screenshot is not one colour;
// - the estate's numbers and failed documents are shown, as the JSON report of the same run has them;
//   the table sorts by score, then reversed, by a click and from the keyboard; an API's name opens its
//   findings (unpacked on demand), one row per finding of the JSON; a finding's rule links to its page;
// - a description whose info.title and a path are markup (`<img src=x onerror=alert(1)>`) shows them
//   as text: no dialog, no <img> on the page.
// The report is made of this repository's fixtures (conforming documents of each OpenAPI version and
// the defects document, with --history 3 for the trend chart), one hostile document and one that does
// not parse, written here. A second, smaller run without --history checks the page without trends.
// Run: npm run test:report-page. With --screenshot <png>, the fixtures' page only (no hostile or
// broken document) is checked the same way and its top saved as the PNG (docs/report.png, for README).
/* global document, location -- in the functions run in the page (playwright's evaluate) */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { parse, stringify } from 'yaml';
import { ROOT, ensureBuilt } from './data.mjs';

const CHROMIUM = '/usr/bin/chromium';
const CLI = join(ROOT, 'dist/cli.js');
const FIXTURES = ['defects.yaml', 'openapi-3.0.yaml', 'openapi-3.1.yaml', 'openapi-3.2.yaml', 'swagger-2.0.yaml'].map(
  name => join(ROOT, 'fixtures', name),
);
const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';
const HOSTILE_PATH = '/v1/<img src=y onerror=alert(2)>';

/**
 * The pixels of a PNG as Chromium writes a screenshot (8-bit RGB or RGBA, not interlaced): the
 * scanlines inflated and unfiltered (PNG's five filters), as 0xRRGGBBAA numbers.
 * @param {Buffer} png
 */
function pngPixels(png) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colourType, , , interlace] = png.subarray(24, 29);
  if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0)
    throw new Error(`unexpected PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  const channels = colourType === 6 ? 4 : 3;
  /** @type {Buffer[]} */
  const chunks = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const data = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x];
      const left = x >= channels ? rows[y * stride + x - channels] : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels] : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predicted = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter];
      rows[y * stride + x] = (raw + predicted) & 0xff;
    }
  }
  const pixels = new Uint32Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    const at = i * channels;
    pixels[i] =
      ((rows[at] << 24) | (rows[at + 1] << 16) | (rows[at + 2] << 8) | (channels === 4 ? rows[at + 3] : 255)) >>> 0;
  }
  return { width, height, pixels };
}

/**
 * A description copied from openapi-3.1.yaml whose title and one path are markup, written into
 * <folder>/apis/ beside a copy of the registry its `$ref`s name (../registry/problem-details.yaml).
 * @param {string} folder
 */
function writeHostileDocument(folder) {
  mkdirSync(join(folder, 'apis'));
  mkdirSync(join(folder, 'registry'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(folder, 'registry/problem-details.yaml'));
  const document = parse(readFileSync(join(ROOT, 'fixtures/openapi-3.1.yaml'), 'utf8'));
  document.info.title = HOSTILE_TITLE;
  // An operation without its error responses, so that findings name the path in the page.
  document.paths[HOSTILE_PATH] = {
    get: { operationId: 'hostile', tags: ['health'], responses: { 200: { description: 'OK' } } },
  };
  const path = join(folder, 'apis/hostile.yaml');
  writeFileSync(path, stringify(document));
  return path;
}

/**
 * `report -f html` run for real by the built CLI, writing the page into `output`.
 * @param {string[]} files @param {string[]} options @param {string} output
 */
function runReport(files, options, output) {
  const args = [
    CLI,
    'report',
    ...files,
    ...options,
    '-f',
    'html',
    '-o',
    output,
    '-f',
    'json',
    '--output.json',
    `${output}.json`,
  ];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (/unknown command "report"/.test(run.stderr)) {
    console.error(
      'dist/cli.js has no `report` command yet: this test checks the page a real run of `report -f html` writes, so it cannot pass before the command exists.',
    );
    process.exit(1);
  }
  // The CLI's exit codes: 0 nothing found, 1 findings; 2 is a usage or run error.
  if (run.status !== 0 && run.status !== 1) {
    throw new Error(`node ${args.join(' ')} exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
  }
  if (!existsSync(output)) throw new Error(`report exited ${run.status} but wrote no ${output}:\n${run.stderr}`);
  return statSync(output).size;
}

/**
 * Opens the page in Chromium and checks it; returns the failures (empty when all is well).
 * @param {string} file the page
 * @param {{ hostile?: boolean, screenshot?: string }} [options] hostile: the page holds the hostile document
 */
async function checkReportPage(file, { hostile = false, screenshot } = {}) {
  /** @type {string[]} */
  const failures = [];
  /** @param {boolean} ok @param {string} what */
  const check = (ok, what) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`);
    if (!ok) failures.push(what);
  };
  const url = pathToFileURL(file).href;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    /** @type {string[]} */
    const errors = [];
    /** @type {string[]} */
    const requests = [];
    /** @type {string[]} */
    const dialogs = [];
    page.on('console', message => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', error => errors.push(`page: ${error.message}`));
    page.on('request', request => requests.push(request.url()));
    page.on('dialog', dialog => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url);
    const ready = await page
      .waitForSelector('html[data-ready="true"]', { timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    check(ready, 'the page script ran to its end');
    // The JSON report of the same run: what the page must show.
    /** @type {import('../cli/report/model.js').Report} */
    const report = JSON.parse(readFileSync(`${file}.json`, 'utf8'));
    const linted = report.apis.filter(api => api.status === 'linted');
    const text = (/** @type {string} */ selector) => page.locator(selector).first().innerText();

    // The estate's numbers and the documents without a score.
    check((await text('#summary-apis b')) === String(report.summary.apis), `APIs shown: ${report.summary.apis}`);
    check(
      (await text('#summary-linted b')) === String(report.summary.linted),
      `linted shown: ${report.summary.linted}`,
    );
    check(
      (await text('#summary-exceptions b')) === String(report.summary.exceptions),
      `exceptions in force shown: ${report.summary.exceptions}`,
    );
    const failedList = report.apis.filter(api => api.status !== 'linted');
    const failedText = failedList.length > 0 ? await text('#failed') : '';
    check(
      failedList.every(api => failedText.includes(api.file) && failedText.includes(api.status)),
      `the ${failedList.length} failed documents listed with their status`,
    );
    check(/mean over the areas/.test(await text('#scoring')), 'the scoring formula is stated');

    // The charts: one mark per datum, and the marks paint: the chart's screenshot changes in at least
    // 100 pixels when they are hidden (axes, legends and text alone would not count).
    /** @param {string} id @param {string} mark Plot's aria-label of the mark @param {string} element @param {number} expected @param {'exactly' | 'at least'} how */
    const chart = async (id, mark, element, expected, how = 'exactly') => {
      const marks = page.locator(`#${id} svg g[aria-label="${mark}"]`);
      const count = await page.locator(`#${id} svg g[aria-label="${mark}"] ${element}`).count();
      check(
        how === 'exactly' ? count === expected : count >= expected,
        `#${id}: ${count} ${mark} marks, ${how} ${expected}`,
      );
      const svg = page.locator(`#${id} svg`).last();
      if ((await svg.count()) === 0) return check(false, `#${id} has an <svg>`);
      const shown = pngPixels(await svg.screenshot()).pixels;
      const visibility = (/** @type {string} */ value) =>
        marks.evaluateAll((groups, value) => groups.forEach(group => group.setAttribute('visibility', value)), value);
      await visibility('hidden');
      const hidden = pngPixels(await svg.screenshot()).pixels;
      await visibility('visible');
      const painted =
        shown.length !== hidden.length ? shown.length : shown.filter((pixel, i) => pixel !== hidden[i]).length;
      check(painted >= 100, `#${id}'s marks paint ${painted} pixels`);
    };
    const scores = linted.flatMap(api => (api.score === undefined ? [] : [api.score]));
    const bins = new Set(scores.map(score => Math.min(9, Math.floor(score / 10)))).size;
    await chart('score-distribution', 'rect', 'rect', bins);
    await chart('area-conformance', 'bar', 'rect', report.conventions.areas.length);
    // Every linted API with findings is a row of the heat map here (fewer than its 30 rows).
    const cells = linted.reduce(
      (sum, api) => sum + Object.values(api.rules ?? {}).filter(count => count > 0).length,
      0,
    );
    check(cells > 0, `the heat map has non-zero cells in the data: ${cells}`);
    await chart('rule-heatmap', 'cell', 'rect', cells);
    const points = report.apis.flatMap(api => (api.history ?? []).filter(point => point.score !== undefined));
    if (points.length > 0) {
      await chart('score-trends', 'dot', 'circle', points.length);
      const series = report.apis.filter(api => (api.history ?? []).some(point => point.score !== undefined)).length;
      const lines = await page.locator('#score-trends svg g[aria-label="line"] path').count();
      check(lines === series, `#score-trends: ${lines} lines, one per API with a history (${series})`);
    } else check((await page.locator('#no-history').count()) === 1, 'no history: the page says --history <n> adds it');

    // The table: one row per API (up to its first 100), sorted by score on a click, reversed on the next, and from the keyboard.
    check(
      (await page.locator('#api-table tbody tr').count()) === Math.min(100, report.apis.length),
      `the table shows ${Math.min(100, report.apis.length)} rows`,
    );
    const widths = await page.evaluate(() => ({
      table: document.getElementById('api-table')?.scrollWidth ?? Infinity,
      page: document.getElementById('report')?.clientWidth ?? 0,
    }));
    check(widths.table <= widths.page, `the table fits the width: ${widths.table} of ${widths.page} px`);
    const headers = await page.locator('#api-table thead th').allInnerTexts();
    const scoreColumn = headers.findIndex(header => header.replace(/[▲▼]/g, '').trim() === 'Score') + 1;
    const scoreButton = page.locator(`#api-table thead th:nth-child(${scoreColumn}) button`);
    const column = async () =>
      (await page.locator(`#api-table tbody td:nth-child(${scoreColumn})`).allInnerTexts()).map(cell =>
        cell.trim() === '' ? undefined : Number(cell.replace(/,/g, '')),
      );
    /** @param {(number | undefined)[]} values @param {1 | -1} direction */
    const sorted = (values, direction) => {
      const numbers = values.filter(value => value !== undefined);
      return (
        values.slice(0, numbers.length).every(value => value !== undefined) &&
        numbers.every((value, i) => i === 0 || (value - numbers[i - 1]) * direction >= 0) &&
        numbers.length === scores.length
      );
    };
    await scoreButton.click();
    const ascending = await column();
    check(sorted(ascending, 1), `a click on Score sorts ascending: ${ascending.join(' ')}`);
    await scoreButton.click();
    const descending = await column();
    check(sorted(descending, -1), `a second click reverses: ${descending.join(' ')}`);
    check(new Set(scores).size < 2 || ascending[0] !== descending[0], 'the two orders differ');
    await scoreButton.focus();
    await page.keyboard.press('Enter');
    check(sorted(await column(), 1), 'Enter on the focused header sorts ascending again');

    // An API's name in the table opens its findings, unpacked, in the panel below.
    const fileLink = page.locator('#api-table tbody tr td:first-child a').first();
    const target = (await fileLink.getAttribute('title')) ?? '';
    await fileLink.click();
    const opened = await page
      .waitForSelector('#api-findings[data-loaded="true"]', { timeout: 10_000 })
      .then(() => page.locator('#api-findings').getAttribute('data-file'))
      .catch(() => undefined);
    check(opened === target, `a name in the table opens ${target}'s findings`);

    // Every API's findings, opened one after another: a row per finding of the JSON; a rule links to its page.
    for (const [index, api] of report.apis.entries()) {
      if (api.status !== 'linted') continue;
      await page.evaluate(at => (location.hash = `#api-${at}`), index);
      const shown = await page
        .waitForFunction(
          file => {
            const panel = document.getElementById('api-findings');
            return panel?.dataset.loaded === 'true' && panel.dataset.file === file;
          },
          api.file,
          { timeout: 10_000 },
        )
        .then(() => page.locator('#api-findings table.findings tbody tr').count())
        .catch(() => -1);
      check(
        shown === (api.findings ?? []).length,
        `${api.file}: ${shown} findings shown of ${(api.findings ?? []).length}`,
      );
      const finding = (api.findings ?? []).find(each => report.conventions.rules[each.rule]);
      if (finding === undefined) continue;
      const link = page.locator('#api-findings a.rule').first();
      const [href, rule] = [await link.getAttribute('href'), await link.innerText()];
      check(
        rule === finding.rule && href === report.conventions.rules[rule].page,
        `${api.file}'s first finding links ${rule} to ${href}`,
      );
    }

    if (hostile) {
      const api = report.apis.find(api => api.title === HOSTILE_TITLE);
      check(api !== undefined, 'the hostile description is in the report, its title as written');
      const row = page.locator('#api-table tbody tr').filter({ hasText: HOSTILE_TITLE });
      check((await row.count()) === 1, `the hostile title is shown as text in the table: ${HOSTILE_TITLE}`);
      await page.evaluate(at => (location.hash = `#api-${at}`), api ? report.apis.indexOf(api) : 0);
      await page.waitForFunction(
        file => document.getElementById('api-findings')?.dataset.file === file,
        api?.file ?? '',
        { timeout: 10_000 },
      );
      const details = await page.locator('#api-findings').innerText();
      check(details.includes(HOSTILE_PATH), `the hostile path is shown as text in its findings: ${HOSTILE_PATH}`);
    }
    // An <img> that got in would fail to load and fire its onerror after a moment.
    await page.waitForTimeout(500);
    check((await page.locator('img').count()) === 0, 'no <img> element on the page');
    check(dialogs.length === 0, `no dialog opened${dialogs.length ? `: ${dialogs.join(', ')}` : ''}`);
    check(errors.length === 0, `no console or page error${errors.length ? `:\n  ${errors.join('\n  ')}` : ''}`);
    const others = requests.filter(request => request !== url);
    check(others.length === 0, `no request but the file itself${others.length ? `: ${others.join(', ')}` : ''}`);

    if (screenshot !== undefined && failures.length === 0) {
      await page.screenshot({ path: screenshot, clip: { x: 0, y: 0, width: 1280, height: 1600 }, fullPage: true });
      console.log(`wrote ${screenshot} (${statSync(screenshot).size} bytes)`);
    }
  } finally {
    await browser.close();
  }
  return failures;
}

async function main() {
  const at = process.argv.indexOf('--screenshot');
  const screenshot = at === -1 ? undefined : process.argv[at + 1];
  if (at !== -1 && screenshot === undefined) throw new Error('--screenshot needs the PNG file to write');
  if (!existsSync(CHROMIUM)) {
    console.error(`no ${CHROMIUM}: apt-get install -y chromium (Debian's package; .ci/run installs it)`);
    process.exit(1);
  }
  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), 'report-page-'));
  try {
    /** @type {string[]} */
    const failures = [];
    if (screenshot !== undefined) {
      const bytes = runReport(FIXTURES, ['--history', '3'], join(work, 'fixtures.html'));
      console.log(`== the fixtures' page (${bytes} bytes), for ${screenshot}`);
      failures.push(...(await checkReportPage(join(work, 'fixtures.html'), { screenshot })));
    } else {
      const hostile = writeHostileDocument(work);
      const broken = join(work, 'apis/broken.yaml');
      writeFileSync(broken, 'openapi: 3.1.0\ninfo: {title: [unclosed\n');
      const estate = join(work, 'estate.html');
      const bytes = runReport([...FIXTURES, hostile, broken], ['--history', '3'], estate);
      console.log(`== the fixtures, a hostile and a broken document, --history 3 (${bytes} bytes)`);
      failures.push(...(await checkReportPage(estate, { hostile: true })));
      const small = join(work, 'no-history.html');
      console.log(`== a hostile document alone, no history (${runReport([hostile], [], small)} bytes)`);
      failures.push(...(await checkReportPage(small, { hostile: true })));
    }
    console.log(
      failures.length === 0 ? 'report page: all checks passed' : `report page: ${failures.length} checks failed`,
    );
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
