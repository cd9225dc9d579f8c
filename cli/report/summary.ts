/**
 * A report from its rows: the conventions it is scored on, the estate summary (score.ts), and
 * `report merge`, which joins reports (shards, or many repositories' CI jobs) into the report one
 * run would give.
 */
import { version } from '../../package.json';
import { UserError } from '../shared/errors';
import { AREAS, RULES, RULE_IDS, RuleMeta } from '../../manifest';
import { rulePage } from '../../functions/lib/adapter';
import { ApiResult, ConventionsInReport, REPORT_SCHEMA_VERSION, Report } from './model';
import { AREA_IDS, isMustRule, summarize } from './score';

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
      throw new UserError(
        `${name} is a report of schema version ${JSON.stringify(schemaVersion)}; this version reads ${String(REPORT_SCHEMA_VERSION)}`,
      );
    for (const api of report.apis) {
      const earlier = rows.get(api.file);
      if (earlier !== undefined)
        throw new UserError(
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
