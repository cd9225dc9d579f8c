// Parity of the two engines: lints documents with Spectral (in process, the built dist/ruleset.js,
// as `spectral lint` runs it) and with Redocly CLI (`redocly lint` with the built plugin,
// dist/redocly.js) and compares their findings of our rules by rule, file, JSON pointer, message and
// line, and the link to the rule's page (Spectral's `documentationUrl`, Redocly's `reference`). Every difference is printed with the document and the two findings; the exit status is 1
// when there is any.
//   node scripts/redocly-parity.mjs FILE...     the given documents
//   node scripts/redocly-parity.mjs --corpus N  the corpus sample of N documents (npm run test:corpus's --sample N)
//   node scripts/redocly-parity.mjs --plan FILE  the groups of a JSON file [{ options, files }]: each
//                                               group linted with createRuleset(options) and the
//                                               plugin's rules given the same options
//   --json                                      print { documents, findings, differences } as JSON
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { CACHE, ROOT, corpusDescriptions, corpusSample, ensureBuilt, offlineResolver } from './data.mjs';

const require = createRequire(import.meta.url);
const { Spectral, Document } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');

const PLUGIN = 'spectral-api-conventions';
const argv = process.argv.slice(2);
const JSON_OUT = argv.includes('--json');
const CORPUS = argv.includes('--corpus') ? Number(argv[argv.indexOf('--corpus') + 1]) : undefined;
const PLAN = argv.includes('--plan') ? argv[argv.indexOf('--plan') + 1] : undefined;

/** dist/ruleset.js and dist/redocly.js, built when older than a source. */
function ensurePlugin() {
  ensureBuilt();
  const plugin = join(ROOT, 'dist/redocly.js');
  const sources = [
    'redocly/index.ts',
    'redocly/resolve.ts',
    'redocly/parser.ts',
    'manifest.ts',
    'redocly/spectral-shim.ts',
    'dist/ruleset.js',
  ];
  if (!existsSync(plugin) || sources.some(source => statSync(join(ROOT, source)).mtimeMs > statSync(plugin).mtimeMs)) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: ['ignore', 2, 2] });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return plugin;
}

