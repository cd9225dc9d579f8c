/**
 * The estate report's data: what `report` computes per API description and for the estate, and
 * what its JSON output holds (docs/report.md; the schema, docs/report.schema.json, is checked against
 * real runs by the tests). The HTML page and the Markdown summary are made from this and nothing else,
 * so that `report merge` of JSON files gives the same page as one run.
 */
import type { AreaId } from '../../manifest';

/** Bumped when a field changes meaning or is removed; a new field does not bump it. */
export const REPORT_SCHEMA_VERSION = 2;

/** How far an API is: `should` = no finding of any rule; `must` = no finding of a MUST rule; else `none`. */
export type Level = 'none' | 'must' | 'should';

/**
 * The one vocabulary of levels (decisions, "The estate report"), on the page, in Markdown and on the
 * terminal; an API without operations is "not scored". cli/report/page.js writes the same words.
 */
export const LEVEL_WORDS: Record<Level, string> = {
  should: 'meets MUST and SHOULD',
  must: 'meets MUST',
  none: 'below MUST',
};
export const NOT_SCORED = 'not scored';

/** Why a document has no score: it could not be read, parsed, was not OpenAPI, or was not linted in time. */
export type Status = 'linted' | 'unreadable' | 'unparsable' | 'not-openapi' | 'timeout' | 'failed';

export interface AreaResult {
  /** Operations the area is judged on (all operations of the API). */
  operations: number;
  /** Operations with no finding of the area's rules at, under or used by them. */
  conforming: number;
  /** conforming / operations (1 when the API has no operation and the area has no finding, else 0). */
  share: number;
  /** The area's findings (of all its rules). */
  findings: number;
  /** Points of the score lost in this area: (1 − share) × 100 / number of areas. */
  lost: number;
}

export interface ReportFinding {
  rule: string;
  /** `error`, `warning`, `information` or `hint`, as the ruleset reported it. */
  severity: string;
  message: string;
  /** A JSON path in the description, dot-joined as `spectral lint` shows it. */
  path: string;
  /** 1-based, where known. */
  line?: number;
  /** The file, relative to the report's folder, when it is not the description's own. */
  file?: string;
}

export interface ReportException {
  rule: string;
  /** Where the exception is written: a JSON pointer (`/paths/~1health/get`). */
  at: string;
  /** The reason given, or undefined when missing. */
  reason?: string;
  /** In force: it names a rule of this package, with a reason (else conventions-exception reports it). */
  valid: boolean;
}

export interface HistoryPoint {
  commit: string;
  /** The commit's date, ISO 8601. */
  date: string;
  status: Status;
  score?: number;
  level?: Level;
  findings?: number;
  areas?: Partial<Record<AreaId, number>>;
}

export interface ApiResult {
  /** The description's file, relative to the folder the report ran in, `/`-separated. */
  file: string;
  status: Status;
  /** What went wrong, for a status other than `linted`. */
  reason?: string;
  /** info.title and info.version. */
  title?: string;
  version?: string;
  /** `swagger 2.0`, `openapi 3.1.0`… */
  openapi?: string;
  /** The ruleset file, relative to the report's folder, or `(built-in)`. */
  ruleset?: string;
  operations?: number;
  /** Score and level: absent for an API without operations (webhooks or components only), which is not scored. */
  score?: number;
  level?: Level;
  areas?: Record<AreaId, AreaResult>;
  /** Findings per rule id of this package's rules. */
  rules?: Record<string, number>;
  /** Findings of other rules of the ruleset (spectral:oas, the team's own): counted, not scored. */
  otherFindings?: number;
  /**
   * Rules of this package the API's own ruleset switches off (`off`) or reports below their severity
   * (the severity instead): shown as deviations; the API is scored against them all the same.
   */
  deviations?: { rule: string; as: string }[];
  findings?: ReportFinding[];
  exceptions?: ReportException[];
  /** Wall time of the lint, in milliseconds (not part of what merge compares). */
  ms?: number;
  history?: HistoryPoint[];
}

