// The VS Code extension (vscode/) end to end: VS Code itself, as code-server, driven in Debian's
// Chromium by playwright-core. The .vsix is packaged from vscode/ and installed into code-server; a
// workspace holds a copy of fixtures/defects.yaml and this package as its installed
// node_modules/spectral-api-conventions. The script opens the document, reads the Problems panel,
// applies the quick fix "Set title to "Not Found"" from the lightbulb menu (Ctrl+.), saves, and
// compares the bytes with what `fix --rule problem-example-title` writes; then it switches the
// setting spectralApiConventions.diagnostics off and waits for the Problems panel to empty.
// code-server and playwright-core are installed once into .cache/vscode-e2e/ (npm registry only; see
// docs/editors.md, "VS Code", for the Debian packages it needs). Run: npm run test:vscode.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, CACHE, ensureBuilt } from './data.mjs';

const CLI = join(ROOT, 'dist/cli.js');
const EXTENSION = join(ROOT, 'vscode');
const TOOLS = join(CACHE, 'vscode-e2e');
// 4.100.3 is the last code-server whose npm package runs on Node.js 20 (later ones want 22, then 24).
const CODE_SERVER = { name: 'code-server', version: '4.100.3' };
const PLAYWRIGHT = { name: 'playwright-core', version: '1.65.1' };
const CHROMIUM = '/usr/bin/chromium';
const RULE = 'problem-example-title';
const TITLE = 'Set title to "Not Found"';
const started = Date.now();
const step = message => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${message}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
  return result.stdout;
}

/**
 * code-server's install builds native modules and runs @vscode/ripgrep's postinstall, which downloads
 * ripgrep from GitHub: the only registries here are npm's and Debian's, so Debian's rg is put where
 * that postinstall looks for an earlier download (its cache folder in the temporary directory).
 */
function ensureTools() {
  const codeServer = join(TOOLS, 'node_modules/code-server/out/node/entry.js');
  if (existsSync(codeServer) && existsSync(join(TOOLS, 'node_modules/playwright-core/package.json'))) return;
  const missing = ['/usr/bin/rg', CHROMIUM, '/usr/bin/g++', '/usr/bin/make'].filter(path => !existsSync(path));
  if (missing.length > 0) {
    console.error(
      `missing ${missing.join(', ')}: apt-get install -y ripgrep chromium build-essential python3 pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev`,
    );
    process.exit(2);
  }
  const ripgrepCache = join(tmpdir(), 'vscode-ripgrep-cache-1.15.11');
  const stage = mkdtempSync(join(tmpdir(), 'rg-'));
  mkdirSync(ripgrepCache, { recursive: true });
  copyFileSync('/usr/bin/rg', join(stage, 'rg'));
  run('tar', ['czf', join(ripgrepCache, 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz'), '-C', stage, 'rg']);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(TOOLS, { recursive: true });
  const dependencies = Object.fromEntries([CODE_SERVER, PLAYWRIGHT].map(({ name, version }) => [name, version]));
  writeFileSync(join(TOOLS, 'package.json'), JSON.stringify({ private: true, dependencies }, null, 2));
  step(`installing ${CODE_SERVER.name}@${CODE_SERVER.version} and ${PLAYWRIGHT.name} into ${TOOLS} (once)`);
  // code-server refuses to run its postinstall as root without unsafe-perm; node-pty's postinstall
  // runs `npx node-gyp`, which needs the yes (no terminal to ask on).
  run('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: TOOLS,
    env: { ...process.env, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' },
  });
}

/** The .vsix, packaged now from vscode/ with its own @vscode/vsce. */
function packageExtension(folder) {
  if (!existsSync(join(EXTENSION, 'node_modules/@vscode/vsce'))) {
    run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: EXTENSION });
  }
  const vsix = join(folder, 'spectral-api-conventions-vscode.vsix');
  run(join(EXTENSION, 'node_modules/.bin/vsce'), ['package', '--out', vsix], { cwd: EXTENSION });
  return vsix;
}

/**
 * The server's errors and warnings for the document: `check`'s findings of this package's rules (the
 * server leaves Spectral's own, such as invalid-ref, to Spectral).
 */
function expectedCounts() {
  const ours = new Set(Object.keys(createRequire(import.meta.url)(join(ROOT, 'dist/ruleset.js')).default.rules));
  const copy = join(project, 'expected-copy.yaml');
  writeFileSync(copy, original);
  const json = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '--quiet', copy], {
    cwd: project,
    encoding: 'utf8',
  });
  const findings = JSON.parse(json.stdout).filter(finding => ours.has(finding.code));
  return {
    errors: findings.filter(finding => finding.severity === 0).length,
    warnings: findings.filter(finding => finding.severity === 1).length,
  };
}

