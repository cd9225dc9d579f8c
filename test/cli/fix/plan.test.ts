/**
 * The fix planner (cli/fix-engine/plan.ts) on real documents: for each finding of a fixable rule, the ops
 * that fix it, or why it stays. Most scenarios lint a document with this repository's ruleset and
 * plan its own findings; a few plan a finding at a place the shipped rules do not report today (a
 * ruleset may report it there: an older or a stricter rule, another file) to pin what the planner
 * says about it. Whole runs (`fixText`) give the exact text after and the exact summary.
 */
import { Ruleset } from '@stoplight/spectral-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuleset } from '../../../ruleset';
import { LintFinding, LoadedRuleset, lintText } from '../../../cli/shared/spectral';
import { openSource } from '../../../cli/fix-engine/source';
import { PlanOptions, hasFix, plan } from '../../../cli/fix-engine/plan';
import { Op } from '../../../cli/fix-engine/ops';
import { fixText } from '../../../cli/fix-engine/engine';
import { formatSummary } from '../../../cli/fix/summary';
import { JsonPath } from '../../../functions/lib/json';

const FILE = join(__dirname, 'cases', 'plan.yaml');
const OPTIONS: PlanOptions = { unsafe: true, rules: [], typeStyle: 'rfc9110' };

/** An op in one line: `set a.b = v`, `rename a.b -> k`, `add a.b[k]` (with an added `$ref`, or the added map's keys). */
function brief(op: Op): string {
  const at = op.path.join('.');
  if (op.kind === 'set') return `set ${at} = ${JSON.stringify(op.value)}`;
  if (op.kind === 'rename') return `rename ${at} -> ${op.key}`;
  const value = op.value as Record<string, unknown>;
  const shown = typeof value.$ref === 'string' ? `$ref ${value.$ref}` : `{${Object.keys(value).join(', ')}}`;
  return `add ${at}[${op.key}] ${shown}`;
}

interface Planned {
  rule: string;
  path: string;
  ops?: string[];
  reason?: string;
}

async function linted(text: string): Promise<{ data: unknown; findings: LintFinding[]; resolved: unknown }> {
  const ruleset = new Ruleset(createRuleset({}), { severity: 'recommended' });
  const source = openSource(text, FILE);
  const { findings, resolved } = await lintText(ruleset, source, FILE);
  return { data: source.data, findings, resolved };
}

function shown(outcomes: ReturnType<typeof plan>): Planned[] {
  return outcomes.map(o => ({
    rule: o.finding.rule,
    path: o.finding.path.join('.'),
    ...('ops' in o ? { ops: o.ops.map(brief) } : { reason: o.reason }),
  }));
}

/** What the planner makes of the document's own findings, in Spectral's order. */
async function planned(text: string, options: Partial<PlanOptions> = {}): Promise<Planned[]> {
  const { data, findings, resolved } = await linted(text);
  return shown(plan(findings, FILE, data, resolved, { ...OPTIONS, ...options }));
}

/** What the planner makes of one finding of `rule` at `path` (in `source`) in the document. */
async function plannedAt(
  text: string,
  rule: string,
  path: JsonPath,
  options: Partial<PlanOptions> = {},
  source = FILE,
): Promise<Planned> {
  const { data, resolved } = await linted(text);
  const finding: LintFinding = { rule, path, message: 'm', source, severity: 1 };
  return shown(plan([finding], FILE, data, resolved, { ...OPTIONS, ...options }))[0];
}

function ours(): LoadedRuleset {
  const ruleset = new Ruleset(createRuleset({}), { severity: 'recommended' });
  return { ruleset, file: 'ruleset.ts', typeStyle: 'rfc9110', registry: undefined };
}

/** A whole fix run: the text after, and the summary. */
async function fixed(text: string, unsafe = true, rules: string[] = []): Promise<{ after: string; summary: string }> {
  const result = await fixText(ours(), text, FILE, { unsafe, rules });
  return { after: result.after, summary: formatSummary(result, 'plan.yaml') };
}

const HEAD = `openapi: 3.0.3
info: {title: Things, version: '1'}
servers:
  - url: https://api.example.com/shop/things/v1
`;

const PROBLEM = `    Problem:
      type: object
      required: [status, title, detail, type, instance]
      properties:
        status: {type: integer}
        title: {type: string}
        detail: {type: string}
        type: {type: string}
        instance: {type: string}
`;

/** A problem+json error response (indented as a response under an operation) with this example. */
const problemResponse = (code: string, description: string, example: string): string => `        '${code}':
          description: ${description}
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example: ${example}
`;

