/**
 * The rounds and passes of `fix` (cli/fix/index.ts, fixPasses), in process: this repository's ruleset
 * with a team's own rules beside it, as a `.spectral.yaml` that extends ours and adds rules of its own
 * gives it. Those rules disagree with some of our fixes; each scenario gives the exact text after,
 * the exact summary (what is fixed, what is refused and why) and the number of rounds: a fix that
 * adds a finding is rolled back and refused, found by the new finding's path or by halving the round;
 * a fix that only leads to a finding the next round fixes is a step; a follow-up that cannot be made
 * refuses the step that led to it; a fix that changes nothing is refused; the passes are bounded.
 */
import { Ruleset } from '@stoplight/spectral-core';
import { join } from 'node:path';
import { createRuleset } from '../../../ruleset';
import { pattern } from '@stoplight/spectral-functions';
import { fixText } from '../../../cli/fix-engine/engine';
import { formatSummary } from '../../../cli/fix/summary';
import { LoadedRuleset } from '../../../cli/shared/spectral';
import { addGuardRules } from '../../../cli/fix-engine/guard-rules';

function loaded(rules: Record<string, unknown> = {}): LoadedRuleset {
  const ruleset = new Ruleset(
    { extends: [createRuleset({}) as never], rules: rules as never },
    { severity: 'recommended' },
  );
  return {
    ruleset,
    file: 'ruleset.ts',
    typeStyle: 'rfc9110',
    registry: undefined,
    guard: addGuardRules(ruleset, true),
  };
}

const RFC404 = 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5';

/** One operation of /orders/{orderId} with a 200 and a 404 whose problem example has these members. */
const operation = (method: string, members: Record<string, string>): string =>
  [
    `    ${method}:`,
    `      summary: ${method} one order`,
    '      responses:',
    "        '200':",
    '          description: The order.',
    '          content:',
    '            application/json:',
    '              schema: {type: object}',
    "        '404':",
    '          description: No such order.',
    '          content:',
    '            application/problem+json:',
    "              schema: {$ref: '#/components/schemas/Problem'}",
    '              example:',
    ...Object.entries(members).map(([k, v]) => `                ${k}: ${v}`),
    '',
  ].join('\n');

const doc = (...operations: string[]): string => `openapi: 3.1.0
info:
  title: Orders
  version: '1'
servers:
  - url: https://api.example.com/shop/orders/v1
paths:
  /orders/{orderId}:
    parameters:
      - name: orderId
        in: path
        required: true
        schema: {type: string}
${operations.join('')}components:
  schemas:
    Problem:
      type: object
      required: [status, title, detail, type, instance]
      properties:
        status: {type: integer}
        title: {type: string}
        detail: {type: string}
        type: {type: string}
        instance: {type: string}
`;

const members = (status: string, title: string, type: string, instance: string) => ({
  status,
  title,
  detail: 'No order 42.',
  type,
  instance,
});

/**
 * A team that links RFC 9110 as the HTTP Working Group renders it: fix's type fix (to the datatracker's
 * link) adds its finding. httpwg.org's link is a type fix rewrites: it is meant as the RFC's.
 */
const TEAM_TYPES = {
  'team-problem-types': {
    message: 'Problem types link httpwg.org’s RFC 9110',
    severity: 'warn',
    given: '$.paths[*][*].responses[*].content[*].example.type',
    then: { function: pattern, functionOptions: { notMatch: '^https://datatracker\\.ietf\\.org/' } },
  },
};
const HTTPWG404 = 'https://httpwg.org/specs/rfc9110.html#status.404';
const SENTENCE_CASE = {
  'team-sentence-case-titles': {
    message: 'Problem titles capitalise their first word only',
    severity: 'warn',
    given: '$.paths[*][*].responses[*].content[*].example.title',
    then: { function: pattern, functionOptions: { notMatch: ' [A-Z]' } },
  },
};
/** Titles used by more than one problem example, reported at paths (one finding per title). */
function uniqueTitles(paths: unknown): { message: string }[] {
  const count = new Map<string, number>();
  for (const item of Object.values(
    paths as Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { example?: { title?: string } }> }> }>
    >,
  ))
    for (const op of Object.values(item))
      for (const response of Object.values(op.responses ?? {}))
        for (const media of Object.values(response.content ?? {}))
          if (typeof media.example?.title === 'string')
            count.set(media.example.title, (count.get(media.example.title) ?? 0) + 1);
  return [...count]
    .filter(([, n]) => n > 1)
    .map(([title, n]) => ({ message: `Title "${title}" is used by ${n} problem examples` }));
}
/** The same sentence-case rule, for the 400 examples only (this document has none). */
const SENTENCE_CASE_ELSEWHERE = {
  'team-sentence-case-titles': {
    ...SENTENCE_CASE['team-sentence-case-titles'],
    given: "$.paths[*][*].responses['400'].content[*].example.title",
  },
};
const UNIQUE_TITLES = {
  'team-unique-titles': { message: '{{error}}', severity: 'warn', given: '$.paths', then: { function: uniqueTitles } },
};
const REDEFINED_TITLE = {
  'problem-example-title': {
    message: 'Problem titles capitalise their first word only',
    severity: 'warn',
    given: '$.paths[*][*].responses[*].content[*].example.title',
    then: { function: pattern, functionOptions: { notMatch: ' [A-Z]' } },
  },
};

