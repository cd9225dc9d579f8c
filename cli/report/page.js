// @ts-check
// The estate report page, run in the browser (cli/report/html.ts inlines it after d3, Observable Plot
// and cli/report/charts.js): builds the summary, places the charts, the table of APIs and the findings,
// from the report's JSON.
// Every string from the report goes into the page as text (textContent, Plot's own text marks):
// titles, messages and file names come from the descriptions and are untrusted. Type-checked by
// tsconfig.page.json against cli/report/model.ts.
'use strict';
/* global reportCharts -- cli/report/charts.js, the script before this one */
(function () {
  /** @typedef {import('./model').Report} Report */
  /** @typedef {import('./model').ApiResult} ApiResult */
  const dataElement = /** @type {HTMLElement} */ (document.getElementById('report-data'));
  /** @type {Report} */
  const report = JSON.parse(dataElement.textContent || '{}');
  const main = /** @type {HTMLElement} */ (document.getElementById('report'));
  main.textContent = '';
  // The one vocabulary of levels: cli/report/model.ts's LEVEL_WORDS and NOT_SCORED (a test compares them).
  /** @type {Record<import('./model').Level, string>} */
  const LEVEL_WORDS = { should: 'meets MUST and SHOULD', must: 'meets MUST', none: 'below MUST' };
  const NOT_SCORED = 'not scored';

  /**
   * An element with attributes and children; strings become text nodes, never markup.
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, string | undefined>} [attributes]
   * @param {(Node | string | number | undefined)[]} [children]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, attributes = {}, children = []) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
    for (const child of children)
      if (child !== undefined) element.append(typeof child === 'number' ? String(child) : child);
    return element;
  }
  /** @param {string} title @param {string} id @param {(Node | string | undefined)[]} children */
  const section = (title, id, children) => el('section', { id }, [el('h2', {}, [title]), ...children]);
  /** @param {number | undefined} value @param {number} [digits] */
  const number = (value, digits = 0) =>
    value === undefined ? '' : value.toLocaleString('en', { maximumFractionDigits: digits });
  /** @param {number | undefined} share */
  const percent = share => (share === undefined ? '' : `${number(share * 100)}%`);
  /** A rule's documentation page, when it is a web address (never a javascript: or other URL). @param {string} rule */
  const rulePage = rule => {
    const page = report.conventions.rules[rule]?.page;
    return page !== undefined && /^https?:\/\//i.test(page) ? page : undefined;
  };
  /** @param {Record<string, number> | undefined} counts */
  const total = counts => Object.values(counts ?? {}).reduce((sum, count) => sum + count, 0);
  const areas = report.conventions.areas;

  // The header: when, by what, over which shard.
  const meta = /** @type {HTMLElement} */ (document.getElementById('meta'));
  meta.textContent = `Generated ${report.generatedAt} by ${report.tool.name} ${report.tool.version}${
    report.shard ? `, shard ${report.shard.index} of ${report.shard.count}` : ''
  }.`;

  // The estate in numbers.
  const summary = report.summary;
  /** @param {string} label @param {string | number} value @param {string} [id] */
  const tile = (label, value, id) => el('div', { class: 'tile', id }, [el('b', {}, [value]), label]);
  const failed = report.apis.filter(api => api.status !== 'linted');
  main.append(
    section('Estate', 'summary', [
      el('div', { class: 'tiles' }, [
        tile('APIs', summary.apis, 'summary-apis'),
        tile('linted', summary.linted, 'summary-linted'),
        tile('operations', number(summary.operations), 'summary-operations'),
        tile('median score', number(summary.medianScore, 1) || '–', 'summary-median'),
        tile('mean score', number(summary.meanScore, 1) || '–'),
        tile(LEVEL_WORDS.should, summary.levels.should, 'summary-should'),
        tile(LEVEL_WORDS.must, summary.levels.must, 'summary-must'),
        tile(LEVEL_WORDS.none, summary.levels.none, 'summary-none'),
        tile(NOT_SCORED, summary.notScored ?? 0, 'summary-not-scored'),
        tile('exceptions', summary.exceptions),
      ]),
      failed.length === 0
        ? el('p', { class: 'note' }, ['Every document was linted.'])
        : el('div', { id: 'failed' }, [
            el('p', {}, [`${failed.length} document${failed.length === 1 ? '' : 's'} without a score:`]),
            el(
              'ul',
              {},
              failed.map(api =>
                el('li', {}, [el('code', {}, [api.file]), ` — ${api.status}`, api.reason ? `: ${api.reason}` : '']),
              ),
            ),
          ]),
      el('p', { id: 'scoring' }, [
        'How an API is scored: score = mean over the areas of the share of operations that conform, × 100 ' +
          '(an operation conforms in an area when no finding of its rules is at, under or used by it). ' +
          `Level: "${LEVEL_WORDS.must}" when no rule enforcing a MUST has a finding, then "${LEVEL_WORDS.should}" when no rule has one; an API without operations is "${NOT_SCORED}".`,
      ]),
    ]),
  );

  // The charts (cli/report/charts.js), each in a figure, or the sentence that says why there is none.
  const charts = reportCharts(report, Math.max(640, Math.min(1130, main.clientWidth || 1130)));
  for (const chart of charts) {
    main.append(
      el('h2', {}, [chart.title]),
      el('figure', { id: chart.id }, [
        typeof chart.drawn === 'string' ? el('p', { id: chart.emptyId, class: 'note' }, [chart.drawn]) : chart.drawn,
        el('figcaption', {}, [chart.caption]),
      ]),
    );
  }

  // The table of APIs, sortable by any column: a click (or Enter/Space on the header's button) sorts
  // ascending, the next one descending; a document without a value (not linted) stays last.
  /**
   * @typedef {object} Column
   * @property {string} label @property {string} [hint] the header's tooltip @property {boolean} numeric
   * @property {(api: ApiResult) => string | number | undefined} value what the column sorts by
   * @property {(api: ApiResult) => string} [text] what the cell shows, when not the value
   * @property {(api: ApiResult) => string | undefined} [style] the cell text's class
   */
  /** @type {Column[]} */
  const columns = [
    { label: 'File', numeric: false, value: api => api.file },
    { label: 'Title', numeric: false, value: api => api.title },
    { label: 'Operations', numeric: true, value: api => api.operations },
    { label: 'Score', numeric: true, value: api => api.score, text: api => number(api.score, 1) },
    {
      label: 'Level',
      numeric: true,
      value: api => (api.level === undefined ? undefined : ['none', 'must', 'should'].indexOf(api.level)),
      text: api =>
        api.level === undefined ? (api.status === 'linted' ? NOT_SCORED : api.status) : LEVEL_WORDS[api.level],
      style: api => (api.level === undefined ? undefined : `level-${api.level}`),
    },
    { label: 'Findings', numeric: true, value: api => (api.rules === undefined ? undefined : total(api.rules)) },
    { label: 'Exceptions', numeric: true, value: api => api.exceptions?.length },
    { label: 'ms', numeric: true, value: api => api.ms, text: api => number(api.ms) },
    ...areas.map(
      area =>
        /** @type {Column} */ ({
          label: area.id,
          hint: `${area.title} (${area.sections}): the share of the API's operations that conform`,
          numeric: true,
          value: api => api.areas?.[area.id]?.share,
          text: api => percent(api.areas?.[area.id]?.share),
        }),
    ),
  ];
  const rows = report.apis.map((api, index) => {
    const row = el(
      'tr',
      { 'data-file': api.file },
      columns.map((column, at) => {
        const text = column.text ? column.text(api) : String(column.value(api) ?? '');
        return el('td', { class: column.numeric ? 'number' : undefined }, [
          at === 0 ? el('a', { href: `#api-${index}` }, [text]) : el('span', { class: column.style?.(api) }, [text]),
        ]);
      }),
    );
    return { api, row, values: columns.map(column => column.value(api)) };
  });
  const body = el(
    'tbody',
    {},
    rows.map(({ row }) => row),
  );
  const headers = columns.map((column, at) => {
    const button = el('button', { type: 'button' }, [column.label]);
    const header = el(
      'th',
      { scope: 'col', class: column.numeric ? 'number' : undefined, title: column.hint, 'aria-sort': 'none' },
      [button],
    );
    button.addEventListener('click', () => sortBy(at, header.getAttribute('aria-sort') === 'ascending' ? -1 : 1));
    return header;
  });
  /** @param {number} at @param {1 | -1} direction */
  function sortBy(at, direction) {
    const numeric = columns[at].numeric;
    const sorted = [...rows].sort((a, b) => {
      const x = a.values[at];
      const y = b.values[at];
      if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
      const order = numeric ? Number(x) - Number(y) : String(x).localeCompare(String(y), 'en', { numeric: true });
      return order * direction;
    });
    body.append(...sorted.map(({ row }) => row));
    headers.forEach((header, index) =>
      header.setAttribute('aria-sort', index !== at ? 'none' : direction === 1 ? 'ascending' : 'descending'),
    );
  }
  main.append(
    section('APIs', 'apis', [
      el('p', { class: 'note' }, [
        "Click a column header to sort by it, again to reverse. Area columns (error-responses…): the share of the API's operations that conform in the area.",
      ]),
      el('div', { class: 'scroll' }, [
        el('table', { id: 'api-table' }, [el('thead', {}, [el('tr', {}, headers)]), body]),
      ]),
    ]),
  );

  // Each API's findings and exceptions, in <details> filled when first opened: an estate's findings
  // can run to tens of thousands, and a closed list need not cost the page anything.
  /** @param {ApiResult} api */
  function findingsOf(api) {
    if (api.status !== 'linted')
      return [el('p', {}, [`Not linted: ${api.status}${api.reason ? ` (${api.reason})` : ''}.`])];
    const findings = api.findings ?? [];
    const table = el('table', { class: 'findings' }, [
      el('thead', {}, [
        el(
          'tr',
          {},
          ['Rule', 'Severity', 'Message', 'Where'].map(label => el('th', { scope: 'col' }, [label])),
        ),
      ]),
      el(
        'tbody',
        {},
        findings.map(finding => {
          const page = rulePage(finding.rule);
          const where = `${finding.file ? `${finding.file}: ` : ''}${finding.path}${finding.line === undefined ? '' : ` (line ${finding.line})`}`;
          return el('tr', {}, [
            el('td', {}, [
              page ? el('a', { href: page, class: 'rule', rel: 'noopener noreferrer' }, [finding.rule]) : finding.rule,
            ]),
            el('td', {}, [finding.severity]),
            el('td', {}, [finding.message]),
            el('td', {}, [el('code', {}, [where])]),
          ]);
        }),
      ),
    ]);
    const exceptions = api.exceptions ?? [];
    return [
      findings.length === 0 ? el('p', {}, ['No finding.']) : el('div', { class: 'scroll' }, [table]),
      api.otherFindings
        ? el('p', { class: 'note' }, [`And ${api.otherFindings} findings of other rules of the ruleset (not scored).`])
        : undefined,
      exceptions.length === 0
        ? undefined
        : el('div', { class: 'exceptions' }, [
            el('h3', {}, ['Exceptions']),
            el(
              'ul',
              {},
              exceptions.map(exception =>
                el('li', {}, [
                  el('code', {}, [exception.rule]),
                  ' at ',
                  el('code', {}, [exception.at]),
                  ': ',
                  exception.reason ?? 'no reason given, so not in force (itself a finding)',
                ]),
              ),
            ),
          ]),
    ];
  }
  const details = report.apis.map((api, index) => {
    const findings = total(api.rules);
    const headline =
      api.status !== 'linted'
        ? `${api.status}${api.reason ? `: ${api.reason}` : ''}`
        : `${findings} finding${findings === 1 ? '' : 's'}, ${api.exceptions?.length ?? 0} exception${api.exceptions?.length === 1 ? '' : 's'}`;
    const element = el('details', { id: `api-${index}`, 'data-file': api.file }, [
      el('summary', {}, [el('code', {}, [api.file]), api.title ? ` ${api.title}` : '', ` — ${headline}`]),
    ]);
    element.addEventListener(
      'toggle',
      () => {
        if (element.open && element.childElementCount === 1)
          element.append(...findingsOf(api).filter(node => node !== undefined));
      },
      { passive: true },
    );
    return element;
  });
  main.append(section('Findings per API', 'findings', details));
  // The table's file links (and an address ending with #api-<n>) open the API's findings.
  const openTarget = () => {
    const target = document.getElementById(location.hash.slice(1));
    if (target instanceof HTMLDetailsElement) target.open = true;
  };
  window.addEventListener('hashchange', openTarget);
  openTarget();
  document.documentElement.dataset.ready = 'true';
})();
