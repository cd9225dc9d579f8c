/**
 * The rule manifest: every fact about a rule other than its check, in one typed table keyed by rule
 * id (as typescript-eslint keeps a rule's `meta` with it): what the rule checks, the conventions'
 * sections it enforces, its severity, the formats it applies to, the `createRuleset` options its
 * function reads, and what `fix` does about its findings.
 *
 * Derived from it: the Spectral rules of ruleset.ts (with the function table, functions/index.ts), the fix tables
 * and the option lookup of the CLI (cli/fix-engine/plan.ts, cli/shared/spectral.ts), `fix --help`, the README's
 * rule table and each rule page's Severity line (scripts/rule-table.cjs, checked by
 * test/docs.test.ts). A rule missing here, or an entry without its fix class, does not compile;
 * test/ruleset.test.ts checks that every entry has its function file, doc page and test table.
 *
 * Why here, at the top beside ruleset.ts, importing nothing: both programs read it. ruleset.ts, the
 * editor's bundle (dist/ruleset.js, which imports nothing but @stoplight/spectral-*), builds its
 * rules from it; the CLI (cli/, Node only) builds its fix tables and help from it without loading
 * the ruleset or any rule function. Being plain data, it brings no CLI code into the bundle (the
 * fixers stay in cli/fix; the bundle carries only the sentences saying why a rule has no fix) and
 * no rule code into the CLI. Formats are named, not Spectral's format functions, for the same reason.
 */

/** Spectral's document formats, by the names `@stoplight/spectral-formats` exports them under. */
export type FormatName = 'oas2' | 'oas3_0' | 'oas3_1' | 'oas3_2';

/** Swagger 2.0 and OpenAPI 3.0 to 3.2: the ruleset's formats. */
export const ALL_FORMATS = ['oas2', 'oas3_0', 'oas3_1', 'oas3_2'] as const satisfies readonly FormatName[];
const OAS3 = ['oas3_0', 'oas3_1', 'oas3_2'] as const satisfies readonly FormatName[];

/** The `createRuleset` options a rule function is given (as its `functionOptions`). */
export type RuleOption = 'registry' | 'typeStyle' | 'sortPattern' | 'listDetection';

/** The value an option has when it is not set; an option not named here is left out when not set. */
export const OPTION_DEFAULTS: { readonly [O in RuleOption]?: string } = { typeStyle: 'rfc9110' };

/**
 * What `fix` does about a rule's findings (docs/fix.md):
 * - `safe`: fixed by default; only example values change, never the contract.
 * - `unsafe`: fixed with `--unsafe` only; the fix changes the contract (§7.1.2 calls adding the
 *   required responses potentially breaking).
 * - `none`: never fixed; `reason` says why a person must decide (shown in fix's summary).
 *
 * A fixed rule's fixer lives in cli/fix-engine/plan.ts (Node only); a case it cannot fix is left with its
 * own reason. `alsoAskedAs`: `fix --rule <that id>` selects this fix too (and runs this rule).
 */
type FixClass =
  | { readonly class: 'safe' | 'unsafe'; readonly alsoAskedAs?: string }
  | { readonly class: 'none'; readonly reason: string };

/**
 * How severe a finding is: `error` or `warn` whatever the options, or `must`: a MUST of the
 * conventions reported as a warning by default and as an error with `strict: true` (§7.1.2: the
 * required responses; §4.3.1: filtering on a safe method).
 */
type SeverityClass = 'error' | 'warn' | 'must';

/**
 * The areas of the conventions the estate report scores an API on (docs/report.md), each with the
 * sections it covers; every rule belongs to one (its `area`).
 */
export const AREAS = {
  'error-responses': { title: 'Required error responses', sections: '§5, §7.1' },
  'problem-details': { title: 'Problem Details bodies and examples', sections: '§2.1, §7.2' },
  registry: { title: 'The shared problem registry', sections: '§2.3' },
  lists: { title: 'List conventions', sections: '§2.2, §4' },
  versioning: { title: 'Versioned paths', sections: '§4.1, §9' },
} as const;

export type AreaId = keyof typeof AREAS;

export interface RuleMeta {
  /** What the rule checks: one sentence, ending with a full stop, without the § sections. */
  readonly description: string;
  /** The sections of the conventions the rule enforces: "§2.1, §7.2". */
  readonly conventions: string;
  /**
   * The area of the conventions the estate report counts its findings in; `null`: not scored, for a
   * rule whose findings are about the lint's own configuration written in the description
   * (conventions-exception), not about how well the API follows the conventions.
   */
  readonly area: AreaId | null;
  readonly severity: SeverityClass;
  readonly formats: readonly FormatName[];
  /** The options its function reads, in the order of its `functionOptions`. */
  readonly options: readonly RuleOption[];
  readonly fix: FixClass;
}

