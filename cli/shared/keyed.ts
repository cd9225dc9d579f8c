/**
 * Linting with every defect keyed as the baseline keys it (file, rule, location, message), shared by
 * `baseline` and `check`: documents are read, parsed and resolved as every command does (spectral.ts's
 * readDocument and lintDocument, as `spectral lint` reads them), and a
 * document our rules cannot check (missing, a folder, broken YAML or JSON, empty, not OpenAPI) is a
 * `DocumentError` whose message is the sentence to print, never an empty set of findings.
 */
import { readText, shownName } from './files';
import { Document } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic, Ruleset } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { readParsable } from '@stoplight/spectral-runtime';
import { Counts, DefectKey, baselineKey, relativeTo } from '../../functions/lib/baseline-file';
import { recordWith } from '../../functions/lib/baseline-filter';
import { isHttpUrl, notOpenApi } from './document';
import { isStatusNumberKey } from '../../functions/lib/number-keys';
import { UserError } from './errors';
import { lintDocument, readDocument } from './spectral';

export class DocumentError extends UserError {}

/**
 * The text of a document, or a sentence: "api.yaml does not exist", "api is a folder, not a document",
 * "api.yaml is not UTF-8: byte 24 (0xd0) is not valid UTF-8" (readText: every command reads so).
 */
function readLocal(file: string, name = shownName(file)): string {
  try {
    return readText(file, name);
  } catch (error) {
    throw new DocumentError((error as Error).message);
  }
}

/** The severity of a parser error (@stoplight/types' DiagnosticSeverity.Error). */
const PARSE_ERROR: Document['diagnostics'][number]['severity'] = 0;

/**
 * The one sentence for a text Spectral's parser cannot read cleanly (it then checks nothing), in
 * every command: its first parse error, `api.yaml:9:6: <Spectral's message>`, or undefined.
 */
export function parseProblem(document: Pick<Document, 'diagnostics'>, name: string): string | undefined {
  // Number keys and duplicate keys are errors under Spectral's default parserOptions, which the
  // parser leaves to the ruleset to raise; a status code written as a number (`400:`) is read as the
  // string it spells, by our rules as by every YAML loader (functions/lib/number-keys.ts).
  const broken = document.diagnostics.find(
    diagnostic =>
      !isStatusNumberKey(diagnostic) &&
      (diagnostic.severity === PARSE_ERROR ||
        /^(Mapping key must be a string scalar|Duplicate key)/.test(diagnostic.message)),
  );
  if (broken === undefined) return undefined;
  const { line, character } = broken.range.start;
  return `${name}:${line + 1}:${character + 1}: ${broken.message}`;
}

/** parseProblem of a text read with Spectral's parser (JSON is YAML), for a command that read it with another. */
export const textParseProblem = (text: string, name: string): string | undefined =>
  parseProblem(new Document(text, Parsers.Yaml, name), name);

/**
 * The sentence for a document our rules cannot check, or undefined: its first parse error
 * (parseProblem); else what `notOpenApi` says (empty, AsyncAPI, not OpenAPI).
 */
export function unusable(document: Pick<Document, 'diagnostics' | 'data'>, name: string): string | undefined {
  return parseProblem(document, name) ?? notOpenApi(document.data, name);
}

/** A document's text fetched as `spectral lint` fetches it, or a sentence: "https://… cannot be read: Not Found". */
async function readUrl(url: string): Promise<string> {
  try {
    return await readParsable(url, { encoding: 'utf8' });
  } catch (error) {
    // Spectral's reader says "Could not parse <url>: <why>" of a failed request.
    throw new DocumentError(
      `${url} cannot be read: ${(error as Error).message.replace(`Could not parse ${url}: `, '')}`,
    );
  }
}

export interface Keyed {
  /** Today's defects by key: per document linted, the largest count any of them gave a key. */
  counts: Counts;
  /** Spectral's findings, as `spectral lint` reports them (without the defects left out). */
  results: ISpectralDiagnostic[];
  /** The rules whose defects were keyed (this package's); other findings are only in `results`. */
  keyedRules: Set<string>;
  /**
   * How many findings of the keyed rules `results` holds, a finding in a file that several
   * documents `$ref` counted once: fewer than the defects in `counts` where one finding merges
   * several defects of one place (docs/baseline.md, "Findings and defects").
   */
  findings: number;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * A count as `spectral lint` shows it, in findings, with the defects the baseline keys when there
 * are more of them ("29 defects in 27 findings", "5 new findings"): a finding merges the defects of
 * one rule at one place (docs/baseline.md, "Findings and defects").
 */
export function findingsAndDefects(findings: number, defects: number, adjective = ''): string {
  const a = adjective === '' ? '' : `${adjective} `;
  return defects === findings
    ? plural(findings, `${a}finding`, `${a}findings`)
    : `${plural(defects, `${a}defect`, `${a}defects`)} in ${plural(findings, 'finding', 'findings')}`;
}

/** A Spectral finding's identity: its file, rule, path and message. */
const resultKey = (result: ISpectralDiagnostic): string =>
  JSON.stringify([result.source ?? '', String(result.code), result.path.map(String), result.message]);

/**
 * Lints the documents (absolute paths or URLs) with the ruleset, keying each defect relative to
 * `baseDir`. With `known`, that many defects of each key are left out of `results` (per document),
 * as a baseline would leave them out; `'unkeyed'` lints as `spectral lint` does, with no key recorded (the
 * ruleset's own baseline, if it has one, then leaves out what it knows).
 */
export async function lintKeyed(
  ruleset: Ruleset,
  files: string[],
  baseDir: string,
  known?: Counts | 'unkeyed',
  name: (file: string) => string = shownName,
): Promise<Keyed> {
  const total: Counts = new Map();
  const results: ISpectralDiagnostic[] = [];
  const keyedRules = new Set<string>();
  const findings: Counts = new Map();
  for (const file of files) {
    const text = isHttpUrl(file) ? await readUrl(file) : readLocal(file, name(file));
    // Read and resolved as every command reads and resolves (spectral.ts readDocument, lintDocument):
    // as spectral lint does, with its absolute path as source, plain JSON without Spectral's parser.
    const document = readDocument(text, file);
    const reason = unusable(document, name(file));
    if (reason !== undefined) throw new DocumentError(reason);
    const counts: Counts = new Map();
    const used: Counts = new Map();
    // Unkeyed: as spectral lint, the ruleset's own baseline (if any) in force; nothing is counted.
    if (known !== 'unkeyed')
      recordWith(document.data, {
        record(defect: DefectKey) {
          const key = baselineKey(relativeTo(baseDir, defect.file), defect.rule, defect.location, defect.message);
          keyedRules.add(defect.rule);
          counts.set(key, (counts.get(key) ?? 0) + 1);
          const n = used.get(key) ?? 0;
          if (known === undefined || n >= (known.get(key) ?? 0)) return false;
          used.set(key, n + 1);
          return true;
        },
      });
    const { results: found } = await lintDocument(ruleset, document);
    results.push(...found);
    // A file that several documents $ref is linted with each: its defects and findings count once.
    for (const [key, n] of counts) total.set(key, Math.max(total.get(key) ?? 0, n));
    const foundHere: Counts = new Map();
    for (const result of found) {
      if (!keyedRules.has(String(result.code))) continue;
      const key = resultKey(result);
      foundHere.set(key, (foundHere.get(key) ?? 0) + 1);
    }
    for (const [key, n] of foundHere) findings.set(key, Math.max(findings.get(key) ?? 0, n));
  }
  return { counts: total, results, keyedRules, findings: [...findings.values()].reduce((a, n) => a + n, 0) };
}
