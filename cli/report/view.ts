/**
 * The report page's model (model.ts, PageModel): what the page shows, made from the report and
 * the scoring module, so that the page's scripts only draw. Sized for an estate of thousands: the
 * heat map holds the worst APIs and sums the others with findings in one row, labels are short (the path without
 * the folder every file shares, or the title), and each API's findings are compressed, to be opened
 * on demand.
 */
import { gzipSync } from 'node:zlib';
import { ApiDetails, ApiResult, LEVEL_WORDS, NOT_SCORED, PageApi, PageModel, Report } from './model';
import { exceptionsInForce, findingCount, ruleSpread, scoreBins, worstFirst } from './score';

/** Rows of the heat map: the worst APIs with findings; the others are summed in one row below. */
const HEATMAP_ROWS = 30;
/** A label longer than this is cut, with an ellipsis (the whole path is in the tooltip). */
const LABEL_LENGTH = 48;

const formatted = (value: number | undefined, digits = 0): string =>
  value === undefined ? '–' : value.toLocaleString('en', { maximumFractionDigits: digits });

/** The folder every file is in, with its trailing `/` ('' when they share none). */
export function sharedFolder(files: string[]): string {
  if (files.length === 0) return '';
  const folders = files.map(file => file.split('/').slice(0, -1));
  let shared = 0;
  while (folders.every(folder => shared < folder.length && folder[shared] === folders[0][shared])) shared++;
  return folders[0]
    .slice(0, shared)
    .map(segment => `${segment}/`)
    .join('');
}

const cut = (text: string): string => (text.length <= LABEL_LENGTH ? text : `${text.slice(0, LABEL_LENGTH - 1)}…`);

/** What the page shows when an API is opened: compressed, as the page keeps it until then. */
function packDetails(api: ApiResult): string {
  if (api.status !== 'linted') return '';
  const details: ApiDetails = {
    findings: api.findings ?? [],
    exceptions: api.exceptions ?? [],
    otherFindings: api.otherFindings ?? 0,
    deviations: api.deviations ?? [],
  };
  return gzipSync(JSON.stringify(details), { level: 9 }).toString('base64');
}

/** An API's findings' place on the page: its index among the report's rows. */
const anchorOf = (index: number): string => `#api-${index}`;

function pageApi(api: ApiResult, label: string, index: number): PageApi {
  const linted = api.status === 'linted';
  const shares: PageApi['shares'] = {};
  for (const [area, result] of Object.entries(api.areas ?? {})) shares[area as keyof typeof shares] = result.share;
  return {
    file: api.file,
    label,
    anchor: anchorOf(index),
    ...(api.title === undefined ? {} : { title: api.title }),
    status: api.status,
    ...(api.reason === undefined ? {} : { reason: api.reason }),
    ...(linted ? { operations: api.operations, findings: findingCount(api), exceptions: exceptionsInForce(api) } : {}),
    ...(api.score === undefined ? {} : { score: api.score, level: api.level }),
    levelText: api.level !== undefined ? LEVEL_WORDS[api.level] : linted ? NOT_SCORED : api.status,
    ...(api.ms === undefined ? {} : { ms: api.ms }),
    shares,
    details: packDetails(api),
  };
}

function heatmap(report: Report, rules: string[], labelOf: Map<ApiResult, string>): PageModel['heatmap'] {
  const withFindings = worstFirst(report.apis).filter(api => findingCount(api) > 0);
  const shown = withFindings.slice(0, HEATMAP_ROWS);
  // A title shared by two rows (an API and its beta) says nothing: those rows show their paths.
  const titles = new Map<string, number>();
  for (const api of shown) if (api.title) titles.set(api.title, (titles.get(api.title) ?? 0) + 1);
  const counts = (api: ApiResult): number[] => rules.map(rule => api.rules?.[rule] ?? 0);
  const rows = shown.map(api => ({
    key: api.file,
    label: cut(api.title && titles.get(api.title) === 1 ? api.title : (labelOf.get(api) ?? api.file)),
    file: api.file,
    anchor: anchorOf(report.apis.indexOf(api)),
    counts: counts(api),
  }));
  // The other APIs with findings; those without any have nothing to add to a row.
  const rest = withFindings.slice(HEATMAP_ROWS);
  if (rest.length === 0) return { rules, rows };
  const summed = rules.map(() => 0);
  for (const api of rest) counts(api).forEach((count, i) => (summed[i] += count));
  return { rules, rows, others: { apis: rest.length, counts: summed } };
}

