/**
 * The baseline in the engine (functions/lib/baseline-filter.ts), run in this process with the
 * source ruleset: `createRuleset({ baseline })` through the real Spectral, on real files in a
 * temporary folder: a document as in the wild (with a `$ref`d file beside it), a baseline file as
 * the `baseline` command writes it, and every finding expected.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { lint, type Finding } from './__helpers__/spectral';
import { createRuleset } from '../ruleset';
import { recordWith } from '../functions/lib/baseline-filter';

const ROOT = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-baseline-filter-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

/** A pet store: one list, one item; the list's 400 comes from a file beside it. */
const OPENAPI = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
servers:
  - url: https://api.example.com/pets
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: OK
        '400':
          $ref: './shared.yaml#/components/responses/BadRequest'
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: OK
`;

const SHARED = `components:
  responses:
    BadRequest:
      description: Bad request
      content:
        application/json:
          schema:
            type: object
`;

/** Orders: clean but for two error codes without a description, one defect key twice (`oneOf/*`). */
const ORDERS = `openapi: 3.1.0
info:
  title: Orders
  version: 1.0.0
servers:
  - url: https://api.example.com
paths:
  /commerce/orders/v1/orders/{orderId}:
    get:
      operationId: getOrder
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: OK
        '400':
          $ref: '#/components/responses/BadRequest'
        '404':
          description: Not Found
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/OrderProblem' }
              example:
                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                status: 404
                title: Not Found
                detail: No order 42.
                instance: GET /commerce/orders/v1/orders/42
                code: ORDER_NOT_FOUND
        '500':
          $ref: '#/components/responses/InternalServerError'
components:
  responses:
    BadRequest:
      description: Bad Request
      content:
        application/problem+json:
          schema: { $ref: '#/components/schemas/ProblemDetails' }
          example:
            type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1
            status: 400
            title: Bad Request
            detail: The request is invalid.
            instance: GET /commerce/orders/v1/orders/42
    InternalServerError:
      description: Internal Server Error
      content:
        application/problem+json:
          schema: { $ref: '#/components/schemas/ProblemDetails' }
          example:
            type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1
            status: 500
            title: Internal Server Error
            detail: Something went wrong.
            instance: GET /commerce/orders/v1/orders/42
  schemas:
    ProblemDetails:
      type: object
      required: [type, status, title, detail, instance]
      properties:
        type: { type: string }
        status: { type: integer }
        title: { type: string }
        detail: { type: string }
        instance: { type: string }
    OrderProblem:
      allOf:
        - $ref: '#/components/schemas/ProblemDetails'
        - type: object
          properties:
            code:
              type: string
              oneOf:
                - const: ORDER_NOT_FOUND
                  description: No order has the given id.
                - const: ORDER_CLOSED
                - const: ORDER_ARCHIVED
`;

const ORDERS_DOC = 'api/openapi.yaml';
const CODE = ['components', 'schemas', 'OrderProblem', 'allOf', '1', 'properties', 'code', 'oneOf'];
const UNDESCRIBED = 'An error code of "code" has no description; describe each documented code';
const codes = (n: number): Counts => ({
  'problem-code-documented': {
    '/components/schemas/OrderProblem/allOf/*/properties/code/oneOf/*': { [UNDESCRIBED]: n },
  },
});

const DOC = 'specs/pets/openapi.yaml';
const PETS = ['paths', '/pets'];
const PET = ['paths', '/pets/{id}'];
const REQUIRED = (missing: string) => `No ${missing} response; every operation must define 400, 404 and 500`;
const VERSION = (path: string) =>
  `Path "${path}" (full path "/pets${path}") lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>`;
// Each names the document and JSON pointer where its node is written (docs/design.md, Where a finding goes).
const IN_SHARED = 'shared.yaml#/components/responses/BadRequest';
const IN_SHARED_JSON = 'shared.yaml#/components/responses/BadRequest/content/application~1json';
const NO_EXAMPLE = 'Error response has no example; expected at least one example of its Problem Details body';
const JSON_MEDIA =
  'Error response offers application/json; expected application/problem+json or application/problem+xml instead';