export interface EstateSummary {
  apis: number;
  linted: number;
  /** APIs per status other than linted. */
  failed: Partial<Record<Status, number>>;
  operations: number;
  /** The median score of the linted APIs; the mean too. */
  medianScore?: number;
  meanScore?: number;
  /** APIs per level: they add up to the APIs scored (linted, with operations). */
  levels: Record<Level, number>;
  /** Linted APIs without operations (webhooks or components only): in no level, score or median. */
  notScored: number;
  /** Per area, the share of all operations of the estate that conform. */
  areas: Record<AreaId, { operations: number; conforming: number; share: number; findings: number }>;
  rules: Record<string, number>;
  /** The exceptions in force in the linted APIs. */
  exceptions: number;
}

/** The areas and rules a report's scores are made of, so that its pages show and link them on their own. */
export interface ConventionsInReport {
  areas: { id: AreaId; title: string; sections: string; rules: string[] }[];
  /** Per rule id: its area (null: not scored), whether it enforces a MUST (else a SHOULD), and its documentation page. */
  rules: Record<string, { area: AreaId | null; must: boolean; page: string }>;
}

export interface Report {
  $schema: string;
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: string; version: string };
  /** When the report was made (merge: the newest of its parts). */
  generatedAt: string;
  /** The shard this report covers (`--shard 2/4`), when it is one; merge leaves it out. */
  shard?: { index: number; count: number };
  conventions: ConventionsInReport;
  summary: EstateSummary;
  apis: ApiResult[];
}

/**
 * What the report page shows, made from a Report by view.ts: every figure and label computed, so
 * that the page's scripts (cli/report/page.js and charts.js) only draw it. Small however large the
 * estate: each API's findings are in `details`, compressed, and opened when the reader asks.
 */
export interface PageModel {
  /** "Generated … by …": when, by what, over which shard. */
  meta: string;
  tiles: { id: string; label: string; value: string }[];
  /** The documents without a score. */
  failed: { file: string; status: Status; reason?: string }[];
  /** How an API is scored, in a sentence. */
  scoring: string;
  /** Scored APIs per score bin. */
  bins: { from: number; to: number; apis: number }[];
  areas: {
    id: AreaId;
    title: string;
    sections: string;
    share: number;
    conforming: number;
    operations: number;
    findings: number;
  }[];
  /** Per rule with findings: its findings and the APIs that have one, most found first; its page, when a web address. */
  rules: { rule: string; findings: number; apis: number; must: boolean; area: AreaId | null; page?: string }[];
  /** The worst APIs (rows) × the rules with findings (columns), and the other APIs with findings summed in one row. */
  heatmap: {
    rules: string[];
    /** Each row with its API's anchor on the page (`#api-<n>`). */
    rows: { key: string; label: string; file: string; anchor: string; counts: number[] }[];
    others?: { apis: number; counts: number[] };
  };
  history: { key: string; label: string; date: string; score: number; commit: string }[];
  apis: PageApi[];
}

export interface PageApi {
  /** As in the JSON; `label`, the same path without the folder all the report's files share. */
  file: string;
  label: string;
  /** Its findings' place on the page: `#api-<n>`, n its index in `apis`. */
  anchor: string;
  title?: string;
  status: Status;
  reason?: string;
  operations?: number;
  score?: number;
  level?: Level;
  /** The level in words, "not scored", or the status of a document not linted. */
  levelText: string;
  findings?: number;
  /** Exceptions in force. */
  exceptions?: number;
  ms?: number;
  /** The share of operations that conform, per area. */
  shares: Partial<Record<AreaId, number>>;
  /** An ApiDetails as JSON, gzip-compressed and base64-encoded; empty for a document not linted. */
  details: string;
}

/** What the page shows of one API when the reader opens it. */
export interface ApiDetails {
  findings: ReportFinding[];
  exceptions: ReportException[];
  otherFindings: number;
  deviations: { rule: string; as: string }[];
}