type Operations = Record<
  string,
  Record<string, { responses?: Record<string, { content?: Record<string, { example?: Record<string, unknown> }> }> }>
>;
/** The problem examples of every operation, with the operation's method and path. */
const problemExamples = (paths: unknown): { at: string; example: Record<string, unknown> }[] =>
  Object.entries(paths as Operations).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) =>
      Object.values(op.responses ?? {}).flatMap(response =>
        Object.values(response.content ?? {}).flatMap(media =>
          media.example === undefined ? [] : [{ at: `${method} ${path}`, example: media.example }],
        ),
      ),
    ),
  );
/** A team that wants statuses as strings, one finding per example, all of them at paths. */
const STRING_STATUSES = {
  'team-string-statuses': {
    message: '{{error}}',
    severity: 'warn',
    given: '$.paths',
    then: {
      function: (paths: unknown) =>
        problemExamples(paths)
          .filter(({ example }) => typeof example.status === 'number')
          .map(({ at }) => ({ message: `${at}: problem statuses are strings here` })),
    },
  },
};
/** A team whose DELETE operations answer in sentence case: the finding is at the operation, above the title. */
const SENTENCE_CASE_DELETES = {
  'team-sentence-case-deletes': {
    message: 'DELETE operations answer in sentence case',
    severity: 'warn',
    given: '$.paths[*].delete',
    then: {
      function: (operation: unknown) =>
        problemExamples({ '': { delete: operation } }).some(
          ({ example }) => typeof example.title === 'string' && / [A-Z]/.test(example.title),
        )
          ? [{ message: 'DELETE operations answer in sentence case' }]
          : [],
    },
  },
};
/** A team marking every schema that a problem body uses with x-problem, reported at the schema. */
function unmarkedProblemSchemas(document: unknown): { message: string; path: string[] }[] {
  const doc = document as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  const schemas = (document as { components?: { schemas?: Record<string, Record<string, unknown>> } }).components
    ?.schemas;
  const names = new Set<string>();
  for (const item of Object.values(doc.paths ?? {}))
    for (const op of Object.values(item))
      for (const response of Object.values(op.responses ?? {}) as {
        content?: Record<string, { schema?: { $ref?: string } }>;
      }[])
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (type === 'application/problem+json' && media.schema?.$ref?.startsWith('#/components/schemas/'))
            names.add(media.schema.$ref.slice('#/components/schemas/'.length));
  return [...names]
    .filter(name => schemas?.[name]?.['x-problem'] !== true)
    .map(name => ({
      message: `${name} is a problem schema: mark it x-problem`,
      path: ['components', 'schemas', name],
    }));
}
const MARKED_PROBLEMS = {
  'team-marked-problems': {
    message: '{{error}}',
    severity: 'warn',
    given: '$',
    resolved: false,
    then: { function: unmarkedProblemSchemas },
  },
  // The same count at paths, where no fix can be told by its place.
  'team-marked-problems-total': {
    message: '{{error}}',
    severity: 'warn',
    given: '$',
    resolved: false,
    then: {
      function: (document: unknown) => {
        const unmarked = unmarkedProblemSchemas(document).length;
        return unmarked === 0 ? [] : [{ message: `${unmarked} problem schemas unmarked`, path: ['paths'] }];
      },
    },
  },
};

const FILE = join(__dirname, 'cases', 'api.yaml');

