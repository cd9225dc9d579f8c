/**
 * Linting as `spectral lint` does: the ruleset found the way the CLI finds it (`--ruleset`, else a
 * `.spectral.{yaml,yml,json,js,mjs,cjs}` in the current folder), loaded with the bundler the CLI
 * uses, `$ref`s resolved with the CLI's resolver (files and URLs), with a fast path for documents
 * whose `$ref`s are all local (resolver.ts).
 */
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic, RulesetDefinition } from '@stoplight/spectral-core';
/**
 * A package the Spectral CLI brings (an optional peer dependency), loaded when first used, so that a
 * missing one is a sentence (`missingSpectral`), not a stack trace, and a command that does not
 * need it never loads it.
 */
export const loadPeer = <T>(id: string): T => createRequire(__filename)(id) as T;
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { JsonPath } from '../../functions/lib/json';
import { OPTION_DEFAULTS, RuleOption, rulesReading } from '../../manifest';
import { Recorder, recordWith } from '../../functions/lib/baseline-filter';
import { plainJson } from './json-ranges';
import { shownName } from './files';
import { fastResolver } from './resolver';
import { UserError } from './errors';

/** A sentence for a Spectral package that is not installed, or undefined for another error. */
export function missingSpectral(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const name = /Cannot find module '(@stoplight\/[^/']+)/.exec(message)?.[1];
  return name === undefined
    ? undefined
    : `${name} is not installed; fix lints with the Spectral packages that @stoplight/spectral-cli brings: npm install --save-dev @stoplight/spectral-cli`;
}

/** A ruleset that cannot be loaded; its message is the sentence every command prints (rulesetSentence). */
class RulesetError extends UserError {}

/**
 * The one sentence for a ruleset that cannot be loaded: a Spectral package that is not installed, a
 * package its `extends` names that cannot be found from its folder (the bundler tries it as a file
 * beside the ruleset then, and says `Cannot find module './name'`), or the loader's first line.
 */
function rulesetSentence(error: unknown, file: string): string {
  const missing = missingSpectral(error);
  if (missing !== undefined) return missing;
  const message = error instanceof Error ? error.message : String(error);
  const name = /Cannot find module '(?:\.\/)?([^']+)'/.exec(message)?.[1];
  const shown = shownName(file);
  if (name !== undefined)
    return `cannot load the ruleset ${shown}: it names ${name}, which is not installed where the ruleset is (npm install --save-dev ${name})`;
  return `cannot load the ruleset ${shown}: ${message.split('\n')[0]}`;
}