export function pageModel(report: Report): PageModel {
  // The rules with findings, most found first: the rule table's rows and the heat map's columns.
  const spread = ruleSpread(report.apis);
  const { summary, conventions } = report;
  const folder = sharedFolder(report.apis.map(api => api.file));
  const labelOf = new Map(report.apis.map(api => [api, api.file.slice(folder.length)]));
  const page = (rule: string): string | undefined => {
    const address = conventions.rules[rule]?.page;
    // Only a web address is a link on the page (never a javascript: or other URL).
    return address !== undefined && /^https?:\/\//i.test(address) ? address : undefined;
  };
  return {
    meta: `Generated ${report.generatedAt} by ${report.tool.name} ${report.tool.version}${
      report.shard ? `, shard ${report.shard.index} of ${report.shard.count}` : ''
    }${folder ? `. Paths are relative to ${folder}` : ''}.`,
    tiles: [
      { id: 'summary-apis', label: 'APIs', value: formatted(summary.apis) },
      { id: 'summary-linted', label: 'linted', value: formatted(summary.linted) },
      { id: 'summary-operations', label: 'operations', value: formatted(summary.operations) },
      { id: 'summary-median', label: 'median score', value: formatted(summary.medianScore, 1) },
      { id: 'summary-mean', label: 'mean score', value: formatted(summary.meanScore, 1) },
      { id: 'summary-should', label: LEVEL_WORDS.should, value: formatted(summary.levels.should) },
      { id: 'summary-must', label: LEVEL_WORDS.must, value: formatted(summary.levels.must) },
      { id: 'summary-none', label: LEVEL_WORDS.none, value: formatted(summary.levels.none) },
      { id: 'summary-not-scored', label: NOT_SCORED, value: formatted(summary.notScored) },
      { id: 'summary-exceptions', label: 'exceptions in force', value: formatted(summary.exceptions) },
    ],
    failed: report.apis
      .filter(api => api.status !== 'linted')
      .map(api => ({
        file: api.file,
        status: api.status,
        ...(api.reason === undefined ? {} : { reason: api.reason }),
      })),
    scoring:
      'How an API is scored: score = mean over the areas of the share of operations that conform, × 100 ' +
      '(an operation conforms in an area when no finding of its rules is at, under or used by it). ' +
      `Level: "${LEVEL_WORDS.must}" when no rule enforcing a MUST has a finding, then "${LEVEL_WORDS.should}" when no rule has one; an API without operations is "${NOT_SCORED}".`,
    bins: scoreBins(report.apis),
    areas: conventions.areas.map(area => ({
      id: area.id,
      title: area.title,
      sections: area.sections,
      ...summary.areas[area.id],
    })),
    rules: spread.map(entry => {
      const address = page(entry.rule);
      const known = conventions.rules[entry.rule];
      return {
        ...entry,
        must: known?.must ?? false,
        area: known?.area ?? null,
        ...(address === undefined ? {} : { page: address }),
      };
    }),
    heatmap: heatmap(
      report,
      spread.map(({ rule }) => rule),
      labelOf,
    ),
    history: report.apis.flatMap(api =>
      (api.history ?? []).flatMap(point =>
        point.score === undefined
          ? []
          : [
              {
                key: api.file,
                label: labelOf.get(api) ?? api.file,
                date: point.date,
                score: point.score,
                commit: point.commit,
              },
            ],
      ),
    ),
    apis: report.apis.map((api, index) => pageApi(api, labelOf.get(api) ?? api.file, index)),
  };
}
