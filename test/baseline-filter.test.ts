/**
 * The baseline in the engine (functions/lib/baseline-filter.ts), run in this process with the
 * source ruleset: `createRuleset({ baseline })` through the real Spectral, on real files in a
 * temporary folder: a document as in the wild (with a `$ref`d file beside it), a baseline file as
 * the `baseline` command writes it, and every finding expected.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { lint, type Finding } from './__helpers__/spectral';

const ROOT = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-baseline-filter-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

/** A pet store: one list, one item; the list's 400 comes from a file beside it. */
const OPENAPI = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
servers:
  - url: https://api.example.com/pets/v1
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

const DOC = 'specs/pets/openapi.yaml';
const PETS = ['paths', '/pets'];
const PET = ['paths', '/pets/{id}'];
const REQUIRED = (missing: string) => `No ${missing} response; every operation must define 400, 404 and 500`;
const VERSION = (path: string) =>
  `Path "${path}" (full path "/pets/v1${path}") has its version segment v1 as the 2nd segment; expected /<namespace>/<product>/v<major>/<collection>`;
const IN_SHARED = './shared.yaml#/components/responses/BadRequest';
const NO_EXAMPLE = '400 response has no example; expected at least one example of its Problem Details body';
const JSON_MEDIA =
  '400 response offers application/json; expected application/problem+json or application/problem+xml instead';

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
    message: `In ${IN_SHARED}: ${JSON_MEDIA}`,
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
    '/paths/~1pets/get/responses/400/$ref': { [`In ${IN_SHARED}: ${JSON_MEDIA}`]: 1 },
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
  message: `${n} known finding${n === 1 ? '' : 's'} suppressed by ${path}`,
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
    name: 'one defect known: "1 known finding", the others reported',
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
                '/components/responses/BadRequest': { [`In ${IN_SHARED}: ${JSON_MEDIA}`]: 1 },
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