/** Every finding of the document without a baseline. */
const ALL: Finding[] = [
  {
    code: 'error-response-examples',
    path: [...PETS, 'get', 'responses', '400', '$ref'],
    message: `In ${IN_SHARED}: ${NO_EXAMPLE}`,
  },
  {
    code: 'error-response-problem-media-type',
    path: [...PETS, 'get', 'responses', '400', '$ref'],
    message: `In ${IN_SHARED_JSON}: ${JSON_MEDIA}`,
  },
  { code: 'error-responses-required', path: [...PETS, 'get', 'responses'], message: REQUIRED('404 or 500') },
  { code: 'error-responses-required', path: [...PET, 'get', 'responses'], message: REQUIRED('400, 404 or 500') },
  { code: 'path-version-segment', path: PETS, message: VERSION('/pets') },
  { code: 'path-version-segment', path: PET, message: VERSION('/pets/{id}') },
];
const without =
  (...codes: string[]) =>
  (f: Finding) =>
    !codes.includes(`${f.code} ${f.path.join('/')}`);

const byPlace = (a: Finding, b: Finding): number =>
  JSON.stringify([a.code, a.path, a.message]) < JSON.stringify([b.code, b.path, b.message]) ? -1 : 1;

type Counts = Record<string, Record<string, Record<string, number>>>;

/** The baseline file as the `baseline` command writes it (formatBaseline): the documents, then file → rule → location → message → count. */
const baselineOf = (file: string, counts: Counts): string =>
  `${JSON.stringify({ version: 1, documents: [file], findings: { [file]: counts } }, null, 2)}\n`;

/** Every defect of the document, as the baseline beside `specs/` records them. */
const KNOWN: Counts = {
  'error-response-examples': { '/paths/~1pets/get/responses/400/$ref': { [`In ${IN_SHARED}: ${NO_EXAMPLE}`]: 1 } },
  'error-response-problem-media-type': {
    '/paths/~1pets/get/responses/400/$ref': { [`In ${IN_SHARED_JSON}: ${JSON_MEDIA}`]: 1 },
  },
  'error-responses-required': {
    '/paths/~1pets/get/responses': { [REQUIRED('404')]: 1, [REQUIRED('500')]: 1 },
    '/paths/~1pets~1{id}/get/responses': { [REQUIRED('400')]: 1, [REQUIRED('404')]: 1, [REQUIRED('500')]: 1 },
  },
  'path-version-segment': {
    '/paths/~1pets': { [VERSION('/pets')]: 1 },
    '/paths/~1pets~1{id}': { [VERSION('/pets/{id}')]: 1 },
  },
};

interface Scenario {
  name: string;
  /** Files of the project, relative to its folder (`<dir>`); the document is `specs/pets/openapi.yaml` unless `document` says. */
  files: Record<string, string>;
  document?: string;
  /** The `baseline` option; `<dir>` is the project's folder. */
  baseline: string;
  /** The working directory, relative to the project's folder; the repository's (outside it) when absent. */
  cwd?: string;
  /** Every finding; `<dir>` in a message is the project's folder, `<cwd>` the working directory. */
  errors: Finding[];
}

const summary = (n: number, path: string): Finding => ({
  code: 'baseline-suppressed',
  path: [],
  message: `${n} known defect${n === 1 ? '' : 's'} suppressed by ${path}`,
});
const invalid = (message: string): Finding => ({
  code: 'baseline-invalid',
  path: [],
  message: `${message}; no finding was suppressed`,
});

/** `name` in `dir` and in each folder above it, up to the root. */
const upwards = (dir: string, name: string): string[] =>
  dirname(dir) === dir ? [join(dir, name)] : [join(dir, name), ...upwards(dirname(dir), name)];