const fix = (rules: Record<string, unknown>, text: string, unsafe = false) =>
  fixText(loaded(rules), text, FILE, { unsafe, rules: [] });

/** The summary's line of error-responses-required for a safe run over `n` operations. */
const unsafeLeft = (n: number) => `error-responses-required  0      ${n}     changes the contract: run with --unsafe`;

describe('fix: rounds, roll-backs and refusals', () => {
  test('a status "404" made 404 whose follow-up title fix the team’s sentence-case rule refuses: the status is left too, with the reason', async () => {
    // Round 1 makes the status 404 (and the instance GET), which lets problem-example-title check the
    // title; round 2's "Not Found" adds a team finding and is refused; the end then has a finding the
    // start had not, so fix starts again refusing every fix that adds one: the status stays a string.
    const before = doc(operation('get', members("'404'", 'Not found', RFC404, 'get /orders/42')));
    const result = await fix(SENTENCE_CASE, before);
    expect(result.after).toBe(before.replace('instance: get /orders/42', 'instance: GET /orders/42'));
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 1 fixed, 2 left',
        'rule                      fixed  left  why left',
        unsafeLeft(1),
        'problem-example-instance  1      0',
        'problem-example-members   0      1     its fix would add a finding of problem-example-title; left as it was',
      ].join('\n'),
    );
    expect(result.rounds).toBe(2);
  });

  test('a status "404" made 404 whose follow-up title is a block scalar (the edit cannot be made): the status is left too, with the reason', async () => {
    // Round 2's title edit is refused before it is made, so no lint after it rolls anything back: the
    // end still has the title finding that the first lint had not, and fix starts again.
    const before = doc(operation('get', members("'404'", '|-\n                  Not found', RFC404, 'get /orders/42')));
    const result = await fix({}, before);
    expect(result.after).toBe(before.replace('instance: get /orders/42', 'instance: GET /orders/42'));
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 1 fixed, 2 left',
        'rule                      fixed  left  why left',
        unsafeLeft(1),
        'problem-example-instance  1      0',
        'problem-example-members   0      1     its fix would add a finding of problem-example-title; left as it was',
      ].join('\n'),
    );
    expect(result.rounds).toBe(2);
  });

  test('a status "404" whose two follow-ups are refused (the type by the team’s rule): the reason names both rules the status fix adds', async () => {
    const before = doc(operation('get', members("'404'", 'Not found', HTTPWG404, 'GET /orders/42')));
    const result = await fix(TEAM_TYPES, before);
    expect(result.after).toBe(before);
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 0 fixed, 2 left',
        'rule                      fixed  left  why left',
        unsafeLeft(1),
        'problem-example-members   0      1     its fix would add a finding of problem-example-title, problem-example-type; left as it was',
      ].join('\n'),
    );
    expect(result.rounds).toBe(1);
  });

  test('the same status fix with nothing against its follow-up: both made, one round each', async () => {
    const before = doc(operation('get', members("'404'", 'Not found', RFC404, 'get /orders/42')));
    const result = await fix(SENTENCE_CASE_ELSEWHERE, before);
    expect(result.after).toBe(
      before
        .replace("status: '404'", 'status: 404')
        .replace('title: Not found', 'title: Not Found')
        .replace('instance: get /orders/42', 'instance: GET /orders/42'),
    );
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 3 fixed, 1 left',
        'rule                      fixed  left  why left',
        unsafeLeft(1),
        'problem-example-instance  1      0',
        'problem-example-members   1      0',
        'problem-example-title     1      0',
      ].join('\n'),
    );
    expect(result.rounds).toBe(3);
  });

  test('a step and its follow-up are kept while a type fix the team’s own rule reports (a rule without a fix) is refused', async () => {
    const before = doc(
      operation('get', members("'404'", 'Not found', RFC404, 'get /orders/42')),
      operation('delete', members('404', 'Not Found', HTTPWG404, 'DELETE /orders/42')),
    );
    const result = await fix(TEAM_TYPES, before);
    expect(result.after).toBe(
      before
        .replace("status: '404'", 'status: 404')
        .replace('title: Not found', 'title: Not Found')
        .replace('instance: get /orders/42', 'instance: GET /orders/42'),
    );
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 3 fixed, 4 left',
        'rule                      fixed  left  why left',
        unsafeLeft(2),
        'problem-example-instance  1      0',
        'problem-example-members   1      0',
        'problem-example-title     1      0',
        'problem-example-type      0      1     its fix would add a finding of team-problem-types; left as it was',
        'team-problem-types        0      1     no fix for this rule',
      ].join('\n'),
    );
    expect(result.rounds).toBe(3);
  });

  test('a title fix that adds a finding at its title and one at paths is refused by the first (its path); the fixes before it are made in one round', async () => {
    // The delete example's "not found" made "Not Found" breaks the team's sentence case (at the title)
    // and repeats the get example's title (reported at paths, which no fix can be told by).
    const before = doc(
      operation(
        'get',
        members('404', 'Not Found', 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.4', 'get /orders/42'),
      ),
      operation('delete', members('404', 'not found', RFC404, 'DELETE /orders/42')),
    );
    const result = await fix({ ...SENTENCE_CASE, ...UNIQUE_TITLES }, before);
    expect(result.after).toBe(
      before
        .replace('type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.4', `type: ${RFC404}`)
        .replace('instance: get /orders/42', 'instance: GET /orders/42'),
    );
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 2 fixed, 4 left',
        'rule                       fixed  left  why left',
        unsafeLeft(2).replace('  0', '   0'),
        'problem-example-instance   1      0',
        'problem-example-title      0      1     its fix would add a finding of team-sentence-case-titles; left as it was',
        'problem-example-type       1      0',
        'team-sentence-case-titles  0      1     no fix for this rule',
      ].join('\n'),
    );
    expect(result.rounds).toBe(2);
  });

  test('two title fixes that together repeat a title (a finding at paths, of no one fix): the round is halved, the first made, the second refused', async () => {
    const before = doc(
      operation('get', members('404', 'Not found', RFC404, 'GET /orders/42')),
      operation('delete', members('404', 'not found', RFC404, 'DELETE /orders/42')),
    );
    const result = await fix(UNIQUE_TITLES, before);
    expect(result.after).toBe(before.replace('title: Not found', 'title: Not Found'));
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 1 fixed, 3 left',
        'rule                      fixed  left  why left',
        unsafeLeft(2),
        'problem-example-title     1      1     its fix would add a finding of team-unique-titles; left as it was',
      ].join('\n'),
    );
    expect(result.rounds).toBe(2);
  });

  test('a ruleset that redefines problem-example-title (sentence case): the reason phrase changes nothing, left with the reason', async () => {
    const before = doc(operation('get', members('404', 'Not Found', RFC404, 'get /orders/42')));
    const result = await fix(REDEFINED_TITLE, before);
    expect(result.after).toBe(before.replace('instance: get /orders/42', 'instance: GET /orders/42'));
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 1 fixed, 2 left',
        'rule                      fixed  left  why left',
        unsafeLeft(1),
        'problem-example-instance  1      0',
        'problem-example-title     0      1     its fix changes nothing (please report it)',
      ].join('\n'),
    );
    expect(result.rounds).toBe(2);
  });

  test('thirteen title fixes each of which repeats a title: the passes end at 40, twelve refused, the last still there', async () => {
    // Each refusal takes a halving down to one fix: 4 passes for 13 down to 8 fixes left, 3 for 7 to
    // 4, 2 for 3 and 2, 1 for the last: 41, one more than a round may take.
    const paths = [`  /orders:\n${operation('get', members('404', 'Not Found', RFC404, 'GET /orders'))}`];
    for (let i = 1; i <= 13; i++)
      paths.push(
        `  /orders${i}:\n${operation('get', members('404', `Order ${i} not found`, RFC404, `GET /orders${i}`))}`,
      );
    const before = doc().replace(/ {2}\/orders\/\{orderId\}:[\s\S]*?(?=components:)/, paths.join(''));
    const result = await fix(UNIQUE_TITLES, before);
    expect(result.after).toBe(before);
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 0 fixed, 27 left',
        'rule                      fixed  left  why left',
        'error-responses-required  0      14    changes the contract: run with --unsafe',
        'problem-example-title     0      13    its fix would add a finding of team-unique-titles; left as it was (12); still there after several rounds (1)',
      ].join('\n'),
    );
    expect(result.rounds).toBe(1);
  });

  test('a status fix that adds a second finding at the same place as one the document has (same rule, same path): refused', async () => {
    // The team reports each numeric status at paths: one before (get's), two after the delete fix.
    const before = doc(
      operation('get', members('404', 'Not Found', RFC404, 'GET /orders/42')),
      operation('delete', members("'404'", 'Not Found', RFC404, 'DELETE /orders/42')),
    );
    const result = await fix(STRING_STATUSES, before);
    expect(result.after).toBe(before);
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 0 fixed, 4 left',
        'rule                      fixed  left  why left',
        unsafeLeft(2),
        'problem-example-members   0      1     its fix would add a finding of team-string-statuses; left as it was',
        'team-string-statuses      0      1     no fix for this rule',
      ].join('\n'),
    );
    expect(result.rounds).toBe(1);
  });

  test('a title fix that adds a finding at its operation (a path above the title): that fix refused, the fixes before it made in the same round', async () => {
    const before = doc(
      operation('get', members('404', 'Not found', RFC404, 'get /orders/42')),
      operation('delete', members('404', 'Not found', RFC404, 'DELETE /orders/42')),
    );
    const result = await fix(SENTENCE_CASE_DELETES, before);
    expect(result.after).toBe(
      before
        .replace('title: Not found', 'title: Not Found')
        .replace('instance: get /orders/42', 'instance: GET /orders/42'),
    );
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 2 fixed, 3 left',
        'rule                      fixed  left  why left',
        unsafeLeft(2),
        'problem-example-instance  1      0',
        'problem-example-title     1      1     its fix would add a finding of team-sentence-case-deletes; left as it was',
      ].join('\n'),
    );
    expect(result.rounds).toBe(2);
  });

  test('--unsafe renaming a 404 body to problem+json whose schema component the team then reports: that rename refused by the $ref, the other fixes of the round made', async () => {
    const before = `openapi: 3.1.0
info:
  title: Orders
  version: '1'
servers:
  - url: https://api.example.com/shop/orders/v1
paths:
  /orders/{orderId}:
    parameters:
      - name: orderId
        in: path
        required: true
        schema: {type: string}
    get:
      summary: get one order
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema: {type: object}
        '404':
          description: No such order.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Error'}
    delete:
      summary: delete one order
      responses:
        '204':
          description: Deleted.
        '404':
          description: No such order.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example:
                status: 404
                title: Not Found
                detail: No order 42.
                type: ${RFC404}
                instance: delete /orders/42
components:
  schemas:
    Error:
      type: object
      required: [status, title, detail, type, instance]
      properties:
        status: {type: integer}
        title: {type: string}
        detail: {type: string}
        type: {type: string}
        instance: {type: string}
    Problem:
      x-problem: true
      type: object
      required: [status, title, detail, type, instance]
      properties:
        status: {type: integer}
        title: {type: string}
        detail: {type: string}
        type: {type: string}
        instance: {type: string}
`;
    const result = await fix(MARKED_PROBLEMS, before, true);
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 3 fixed, 2 left',
        'rule                               fixed  left  why left',
        'error-response-examples            0      1     the response has no application/problem+json body',
        'error-response-problem-media-type  0      1     its fix would add a finding of team-marked-problems; left as it was',
        'error-responses-required           2      0',
        'problem-example-instance           1      0',
      ].join('\n'),
    );
    expect(result.after).toContain(
      "            application/json:\n              schema: {$ref: '#/components/schemas/Error'}",
    );
    expect(result.after).toContain('instance: DELETE /orders/42');
    expect(result.rounds).toBe(2);
  });

  test('--unsafe on two operations without 400 and 500: one round adds the shared responses once and both references', async () => {
    const before = doc(
      operation('get', members('404', 'Not Found', RFC404, 'GET /orders/42')),
      operation('delete', members('404', 'Not Found', RFC404, 'DELETE /orders/42')),
    );
    const result = await fix({}, before, true);
    expect(formatSummary(result, 'api.yaml')).toBe(
      [
        'api.yaml: 2 fixed, 0 left',
        'rule                      fixed  left  why left',
        'error-responses-required  2      0',
      ].join('\n'),
    );
    expect(result.after.split('\n    BadRequest:\n').length).toBe(2);
    expect(result.after.split("$ref: '#/components/responses/BadRequest'").length).toBe(3);
    expect(result.rounds).toBe(2);
  });

  test('after a fix, no baseline recorder is left set (a later lint in the process baselines as usual)', async () => {
    await fix({}, doc(operation('get', members('404', 'Not found', RFC404, 'GET /orders/42'))));
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('spectral-api-conventions.baseline.recorder')]).toBe(
      undefined,
    );
  });
});