/** A JSON path as a pointer, as Redocly writes one. */
const pointerOf = path => `#/${path.map(key => String(key).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
/** A pointer's tokens, whatever escaping its engine used. */
const tokensOf = pointer =>
  pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((token, i, all) => !(all.length === 1 && token === ''))
    .map(token => {
      let decoded = token;
      try {
        decoded = decodeURIComponent(token);
      } catch {
        // as written
      }
      return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    });

async function spectralFindings(files, ruleIds, options) {
  const ruleset = require(ensureBuilt()).createRuleset(options);
  const findings = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const spectral = new Spectral({ resolver: offlineResolver() });
    spectral.setRuleset(ruleset);
    const document = new Document(
      text,
      /** @type {import('@stoplight/spectral-parsers').IParser} */ (
        file.endsWith('.json') ? Parsers.Json : Parsers.Yaml
      ),
      file,
    );
    const results = await spectral.run(document);
    for (const result of results) {
      if (!ruleIds.has(result.code)) continue;
      findings.push({
        rule: result.code,
        file: resolve(result.source ?? file),
        pointer: pointerOf(result.path),
        message: result.message,
        link: ruleset.rules[result.code].documentationUrl,
        // Spectral finds no place for a path that continues past a YAML alias (`example: *problem`)
        // and reports it on line 1; Redocly reports it where the alias is written. Such a line is not
        // compared (and is counted as `unplaced`).
        line: document.getRangeForJsonPath(result.path, true) === undefined ? null : result.range.start.line + 1,
      });
    }
  }
  return findings;
}

/** The JSON objects of a text, one after the other (redocly lint writes one report per document). */
function jsonValues(text) {
  const values = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = depth > 0;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && depth > 0 && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

function redoclyFindings(files, plugin, ruleIds, options) {
  const folder = mkdtempSync(join(tmpdir(), `${PLUGIN}-redocly-`));
  try {
    const config = join(folder, 'redocly.yaml');
    // Each rule given the options of createRuleset it takes (`strict` is a severity, which is not compared).
    const { optionsOf } = require(plugin);
    const rules = Object.fromEntries(
      [...ruleIds]
        .map(id => [id, Object.fromEntries(Object.entries(options).filter(([key]) => optionsOf(id).includes(key)))])
        .filter(([, given]) => Object.keys(given).length > 0)
        .map(([id, given]) => [`${PLUGIN}/${id}`, { severity: 'warn', ...given }]),
    );
    writeFileSync(
      config,
      `${JSON.stringify({ plugins: [plugin], extends: [`${PLUGIN}/recommended`], rules }, null, 2)}\n`,
    );
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        '--config',
        config,
        '--format',
        'json',
        '--max-problems',
        '1000000',
        ...files,
      ],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
    );
    const reports = jsonValues(run.stdout);
    if (reports.length === 0) throw new Error(`redocly lint gave no report: ${run.stderr}`);
    return reports
      .flatMap(report => report.problems)
      .filter(problem => problem.ruleId.startsWith(`${PLUGIN}/`))
      .map(problem => {
        const [location] = problem.location;
        return {
          rule: problem.ruleId.slice(PLUGIN.length + 1),
          file: resolve(ROOT, location.source.ref),
          pointer: pointerOf(tokensOf(location.pointer)),
          message: problem.message,
          link: problem.reference,
          line: location.start?.line,
        };
      });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const parityKey = finding =>
  JSON.stringify([finding.file, finding.rule, finding.pointer, finding.message, finding.link]);

/** Findings of one engine missing from the other, or differing in line, paired by rule, file, pointer, message and link. */
function differences(spectral, redocly) {
  const byKey = new Map();
  for (const finding of redocly) byKey.set(parityKey(finding), [...(byKey.get(parityKey(finding)) ?? []), finding]);
  const out = [];
  for (const finding of spectral) {
    const same = byKey.get(parityKey(finding));
    const other = same?.shift();
    if (other === undefined) out.push({ document: finding.file, spectral: finding, redocly: null });
    else if (finding.line !== null && other.line !== finding.line)
      out.push({ document: finding.file, spectral: finding, redocly: other });
  }
  for (const rest of byKey.values())
    for (const finding of rest) out.push({ document: finding.file, spectral: null, redocly: finding });
  return out;
}

const groups = PLAN
  ? JSON.parse(readFileSync(PLAN, 'utf8'))
  : [
      {
        options: {},
        files:
          CORPUS !== undefined
            ? corpusSample(corpusDescriptions(), CORPUS).map(doc => doc.path)
            : argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--corpus'),
      },
    ];
const files = groups.flatMap(group => group.files.map(file => resolve(file)));
if (files.length === 0) {
  console.error('usage: node scripts/redocly-parity.mjs FILE... | --corpus N | --plan FILE [--json]');
  process.exit(2);
}
process.env.SPECTRAL_API_CONVENTIONS_THROW = '1';
const plugin = ensurePlugin();
const ruleIds = new Set(Object.keys(require(join(ROOT, 'dist/ruleset.js')).rules));
const spectral = [];
const redocly = [];
const found = [];
for (const group of groups) {
  const groupFiles = group.files.map(file => resolve(file));
  const ours = await spectralFindings(groupFiles, ruleIds, group.options);
  const theirs = redoclyFindings(groupFiles, plugin, ruleIds, group.options);
  spectral.push(...ours);
  redocly.push(...theirs);
  found.push(...differences(ours, theirs).map(difference => ({ ...difference, options: group.options })));
}
const unplaced = spectral.filter(finding => finding.line === null).length;
const name = file => relative(file.startsWith(CACHE) ? CACHE : ROOT, file);
if (JSON_OUT) {
  console.log(
    JSON.stringify({ documents: files.length, findings: spectral.length, unplaced, differences: found }, null, 2),
  );
} else {
  for (const { document, options, spectral: s, redocly: r } of found) {
    console.log(`${name(document)}${Object.keys(options).length > 0 ? ` with ${JSON.stringify(options)}` : ''}`);
    console.log(`  spectral: ${s ? `${s.rule} ${s.pointer} line ${s.line}: ${s.message}` : '(none)'}`);
    console.log(`  redocly:  ${r ? `${r.rule} ${r.pointer} line ${r.line}: ${r.message}` : '(none)'}`);
  }
  console.log(
    `${files.length} documents, ${spectral.length} Spectral findings (${unplaced} without a place in Spectral: line not compared), ${redocly.length} Redocly findings, ${found.length} differences`,
  );
}
process.exit(found.length > 0 ? 1 : 0);