const scenarios: Scenario[] = [
  {
    name: 'every defect known: only the summary, counting each defect once',
    files: { [DOC]: OPENAPI, 'specs/pets/shared.yaml': SHARED, '.spectral-baseline.json': baselineOf(DOC, KNOWN) },
    baseline: '<dir>/.spectral-baseline.json',
    errors: [summary(9, '<dir>/.spectral-baseline.json')],
  },
  {
    name: 'one defect known: "1 known defect", the others reported',
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      '.spectral-baseline.json': baselineOf(DOC, {
        'path-version-segment': { '/paths/~1pets': { [VERSION('/pets')]: 1 } },
      }),
    },
    baseline: '<dir>/.spectral-baseline.json',
    errors: [...ALL.filter(without('path-version-segment paths//pets')), summary(1, '<dir>/.spectral-baseline.json')],
  },
  {
    name: "the defects of the $ref'd file known, at the $ref that brings it in: both left out, the rest reported",
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      '.spectral-baseline.json': baselineOf(DOC, {
        'error-response-examples': KNOWN['error-response-examples'],
        'error-response-problem-media-type': KNOWN['error-response-problem-media-type'],
      }),
    },
    baseline: '<dir>/.spectral-baseline.json',
    errors: [...ALL.filter(f => !f.message.startsWith('In ')), summary(2, '<dir>/.spectral-baseline.json')],
  },
  {
    name: "the $ref'd defects keyed by the file they are written in (shared.yaml): not the key, all reported",
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      '.spectral-baseline.json': `${JSON.stringify(
        {
          version: 1,
          documents: [DOC],
          findings: {
            'specs/pets/shared.yaml': {
              'error-response-examples': {
                '/components/responses/BadRequest': { [`In ${IN_SHARED}: ${NO_EXAMPLE}`]: 1 },
              },
              'error-response-problem-media-type': {
                '/components/responses/BadRequest': { [`In ${IN_SHARED_JSON}: ${JSON_MEDIA}`]: 1 },
              },
            },
          },
        },
        null,
        2,
      )}\n`,
    },
    baseline: '<dir>/.spectral-baseline.json',
    errors: ALL,
  },
  {
    name: '404 and 500 known at /pets/{id}, the 400 not: "No 400 response" reported alone',
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      '.spectral-baseline.json': baselineOf(DOC, {
        'error-responses-required': {
          '/paths/~1pets~1{id}/get/responses': { [REQUIRED('404')]: 1, [REQUIRED('500')]: 1 },
        },
      }),
    },
    baseline: '<dir>/.spectral-baseline.json',
    errors: [
      ...ALL.filter(without('error-responses-required paths//pets/{id}/get/responses')),
      { code: 'error-responses-required', path: [...PET, 'get', 'responses'], message: REQUIRED('400') },
      summary(2, '<dir>/.spectral-baseline.json'),
    ],
  },
  {
    name: 'a valid baseline that knows none of the defects: all reported, no summary',
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      '.spectral-baseline.json': baselineOf(DOC, {
        'path-version-segment': { '/paths/~1orders': { [VERSION('/orders')]: 1 } },
      }),
    },
    baseline: '<dir>/.spectral-baseline.json',
    errors: ALL,
  },
  {
    name: 'a malformed baseline (a count edited by hand to 0): baseline-invalid, nothing left out',
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      '.spectral-baseline.json': baselineOf(DOC, {
        ...KNOWN,
        'path-version-segment': { '/paths/~1pets': { [VERSION('/pets')]: 0 } },
      }),
    },
    baseline: '<dir>/.spectral-baseline.json',
    errors: [
      ...ALL,
      invalid(
        '<dir>/.spectral-baseline.json is not a spectral-api-conventions baseline: the count of path-version-segment at specs/pets/openapi.yaml#/paths/~1pets must be a positive integer, not 0',
      ),
    ],
  },
  {
    name: 'a baseline of another version: baseline-invalid, nothing left out',
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      '.spectral-baseline.json': baselineOf(DOC, KNOWN).replace('"version": 1', '"version": 2'),
    },
    baseline: '<dir>/.spectral-baseline.json',
    errors: [
      ...ALL,
      invalid('<dir>/.spectral-baseline.json is not a spectral-api-conventions baseline: expected "version": 1, not 2'),
    ],
  },
  {
    name: 'an absolute path to a missing baseline: that path alone looked for',
    files: { [DOC]: OPENAPI, 'specs/pets/shared.yaml': SHARED },
    baseline: '<dir>/ci/known.json',
    errors: [...ALL, invalid('baseline <dir>/ci/known.json not found (looked for <dir>/ci/known.json)')],
  },
  {
    name: 'an absolute path to a folder, not a file: could not be read',
    files: { [DOC]: OPENAPI, 'specs/pets/shared.yaml': SHARED, 'ci/known.json/README.md': '# not a baseline\n' },
    baseline: '<dir>/ci/known.json',
    errors: [
      ...ALL,
      invalid(
        'baseline <dir>/ci/known.json could not be read: Could not read <dir>/ci/known.json: EISDIR: illegal operation on a directory, read',
      ),
    ],
  },
  {
    name: 'a relative path missing, the document inside the working directory: looked for there, then from the document up to it',
    files: { [DOC]: OPENAPI, 'specs/pets/shared.yaml': SHARED },
    cwd: '.',
    baseline: 'known.json',
    errors: [
      ...ALL,
      invalid(
        'baseline known.json not found (looked for <dir>/known.json, <dir>/specs/pets/known.json, <dir>/specs/known.json)',
      ),
    ],
  },
  {
    name: 'a relative path missing, the document outside the working directory: looked for there, then from the document up to the root',
    files: { [DOC]: OPENAPI, 'specs/pets/shared.yaml': SHARED },
    baseline: 'known.json',
    errors: [...ALL, invalid('baseline known.json not found (looked for <cwd>/known.json, <walk>)')],
  },
  {
    name: "a relative path found in the working directory: keys relative to the baseline's folder",
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      'ci/known.json': baselineOf('../specs/pets/openapi.yaml', KNOWN),
    },
    cwd: '.',
    baseline: 'ci/known.json',
    errors: [summary(9, 'ci/known.json')],
  },
  {
    name: 'a relative path found in a folder above the document (an editor in no particular folder)',
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      'specs/known.json': baselineOf('pets/openapi.yaml', KNOWN),
    },
    baseline: 'known.json',
    errors: [summary(9, 'known.json')],
  },
  {
    name: "a relative path found both in the working directory and beside the document: the working directory's is used",
    files: {
      [DOC]: OPENAPI,
      'specs/pets/shared.yaml': SHARED,
      'known.json': baselineOf(DOC, { 'path-version-segment': KNOWN['path-version-segment'] }),
      'specs/pets/known.json': baselineOf('openapi.yaml', KNOWN),
    },
    cwd: '.',
    baseline: 'known.json',
    errors: [...ALL.filter(f => f.code !== 'path-version-segment'), summary(2, 'known.json')],
  },
  {
    name: 'two error codes without a description, counted 2: both left out',
    files: { [ORDERS_DOC]: ORDERS, '.spectral-baseline.json': baselineOf(ORDERS_DOC, codes(2)) },
    document: ORDERS_DOC,
    baseline: '<dir>/.spectral-baseline.json',
    errors: [summary(2, '<dir>/.spectral-baseline.json')],
  },
  {
    name: 'counted 2, one described since: the other left out, the count of 2 no licence for a new one',
    files: {
      [ORDERS_DOC]: ORDERS.replace(
        '- const: ORDER_CLOSED',
        '- const: ORDER_CLOSED\n                  description: The order is closed.',
      ),
      '.spectral-baseline.json': baselineOf(ORDERS_DOC, codes(2)),
    },
    document: ORDERS_DOC,
    baseline: '<dir>/.spectral-baseline.json',
    errors: [summary(1, '<dir>/.spectral-baseline.json')],
  },
  {
    name: 'counted 1, a second code added without a description: one left out, the new one reported',
    files: { [ORDERS_DOC]: ORDERS, '.spectral-baseline.json': baselineOf(ORDERS_DOC, codes(1)) },
    document: ORDERS_DOC,
    baseline: '<dir>/.spectral-baseline.json',
    errors: [
      { code: 'problem-code-documented', path: [...CODE, '2'], message: UNDESCRIBED },
      summary(1, '<dir>/.spectral-baseline.json'),
    ],
  },
];