export interface LintFinding {
  rule: string;
  path: JsonPath;
  message: string;
  /** The file the finding is in (a `$ref`d document's, for findings there). */
  source: string;
  severity: number;
  /** Where `spectral lint` shows it (0-based lines and characters), when the lint computed it. */
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export interface LoadedRuleset {
  ruleset: Ruleset;
  /** Where it was read from. */
  file: string;
  /** The `typeStyle` of problem-example-type and the `registry` of problem-registry-single, as configured. */
  typeStyle: string;
  registry: string | undefined;
  /** Rules fix added to check that its edits add no finding (addGuardRules); their findings are not reported. */
  guard?: string[];
}

/** This package's own ruleset, beside the CLI (dist/) or built from the source tree. */
export function ownRuleset(): string | undefined {
  // dist/cli.js beside dist/ruleset.js; or this file in the source tree, cli/shared/.
  return [join(__dirname, 'ruleset.js'), join(__dirname, '../../dist/ruleset.js')].find(existsSync);
}

/** The ruleset file, as the Spectral CLI finds it; ours when there is none. */
export function findRuleset(given: string | undefined, cwd = process.cwd()): string {
  if (given !== undefined) return isAbsolute(given) ? given : resolve(cwd, given);
  const found = readdirSync(cwd).find(name => Ruleset.isDefaultRulesetFile(name));
  if (found !== undefined) return join(cwd, found);
  const own = ownRuleset();
  if (own === undefined) throw new Error('no ruleset found and dist/ruleset.js is missing; run npm run build');
  return own;
}

type BundlerPlugin = ReturnType<typeof import('@stoplight/spectral-ruleset-bundler/plugins/builtins').builtins>;

/**
 * Rollup's warning for an `extends` it cannot find ("'…/spectral-api-conventions' is imported by
 * .spectral.js, but could not be resolved", naming a file that does not exist) left out: the load
 * then fails, and rulesetSentence says what is missing, once, as every command says it.
 */
const quietUnresolved = {
  name: 'spectral-api-conventions:quiet-unresolved',
  options(options: { onwarn?: (warning: { code?: string }, warn: (warning: unknown) => void) => void }) {
    const onwarn = options.onwarn;
    return {
      ...options,
      onwarn(warning: { code?: string }, warn: (warning: unknown) => void): void {
        if (warning.code === 'UNRESOLVED_IMPORT') return;
        if (onwarn === undefined) warn(warning);
        else onwarn(warning, warn);
      },
    };
  },
} as unknown as BundlerPlugin;

/** A ruleset file loaded as `spectral lint` loads it: bundled with Spectral's bundler (rollup). */
export async function bundled(file: string): Promise<Ruleset> {
  const { bundleAndLoadRuleset } = loadPeer<typeof import('@stoplight/spectral-ruleset-bundler/with-loader')>(
    '@stoplight/spectral-ruleset-bundler/with-loader',
  );
  const { builtins } = loadPeer<typeof import('@stoplight/spectral-ruleset-bundler/plugins/builtins')>(
    '@stoplight/spectral-ruleset-bundler/plugins/builtins',
  );
  // Typed by hand: the bundler re-exports @rollup/plugin-commonjs, whose package.json `exports`
  // name no types, so TypeScript's node16 resolution cannot see them.
  const { commonjs } = loadPeer<{ commonjs: () => BundlerPlugin }>(
    '@stoplight/spectral-ruleset-bundler/plugins/commonjs',
  );
  return bundleAndLoadRuleset(file, { fs, fetch: globalThis.fetch }, [builtins(), commonjs(), quietUnresolved]);
}

/**
 * This package's own built ruleset, read as the module it is (CommonJS importing only Spectral's
 * packages, which resolve to the instances the commands use), evaluated afresh as the bundler would:
 * bundling it again with rollup took 0.5 s and 17 MB more at each load (measured 27 November 2026),
 * and the language server and every report thread load it. test/cli/spectral.test.ts compares the
 * two loads rule by rule and finding by finding.
 */
function ownRulesetRead(file: string): Ruleset {
  const require = createRequire(__filename);
  delete require.cache[require.resolve(file)];
  return new Ruleset(require(file) as RulesetDefinition, { source: file });
}

/** A ruleset file loaded as `spectral lint` loads it, with the options fix and report read from it; a RulesetError when it cannot be. */
export async function loadRuleset(file: string): Promise<LoadedRuleset> {
  if (!existsSync(file)) throw new RulesetError(`cannot load the ruleset ${shownName(file)}: it does not exist`);
  let ruleset: Ruleset;
  try {
    ruleset = file === ownRuleset() ? ownRulesetRead(file) : await bundled(file);
  } catch (error) {
    throw new RulesetError(rulesetSentence(error, file));
  }
  const options = (id: string): Record<string, unknown> => {
    const rule = ruleset.rules[id] as unknown as { then?: { functionOptions?: Record<string, unknown> }[] };
    return rule?.then?.[0]?.functionOptions ?? {};
  };
  // An option as configured: read back from the first rule whose function reads it (manifest.ts).
  const configured = (option: RuleOption): string | undefined =>
    rulesReading(option)
      .map(id => options(id)[option])
      .find((value): value is string => typeof value === 'string');
  return {
    ruleset,
    file,
    typeStyle: configured('typeStyle') ?? OPTION_DEFAULTS.typeStyle!,
    registry: configured('registry'),
  };
}

/** Switches off every rule but the named ones (all stay as configured when none are named). */
export function selectRules(ruleset: Ruleset, ids: string[]): void {
  if (ids.length === 0) return;
  for (const [id, rule] of Object.entries(ruleset.rules)) if (!ids.includes(id)) rule.enabled = false;
}

export interface LintResult {
  findings: LintFinding[];
  /** The resolved document our rules saw. */
  resolved: unknown;
}

type TextRange = { start: { line: number; character: number }; end: { line: number; character: number } };

/** A document's text as fix holds it: JSON already parsed (with a way to say where a path is), or YAML text. */
export interface LintInput {
  readonly format: 'json' | 'yaml';
  readonly text: string;
  readonly data: unknown;
  range?(path: JsonPath): TextRange;
}

type SpectralInput = Parameters<Spectral['runWithResolved']>[0];

/** A parsed result Spectral takes as it is (it wraps it in its ParsedDocument), placing paths with `range`. */
const parsedResult = (file: string, data: unknown, range: (path: JsonPath) => TextRange) => ({
  source: file,
  parsed: { data, diagnostics: [], ast: {}, lineMap: [] },
  getLocationForJsonPath: (_result: unknown, path: JsonPath) => ({ range: range(path) }),
});

/**
 * Lints a source as the document at `file`. fix's JSON is handed to Spectral already parsed (its
 * findings' lines are not shown, so none is computed); a text as `spectral lint` reads it
 * (readDocument), with the ranges it gives. A recorder given is the baseline's for this document
 * (baseline-filter.ts): its defects are recorded, and none is left out by a baseline.
 */
export async function lintText(
  ruleset: Ruleset,
  source: LintInput,
  file: string,
  recorder?: Recorder,
): Promise<LintResult> {
  const range = source.range?.bind(source);
  const fixJson = source.format === 'json' && range !== undefined;
  const document = fixJson
    ? { ...parsedResult(file, source.data, range), data: source.data }
    : readDocument(source.text, file);
  if (recorder !== undefined) recordWith(document.data, recorder);
  const { results, resolved } = await lintDocument(ruleset, document);
  return { findings: results.map(result => toFinding(result, file, !fixJson)), resolved };
}

/**
 * A text as `spectral lint` reads it: with Spectral's YAML parser (JSON is YAML), named by its file;
 * plain JSON with json-ranges.ts, which gives the same data and ranges at a fraction of the time and
 * memory (nothing for Spectral's parser to say of it, so no diagnostics).
 */
export function readDocument(text: string, file: string): SpectralInput & Pick<Document, 'data' | 'diagnostics'> {
  const json = /^\s*[{[]/.test(text) ? plainJson(text) : undefined;
  if (json !== undefined) return { ...parsedResult(file, json.data, json.range), data: json.data, diagnostics: [] };
  const Parsers = loadPeer<typeof import('@stoplight/spectral-parsers')>('@stoplight/spectral-parsers');
  return new Document(text, Parsers.Yaml, file);
}

/** A parsed document linted with the ruleset, `$ref`s resolved as `spectral lint` resolves them (with the fast path): Spectral's findings and the resolved document. */
export async function lintDocument(
  ruleset: Ruleset,
  document: Parameters<Spectral['runWithResolved']>[0],
): Promise<{ results: ISpectralDiagnostic[]; resolved: unknown }> {
  const { createHttpAndFileResolver } = loadPeer<typeof import('@stoplight/spectral-ref-resolver')>(
    '@stoplight/spectral-ref-resolver',
  );
  const spectral = new Spectral({ resolver: fastResolver(createHttpAndFileResolver()) });
  spectral.setRuleset(ruleset);
  return spectral.runWithResolved(document);
}

const toFinding = (result: ISpectralDiagnostic, file: string, ranged: boolean): LintFinding => ({
  rule: String(result.code),
  path: [...result.path],
  message: result.message,
  source: result.source ?? file,
  severity: result.severity,
  ...(ranged ? { range: result.range } : {}),
});
