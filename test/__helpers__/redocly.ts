/**
 * The real Redocly CLI (`redocly lint`, this project's @redocly/cli) with our plugin, in a child
 * process, and its findings as the adapter's tests compare them with Spectral's.
 *
 * The plugin is bundled from the sources as they are (scripts/redocly-bundle.mjs, as the build
 * bundles dist/redocly.js), so a test checks the adapter's code, built or not; under Stryker, the
 * mutated sources, whose active mutant the child takes from the environment and whose reached
 * mutants it reports back (test/__stryker__/child-coverage.cjs).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const PREFIX = 'spectral-api-conventions/';

export interface RedoclyFinding {
  rule: string;
  /** The file the finding is in, absolute. */
  file: string;
  /** A JSON pointer, each token decoded then escaped as RFC 6901 says (`~0`, `~1`), no URL encoding. */
  pointer: string;
  message: string;
  /** 1-based, as Redocly counts. */
  line: number | undefined;
  /** The rule's page (Redocly's `reference`). */
  link: string | undefined;
  severity: string;
}

interface Report {
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    reference?: string;
    location: { source: { ref: string }; pointer: string; start?: { line: number } }[];
  }[];
}

/** The JSON objects of a text, one after the other (redocly lint writes one report per document). */
function jsonValues(text: string): Report[] {
  const values: Report[] = [];
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
    } else if (c === '}' && depth > 0 && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)) as Report);
  }
  return values;
}

/** A pointer as Redocly writes it (URL-encoded tokens), as RFC 6901 writes it. */
function plainPointer(pointer: string): string {
  const tokens = pointer.replace(/^#\/?/, '');
  if (tokens === '') return '#';
  return `#/${tokens
    .split('/')
    .map(token => {
      let decoded = token;
      try {
        decoded = decodeURIComponent(token);
      } catch {
        // as written
      }
      return decoded;
    })
    .join('/')}`;
}

/** Every source file the plugin is bundled from: a change to any of them makes a new bundle. */
function sources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap(entry =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );
  return ['manifest.ts', ...walk('redocly'), ...walk('functions')].sort();
}

let bundled: string | undefined;

/**
 * The plugin bundled from the sources as they are now, once per set of sources: a file named by
 * their hash in node_modules/.cache/, where the plugin's one import (`yaml`) is found.
 */
export function pluginFromSources(): string {
  if (bundled !== undefined && existsSync(bundled)) return bundled;
  const hash = createHash('sha256');
  for (const file of sources())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  hash.update(readFileSync(join(ROOT, 'scripts/redocly-bundle.mjs')));
  const folder = join(ROOT, 'node_modules/.cache/spectral-api-conventions');
  mkdirSync(folder, { recursive: true });
  const out = join(folder, `redocly-${hash.digest('hex').slice(0, 16)}.js`);
  if (!existsSync(out) || statSync(out).size === 0) {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/redocly-bundle.mjs'), out], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`bundling the Redocly plugin failed: ${run.stderr}`);
  }
  bundled = out;
  return out;
}

/**
 * `redocly lint --format json` on `files` with the redocly.yaml `config` (written by the caller),
 * run in `cwd`: our plugin's findings, in the order Redocly gives them.
 */
export function redoclyLint(files: string[], config: string, cwd: string): RedoclyFinding[] {
  const stryker = (globalThis as { __stryker__?: { activeMutant?: string } }).__stryker__;
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
      '100000',
      ...files,
    ],
    {
      cwd,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        ...(stryker?.activeMutant === undefined ? {} : { __STRYKER_ACTIVE_MUTANT__: String(stryker.activeMutant) }),
      },
    },
  );
  const reports = jsonValues(run.stdout);
  if (reports.length === 0) throw new Error(`redocly lint gave no report (exit ${run.status}): ${run.stderr}`);
  return reports
    .flatMap(report => report.problems)
    .filter(problem => problem.ruleId.startsWith(PREFIX))
    .map(problem => {
      const [location] = problem.location;
      return {
        rule: problem.ruleId.slice(PREFIX.length),
        file: resolve(cwd, location.source.ref),
        pointer: plainPointer(location.pointer),
        message: problem.message,
        line: location.start?.line,
        link: problem.reference,
        severity: problem.severity,
      };
    });
}
