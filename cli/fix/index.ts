/**
 * `spectral-api-conventions fix <file>…`: lints each file with the ruleset `spectral lint` would use,
 * turns findings into text edits, applies them in one pass, checks that the result parses to the
 * original data plus exactly the intended changes, lints again and repeats until nothing fixable is
 * left. Safe fixes (example values) by default, contract fixes with --unsafe. See docs/fix.md. The
 * rounds are the engine's (engine.ts); this file is the command: its options, files and output.
 */
import { relative, resolve } from 'node:path';
import { ChangedMeanwhile, FileRefusal, cannotWrite, readText, writeAtomically } from '../shared/files';
import { isHttpUrl } from '../shared/document';
import type { Command } from '../main';
import { OptionSpec, optionsUsage, parseArgs as parseOptions, rulesetOption } from '../shared/args';
import { UsageError, UserError } from '../shared/errors';
import { dryRunDiff } from './diff';
import { rulesAskedBy } from '../../manifest';
import { LoadedRuleset, findRuleset, loadRuleset, selectRules } from '../shared/spectral';
import {
  FileResult,
  FixRequest,
  ParseFailure,
  SAFE_RULES,
  UNSAFE_RULES,
  fixText,
  hasFix,
  withGuardRules,
} from '../fix-engine';
import { formatSummary } from './summary';

export interface FixOptions extends FixRequest {
  dryRun: boolean;
  ruleset?: string;
}

const FIX_OPTIONS = {
  dryRun: {
    names: ['--dry-run'],
    help: 'print the diff (each edit by JSON pointer where a line is too long to read), write nothing',
  },
  rule: { names: ['--rule'], value: 'a rule id', shows: '<id>', help: "fix only this rule's findings (repeatable)" },
  unsafe: {
    names: ['--unsafe'],
    help: 'also add missing error responses, examples, problem media types, x-extensible-enum',
  },
  registry: {
    names: ['--registry'],
    value: 'a path or URL',
    shows: '<path>',
    help: '$ref added responses to this registry document (a path from here, or a URL) instead of copying them in',
  },
  ruleset: rulesetOption('the ruleset (default: .spectral.yaml/.yml/.json/.js in this folder, as spectral lint)'),
  help: { names: ['-h', '--help'], help: 'this text' },
} satisfies Record<string, OptionSpec>;

const USAGE = `usage: spectral-api-conventions fix [options] <file>…

Applies the conventions' unambiguous fixes to OpenAPI descriptions (YAML or JSON), keeping
comments and layout. Safe fixes (example values) by default; --unsafe adds contract fixes.

options:
${optionsUsage(FIX_OPTIONS)}

exit codes: 0 nothing left, 1 findings remain, 2 usage error or a file left alone (missing, a URL,
not OpenAPI, unparsable, not UTF-8, read-only, or saved by another program while fix ran): nothing written
safe fixes: ${SAFE_RULES.join(', ')}
unsafe fixes: ${UNSAFE_RULES.join(', ')}`;

export function parseArgs(args: string[]): { options: FixOptions; files: string[] } | 'help' {
  const parsed = parseOptions(args, FIX_OPTIONS);
  if (parsed.has('help')) return 'help';
  const options: FixOptions = {
    dryRun: parsed.has('dryRun'),
    rules: parsed.values('rule'),
    unsafe: parsed.has('unsafe'),
    registry: parsed.value('registry'),
    ruleset: parsed.value('ruleset'),
  };
  if (options.registry === undefined) delete options.registry;
  if (options.ruleset === undefined) delete options.ruleset;
  if (parsed.positionals.length === 0) throw new UsageError('no file named');
  return { options, files: parsed.positionals };
}

async function run(args: string[]): Promise<number> {
  // A UserError (an option, the ruleset) is main.ts's to print; a file fix refuses is a line of its own.
  const parsed = parseArgs(args);
  if (parsed === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { options, files } = parsed;
  const loaded: LoadedRuleset = await loadRuleset(findRuleset(options.ruleset));
  const unknown = options.rules.filter(id => loaded.ruleset.rules[id] === undefined && !hasFix(id));
  if (unknown.length > 0) throw new UserError(`unknown rule ${unknown.join(', ')} (not in ${loaded.file})`);
  // With --rule, only those rules run, and those whose fix is also asked by that name (manifest.ts).
  const asked = options.rules.flatMap(rulesAskedBy);
  selectRules(loaded.ruleset, asked);
  const report = options.dryRun ? process.stderr : process.stdout;
  let code = 0;
  /** A file fix must leave alone, and why: exit code 2. */
  const refuse = (message: string): void => {
    process.stderr.write(`spectral-api-conventions fix: ${message}\n`);
    code = 2;
  };
  for (const given of files) {
    const file = resolve(given);
    const name = relative(process.cwd(), file) || given;
    let text: string;
    try {
      if (isHttpUrl(given))
        throw new FileRefusal(`${given} is a URL, which fix cannot write to: download it and fix the local copy`);
      text = readText(file, name);
    } catch (error) {
      if (!(error instanceof FileRefusal)) throw error;
      refuse(error.message);
      continue;
    }
    const unwritable = options.dryRun ? undefined : cannotWrite(file, name);
    if (unwritable !== undefined) {
      refuse(`${unwritable}; nothing written (--dry-run shows the fixes)`);
      continue;
    }
    let result: FileResult;
    try {
      // The guard's rules, as many as the document's size allows, for this file only.
      result = await withGuardRules(loaded, text.length, () => fixText(loaded, text, file, options));
    } catch (error) {
      const message =
        error instanceof ParseFailure ? error.message.replace(file, name) : `${name}: ${(error as Error).message}`;
      const excerpt = error instanceof ParseFailure && error.excerpt !== undefined ? `\n${error.excerpt}` : '';
      refuse(`${message}; the file is untouched${excerpt}`);
      continue;
    }
    if (result.after !== text) {
      if (options.dryRun) process.stdout.write(dryRunDiff(text, result.after, name.split('\\').join('/')));
      else
        try {
          // Another program's write while fix ran (an editor's save, a second fix) is kept, not lost.
          writeAtomically(file, result.after, { unchangedFrom: text, name });
        } catch (error) {
          if (!(error instanceof ChangedMeanwhile)) throw error;
          refuse(error.message);
          continue;
        }
    }
    report.write(`${formatSummary(result, name)}\n`);
    const fixed = [...result.summary.values()].reduce((n, s) => n + s.fixed, 0);
    if (fixed > 0 && loaded.ruleset.rules['baseline-suppressed'] !== undefined) {
      // The baseline still counts what was just fixed; pruning it keeps it from hiding those findings if they come back.
      report.write(
        `${name}: the baseline may still count findings fixed here; \`spectral-api-conventions baseline --prune\` drops them\n`,
      );
    }
    if (result.left.length > 0 && code === 0) code = 1;
  }
  return code;
}

const command: Command = { summary: 'apply the conventions’ unambiguous fixes (docs/fix.md)', usage: USAGE, run };
export default command;
