/**
 * The JSON (and YAML) the tests read back, typed: Spectral's `-f json` findings, SARIF, GitLab Code
 * Quality, the baseline file, package.json, and OpenAPI documents the tests edit as data. Each
 * reader checks the outer shape (a list, an object) so that a wrong output fails with a sentence
 * instead of a `cannot read property` further on; the members are what the tests reach.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { BaselineFile } from '../../functions/lib/baseline-file';

/** A finding of `spectral lint -f json` (and of our `check -f json`). */
export interface CliFinding {
  code: string;
  path: string[];
  message: string;
  severity: number;
  source: string;
  documentationUrl?: string;
}

/** The members of a SARIF 2.1.0 log the tests read. */
export interface SarifLog {
  runs: {
    tool: { driver: { rules: { id: string; helpUri?: string }[] } };
    results: {
      ruleId: string;
      level?: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
    }[];
  }[];
}

/** One entry of a GitLab Code Quality report. */
export interface CodeQuality {
  check_name: string;
  description: string;
  fingerprint: string;
  severity: string;
  location: { path: string; positions: { begin: { line: number; column: number } } };
}

/** The members of a package.json the tests read. */
export interface PackageJson {
  name: string;
  version: string;
  main: string;
  types: string;
  docsRef: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  files: string[];
  repository: { type: string; url: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** A shared response, as the tests reach into one's problem+json examples. */
interface EditableResponse {
  description: string;
  content: Record<
    string,
    { example: Record<string, unknown>; examples: Record<string, { value: Record<string, unknown> }> }
  >;
}

/** An operation, as the tests reach into one: its responses are set, copied and deleted whole. */
export interface EditableOperation {
  security?: unknown[];
  parameters?: Record<string, unknown>[];
  responses: Record<string, unknown>;
}

/**
 * An OpenAPI document the tests edit as data: the members they reach are assumed present (the
 * fixtures have them; a missing one fails the test at that line).
 */
export interface EditableDocument {
  paths: Record<string, Record<string, EditableOperation>>;
  components: { responses: Record<string, EditableResponse>; schemas: Record<string, Record<string, unknown>> };
}

function checked<T>(value: unknown, kind: 'list' | 'object', what: string): T {
  const ok =
    kind === 'list' ? Array.isArray(value) : typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!ok) throw new Error(`${what}: expected a JSON ${kind}, got ${JSON.stringify(value)?.slice(0, 200)}`);
  return value as T;
}

/** Findings printed by `-f json` (an empty output is none). */
export const parseFindings = (text: string): CliFinding[] =>
  text.trim() === '' ? [] : checked<CliFinding[]>(JSON.parse(text), 'list', 'findings');

export const readSarif = (file: string): SarifLog =>
  checked<SarifLog>(JSON.parse(readFileSync(file, 'utf8')), 'object', file);

export const parseCodeQuality = (text: string): CodeQuality[] =>
  checked<CodeQuality[]>(JSON.parse(text), 'list', 'Code Quality report');

export const parseBaselineFile = (text: string): BaselineFile =>
  checked<BaselineFile>(JSON.parse(text), 'object', 'baseline file');

export const readBaselineFile = (file: string): BaselineFile => parseBaselineFile(readFileSync(file, 'utf8'));

export const readPackageJson = (file: string): PackageJson =>
  checked<PackageJson>(JSON.parse(readFileSync(file, 'utf8')), 'object', file);

/** A YAML (or JSON) OpenAPI document, to edit as data. */
export const parseDocument = (text: string): EditableDocument =>
  checked<EditableDocument>(parseYaml(text), 'object', 'document');

/** What `npm pack --json` prints: one entry per package packed. */
export const parseNpmPack = (text: string): { filename: string; files: { path: string }[] }[] =>
  checked<{ filename: string; files: { path: string }[] }[]>(JSON.parse(text), 'list', 'npm pack --json');