const freePort = () =>
  new Promise(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

ensureBuilt();
ensureTools();
const { chromium } = await import(join(TOOLS, 'node_modules/playwright-core/index.mjs'));
const work = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-vscode-'));
const project = join(work, 'api');
const userData = join(work, 'code-server-user');
const extensions = join(work, 'code-server-extensions');
const doc = join(project, 'openapi.yaml');
const original = readFileSync(join(ROOT, 'fixtures/defects.yaml'), 'utf8');
let codeServer;
let browser;
const problems = [];
try {
  mkdirSync(join(project, 'registry'), { recursive: true });
  mkdirSync(join(project, 'node_modules'));
  mkdirSync(join(userData, 'User'), { recursive: true });
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(project, 'registry/problem-details.yaml'));
  writeFileSync(doc, original);
  // The workspace's installed package is this checkout: the extension starts its dist/cli.js.
  symlinkSync(ROOT, join(project, 'node_modules/spectral-api-conventions'), 'dir');
  // Nothing that would reach out or pop up over the editor.
  const settings = {
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'workbench.enableExperiments': false,
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
  };
  writeFileSync(join(userData, 'User/settings.json'), JSON.stringify(settings, null, 2));

  const vsix = packageExtension(work);
  step(`packaged ${vsix}`);
  const bin = join(TOOLS, 'node_modules/.bin/code-server');
  // Its own config file (else code-server writes one under ~/.config), folders and no trust prompt.
  const config = join(work, 'code-server.yaml');
  writeFileSync(config, 'auth: none\n');
  const dirs = ['--config', config, '--user-data-dir', userData, '--extensions-dir', extensions];
  run(bin, [...dirs, '--install-extension', vsix]);
  step('installed the .vsix into code-server');

  const port = await freePort();
  codeServer = spawn(
    bin,
    [
      ...dirs,
      ...['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check'],
      '--disable-workspace-trust',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  codeServer.stdout.on('data', chunk => (log += chunk));
  codeServer.stderr.on('data', chunk => (log += chunk));
  for (let i = 0; i < 300 && !log.includes('HTTP server listening'); i++) await new Promise(r => setTimeout(r, 100));
  if (!log.includes('HTTP server listening')) throw new Error(`code-server did not start:\n${log}`);
  step(`code-server ${CODE_SERVER.version} listening on port ${port}`);

  const profile = join(work, 'chromium-profile');
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(project)}`);
  await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 60_000 });
  step('VS Code loaded in Chromium');

  // Open the document through Quick Open.
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type('openapi.yaml');
  await page.waitForSelector('.quick-input-list .monaco-list-row', { state: 'visible' });
  await page.keyboard.press('Enter');
  await page.waitForSelector('.tab.active[aria-label*="openapi.yaml"]', { timeout: 30_000 });
  step('openapi.yaml open');

  const problemsStatus = () =>
    page.evaluate(() => globalThis.document.getElementById('status.problems')?.getAttribute('aria-label') ?? '');
  const counts = async () => {
    const label = await problemsStatus();
    const errors = Number(/Errors?: (\d+)/i.exec(label)?.[1] ?? 'NaN');
    const warnings = Number(/Warnings?: (\d+)/i.exec(label)?.[1] ?? 'NaN');
    return { label, errors, warnings };
  };
  let seen = await counts();
  for (let i = 0; i < 200 && !(seen.errors + seen.warnings > 0); i++) {
    await page.waitForTimeout(100);
    seen = await counts();
  }
  step(`Problems (status bar): ${seen.label}`);
  const expected = expectedCounts();
  if (seen.errors !== expected.errors || seen.warnings !== expected.warnings)
    problems.push(`the status bar says ${seen.label}; the server's findings are ${JSON.stringify(expected)}`);

  // The Problems panel, filtered to the rule: our finding, with its message and code. The panel is
  // opened by its key, else (a key press lost while the workbench was busy, seen once on a loaded
  // machine) by the status bar's Problems item, as a user would click it.
  const filter = page.locator('.markers-panel-container .viewpane-filter input, .panel .viewpane-filter input').first();
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: '404 example title is "Not found"' }).first();
  for (let attempt = 0; ; attempt++) {
    if (attempt === 0) await page.keyboard.press('Control+Shift+M');
    else if (!(await filter.isVisible())) await page.locator('[id="status.problems"]').click();
    try {
      await filter.waitFor({ state: 'visible', timeout: 20_000 });
      await filter.fill(RULE);
      await row.waitFor({ state: 'visible', timeout: 20_000 });
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      step(`the Problems panel did not show the finding (attempt ${attempt + 1}); again`);
    }
  }
  const rowText = (await row.innerText()).replace(/\s+/g, ' ');
  if (!rowText.includes(RULE)) problems.push(`the Problems row does not name ${RULE}: ${rowText}`);
  step(`Problems panel: ${rowText}`);

  // The finding's position (1-based, from the row), then the lightbulb menu there.
  const [, line, column] = /\[Ln (\d+), Col (\d+)\]/.exec(rowText) ?? [];
  await page.locator('.editor-instance .monaco-editor textarea').first().focus();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.quick-input-widget', { state: 'hidden' });
  const action = page.locator('.action-widget .monaco-list-row', { hasText: TITLE }).first();
  await page.keyboard.press('Control+.');
  await action.waitFor({ state: 'visible', timeout: 30_000 });
  const offered = (await page.locator('.action-widget .monaco-list-row').allInnerTexts()).map(t => t.trim());
  step(`quick fixes at ${line}:${column}: ${offered.join(' | ')}`);
  // Chosen with the keyboard, as a user would after Ctrl+. (the menu's overlay takes mouse clicks).
  const focused = page.locator('.action-widget .monaco-list-row.focused');
  for (let i = 0; i < 10 && !(await focused.innerText().catch(() => '')).includes(TITLE); i++)
    await page.keyboard.press('ArrowDown');
  if (!(await focused.innerText()).includes(TITLE)) throw new Error(`"${TITLE}" could not be selected`);
  await page.keyboard.press('Enter');
  // The edit arrives after codeAction/resolve, and a file read while VS Code writes it can be caught
  // half written: save until the file has changed and reads the same twice, half a second apart.
  let edited = original;
  for (let i = 0, previous; i < 60 && !(edited !== original && edited === previous); i++) {
    previous = edited;
    await page.keyboard.press('Control+S');
    await page.waitForTimeout(500);
    edited = readFileSync(doc, 'utf8');
  }
  const copy = join(project, 'fix-copy.yaml');
  writeFileSync(copy, original);
  spawnSync(process.execPath, [CLI, 'fix', '--rule', RULE, copy], { cwd: project, encoding: 'utf8' });
  const fixed = readFileSync(copy, 'utf8');
  if (edited === original) problems.push('the quick fix changed nothing on disk');
  else if (edited !== fixed) problems.push(`the saved bytes differ from fix --rule ${RULE}'s`);
  step(`"${TITLE}" applied and saved${edited === fixed ? ': the bytes fix --rule writes' : ''}`);

  // The setting, changed in the workspace's settings: the client sends it, the server unpublishes.
  mkdirSync(join(project, '.vscode'));
  writeFileSync(join(project, '.vscode/settings.json'), '{ "spectralApiConventions.diagnostics": false }\n');
  const none = label => label === 'No Problems';
  for (let i = 0; i < 300 && !none(seen.label); i++) {
    await page.waitForTimeout(100);
    seen = await counts();
  }
  if (!none(seen.label)) problems.push(`diagnostics: false left ${seen.label}`);
  step(`spectralApiConventions.diagnostics: false: ${seen.label}`);
} catch (error) {
  problems.push(error instanceof Error ? error.stack : String(error));
} finally {
  if (problems.length > 0 && process.env.KEEP === '1') {
    await browser?.pages()[0]?.screenshot({ path: join(work, 'failure.png') });
    console.log(`kept ${work}`);
  }
  await browser?.close();
  codeServer?.kill();
  if (!(problems.length > 0 && process.env.KEEP === '1')) rmSync(work, { recursive: true, force: true });
}
for (const problem of problems) console.log(`FAILED: ${problem}`);
step(problems.length === 0 ? 'ok' : 'failed');
process.exit(problems.length === 0 ? 0 : 1);