const TYPE404 = 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5';

describe('examples: title, instance, status', () => {
  const doc = `${HEAD}paths:
  /things:
    get:
      responses:
        '200': {description: OK}
        '400': {$ref: '#/components/responses/BadRequest'}
${problemResponse('404', 'No such thing.', `{status: 404, title: Not found, detail: d, type: '${TYPE404}', instance: get /things/1 please}`)}${problemResponse('500', 'Broken.', `{status: 500, title: Internal Server Error, detail: d, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1', instance: x GET /things}`)}  /others:
    get:
      responses:
        '200': {description: OK}
${problemResponse('400', 'Bad.', `{status: '4000', title: Bad Request, detail: d, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1', instance: GET /others}`)}${problemResponse('404', 'No such other.', `{status: x404, title: Not Found, detail: d, type: '${TYPE404}', instance: GET /others}`)}${problemResponse('500', 'Broken.', `{status: 'five hundred', title: Internal Server Error, detail: d, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1', instance: GET /others}`)}components:
  schemas:
${PROBLEM}  responses:
    BadRequest:
      description: Bad, with a conflict's example.
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/Problem'}
          example: {status: 409, title: conflict, detail: d, type: 'https://example.com/conflict', instance: GET /things}
    Unused:
      description: Used by no operation.
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/Problem'}
          example: {status: 404, title: Not found, detail: d, type: 'https://example.com/x', instance: GET /things}
    UnusedString:
      description: Used by no operation, its status a string.
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/Problem'}
          example: {status: '404', title: Not Found, detail: d, type: '${TYPE404}', instance: GET /things}
`;
  const example = (...path: string[]): string => [...path, 'content', 'application/problem+json', 'example'].join('.');

  test('a title is fixed only where the status fits every code the example is used under', async () => {
    const outcomes = await planned(doc);
    const at = (rule: string, path: string): Planned | undefined =>
      outcomes.find(o => o.rule === rule && o.path === path);
    expect(at('problem-example-title', `${example('paths', '/things', 'get', 'responses', '404')}.title`)).toEqual({
      rule: 'problem-example-title',
      path: `${example('paths', '/things', 'get', 'responses', '404')}.title`,
      ops: [`set ${example('paths', '/things', 'get', 'responses', '404')}.title = "Not Found"`],
    });
    expect(at('problem-example-title', `${example('components', 'responses', 'BadRequest')}.title`)?.reason).toBe(
      'its status 409 does not fit the 400 response that uses it; a person decides which is wrong',
    );
    expect(at('problem-example-title', `${example('components', 'responses', 'Unused')}.title`)?.reason).toBe(
      'where the example is used could not be found',
    );
    expect(at('problem-example-type', `${example('components', 'responses', 'Unused')}.type`)?.reason).toBe(
      'where the example is used could not be found',
    );
  });

  test('an instance is fixed only when the method’s case is all that is wrong', async () => {
    const outcomes = await planned(doc);
    const instances = outcomes.filter(o => o.rule === 'problem-example-instance');
    expect(instances).toEqual([
      {
        rule: 'problem-example-instance',
        path: `${example('paths', '/things', 'get', 'responses', '404')}.instance`,
        reason: 'more than the method’s case is wrong; a person writes the instance',
      },
      {
        rule: 'problem-example-instance',
        path: `${example('paths', '/things', 'get', 'responses', '500')}.instance`,
        reason: 'more than the method’s case is wrong; a person writes the instance',
      },
    ]);
  });

  test('a status written as a string is made a number only when it is a status code, the code of its response', async () => {
    const outcomes = await planned(doc);
    expect(outcomes.filter(o => o.rule === 'problem-example-members')).toEqual([
      {
        rule: 'problem-example-members',
        path: `${example('paths', '/others', 'get', 'responses', '400')}.status`,
        reason: 'the status is not a status code written as a string',
      },
      {
        rule: 'problem-example-members',
        path: `${example('paths', '/others', 'get', 'responses', '404')}.status`,
        reason: 'the status is not a status code written as a string',
      },
      {
        rule: 'problem-example-members',
        path: `${example('paths', '/others', 'get', 'responses', '500')}.status`,
        reason: 'the status is not a status code written as a string',
      },
      {
        rule: 'problem-example-members',
        path: `${example('components', 'responses', 'UnusedString')}.status`,
        reason: 'where the example is used could not be found',
      },
    ]);
  });
});

describe('problem-example-type: a safe fix rewrites a type meant as the RFC 9110 link, never one of the API’s own', () => {
  const TYPES: [string, string][] = [
    ['own', 'https://api.example.com/problems/not-found'],
    ['urn', 'urn:example:problems:not-found'],
    ['relative', '/problems/not-found'],
    ['rfc-editor', 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.4'],
    ['datatracker', 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1'],
    ['httpwg', 'https://httpwg.org/specs/rfc9110.html#status.404'],
    ['older-rfc', 'https://tools.ietf.org/html/rfc7231#section-6.5.4'],
    ['about-blank', 'about:blank'],
    ['word', 'not-found'],
    ['phrase', 'Not Found'],
  ];
  const doc = `${HEAD}paths:
  /things:
    get:
      responses:
        '200': {description: OK}
        '404':
          description: No such thing.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              examples:
${TYPES.map(([name, type]) => `                ${name}: {value: {status: 404, title: Not Found, detail: d, type: '${type}', instance: GET /things}}\n`).join('')}components:
  schemas:
${PROBLEM}`;
  const at = (name: string): string =>
    [
      'paths',
      '/things',
      'get',
      'responses',
      '404',
      'content',
      'application/problem+json',
      'examples',
      name,
      'value',
      'type',
    ].join('.');
  const own = (what: string): string =>
    `${what}; set typeStyle: any-uri if the API uses its own problem types, or change it to ${TYPE404} by hand`;

  test('each type: the op, or why it stays', async () => {
    const types = (await planned(doc)).filter(p => p.rule === 'problem-example-type');
    const set = (name: string, value: string): Planned => ({
      rule: 'problem-example-type',
      path: at(name),
      ops: [`set ${at(name)} = ${JSON.stringify(value)}`],
    });
    const left = (name: string, reason: string): Planned => ({ rule: 'problem-example-type', path: at(name), reason });
    expect(types).toEqual([
      left('own', own('an absolute URI of the API’s own')),
      left('urn', own('an absolute URI of the API’s own')),
      left('relative', own('a relative reference of the API’s own (/problems/not-found)')),
      // An accepted spelling keeps its spelling; the section is the status's.
      set('rfc-editor', 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.5'),
      set('datatracker', TYPE404),
      set('httpwg', TYPE404),
      set('older-rfc', TYPE404),
      set('about-blank', TYPE404),
      set('word', TYPE404),
      set('phrase', TYPE404),
    ]);
  });
});

describe('--unsafe: the registry a document already references', () => {
  const api = (ref: string): string => `${HEAD}paths:
  /things:
    get:
      responses:
        '200': {description: OK}
        '404': {$ref: '${ref}'}
`;
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-fix-plan-'));
    // A registry as the rules call one (NotFound, no operations), without BadRequest.
    writeFileSync(
      join(folder, 'registry.yaml'),
      `openapi: 3.0.3\ninfo: {title: Registry, version: '1'}\npaths: {}\ncomponents:\n  responses:\n    NotFound: {description: Not Found}\n`,
    );
    // Not a registry: an API's document with an operation of its own.
    writeFileSync(
      join(folder, 'other.yaml'),
      `openapi: 3.0.3\ninfo: {title: Other, version: '1'}\npaths:\n  /x:\n    get:\n      responses:\n        '200': {description: OK}\ncomponents:\n  responses:\n    NotFound: {description: Not Found}\n`,
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('a registry without the response to add: the finding stays, saying so; nothing is copied in', async () => {
    const file = join(folder, 'api.yaml');
    const text = api('./registry.yaml#/components/responses/NotFound');
    const result = await fixText(ours(), text, file, { unsafe: true, rules: ['error-responses-required'] });
    expect(result.after).toBe(text);
    expect([...result.summary.get('error-responses-required')!.reasons.keys()]).toEqual([
      `the registry ./registry.yaml ($ref'd by ${file}) has no BadRequest response (#/components/responses/BadRequest); add it there`,
    ]);
  });

  test('a document that is not a registry (it has operations): the responses are copied in, as without a registry', async () => {
    const text = api('./other.yaml#/components/responses/NotFound');
    const result = await fixText(ours(), text, join(folder, 'api.yaml'), {
      unsafe: true,
      rules: ['error-responses-required'],
    });
    expect(result.after).toContain("        '400': {$ref: '#/components/responses/BadRequest'}\n");
    expect(result.after).toContain('components:\n  responses:\n    BadRequest:\n');
  });
});

