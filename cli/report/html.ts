import type { Report } from './model';

export function renderHtml(report: Report): string {
  return `<!doctype html><pre>${JSON.stringify(report.summary)}</pre>`;
}
