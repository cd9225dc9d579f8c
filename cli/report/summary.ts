/**
 * A report from its rows: the estate summary, the conventions it is scored on, and `report merge`,
 * which joins reports (shards, or many repositories' CI jobs) into the report one run would give.
 */
import { version } from '../../package.json';
import { UsageError } from '../shared/args';
import { AREAS, RULES, RULE_IDS, RuleMeta } from '../../manifest';
import { rulePage } from '../../functions/lib/adapter';
import { ApiResult, ConventionsInReport, EstateSummary, Level, REPORT_SCHEMA_VERSION, Report, Status } from './model';
import { AREA_IDS, isMustRule, round1, round4 } from './score';

const SCHEMA_URL = 'https://spectral-api-conventions.github.io/schemas/report-v2.json';

function conventionsInReport(docsUrl?: string): ConventionsInReport {
  const rules: ConventionsInReport['rules'] = {};
  for (const id of RULE_IDS) {
    // A rule outside the areas (conventions-exception) is listed with its page, and scored nowhere.
    const area = (RULES[id] as RuleMeta).area;
    rules[id] = { area, must: isMustRule(id), page: rulePage(id, { docsUrl }) };
  }
  return {
    areas: AREA_IDS.map(id => ({
      id,
      title: AREAS[id].title,
      sections: AREAS[id].sections,
      rules: Object.keys(rules).filter(rule => rules[rule].area === id),
    })),
    rules,
  };
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : round1((sorted[middle - 1] + sorted[middle]) / 2);
}

function summarize(apis: ApiResult[]): EstateSummary {
  const linted = apis.filter(api => api.status === 'linted');
  const failed: Partial<Record<Status, number>> = {};
  for (const api of apis) if (api.status !== 'linted') failed[api.status] = (failed[api.status] ?? 0) + 1;
  const levels: Record<Level, number> = { none: 0, must: 0, should: 0 };
  const areas = {} as EstateSummary['areas'];
  for (const id of AREA_IDS) areas[id] = { operations: 0, conforming: 0, share: 1, findings: 0 };
  const rules: Record<string, number> = {};
  let operations = 0;
  let exceptions = 0;
  let notScored = 0;
  for (const api of linted) {
    // An API without operations is not scored: in no level and no score figure (its findings still count).
    if (api.level === undefined) notScored++;
    else levels[api.level]++;
    operations += api.operations ?? 0;
    exceptions += api.exceptions?.filter(exception => exception.valid).length ?? 0;
    for (const id of AREA_IDS) {
      const area = api.areas?.[id];
      if (area === undefined) continue;
      areas[id].operations += area.operations;
      areas[id].conforming += area.conforming;
      areas[id].findings += area.findings;
    }
    for (const [rule, n] of Object.entries(api.rules ?? {})) rules[rule] = (rules[rule] ?? 0) + n;
  }
  for (const id of AREA_IDS) {
    const area = areas[id];
    area.share = area.operations === 0 ? 1 : round4(area.conforming / area.operations);
  }
  const scores = linted.flatMap(api => (api.score === undefined ? [] : [api.score]));
  return {
    apis: apis.length,
    linted: linted.length,
    failed,
    operations,
    ...(scores.length > 0
      ? { medianScore: median(scores), meanScore: round1(scores.reduce((a, b) => a + b, 0) / scores.length) }
      : {}),
    levels,
    notScored,
    areas,
    rules,
    exceptions,
  };
}

/** A report of these rows, in path order. */
export function reportOf(
  apis: ApiResult[],
  options: { docsUrl?: string; shard?: Report['shard']; generatedAt?: string } = {},
): Report {
  const sorted = [...apis].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    $schema: SCHEMA_URL,
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'spectral-api-conventions', version },
    generatedAt: options.generatedAt ?? new Date().toISOString(),
    ...(options.shard ? { shard: options.shard } : {}),
    conventions: conventionsInReport(options.docsUrl),
    summary: summarize(sorted),
    apis: sorted,
  };
}

/** Reports joined: their rows (a file in two of them is an error), scored anew; the newest date. */
export function mergeReports(reports: { name: string; report: Report }[]): Report {
  const rows = new Map<string, string>();
  const apis: ApiResult[] = [];
  for (const { name, report } of reports) {
    // Read from a file: the version may be any value.
    const schemaVersion: unknown = report.schemaVersion;
    if (schemaVersion !== REPORT_SCHEMA_VERSION)
      throw new UsageError(
        `${name} is a report of schema version ${JSON.stringify(schemaVersion)}; this version reads ${String(REPORT_SCHEMA_VERSION)}`,
      );
    for (const api of report.apis) {
      const earlier = rows.get(api.file);
      if (earlier !== undefined)
        throw new UsageError(
          `${api.file} is in both ${earlier} and ${name}: merge joins reports of different descriptions`,
        );
      rows.set(api.file, name);
      apis.push(api);
    }
  }
  const newest = reports
    .map(({ report }) => report.generatedAt)
    .sort()
    .pop();
  return {
    ...reportOf(apis, { generatedAt: newest }),
    // The pages of the rules as the parts named them (a platform's own docsUrl).
    conventions: reports[0]?.report.conventions ?? conventionsInReport(),
  };
}
