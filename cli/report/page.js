// @ts-check
// The estate report page, run in the browser (cli/report/html.ts inlines it after d3, Observable Plot
// and cli/report/charts.js): draws the page's model (cli/report/view.ts made it; every figure and
// label in it is computed there): the estate, the charts, the table of APIs, and an API's findings,
// opened from their compressed form when the reader asks for them.
// Every string from the report goes into the page as text (textContent, Plot's own text marks):
// titles, messages and file names come from the descriptions and are untrusted. Type-checked by
// tsconfig.page.json against cli/report/model.ts.
'use strict';
/* global reportCharts -- cli/report/charts.js, the script before this one */
(function () {
  /** @typedef {import('./model').PageModel} PageModel */
  /** @typedef {import('./model').PageApi} PageApi */
  /** @typedef {import('./model').ApiDetails} ApiDetails */
  const dataElement = /** @type {HTMLElement} */ (document.getElementById('page-data'));
  /** @type {PageModel} */
  const model = JSON.parse(dataElement.textContent || '{}');
  const main = /** @type {HTMLElement} */ (document.getElementById('report'));
  main.textContent = '';
  /** Rows of the table shown at first, and added by "Show more". */
  const PAGE_ROWS = 100;

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
  /** @type {Map<string, string>} a rule's page, when it has a web address (view.ts keeps only those) */
  const rulePages = new Map(model.rules.flatMap(rule => (rule.page === undefined ? [] : [[rule.rule, rule.page]])));
  /** @param {string} rule */
  const ruleLink = rule => {
    const page = rulePages.get(rule);
    return page ? el('a', { href: page, class: 'rule', rel: 'noopener noreferrer' }, [rule]) : el('span', {}, [rule]);
  };

  /** @type {HTMLElement} */ (document.getElementById('meta')).textContent = model.meta;

  // The estate in numbers.
  main.append(
    section('Estate', 'summary', [
      el(
        'div',
        { class: 'tiles' },
        model.tiles.map(tile => el('div', { class: 'tile', id: tile.id }, [el('b', {}, [tile.value]), tile.label])),
      ),
      model.failed.length === 0
        ? el('p', { class: 'note' }, ['Every document was linted.'])
        : el('div', { id: 'failed' }, [
            el('p', {}, [
              `${number(model.failed.length)} document${model.failed.length === 1 ? '' : 's'} without a score:`,
            ]),
            el(
              'ul',
              {},
              model.failed.map(api =>
                el('li', {}, [el('code', {}, [api.file]), ` — ${api.status}`, api.reason ? `: ${api.reason}` : '']),
              ),
            ),
          ]),
      el('p', { id: 'scoring' }, [model.scoring]),
    ]),
  );

  // The charts (cli/report/charts.js), each in a figure, or the sentence that says why there is none.
  for (const chart of reportCharts(model, Math.max(640, Math.min(1130, main.clientWidth || 1130)))) {
    main.append(
      el('h2', {}, [chart.title]),
      el('figure', { id: chart.id }, [
        typeof chart.drawn === 'string' ? el('p', { id: chart.emptyId, class: 'note' }, [chart.drawn]) : chart.drawn,
        el('figcaption', {}, [chart.caption]),
      ]),
    );
  }

  // The rules with findings: how many, in how many APIs.
  if (model.rules.length > 0)
    main.append(
      section('Rules with findings', 'rules', [
        el('table', { id: 'rule-table' }, [
          el('thead', {}, [
            el(
              'tr',
              {},
              ['Rule', 'Enforces', 'Findings', 'APIs'].map((label, at) =>
                el('th', { scope: 'col', class: at >= 2 ? 'number' : undefined }, [label]),
              ),
            ),
          ]),
          el(
            'tbody',
            {},
            model.rules.map(rule =>
              el('tr', {}, [
                el('td', {}, [ruleLink(rule.rule)]),
                el('td', {}, [rule.area === null ? 'not scored' : rule.must ? 'a MUST' : 'a SHOULD']),
                el('td', { class: 'number' }, [number(rule.findings)]),
                el('td', { class: 'number' }, [number(rule.apis)]),
              ]),
            ),
          ),
        ]),
      ]),
    );

  // The table of APIs, sortable by any column: a click (or Enter/Space on the header's button) sorts
  // ascending, the next one descending; a document without a value (not linted) stays last. Only the
  // first rows of the order are in the page, more on request: an estate of thousands stays quick.
  /**
   * @typedef {object} Column
   * @property {string} label @property {string} [hint] the header's tooltip @property {boolean} numeric
   * @property {(api: PageApi) => string | number | undefined} value what the column sorts by
   * @property {(api: PageApi) => string} [text] what the cell shows, when not the value
   * @property {(api: PageApi) => string | undefined} [style] the cell text's class
   * @property {string} [class] the column's class
   */
  const LEVELS = ['none', 'must', 'should'];
  /** @type {Column[]} */
  const columns = [
    { label: 'API', numeric: false, value: api => api.label, class: 'api' },
    { label: 'Score', numeric: true, value: api => api.score, text: api => number(api.score, 1) },
    {
      label: 'Level',
      numeric: true,
      value: api => (api.level === undefined ? undefined : LEVELS.indexOf(api.level)),
      text: api => api.levelText,
      style: api => (api.level === undefined ? undefined : `level-${api.level}`),
    },
    { label: 'Operations', numeric: true, value: api => api.operations, text: api => number(api.operations) },
    { label: 'Findings', numeric: true, value: api => api.findings, text: api => number(api.findings) },
    { label: 'Exceptions', hint: 'Exceptions in force', numeric: true, value: api => api.exceptions },
    ...model.areas.map(
      area =>
        /** @type {Column} */ ({
          label: area.id,
          hint: `${area.title} (${area.sections}): the share of the API's operations that conform`,
          numeric: true,
          value: api => api.shares[area.id],
          text: api => percent(api.shares[area.id]),
          class: 'area',
        }),
    ),
    {
      label: 'ms',
      hint: 'Time to lint, in milliseconds',
      numeric: true,
      value: api => api.ms,
      text: api => number(api.ms),
    },
  ];
  /** @param {PageApi} api */
  const rowOf = api =>
    el(
      'tr',
      { 'data-file': api.file },
      columns.map((column, at) => {
        const text = column.text ? column.text(api) : String(column.value(api) ?? '');
        if (at === 0)
          return el('td', { class: 'api' }, [
            el('a', { href: api.anchor, title: api.file }, [text]),
            api.title ? el('span', { class: 'title' }, [api.title]) : undefined,
          ]);
        return el('td', { class: column.numeric ? 'number' : undefined }, [
          el('span', { class: column.style?.(api) }, [text]),
        ]);
      }),
    );
  /** @type {PageApi[]} */
  let order = model.apis;
  let shownRows = Math.min(PAGE_ROWS, order.length);
  const body = el('tbody', {}, []);
  const more = el('p', { class: 'more' }, []);
  function drawRows() {
    body.replaceChildren(...order.slice(0, shownRows).map(rowOf));
    const left = order.length - shownRows;
    more.replaceChildren(
      `${number(shownRows)} of ${number(order.length)} APIs shown.`,
      ...(left === 0
        ? []
        : [
            ' ',
            button(`Show ${number(Math.min(PAGE_ROWS, left))} more`, 'show-more', () => {
              shownRows = Math.min(order.length, shownRows + PAGE_ROWS);
              drawRows();
            }),
            ' ',
            button('Show all', 'show-all', () => {
              shownRows = order.length;
              drawRows();
            }),
          ]),
    );
  }
  /** @param {string} label @param {string} id @param {() => void} action */
  function button(label, id, action) {
    const element = el('button', { type: 'button', id }, [label]);
    element.addEventListener('click', action);
    return element;
  }
  const headers = columns.map((column, at) => {
    const header = el(
      'th',
      {
        scope: 'col',
        class: [column.numeric ? 'number' : '', column.class ?? ''].join(' ').trim() || undefined,
        title: column.hint,
        'aria-sort': 'none',
      },
      [button(column.label, `sort-${at}`, () => sortBy(at, header.getAttribute('aria-sort') === 'ascending' ? -1 : 1))],
    );
    return header;
  });
  /** @param {number} at @param {1 | -1} direction */
  function sortBy(at, direction) {
    const column = columns[at];
    const keyed = model.apis.map(api => ({ api, value: column.value(api) }));
    keyed.sort((a, b) => {
      const x = a.value;
      const y = b.value;
      if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
      const byValue = column.numeric
        ? Number(x) - Number(y)
        : String(x).localeCompare(String(y), 'en', { numeric: true });
      return byValue * direction;
    });
    order = keyed.map(entry => entry.api);
    drawRows();
    headers.forEach((header, index) =>
      header.setAttribute('aria-sort', index !== at ? 'none' : direction === 1 ? 'ascending' : 'descending'),
    );
  }
  drawRows();
  main.append(
    section('APIs', 'apis', [
      el('p', { class: 'note' }, [
        "Click a column header to sort by it, again to reverse; an API's name opens its findings. Area columns (error-responses…): the share of the API's operations that conform in the area.",
      ]),
      el('table', { id: 'api-table' }, [el('thead', {}, [el('tr', {}, headers)]), body]),
      more,
    ]),
  );

  // One API's findings, exceptions and deviations, drawn when the reader opens the API (#api-<n>):
  // unpacked from their compressed form (gzip, base64) by the browser's own DecompressionStream.
  /** @param {string} packed @returns {Promise<ApiDetails>} */
  async function unpack(packed) {
    const bytes = Uint8Array.from(atob(packed), character => character.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return JSON.parse(await new Response(stream).text());
  }
  /** @param {PageApi} api @param {ApiDetails | undefined} details */
  function detailsOf(api, details) {
    const heading = el('h3', {}, [el('code', {}, [api.label]), api.title ? ` ${api.title}` : '']);
    if (details === undefined)
      return [heading, el('p', {}, [`Not linted: ${api.status}${api.reason ? ` (${api.reason})` : ''}.`])];
    const findings = el('table', { class: 'findings' }, [
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
        details.findings.map(finding => {
          const where = `${finding.file ? `${finding.file}: ` : ''}${finding.path}${finding.line === undefined ? '' : ` (line ${finding.line})`}`;
          return el('tr', {}, [
            el('td', {}, [ruleLink(finding.rule)]),
            el('td', {}, [finding.severity]),
            el('td', {}, [finding.message]),
            el('td', {}, [el('code', {}, [where])]),
          ]);
        }),
      ),
    ]);
    return [
      heading,
      el('p', { class: 'note' }, [
        `${number(details.findings.length)} finding${details.findings.length === 1 ? '' : 's'}, ${number(api.exceptions)} exception${api.exceptions === 1 ? '' : 's'} in force; ${api.levelText}.`,
      ]),
      details.findings.length === 0 ? el('p', {}, ['No finding.']) : findings,
      details.otherFindings
        ? el('p', { class: 'note' }, [
            `And ${number(details.otherFindings)} findings of other rules of the ruleset (not scored).`,
          ])
        : undefined,
      details.deviations.length === 0
        ? undefined
        : el('div', { class: 'deviations' }, [
            el('h4', {}, ["Rules the API's own ruleset switches off or lowers (scored all the same)"]),
            el(
              'ul',
              {},
              details.deviations.map(deviation => el('li', {}, [ruleLink(deviation.rule), ` as ${deviation.as}`])),
            ),
          ]),
      details.exceptions.length === 0
        ? undefined
        : el('div', { class: 'exceptions' }, [
            el('h4', {}, ['Exceptions']),
            el(
              'ul',
              {},
              details.exceptions.map(exception =>
                el('li', {}, [
                  el('code', {}, [exception.rule]),
                  ' at ',
                  el('code', {}, [exception.at]),
                  ': ',
                  exception.valid
                    ? (exception.reason ?? '')
                    : `${exception.reason ?? 'no reason given'}: not in force (itself a finding)`,
                ]),
              ),
            ),
          ]),
    ];
  }
  const panel = el('div', { id: 'api-findings' }, [
    el('p', { class: 'note' }, [
      'Open an API from the table (its name) or the heat map (its row) to see its findings here.',
    ]),
  ]);
  main.append(section('Findings of an API', 'findings', [panel]));
  /** The API whose anchor the address names, if any. */
  const targeted = () => model.apis.find(api => api.anchor === location.hash);
  /** The API the address names, drawn into the panel. */
  async function openTarget() {
    const api = targeted();
    if (api === undefined) return;
    panel.dataset.loaded = 'false';
    const details = api.details === '' ? undefined : await unpack(api.details);
    // A later click may have named another API while this one was unpacked.
    if (targeted() !== api) return;
    panel.replaceChildren(...detailsOf(api, details).filter(node => node !== undefined));
    panel.dataset.file = api.file;
    panel.dataset.loaded = 'true';
    panel.scrollIntoView();
  }
  window.addEventListener('hashchange', () => void openTarget());
  void openTarget();
  document.documentElement.dataset.ready = 'true';
})();
