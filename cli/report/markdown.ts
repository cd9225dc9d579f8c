/**
 * The report as a Markdown summary, for a pull request comment or a CI job summary
 * (`>> $GITHUB_STEP_SUMMARY`): the estate in a few lines, the areas, and the APIs worst first, each
 * with the points it lost per area.
 */
import { ApiResult, LEVEL_WORDS, NOT_SCORED, Report } from './model';
import { findingCount, worstFirst } from './score';

/** Rows shown before "… and N more" (a job summary is read, not searched). */
const MAX_ROWS = 50;

const percent = (share: number): string => `${Math.round(share * 1000) / 10}%`;
/** A cell's text: pipes and line breaks would end the cell. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function renderMarkdown(report: Report): string {
  const { summary, conventions } = report;
  const lines: string[] = ['# API conventions: estate report', ''];
  const failed = Object.entries(summary.failed)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  lines.push(
    `${summary.apis} API descriptions, ${summary.linted} linted${failed ? ` (${failed})` : ''}, ` +
      `${summary.operations} operations. Median score **${summary.medianScore ?? '–'}**, mean ${summary.meanScore ?? '–'}. ` +
      `Levels: ${summary.levels.should} ${LEVEL_WORDS.should}, ${summary.levels.must} ${LEVEL_WORDS.must}, ${summary.levels.none} ${LEVEL_WORDS.none}` +
      `${summary.notScored > 0 ? `, ${summary.notScored} ${NOT_SCORED} (no operations)` : ''}. ` +
      `${summary.exceptions} exception${summary.exceptions === 1 ? '' : 's'} in force.`,
    '',
    '| Area | Sections | Operations conforming | Findings |',
    '| --- | --- | ---: | ---: |',
    ...conventions.areas.map(area => {
      const a = summary.areas[area.id];
      return `| ${area.title} | ${area.sections} | ${percent(a.share)} (${a.conforming} of ${a.operations}) | ${a.findings} |`;
    }),
    '',
  );
  // Worst first (score.ts); APIs without operations (not scored) last.
  const worst = worstFirst(report.apis);
  if (worst.length > 0) {
    lines.push(
      `| API | Score | Level | Operations | Findings | ${conventions.areas.map(area => `${cell(area.title)} (lost)`).join(' | ')} |`,
      `| --- | ---: | --- | ---: | ---: | ${conventions.areas.map(() => '---:').join(' | ')} |`,
      ...worst.slice(0, MAX_ROWS).map(api => row(api, report)),
    );
    if (worst.length > MAX_ROWS) lines.push('', `… and ${worst.length - MAX_ROWS} more (see the JSON or HTML report).`);
    lines.push('');
  }
  const broken = report.apis.filter(api => api.status !== 'linted');
  if (broken.length > 0) {
    lines.push(
      'Not linted:',
      '',
      ...broken.map(api => `- \`${cell(api.file)}\` (${api.status}): ${cell(api.reason ?? '')}`),
      '',
    );
  }
  lines.push(
    'Score: per area, the share of operations with no finding of its rules (at the operation, its path item, a component it uses, or document-wide), averaged over the areas, × 100. ' +
      `Level: ${LEVEL_WORDS.must} when no rule enforcing a MUST has a finding; ${LEVEL_WORDS.should} when no rule has one; an API without operations is ${NOT_SCORED}.`,
  );
  return `${lines.join('\n')}\n`;
}

function row(api: ApiResult, report: Report): string {
  const findings = findingCount(api);
  const title = api.title ? ` ${cell(api.title)}` : '';
  const lost = report.conventions.areas.map(area => {
    const a = api.areas?.[area.id];
    return a === undefined || a.lost === 0 ? '' : `−${a.lost}`;
  });
  if (api.score === undefined || api.level === undefined)
    return `| \`${cell(api.file)}\`${title} | – | ${NOT_SCORED} (no operations) | 0 | ${findings} | ${report.conventions.areas.map(() => '').join(' | ')} |`;
  const deviations = api.deviations?.length
    ? ` (${api.deviations.length} rule${api.deviations.length === 1 ? '' : 's'} switched off or lowered)`
    : '';
  return `| \`${cell(api.file)}\`${title} | ${api.score} | ${LEVEL_WORDS[api.level]}${deviations} | ${api.operations} | ${findings} | ${lost.join(' | ')} |`;
}