/** The rules, in the order of the README's table and of the ruleset. */
export const RULES = {
  // Error responses (§2.1, §5, §7)
  'error-responses-required': {
    description: 'Every operation defines the 400, 404 and 500 Problem Details responses.',
    conventions: '§7.1',
    area: 'error-responses',
    severity: 'must',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'unsafe' },
  },
  'error-responses-secured': {
    description: 'A secured operation defines the 401 and 403 Problem Details responses.',
    conventions: '§5, §7.1',
    area: 'error-responses',
    severity: 'must',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'unsafe' },
  },
  'error-response-examples': {
    description: 'Each required error response has at least one example.',
    conventions: '§7.1.1',
    area: 'error-responses',
    severity: 'must',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'unsafe' },
  },
  'error-response-problem-media-type': {
    description: 'Error responses are served as application/problem+json or application/problem+xml.',
    conventions: '§2.1, §7.1.4',
    area: 'problem-details',
    severity: 'error',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'unsafe' },
  },
  'problem-details-schema': {
    description: 'A problem schema is an object that declares and requires status, title, detail, type and instance.',
    conventions: '§2.1',
    area: 'problem-details',
    severity: 'error',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'the problem schema is contract; declare the members or $ref the registry' },
  },
  'problem-details-extensions': {
    description: 'The extension members traceId, errors and code have their conventional types where declared.',
    conventions: '§2.1',
    area: 'problem-details',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'the member types are contract' },
  },
  'problem-code-documented': {
    description: 'API specific error codes are documented in the problem schema, and examples use documented codes.',
    conventions: '§2.1 rule 2',
    area: 'problem-details',
    severity: 'error',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'only the API team knows its error codes' },
  },
  'problem-example-members': {
    description: 'Every problem example has status, title, detail, type and instance with their JSON types.',
    conventions: '§2.1',
    area: 'problem-details',
    severity: 'error',
    formats: ALL_FORMATS,
    options: [],
    // The one fixed case: a status that is the right code written as a string ("404" → 404). A user
    // thinks of it as the status fix, so `--rule problem-example-status` asks for it too.
    fix: { class: 'safe', alsoAskedAs: 'problem-example-status' },
  },
  'problem-example-status': {
    description: "A problem example's status is the status of its response.",
    conventions: '§7.2',
    area: 'problem-details',
    severity: 'error',
    formats: ALL_FORMATS,
    options: [],
    fix: {
      class: 'none',
      reason: 'an example whose status names another code may be the wrong example; a person decides',
    },
  },
  'problem-example-title': {
    description: "A problem example's title is the reason phrase of its status.",
    conventions: '§7.2',
    area: 'problem-details',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'safe' },
  },
  'problem-example-type': {
    description:
      "A problem example's type is an absolute URI; for 400, 401, 403, 404 and 500 the RFC 9110 section of the status.",
    conventions: '§2.1, §7.2',
    area: 'problem-details',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['typeStyle'],
    fix: { class: 'safe' },
  },
  'problem-example-instance': {
    description: 'A problem example\'s instance reads "<METHOD> <path>".',
    conventions: '§2.1',
    area: 'problem-details',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'safe' },
  },
  'problem-example-trace-id': {
    description: "A problem example's traceId has the form 00-<32 hex>-<16 hex>-<2 hex>.",
    conventions: '§2.1',
    area: 'problem-details',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'a trace id is the example author’s to write' },
  },
  'problem-example-errors': {
    description: 'Each element of a problem example\'s errors is {detail, pointer: "#/<fieldName>"}.',
    conventions: '§2.1, §7.2',
    area: 'problem-details',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'the pointers name the API’s own fields' },
  },
  'problem-no-stack-trace': {
    description: 'Problem responses carry no stack trace or server log.',
    conventions: '§2.1 rule 1',
    area: 'problem-details',
    severity: 'error',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'what replaces the trace is a person’s choice' },
  },
  'problem-registry-single': {
    description: 'Problem responses and schemas brought in from other documents all come from one shared registry.',
    conventions: '§2.3',
    area: 'registry',
    severity: 'error',
    formats: ALL_FORMATS,
    options: ['registry'],
    fix: { class: 'none', reason: 'which registry is the one is a decision' },
  },
  'problem-registry-shape': {
    description:
      'A shared problem registry holds NotFound, UnexpectedError and ProblemDetails as the conventions describe.',
    conventions: '§2.3',
    area: 'registry',
    severity: 'warn',
    // Swagger 2.0 cannot name examples, which the registry's UnexpectedError is made of.
    formats: OAS3,
    options: ['registry'],
    fix: { class: 'none', reason: 'the registry document is edited by its owners' },
  },

  // List operations (§2.2, §4, §8, §9)
  'list-response-envelope': {
    description: 'A list operation answers an object with a required "results" array, not a bare array.',
    conventions: '§2.2',
    area: 'lists',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['listDetection'],
    fix: { class: 'none', reason: 'changing the response shape breaks clients' },
  },
  'list-response-metadata': {
    description: 'A list envelope declares metadata: total, limit, and offset or cursor as the pagination offered.',
    conventions: '§2.2, §4.2.5',
    area: 'lists',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['listDetection'],
    fix: { class: 'none', reason: 'the pagination metadata is contract' },
  },
  'list-pagination-parameters': {
    description: 'A list operation takes limit (bounded, defaulted) with either offset or cursor, in the query.',
    conventions: '§4.2, §8',
    area: 'lists',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['listDetection'],
    fix: { class: 'none', reason: 'limits and defaults are the API’s to choose' },
  },
  'list-filter-parameters': {
    description:
      'Other query parameters of a list operation are filters on fields of the listed item, written [<operator>:]<value>.',
    conventions: '§4.3',
    area: 'lists',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['listDetection'],
    fix: { class: 'none', reason: 'filter names and patterns are contract' },
  },
  'list-filter-extensible-enum': {
    description: "Enumerated values of a list operation's parameters use x-extensible-enum, not enum.",
    conventions: '§4.3.5',
    area: 'lists',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['listDetection'],
    fix: { class: 'unsafe' },
  },
  'list-sort-parameter': {
    description:
      '"sort" is a query string with the convention\'s pattern, and its examples order by fields of the listed item.',
    conventions: '§4.4',
    area: 'lists',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['listDetection', 'sortPattern'],
    fix: { class: 'none', reason: 'sorting is contract' },
  },
  'list-fields-parameter': {
    description: '"fields" is a query string of camelCase field names of the listed item.',
    conventions: '§4.5',
    area: 'lists',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: ['listDetection'],
    fix: { class: 'none', reason: 'field selection is contract' },
  },
  'list-filter-safe-method': {
    description:
      'Filtering is a GET: no operator filters or list envelopes on other methods, no request body on a list operation.',
    conventions: '§4.3.1',
    area: 'lists',
    severity: 'must',
    formats: ALL_FORMATS,
    options: ['listDetection'],
    fix: { class: 'none', reason: 'changing the method breaks clients' },
  },
  'path-version-segment': {
    description: 'Full paths read /<namespace>/<product>/v<major>/<collection>.',
    conventions: '§4.1, §9.1',
    area: 'versioning',
    severity: 'warn',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'changing paths breaks clients' },
  },

  // Exceptions written in the description (x-api-conventions-exceptions)
  'conventions-exception': {
    description:
      'An exception written in the description names a rule of this package, gives the reason, and sits where it is honoured.',
    // The conventions have no section on exceptions; §7.1.2 is where they say how the lint applies them.
    conventions: '§7.1.2',
    area: null,
    severity: 'error',
    formats: ALL_FORMATS,
    options: [],
    fix: { class: 'none', reason: 'only the API’s team can give the reason' },
  },
} as const satisfies Record<string, RuleMeta>;

