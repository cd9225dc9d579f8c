/**
 * `spectral-api-conventions check [--since <git-ref>] <document>…`: `spectral lint` for CI. With
 * `--since`, the documents are also linted as they were at the merge base of <git-ref> and HEAD
 * (read with git, `$ref`'d files of that revision included), and only the findings that are new are
 * reported: a finding is known when the merge base had one with the same baseline key (file, rule,
 * location, message; docs/baseline.md), and moved findings (a renamed path, a renamed file) are
 * known too. Output in Spectral's formats, through Spectral's formatters, except `gitlab` and
 * `code-climate`, whose lines here are 1-based as GitLab reads them. Exit codes as `spectral lint`:
 * 0 nothing at or above --fail-severity, 1 something, 2 usage, ruleset, git or document error.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ISpectralDiagnostic, Ruleset } from '@stoplight/spectral-core';
import type { Command } from '../main';
import { Counts, baselineKey, relativeTo } from '../../functions/lib/baseline-file';
import { OptionSpec, Parsed, formatOptions, optionsUsage, parseArgs, rulesetOption } from '../shared/args';
import { UsageError, UserError } from '../shared/errors';
import { LoadedRuleset, findRuleset, loadPeer, loadRuleset } from '../shared/spectral';
import { GitError, mergeBase, renamesSince, topFolder, unpack } from '../shared/git';
import { isHttpUrl } from '../shared/document';
import { DocumentError, Keyed, findingsAndDefects, lintKeyed } from '../shared/keyed';
import { compare, renameKeys } from '../shared/moves';

const OUTPUT_FORMATS = [
  'stylish',
  'json',
  'junit',
  'sarif',
  'gitlab',
  'code-climate',
  'github-actions',
  'text',
  'teamcity',
  'pretty',
  'markdown',
  'html',
];
type Severity = ISpectralDiagnostic['severity'];
const SEVERITIES: Record<string, Severity> = { error: 0, warn: 1, info: 2, hint: 3 };

const OPTIONS = {
  since: {
    names: ['--since'],
    value: 'a git revision',
    shows: '<git-ref>',
    help: 'e.g. origin/main; the merge base must be in the clone (fetch-depth: 0)',
  },
  ...formatOptions(OUTPUT_FORMATS, 'stylish'),
  failSeverity: {
    names: ['-F', '--fail-severity'],
    value: 'a severity',
    shows: '<level>',
    help: 'error, warn, info or hint (default error)',
  },
  displayOnlyFailures: {
    names: ['-D', '--display-only-failures'],
    help: 'report only findings at or above --fail-severity',
  },
  showDocumentationUrl: {
    names: ['--show-documentation-url'],
    help: "each finding's documentation link in the formats that show links",
  },
  ruleset: rulesetOption('the ruleset (default: .spectral.yaml/.yml/.json/.js of this folder)'),
  quiet: { names: ['-q', '--quiet'], help: 'no summary line on standard error' },
  help: { names: ['-h', '--help'], help: 'this text' },
} satisfies Record<string, OptionSpec>;

const USAGE = `usage: spectral-api-conventions check [--since <git-ref>] [options] <document>…

Lints the documents as spectral lint does, with the same ruleset. With --since, reports only the
findings that are new since the merge base of <git-ref> and HEAD: the documents are linted as they
were there too (read with git, with their $ref'd files), and a finding known there, or moved (a
renamed path or file), is left out. No baseline file is needed (docs/ci.md).

${optionsUsage(OPTIONS)}

gitlab and code-climate write 1-based lines and columns, as GitLab Code Quality reads them.
Exit codes: 0 no (new) finding at or above --fail-severity, 1 one or more, 2 usage, ruleset, git or
document error (a missing, broken, empty or non-OpenAPI document).`;

type Options = Parsed<keyof typeof OPTIONS>;

/** Where each format goes (`<stdout>` for standard output), checked as `spectral lint` checks it. */
function outputs(options: Options): Map<string, string> {
  const formats = options.values('format');
  if (formats.length === 0) formats.push('stylish');
  for (const format of formats) {
    if (!OUTPUT_FORMATS.includes(format))
      throw new UsageError(`unknown format ${format} (one of ${OUTPUT_FORMATS.join(', ')})`);
  }
  const out = new Map<string, string>();
  const dotted = options.dotted('output');
  const single = options.value('output');
  for (const key of Object.keys(dotted)) {
    if (!formats.includes(key)) throw new UsageError(`--output.${key} names a format not asked for with -f`);
  }
  if (single !== undefined) out.set(formats[0], single);
  for (const format of formats) if (dotted[format] !== undefined) out.set(format, dotted[format]);
  const toStdout = formats.filter(format => !out.has(format));
  if (toStdout.length > 1) {
    throw new UsageError(
      `formats ${toStdout.join(' and ')} would both go to standard output: give --output.<format> files`,
    );
  }
  for (const format of toStdout) out.set(format, '<stdout>');
  return out;
}

