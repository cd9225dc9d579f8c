/**
 * `spectral-api-conventions baseline [--update | --prune | --check] [<file>…]`: records the
 * findings of this package's rules on the documents in `.spectral-baseline.json`, so that a ruleset
 * with the baseline (`extends: ["spectral-api-conventions/baseline"]`) reports only new ones
 * (docs/baseline.md).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command } from './main';
import {
  BASELINE_FILE,
  Counts,
  DefectKey,
  formatBaseline,
  keyOf,
  parseBaseline,
  partsOf,
  relativeTo,
  setRecorder,
} from '../functions/lib/baseline';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { readParsable } from '@stoplight/spectral-runtime';
// The ruleset found and loaded as `spectral lint` does, shared with the fix command.
import { findRuleset, loadRuleset } from './spectral';

const USAGE = `usage: spectral-api-conventions baseline [--update | --prune | --check] [options] [<file>…]

Records the findings of spectral-api-conventions' rules on the documents, by file, rule, location
and message, with counts, so that a ruleset with the baseline reports only new findings.

  (no mode)            write the baseline; refused when it exists
  --update             rewrite it from today's findings (adds new ones: review the diff)
  --prune              drop the entries and counts that no longer match; never adds one
  --check              exit 1, listing them, when entries no longer match (run --prune)
  -b, --baseline FILE  the baseline file (default ${BASELINE_FILE})
  -r, --ruleset FILE   the ruleset (default: the .spectral.yaml/.yml/.json/.js of this folder,
                       as for spectral lint; this package's rules when there is none)
  <file>…              the documents; default: those the baseline was made from

Exit codes: 0 done (--check: nothing stale), 1 --check found stale entries, 2 usage or load error.`;

type Mode = 'create' | 'update' | 'prune' | 'check';

interface Args {
  mode: Mode;
  baseline: string;
  ruleset?: string;
  files: string[];
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = { mode: 'create', baseline: BASELINE_FILE, files: [] };
  const modes: Record<string, Mode> = { '--update': 'update', '--prune': 'prune', '--check': 'check' };
  let mode: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg in modes) {
      if (mode !== undefined && mode !== arg) return `${mode} and ${arg} cannot be combined`;
      mode = arg;
      args.mode = modes[arg];
    } else if (arg === '-b' || arg === '--baseline' || arg === '-r' || arg === '--ruleset') {
      const value = argv[++i];
      if (value === undefined || value === '') return `${arg} needs a file`;
      if (arg === '-b' || arg === '--baseline') args.baseline = value;
      else args.ruleset = value;
    } else if (arg.startsWith('--baseline=')) {
      args.baseline = arg.slice('--baseline='.length);
    } else if (arg.startsWith('--ruleset=')) {
      args.ruleset = arg.slice('--ruleset='.length);
    } else if (arg.startsWith('-') && arg !== '-') {
      return `unknown option ${arg}`;
    } else {
      args.files.push(arg);
    }
  }
  return args;
}

const isUrl = (file: string): boolean => /^https?:\/\//i.test(file);

/** Today's defects, counted by key: per document linted, the largest count any of them gave a key. */
async function record(files: string[], rulesetPath: string, baselineDir: string): Promise<Counts> {
  const { ruleset } = await loadRuleset(rulesetPath);
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(ruleset);
  const total: Counts = new Map();
  for (const file of files) {
    const counts: Counts = new Map();
    setRecorder({
      record(defect: DefectKey) {
        const key = keyOf(relativeTo(baselineDir, defect.file), defect.rule, defect.location, defect.message);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      },
    });
    try {
      // Every document through the YAML parser, with its absolute path as source, as spectral lint reads it.
      await spectral.run(new Document(await readParsable(file, { encoding: 'utf8' }), Parsers.Yaml, file) as never);
    } finally {
      setRecorder(undefined);
    }
    // A file that several documents $ref is linted with each: its findings count once.
    for (const [key, n] of counts) total.set(key, Math.max(total.get(key) ?? 0, n));
  }
  return total;
}

function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

const describe = (key: string): string => {
  const [file, rule, location, message] = partsOf(key);
  return `${file}#${location}  ${rule}  ${message}`;
};

const sum = (counts: Counts): number => [...counts.values()].reduce((a, b) => a + b, 0);