describe('the baseline filter in the engine', () => {
  test.each(scenarios.map((s, i) => [s.name, i, s] as const))('%s', async (_name, index, scenario) => {
    const dir = join(ROOT, String(index));
    for (const [file, text] of Object.entries(scenario.files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const source = join(dir, scenario.document ?? DOC);
    const cwd =
      scenario.cwd === undefined ? undefined : jest.spyOn(process, 'cwd').mockReturnValue(join(dir, scenario.cwd));
    const workingDirectory = process.cwd();
    try {
      const document = new Document(readFileSync(source, 'utf8'), Parsers.Yaml, source);
      const findings = await lint(document, undefined, { baseline: scenario.baseline.replace('<dir>', dir) });
      const walk = upwards(dirname(source), 'known.json').join(', ');
      const fill = (text: string) =>
        text.replaceAll('<walk>', walk).replaceAll('<dir>', dir).replaceAll('<cwd>', workingDirectory);
      const expected = scenario.errors.map(f => ({ ...f, message: fill(f.message) }));
      expect(findings).toEqual(expected.sort(byPlace));
    } finally {
      cwd?.mockRestore();
    }
  });
});

describe('the baseline filter, beyond one document on disk', () => {
  const project = (name: string, files: Record<string, string>): string => {
    const dir = join(ROOT, name);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    return dir;
  };

  test('a document without a file (piped in, an unsaved editor buffer): its defects are keyed by the file ""', async () => {
    const dir = project('unsaved', { 'known.json': baselineOf('', codes(2)) });
    const findings = await lint(new Document(ORDERS, Parsers.Yaml), undefined, { baseline: join(dir, 'known.json') });
    expect(findings).toEqual([summary(2, join(dir, 'known.json'))]);
  });

  test('the working directory removed while linting (process.cwd() throws): the baseline looked for from the document up', async () => {
    const dir = project('no-cwd', { [ORDERS_DOC]: ORDERS });
    const source = join(dir, ORDERS_DOC);
    const cwd = jest.spyOn(process, 'cwd').mockImplementation(() => {
      throw new Error('ENOENT: no such file or directory, uv_cwd');
    });
    try {
      const findings = await lint(new Document(ORDERS, Parsers.Yaml, source), undefined, { baseline: 'known.json' });
      expect(findings).toEqual([
        invalid(`baseline known.json not found (looked for ${upwards(dirname(source), 'known.json').join(', ')})`),
        { code: 'problem-code-documented', path: [...CODE, '1'], message: UNDESCRIBED },
        { code: 'problem-code-documented', path: [...CODE, '2'], message: UNDESCRIBED },
      ]);
    } finally {
      cwd.mockRestore();
    }
  });

  test('a document without a file and no working directory: nowhere to look, the baseline not found', async () => {
    const cwd = jest.spyOn(process, 'cwd').mockImplementation(() => {
      throw new Error('ENOENT: no such file or directory, uv_cwd');
    });
    try {
      const findings = await lint(new Document(ORDERS, Parsers.Yaml), undefined, { baseline: 'known.json' });
      expect(findings).toEqual([
        invalid('baseline known.json not found'),
        { code: 'problem-code-documented', path: [...CODE, '1'], message: UNDESCRIBED },
        { code: 'problem-code-documented', path: [...CODE, '2'], message: UNDESCRIBED },
      ]);
    } finally {
      cwd.mockRestore();
    }
  });

  test('`check --since`: what the recorder says is known (returns true) is left out, the rest reported; no baseline rules', async () => {
    const dir = project('since', { [ORDERS_DOC]: ORDERS });
    const recorded: string[] = [];
    const document = new Document(ORDERS, Parsers.Yaml, join(dir, ORDERS_DOC));
    recordWith(document.data, {
      record: (defect, root) => {
        recorded.push(`${defect.rule} ${defect.location} ${String(root === join(dir, ORDERS_DOC))}`);
        return recorded.length === 1;
      },
    });
    const findings = await lint(document);
    expect(findings).toEqual([{ code: 'problem-code-documented', path: [...CODE, '2'], message: UNDESCRIBED }]);
    expect(recorded).toEqual([
      'problem-code-documented /components/schemas/OrderProblem/allOf/*/properties/code/oneOf/* true',
      'problem-code-documented /components/schemas/OrderProblem/allOf/*/properties/code/oneOf/* true',
    ]);
  });

  test('the baseline rules say what they are about, and each wrapped rule keeps its function (as Spectral lists the ruleset)', () => {
    const definition = createRuleset({ baseline: 'ci/known.json' });
    const rules = definition.rules as Record<
      string,
      { description: string; message: string; then: { function: { name: string } } }
    >;
    expect(rules['baseline-suppressed'].description).toBe(
      'How many known defects ci/known.json left out of this report.',
    );
    expect(rules['baseline-invalid'].description).toBe('The baseline ci/known.json can be read and used.');
    expect([rules['baseline-suppressed'].message, rules['baseline-invalid'].message]).toEqual([
      '{{error}}',
      '{{error}}',
    ]);
    const spectral = new Spectral({});
    spectral.setRuleset(definition);
    const listed = spectral.ruleset!.rules['problem-code-documented'].toJSON();
    expect(listed.then).toEqual([expect.objectContaining({ function: 'problemCodeDocumented' })]);
  });
});

test('options a rule does not take, set by hand in a .spectral.js, are refused when the ruleset loads, with a baseline as without', () => {
  for (const options of [{}, { baseline: '.spectral-baseline.json' }]) {
    const definition = createRuleset(options);
    const rules = definition.rules as Record<string, { then: { functionOptions?: object } }>;
    const [id, rule] = Object.entries(rules).find(([, r]) => r.then.functionOptions !== undefined)!;
    rules[id] = { ...rule, then: { ...rule.then, functionOptions: { unknownOption: 1 } } };
    let refused: unknown;
    try {
      new Spectral({}).setRuleset(definition);
    } catch (error) {
      refused = error;
    }
    expect((refused as AggregateError).errors.map(e => String((e as Error).message))).toEqual([
      '"problemExampleType" function does not support "unknownOption" option',
    ]);
  }
});