describe('error-response-examples', () => {
  const before = `${HEAD}paths:
  /alpha:
    get:
      responses:
        '200': {description: OK}
        '400':
          description: Bad.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
  /beta:
    get:
      responses:
        '200': {description: OK}
${problemResponse('404', 'No such beta.', `{status: 404, title: Not found, detail: d, type: '${TYPE404}', instance: GET /beta}`)}  /gamma:
    get:
      responses:
        '200': {description: OK}
        '400': {$ref: '#/components/responses/Error'}
        '404': {$ref: '#/components/responses/Error'}
components:
  schemas:
${PROBLEM}  responses:
    Error:
      description: An error, used under two codes.
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/Problem'}
`;

  test('whole run, --rule error-response-examples --rule problem-example-title: an example added from the registry, saying this operation; a response shared by two codes is left', async () => {
    const result = await fixed(before, true, ['error-response-examples', 'problem-example-title']);
    const added =
      '              example: {status: 400, title: Bad Request, detail: The query parameter limit must be between 1 and 100., type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1, instance: GET /alpha, traceId: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01}\n';
    expect(result.after).toBe(
      before.replace("'}\n  /beta:\n", `'}\n${added}  /beta:\n`).replace('title: Not found', 'title: Not Found'),
    );
    expect(result.summary).toBe(
      [
        'plan.yaml: 2 fixed, 4 left',
        'rule                      fixed  left  why left',
        'error-response-examples   1      1     the response is used under several codes; one example cannot fit them all',
        'error-responses-required  0      3     not asked for (--rule)',
        'problem-example-title     1      0',
      ].join('\n'),
    );
  });

  test('each finding is planned the same in either order: where responses and where examples are used are not mixed up', async () => {
    const { data, findings, resolved } = await linted(before);
    const rules = ['error-response-examples', 'problem-example-title'];
    const ours = findings.filter(f => rules.includes(f.rule));
    const expected: Planned[] = [
      {
        rule: 'error-response-examples',
        path: 'paths./alpha.get.responses.400',
        ops: [
          'add paths./alpha.get.responses.400.content.application/problem+json[example] {status, title, detail, type, instance, traceId}',
        ],
      },
      {
        rule: 'problem-example-title',
        path: 'paths./beta.get.responses.404.content.application/problem+json.example.title',
        ops: ['set paths./beta.get.responses.404.content.application/problem+json.example.title = "Not Found"'],
      },
      {
        rule: 'error-response-examples',
        path: 'components.responses.Error',
        reason: 'the response is used under several codes; one example cannot fit them all',
      },
    ];
    const byPath = (a: Planned, b: Planned): number => a.path.localeCompare(b.path);
    for (const order of [ours, [...ours].reverse()]) {
      const outcomes = shown(plan(order, FILE, data, resolved, OPTIONS));
      expect(outcomes.sort(byPath)).toEqual(expected.sort(byPath));
    }
  });
});