async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`spectral-api-conventions baseline: ${args}\n\n${USAGE}\n`);
    return 2;
  }
  const cwd = process.cwd();
  const baselinePath = path.resolve(cwd, args.baseline);
  const baselineDir = path.dirname(baselinePath);
  const shown = path.relative(cwd, baselinePath) || baselinePath;
  const error = (message: string): number => {
    process.stderr.write(`spectral-api-conventions baseline: ${message}\n`);
    return 2;
  };

  let old: { counts: Counts; documents: string[] } | undefined;
  if (fs.existsSync(baselinePath)) {
    if (args.mode === 'create') {
      return error(
        `${shown} exists: --update rewrites it, --prune drops what no longer matches, --check lists what no longer matches`,
      );
    }
    try {
      old = parseBaseline(fs.readFileSync(baselinePath, 'utf8'), shown);
    } catch (e) {
      return error((e as Error).message);
    }
  } else if (args.mode === 'prune' || args.mode === 'check') {
    return error(`${shown} not found: write it first with \`spectral-api-conventions baseline <file>…\``);
  }

  // The documents: those named (relative to the working directory, as spectral lint takes them),
  // else those the baseline was made from (relative to the baseline).
  const named = args.files.map(file => (isUrl(file) ? file : path.resolve(cwd, file)));
  const files = named.length > 0 ? named : (old?.documents ?? []).map(file => path.resolve(baselineDir, file));
  if (files.length === 0) return error(`name the documents to lint\n\n${USAGE}`);
  const missing = files.filter(file => !isUrl(file) && !fs.existsSync(file));
  if (missing.length > 0) return error(`no such document: ${missing.join(', ')}`);
  const documents = files.map(file => (isUrl(file) ? file : relativeTo(baselineDir, file)));

  let rulesetPath: string;
  let now: Counts;
  try {
    rulesetPath = findRuleset(args.ruleset, cwd);
    now = await record(files, rulesetPath, baselineDir);
  } catch (e) {
    return error(e instanceof Error ? e.message : String(e));
  }

  if (args.mode === 'create' || args.mode === 'update') {
    writeAtomically(baselinePath, formatBaseline(now, documents));
    const added = old === undefined ? 0 : [...now].filter(([key, n]) => n > (old!.counts.get(key) ?? 0)).length;
    process.stdout.write(
      `${shown}: ${sum(now)} known finding${sum(now) === 1 ? '' : 's'} of ${documents.length} document${documents.length === 1 ? '' : 's'} recorded` +
        (old === undefined ? '\n' : ` (${added} entr${added === 1 ? 'y' : 'ies'} new or grown)\n`),
    );
    return 0;
  }

  // --prune and --check: what the baseline holds beyond today's findings.
  const stale: [string, number, number][] = [];
  const kept: Counts = new Map();
  for (const [key, count] of old!.counts) {
    const today = now.get(key) ?? 0;
    if (today < count) stale.push([key, count, today]);
    if (Math.min(today, count) > 0) kept.set(key, Math.min(today, count));
  }
  const staleCount = stale.reduce((n, [, count, today]) => n + count - today, 0);
  if (args.mode === 'prune') {
    if (stale.length > 0) writeAtomically(baselinePath, formatBaseline(kept, old!.documents));
    process.stdout.write(
      stale.length === 0
        ? `${shown}: nothing to prune\n`
        : `${shown}: ${staleCount} finding${staleCount === 1 ? '' : 's'} no longer found, dropped; ${sum(kept)} remain\n`,
    );
    return 0;
  }
  if (stale.length === 0) {
    process.stdout.write(`${shown}: every entry still matches (${sum(old!.counts)} known findings)\n`);
    return 0;
  }
  process.stdout.write(
    `${shown}: ${staleCount} known finding${staleCount === 1 ? ' is' : 's are'} fixed but still in the baseline:\n` +
      stale.map(([key, count, today]) => `  ${describe(key)}  (baseline ${count}, found ${today})\n`).join('') +
      `Run \`npx spectral-api-conventions baseline --prune\` and commit ${shown}, so that they cannot come back unnoticed.\n`,
  );
  return 1;
}

const command: Command = {
  summary: 'record known findings so that CI fails only on new ones (docs/baseline.md)',
  run,
};
export default command;