/** GitLab Code Quality (and Code Climate): Spectral's code-climate entries, with 1-based lines and columns. */
function codeQuality(results: ISpectralDiagnostic[], cwd: string): string {
  const severities = ['critical', 'major', 'minor', 'info'];
  const entries = results.map(result => {
    const source = result.source ?? '';
    const file = isHttpUrl(source) ? source : path.relative(cwd, source).replace(/\\/g, '/');
    const { start, end } = result.range;
    return {
      type: 'issue',
      check_name: String(result.code),
      description: result.message,
      categories: ['Style'],
      location: {
        path: file,
        positions: {
          begin: { line: start.line + 1, column: start.character + 1 },
          end: { line: end.line + 1, column: end.character + 1 },
        },
      },
      severity: severities[result.severity],
      // One per finding: the place, the rule and the message.
      fingerprint: createHash('sha1')
        .update(JSON.stringify([file, result.path.map(String), String(result.code), result.message]))
        .digest('hex'),
    };
  });
  return JSON.stringify(entries, null, '\t');
}

function format(name: string, results: ISpectralDiagnostic[], failSeverity: Severity, ruleset: Ruleset): string {
  if (name === 'gitlab' || name === 'code-climate') return codeQuality(results, process.cwd());
  const formatters = loadPeer<Record<string, (...args: unknown[]) => string>>('@stoplight/spectral-formatters');
  const byName: Record<string, string> = { 'github-actions': 'githubActions' };
  let spectralVersion = '0.0.0';
  try {
    spectralVersion = loadPeer<{ version: string }>('@stoplight/spectral-cli/package.json').version;
  } catch {
    // Spectral's CLI is not installed: the SARIF report names version 0.0.0.
  }
  return formatters[byName[name] ?? name](results, { failSeverity }, { ruleset, spectralVersion });
}

/** A Spectral finding's key outside this package's rules (file, code, path, message): a finding of another ruleset. */
const plainKey = (result: ISpectralDiagnostic, top: string): string =>
  baselineKey(relativeTo(top, result.source ?? ''), String(result.code), result.path.join('/'), result.message);

interface Since {
  /** The merge base, shortened for sentences. */
  base: string;
  known: Counts;
  /** Findings of other rulesets at the merge base, by plainKey. */
  knownPlain: Counts;
  keyedRules: Set<string>;
  /**
   * How many findings are new (those reported, of which `plain` are other rulesets' findings, one
   * defect each), and how many known defects moved or are no longer found.
   */
  summary: (now: Counts, reported: number, plain: number) => string;
}