describe('findings planned where the shipped rules do not report them, and findings that are not ours', () => {
  const doc = `${HEAD}paths:
  /things:
    get:
      security: [{oauth: []}]
      responses:
        '200': {description: OK}
${problemResponse('400', 'Bad.', `{status: 400, title: 400, detail: d, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1', instance: GET /things}`)}        '403':
          description: Forbidden.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              examples:
                forbidden: {$ref: '#/components/examples/Forbidden'}
        '404': {$ref: 'errors.yaml#/components/responses/NotFound'}
${problemResponse('409', 'Conflict.', `{status: 409, title: Conflict, detail: d, type: 'https://example.com/conflict', instance: GET /things}`)}${problemResponse('499', 'Closed.', `{status: 499, title: Closed, detail: d, type: 'https://example.com/closed', instance: GET /things}`)}${problemResponse('500', 'Broken.', `{status: '500', title: Server error, detail: d, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1', instance: GET /things}`)}    put:
      responses: []
components:
  securitySchemes:
    oauth: {type: http, scheme: bearer}
  schemas:
${PROBLEM}  examples:
    Forbidden:
      value: {status: 403, title: forbidden, detail: d, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.4', instance: GET /things}
`;
  const example = (code: string, member: string): JsonPath => [
    'paths',
    '/things',
    'get',
    'responses',
    code,
    'content',
    'application/problem+json',
    'example',
    member,
  ];
  const reasonOf = async (
    rule: string,
    path: JsonPath,
    options: Partial<PlanOptions> = {},
    source = FILE,
  ): Promise<string | undefined> => (await plannedAt(doc, rule, path, options, source)).reason;

  test('title: no reason phrase for a status without one, nor for a title that is not a string', async () => {
    expect(await reasonOf('problem-example-title', example('499', 'title'))).toBe('no reason phrase to use');
    expect(await reasonOf('problem-example-title', example('400', 'title'))).toBe('no reason phrase to use');
    expect(await reasonOf('problem-example-title', example('500', 'title'))).toBe('the example has no integer status');
  });

  test('title: an example reached through a $ref within the file is not at the finding’s path here', async () => {
    const path = [...example('403', 'title').slice(0, -2), 'examples', 'forbidden', 'value', 'title'];
    expect(await reasonOf('problem-example-title', path)).toBe('the example is not an object in this file');
  });

  test('type: only the standard statuses, and only with typeStyle rfc9110', async () => {
    expect(await reasonOf('problem-example-type', example('409', 'type'))).toBe(
      'no fix for status 409: only 400, 401, 403, 404 and 500 have a fixed type',
    );
    expect(await reasonOf('problem-example-type', example('409', 'type'), { typeStyle: 'uri' })).toBe(
      'typeStyle is not rfc9110: the problem type is the API’s own',
    );
    expect(await plannedAt(doc, 'problem-example-type', example('400', 'type'), { typeStyle: 'uri' })).toEqual({
      rule: 'problem-example-type',
      path: example('400', 'type').join('.'),
      reason: 'typeStyle is not rfc9110: the problem type is the API’s own',
    });
  });

  test('required responses: an operation that is not in the file, responses that are not a map, none missing', async () => {
    expect(await reasonOf('error-responses-required', ['paths', '/nowhere', 'get', 'responses'])).toBe(
      'the operation is not in this file',
    );
    expect(await reasonOf('error-responses-required', ['paths', '/things', 'put', 'responses'])).toBe(
      'responses is not a map',
    );
    expect(await reasonOf('error-responses-required', ['paths', '/things', 'get', 'responses'])).toBe(
      'the responses are defined where this file cannot add them',
    );
    expect(
      await reasonOf('error-responses-required', ['paths', '/things', 'get', 'responses'], { unsafe: false }),
    ).toBe('changes the contract: run with --unsafe');
  });

  test('a finding inside a $ref’d document, or in another file, is not edited', async () => {
    const notFound = ['paths', '/things', 'get', 'responses', '404'];
    expect(await reasonOf('error-response-examples', notFound)).toBe("in errors.yaml, a $ref'd document: not edited");
    expect(
      await reasonOf('problem-example-title', [...notFound, 'content', 'application/problem+json', 'example', 'title']),
    ).toBe("in errors.yaml, a $ref'd document: not edited");
    const other = join(__dirname, 'cases', 'errors.yaml');
    expect(await reasonOf('problem-example-title', ['components', 'responses', 'NotFound'], {}, other)).toBe(
      `in ${other}, another document: not edited`,
    );
  });

  test('a rule without a fix: ours say why, Spectral’s own say why, any other rule has none', async () => {
    expect(await reasonOf('problem-details-schema', ['components', 'schemas', 'Problem'])).toBe(
      'no fix: the problem schema is contract; declare the members or $ref the registry',
    );
    expect(await reasonOf('invalid-ref', ['paths', '/things', 'get', 'responses', '404', '$ref'])).toBe(
      "in errors.yaml, a $ref'd document: not edited",
    );
    expect(await reasonOf('invalid-ref', ['components'])).toBe('a $ref that leads nowhere; fix it by hand');
    expect(await reasonOf('operation-description', ['paths', '/things', 'get'])).toBe('no fix for this rule');
  });

  test('hasFix: a rule with a fix, one asked for by another name, one without', () => {
    expect(hasFix('problem-example-title')).toBe(true);
    expect(hasFix('problem-example-status')).toBe(true);
    expect(hasFix('problem-details-schema')).toBe(false);
    expect(hasFix('operation-description')).toBe(false);
  });
});

describe('Swagger 2.0: examples by media type, added responses next to existing components, shared enums', () => {
  const doc = `swagger: '2.0'
info: {title: Things, version: '1'}
host: api.example.com
basePath: /shop/things/v1
produces: [application/json, application/problem+json]
paths:
  /things:
    get:
      parameters:
        - {name: state, in: query, type: string, enum: [open, closed]}
      responses:
        '200': {description: OK}
        '400': {description: Bad., schema: {$ref: '#/definitions/ProblemDetails'}}
        '404':
          description: Only a JSON example.
          schema: {$ref: '#/definitions/ProblemDetails'}
          examples:
            application/json: {status: 404}
        '409': {description: Conflict., schema: {$ref: '#/definitions/ProblemDetails'}}
        '500':
          description: A problem example already.
          schema: {$ref: '#/definitions/ProblemDetails'}
          examples:
            application/problem+json: {status: 500}
  /others:
    get:
      produces: [application/json, application/problem+json; charset=utf-8]
      responses:
        '200': {description: OK}
        '400': {description: Bad., schema: {$ref: '#/definitions/ProblemDetails'}}
responses:
  InternalServerError:
    description: Server error.
    schema: {$ref: '#/definitions/ProblemDetails'}
    examples:
      application/problem+json: {status: 500, title: Internal Server Error, detail: d, type: 'https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1', instance: GET /things}
definitions:
  Size: {type: string, enum: [s, m]}
  ProblemDetails:
    type: object
    required: [status, title, detail, type, instance]
    properties:
      status: {type: integer}
      title: {type: string}
      detail: {type: string}
      type: {type: string}
      instance: {type: string}
`;
  const response = (path: string, code: string): JsonPath => ['paths', path, 'get', 'responses', code];

  test('the document’s own findings: examples under the problem media type its produces names; only missing components added', async () => {
    const outcomes = await planned(doc);
    expect(outcomes.filter(o => o.rule !== 'problem-example-members')).toEqual([
      {
        rule: 'error-response-examples',
        path: 'paths./things.get.responses.400',
        ops: ['add paths./things.get.responses.400[examples] {application/problem+json}'],
      },
      {
        rule: 'error-responses-required',
        path: 'paths./others.get.responses',
        ops: [
          'add responses[NotFound] {description, schema, examples}',
          'add paths./others.get.responses[404] $ref #/responses/NotFound',
          'add paths./others.get.responses[500] $ref #/responses/InternalServerError',
        ],
      },
      {
        rule: 'error-response-examples',
        path: 'paths./others.get.responses.400',
        ops: ['add paths./others.get.responses.400[examples] {application/problem+json; charset=utf-8}'],
      },
    ]);
    const { data, findings, resolved } = await linted(doc);
    const [added] = plan(
      findings.filter(f => f.rule === 'error-response-examples'),
      FILE,
      data,
      resolved,
      OPTIONS,
    );
    expect('ops' in added && added.ops[0]).toMatchObject({
      value: { 'application/problem+json': { status: 400, title: 'Bad Request', instance: 'GET /things' } },
    });
  });

  test('examples: one more media type, not one that is there, not a code the registry has no example for', async () => {
    expect(await plannedAt(doc, 'error-response-examples', response('/things', '404'))).toMatchObject({
      ops: [
        'add paths./things.get.responses.404.examples[application/problem+json] {status, title, detail, type, instance, traceId}',
      ],
    });
    expect((await plannedAt(doc, 'error-response-examples', response('/things', '500'))).reason).toBe(
      'the response’s examples cannot take one more',
    );
    expect((await plannedAt(doc, 'error-response-examples', response('/things', '409'))).reason).toBe(
      'the registry has no example for 409',
    );
    expect((await plannedAt(doc, 'error-response-examples', response('/things', '401'))).reason).toBe(
      'the response is not in this file',
    );
  });

  test('examples: under produces without a problem media type, the example is application/problem+json all the same', async () => {
    const plain = doc.replace(
      'paths:\n',
      "paths:\n  /plain:\n    get:\n      produces: [application/json]\n      responses:\n        '400': {description: Bad., schema: {$ref: '#/definitions/ProblemDetails'}}\n",
    );
    expect((await plannedAt(plain, 'error-response-examples', response('/plain', '400'))).ops).toEqual([
      'add paths./plain.get.responses.400[examples] {application/problem+json}',
    ]);
  });

  test('media type: produces is shared', async () => {
    expect((await plannedAt(doc, 'error-response-problem-media-type', response('/things', '400'))).reason).toBe(
      'no fix: Swagger 2.0 produces is shared with the success responses',
    );
  });

  test('enum: one in definitions is shared; one inline is renamed', async () => {
    expect((await plannedAt(doc, 'list-filter-extensible-enum', ['definitions', 'Size', 'enum'])).reason).toBe(
      'the enum is in a shared schema; renaming it would change its other uses too',
    );
    expect(
      (await plannedAt(doc, 'list-filter-extensible-enum', ['paths', '/things', 'get', 'parameters', 0, 'enum'])).ops,
    ).toEqual(['rename paths./things.get.parameters.0.enum -> x-extensible-enum']);
  });
});

describe('OpenAPI 3: named examples, media types renamed or not, enums, an added response next to an existing schema', () => {
  const doc = `${HEAD}paths:
  /things:
    get:
      parameters:
        - name: state
          in: query
          schema: {type: string, enum: [open, closed]}
        - name: color
          in: query
          schema: {type: string, enum: [red], x-extensible-enum: [red, blue]}
        - $ref: '#/components/parameters/Kind'
      responses:
        '200': {description: OK}
        '400':
          description: Named examples, none for 400 yet.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              examples: {}
        '404':
          description: A named example of that name is there.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              examples:
                not-found: {summary: Not found}
        '500':
          description: Examples written as a list.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              examples: []
  /others:
    get:
      responses:
        '200': {$ref: '#/components/responses/Json'}
        '400':
          description: Upper case JSON with a charset.
          content:
            Application/JSON; charset=utf-8:
              schema: {$ref: '#/components/schemas/Problem'}
        '401':
          description: JSON.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Problem'}
        '403':
          description: JSON and text.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Problem'}
            text/plain:
              schema: {type: string}
        '404':
          description: Text.
          content:
            text/plain:
              schema: {type: string}
        '409':
          description: JSON that is not a problem.
          content:
            application/json:
              schema: {type: object, properties: {message: {type: string}}}
        '500':
          description: JSON without a schema.
          content:
            application/json: {}
        default: {$ref: '#/components/responses/Json'}
      security: [{oauth: []}]
  /more:
    get:
      responses:
        '200': {description: OK}
        '400':
          description: An example that is a string.
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example: oops
        '404': {description: No body.}
components:
  securitySchemes:
    oauth: {type: http, scheme: bearer}
  parameters:
    Kind:
      name: kind
      in: query
      schema: {type: string, enum: [a, b]}
  schemas:
    Size: {type: string, enum: [s, m]}
${PROBLEM}    ProblemDetails:
      type: object
      properties: {status: {type: integer}}
  responses:
    Json:
      description: JSON, used for success and errors.
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Problem'}
    Unused:
      description: JSON, used by no operation.
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Problem'}
`;
  const response = (path: string, code: string): JsonPath => ['paths', path, 'get', 'responses', code];
  const json = (path: JsonPath, type = 'application/json'): JsonPath => [...path, 'content', type];
  const reasonOf = async (rule: string, path: JsonPath): Promise<string | undefined> =>
    (await plannedAt(doc, rule, path)).reason;
  const opsOf = async (rule: string, path: JsonPath): Promise<string[] | undefined> =>
    (await plannedAt(doc, rule, path)).ops;

  test('the document’s own findings: a named example added, media types renamed with their parameters, and why the rest stay; a response added next to an existing ProblemDetails schema', async () => {
    expect(await planned(doc)).toEqual([
      {
        rule: 'error-response-examples',
        path: 'paths./things.get.responses.400',
        ops: ['add paths./things.get.responses.400.content.application/problem+json.examples[bad-request] {value}'],
      },
      {
        rule: 'error-response-examples',
        path: 'paths./things.get.responses.404',
        reason: 'an example named not-found exists already',
      },
      {
        rule: 'error-response-examples',
        path: 'paths./others.get.responses.400',
        reason: 'the response has no application/problem+json body',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./others.get.responses.400.content.Application/JSON; charset=utf-8',
        ops: [
          'rename paths./others.get.responses.400.content.Application/JSON; charset=utf-8 -> application/problem+json; charset=utf-8',
        ],
      },
      {
        rule: 'error-response-examples',
        path: 'paths./others.get.responses.401',
        reason: 'the response has no application/problem+json body',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./others.get.responses.401.content.application/json',
        ops: ['rename paths./others.get.responses.401.content.application/json -> application/problem+json'],
      },
      {
        rule: 'error-response-examples',
        path: 'paths./others.get.responses.403',
        reason: 'the response has no application/problem+json body',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./others.get.responses.403.content.application/json',
        reason: 'the response offers other media types too; a person chooses',
      },
      {
        rule: 'error-response-examples',
        path: 'paths./others.get.responses.404',
        reason: 'the response has no application/problem+json body',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./others.get.responses.404.content',
        reason: 'no fix: the response needs a problem body a person writes',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./others.get.responses.409.content.application/json',
        reason:
          'the body\'s schema is not a problem (Problem schema does not declare "status"; expected status, title, detail, type and instance (status: integer)); renaming it would promise a body it does not have',
      },
      {
        rule: 'error-response-examples',
        path: 'paths./others.get.responses.500',
        reason: 'the response has no application/problem+json body',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./others.get.responses.500.content.application/json',
        reason: 'the body has no schema; renaming it would promise a problem body it may not be',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./others.get.responses.default.$ref',
        reason: 'no fix: the response needs a problem body a person writes',
      },
      {
        rule: 'error-responses-required',
        path: 'paths./more.get.responses',
        ops: [
          'add components.responses[InternalServerError] {description, content}',
          'add paths./more.get.responses[500] $ref #/components/responses/InternalServerError',
        ],
      },
      {
        rule: 'problem-example-members',
        path: 'paths./more.get.responses.400.content.application/problem+json.example',
        reason: 'no fix: a missing or mistyped member needs a value a person chooses',
      },
      {
        rule: 'error-response-problem-media-type',
        path: 'paths./more.get.responses.404',
        reason: 'no fix: the response needs a problem body a person writes',
      },
    ]);
  });

  test('examples: a named one added to an examples map, not over one of that name, not into malformed examples', async () => {
    expect(await opsOf('error-response-examples', response('/things', '400'))).toEqual([
      'add paths./things.get.responses.400.content.application/problem+json.examples[bad-request] {value}',
    ]);
    expect(await reasonOf('error-response-examples', response('/things', '404'))).toBe(
      'an example named not-found exists already',
    );
    expect(await reasonOf('error-response-examples', response('/things', '500'))).toBe(
      'the body’s examples are malformed',
    );
    expect(await reasonOf('error-response-examples', response('/more', '400'))).toBe(
      'the body’s examples are malformed',
    );
    expect(await reasonOf('error-response-examples', response('/more', '404'))).toBe(
      'the response has no body to hold an example',
    );
  });

  test('media type: only a lone application/json with a problem schema, used only for errors, is renamed', async () => {
    expect(await opsOf('error-response-problem-media-type', json(response('/others', '401')))).toEqual([
      'rename paths./others.get.responses.401.content.application/json -> application/problem+json',
    ]);
    expect(
      await opsOf(
        'error-response-problem-media-type',
        json(response('/others', '400'), 'Application/JSON; charset=utf-8'),
      ),
    ).toEqual([
      'rename paths./others.get.responses.400.content.Application/JSON; charset=utf-8 -> application/problem+json; charset=utf-8',
    ]);
    expect(await reasonOf('error-response-problem-media-type', json(response('/others', '403')))).toBe(
      'the response offers other media types too; a person chooses',
    );
    expect(await reasonOf('error-response-problem-media-type', json(response('/others', '404'), 'text/plain'))).toBe(
      'no fix: only a lone application/json is renamed',
    );
    expect(await reasonOf('error-response-problem-media-type', [...response('/others', '404'), 'content'])).toBe(
      'no fix: the response needs a problem body a person writes',
    );
    expect(await reasonOf('error-response-problem-media-type', json(response('/others', '500')))).toBe(
      'the body has no schema; renaming it would promise a problem body it may not be',
    );
    expect(await reasonOf('error-response-problem-media-type', json(response('/others', '409')))).toBe(
      `the body's schema is not a problem (Problem schema does not declare "status"; expected status, title, detail, type and instance (status: integer)); renaming it would promise a body it does not have`,
    );
    expect(await reasonOf('error-response-problem-media-type', json(['components', 'responses', 'Json']))).toBe(
      'the response is also used as a success response',
    );
    expect(await reasonOf('error-response-problem-media-type', json(['components', 'responses', 'Unused']))).toBe(
      'the response is also used as a success response',
    );
  });

  test('enum: renamed inline and in a parameter component; not in a schema component, nor next to an x-extensible-enum', async () => {
    const parameter = (i: number): JsonPath => ['paths', '/things', 'get', 'parameters', i, 'schema'];
    expect(await opsOf('list-filter-extensible-enum', [...parameter(0), 'enum'])).toEqual([
      'rename paths./things.get.parameters.0.schema.enum -> x-extensible-enum',
    ]);
    expect(await opsOf('list-filter-extensible-enum', ['components', 'parameters', 'Kind', 'schema', 'enum'])).toEqual([
      'rename components.parameters.Kind.schema.enum -> x-extensible-enum',
    ]);
    expect(await reasonOf('list-filter-extensible-enum', ['components', 'schemas', 'Size', 'enum'])).toBe(
      'the enum is in a shared schema; renaming it would change its other uses too',
    );
    expect(await reasonOf('list-filter-extensible-enum', [...parameter(1), 'enum'])).toBe(
      'x-extensible-enum is there already',
    );
    expect(await reasonOf('list-filter-extensible-enum', parameter(0))).toBe('not an enum');
  });
});
