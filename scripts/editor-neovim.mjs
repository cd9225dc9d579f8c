// The language server in a real editor: Neovim (Debian's `neovim`, 0.7 or later) headless, driven by
// test/editors/neovim.lua. For each scenario it opens a real description, receives the diagnostics,
// asks for quick fixes with the cursor at the start of a finding's line (as vim.lsp.buf.code_action()
// asks), applies one through Neovim's own code, writes the buffer, and compares the bytes with what
// `spectral-api-conventions fix --rule <id>` writes for the same document. Exits 1 on any difference.
// Run: npm run test:editors (it builds dist/ first when stale).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ensureBuilt } from './data.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/cli.js');

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
if (nvim.status !== 0) {
  console.error('Neovim is not installed (nvim --version failed): apt-get install -y neovim');
  process.exit(2);
}
console.log(nvim.stdout.split('\n')[0]);
ensureBuilt();

const defects = readFileSync(join(ROOT, 'fixtures/defects.yaml'), 'utf8');
// The same description as JSON: quick fixes are offered from the start of a finding's line there too.
const defectsJson = `${JSON.stringify(parse(defects), null, 2)}\n`;
const SCENARIOS = [
  { name: 'a safe fix', rule: 'problem-example-title', title: 'Set title to "Not Found"', text: defects, args: [] },
  {
    name: 'a safe fix in JSON',
    rule: 'problem-example-title',
    title: 'Set title to "Not Found"',
    text: defectsJson,
    args: [],
    extension: 'json',
  },
  {
    name: 'a contract fix',
    rule: 'error-response-problem-media-type',
    title: 'Rename application/json to application/problem+json (changes the contract)',
    text: defects,
    args: ['--unsafe'],
  },
];

let failed = 0;
for (const scenario of SCENARIOS) {
  const project = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-neovim-'));
  try {
    mkdirSync(join(project, 'registry'));
    copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(project, 'registry/problem-details.yaml'));
    const doc = join(project, `openapi.${scenario.extension ?? 'yaml'}`);
    const copy = join(project, `fix-copy.${scenario.extension ?? 'yaml'}`);
    writeFileSync(doc, scenario.text);
    writeFileSync(copy, scenario.text);
    const report = join(project, 'report.jsonl');
    const run = spawnSync(
      'nvim',
      ['--headless', '--clean', '-n', '-c', `luafile ${join(ROOT, 'test/editors/neovim.lua')}`],
      {
        cwd: project,
        encoding: 'utf8',
        timeout: 300_000,
        env: {
          ...process.env,
          DOC: doc,
          ROOT: project,
          CLI,
          NODE: process.execPath,
          RULE: scenario.rule,
          TITLE: scenario.title,
          REPORT: report,
        },
      },
    );
    let lines = [];
    try {
      lines = readFileSync(report, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(line => JSON.parse(line));
    } catch {
      // no report: Neovim failed before the script ran
    }
    const fixed = spawnSync(process.execPath, [CLI, 'fix', ...scenario.args, '--rule', scenario.rule, copy], {
      cwd: project,
      encoding: 'utf8',
    });
    const edited = readFileSync(doc, 'utf8');
    const expected = readFileSync(copy, 'utf8');
    const error = lines.find(l => l.kind === 'error');
    const problems = [];
    if (run.status !== 0 || error !== undefined)
      problems.push(`Neovim exited ${run.status}: ${error?.value ?? run.stderr}`);
    if (fixed.status !== 0 && fixed.status !== 1) problems.push(`fix exited ${fixed.status}: ${fixed.stderr}`);
    if (edited === scenario.text) problems.push('the quick fix changed nothing');
    if (edited !== expected) problems.push(`the bytes differ from fix --rule ${scenario.rule}'s`);
    const diagnostics = lines.find(l => l.kind === 'diagnostics')?.value ?? [];
    console.log(
      `${problems.length === 0 ? 'ok' : 'FAILED'}: ${scenario.name}: ${scenario.rule}, ${diagnostics.length} diagnostics, "${scenario.title}" applied and written (${edited.length} bytes)${problems.length === 0 ? ', the bytes fix writes' : ''}`,
    );
    for (const problem of problems) console.log(`  ${problem}`);
    if (problems.length > 0) failed++;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
console.log(`${SCENARIOS.length - failed} of ${SCENARIOS.length} Neovim scenarios passed`);
process.exit(failed === 0 ? 0 : 1);