/** The documents at the merge base of `ref` and HEAD: their keyed findings, in the working copy's terms. */
async function sinceBase(
  ref: string,
  ruleset: Ruleset,
  files: string[],
  cwd: string,
): Promise<Since & { top: string }> {
  const url = files.find(isHttpUrl);
  if (url !== undefined) {
    throw new UserError(
      `--since lints the documents as git has them at the merge base, and ${url} is a URL, which has no git history: check it without --since, or name its file in the repository`,
    );
  }
  const top = fs.realpathSync(topFolder(cwd));
  const base = mergeBase(top, ref);
  const renames = renamesSince(top, base);
  const back = new Map([...renames].map(([from, to]) => [to, from]));
  const folder = unpack(top, base);
  try {
    const known: Counts = new Map();
    const knownPlain: Counts = new Map();
    const keyedRules = new Set<string>();
    for (const file of files) {
      const relative = relativeTo(top, fs.existsSync(file) ? fs.realpathSync(file) : file);
      if (relative.startsWith('../') || path.isAbsolute(relative)) {
        throw new GitError(`${file} is outside the git repository ${top}: --since reads documents of that repository`);
      }
      const then = path.join(folder, back.get(relative) ?? relative);
      if (!fs.existsSync(then)) continue; // a document new since the merge base: everything in it is new
      let linted: Keyed;
      try {
        linted = await lintKeyed(ruleset, [then], folder);
      } catch (error) {
        // A document broken at the merge base knows no finding: all of today's are new.
        if (error instanceof DocumentError) continue;
        throw error;
      }
      for (const [key, n] of linted.counts) known.set(key, Math.max(known.get(key) ?? 0, n));
      for (const result of linted.results) {
        if (linted.keyedRules.has(String(result.code))) continue;
        const key = plainKey({ ...result, source: result.source ?? '' }, folder);
        knownPlain.set(key, (knownPlain.get(key) ?? 0) + 1);
      }
      linted.keyedRules.forEach(rule => keyedRules.add(rule));
    }
    // Files renamed since: keys and the $refs written in messages name them as they are now.
    const renamed = renameKeys(known, (file, message) => {
      const now = renames.get(file) ?? file;
      for (const [from, to] of renames) {
        message = message
          .split(relativeTo(path.posix.dirname(file), from))
          .join(relativeTo(path.posix.dirname(now), to));
      }
      return [now, message];
    });
    const summary = (now: Counts, reported: number, plain: number): string => {
      const { fixed, moved, added } = compare(renamed, now);
      const total = (list: [unknown, ...unknown[]][]): number => list.reduce((n, item) => n + Number(item.at(-1)), 0);
      // Moved and fixed defects are counted by their keys: the findings they were part of are not reported.
      return `${findingsAndDefects(reported, total(added) + plain, 'new')}, ${total(moved)} moved and ${total(fixed)} fixed defects since ${base.slice(0, 12)} (the merge base of ${ref} and HEAD)`;
    };
    return { top, base: base.slice(0, 12), known: renamed, knownPlain, keyedRules, summary };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function lintSince(
  options: Options,
  loaded: LoadedRuleset,
  files: string[],
  cwd: string,
): Promise<{ results: ISpectralDiagnostic[]; summary: string }> {
  const ref = options.value('since')!;
  const since = await sinceBase(ref, loaded.ruleset, files, cwd);
  const { top } = since;
  const real = files.map(file => (fs.existsSync(file) ? fs.realpathSync(file) : file));
  // Today's findings with the known ones left out; moved ones are known under their new key.
  let linted = await lintKeyed(loaded.ruleset, real, top, since.known);
  const { moved } = compare(since.known, linted.counts);
  if (moved.length > 0) {
    const known = new Map(since.known);
    for (const [, to, n] of moved) known.set(to, (known.get(to) ?? 0) + n);
    linted = await lintKeyed(loaded.ruleset, real, top, known);
  }
  const keyed = new Set([...since.keyedRules, ...linted.keyedRules]);
  const seen: Counts = new Map();
  let plain = 0;
  const results = linted.results.filter(result => {
    if (keyed.has(String(result.code))) return true; // left out already by key, defect by defect
    plain++;
    const key = plainKey(result, top);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > (since.knownPlain.get(key) ?? 0)) return true;
    plain--;
    return false;
  });
  return { results, summary: since.summary(linted.counts, results.length, plain) };
}

/** Runs check; a UserError (an option, a document, the ruleset, git) is main.ts's to print. */
async function run(argv: string[]): Promise<number> {
  const options: Options = parseArgs(argv, OPTIONS);
  if (options.has('help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const targets = outputs(options);
  const severity = options.value('failSeverity') ?? 'error';
  const failSeverity: Severity | undefined = SEVERITIES[severity];
  if (failSeverity === undefined) throw new UsageError(`--fail-severity ${severity}: one of error, warn, info, hint`);
  if (options.positionals.length === 0) throw new UsageError('name the documents to lint');
  const cwd = process.cwd();
  // A URL stays a URL (path.resolve would make it a file named https:/…): it is fetched as spectral lint fetches it.
  const files = options.positionals.map(file => (isHttpUrl(file) ? file : path.resolve(cwd, file)));
  let results: ISpectralDiagnostic[];
  let summary: string;
  const loaded: LoadedRuleset = await loadRuleset(findRuleset(options.value('ruleset'), cwd));
  if (options.has('since')) {
    ({ results, summary } = await lintSince(options, loaded, files, cwd));
  } else {
    results = (await lintKeyed(loaded.ruleset, files, cwd, 'unkeyed')).results;
    summary = 'every finding (no --since)';
  }
  if (options.has('displayOnlyFailures')) results = results.filter(result => result.severity <= failSeverity);
  if (!options.has('showDocumentationUrl')) {
    results = results.map(result => {
      const copy: ISpectralDiagnostic & { documentationUrl?: string } = { ...result };
      delete copy.documentationUrl;
      return copy;
    });
  }
  for (const [name, target] of targets) {
    const text = format(name, results, failSeverity, loaded.ruleset);
    if (target === '<stdout>') process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
    else fs.writeFileSync(path.resolve(cwd, target), text);
  }
  const failing = results.filter(result => result.severity <= failSeverity).length;
  if (!options.has('quiet')) {
    process.stderr.write(
      `spectral-api-conventions check: ${summary}; ${results.length} finding${results.length === 1 ? '' : 's'} reported, ${failing} at or above --fail-severity ${options.value('failSeverity') ?? 'error'}\n`,
    );
  }
  return failing > 0 ? 1 : 0;
}

const command: Command = {
  summary:
    'spectral lint for CI; with --since <git-ref>, only the findings that are new since that revision (docs/ci.md)',
  usage: USAGE,
  run,
};
export default command;