/** A rule's id: `testRule('problem-example-title', …)` does not compile with a misspelled one. */
export type RuleId = keyof typeof RULES;

/** The rules whose findings `fix` can fix (by default or with `--unsafe`): each has a fixer in cli/fix-engine/plan.ts. */
export type FixedRuleId = { [Id in RuleId]: (typeof RULES)[Id]['fix']['class'] extends 'none' ? never : Id }[RuleId];

/** Every rule id, in the manifest's order. */
export const RULE_IDS = Object.keys(RULES) as RuleId[];

/** Whether an id names one of this package's rules. */
export const isRuleId = (id: string): id is RuleId => Object.prototype.hasOwnProperty.call(RULES, id);

/** A rule's facts, typed as any entry's (for code that reads them by an id it computed). */
export const ruleMeta = (id: RuleId): RuleMeta => RULES[id];

/** The rules fixed by default (`safe`) or with `--unsafe` (`unsafe`), in the manifest's order. */
export const rulesFixed = (fixClass: 'safe' | 'unsafe'): RuleId[] =>
  RULE_IDS.filter(id => ruleMeta(id).fix.class === fixClass);

/** The rules whose function reads an option, in the manifest's order (the CLI reads its value back from them). */
export const rulesReading = (option: RuleOption): RuleId[] =>
  RULE_IDS.filter(id => ruleMeta(id).options.includes(option));

/** `fix --rule <id>` asks for that rule's findings and those of the rules whose fix is also asked as `id`. */
export const rulesAskedBy = (id: string): string[] => [
  id,
  ...RULE_IDS.filter(rule => {
    const fix = ruleMeta(rule).fix;
    return fix.class !== 'none' && fix.alsoAskedAs === id;
  }),
];
