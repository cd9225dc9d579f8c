/**
 * The baseline through the real tools: `spectral-api-conventions baseline` (dist/cli.js) records the
 * defects fixture, and the real `spectral lint` (this repository's node_modules/.bin/spectral), with
 * a `.spectral.yaml` that extends `spectral-api-conventions/baseline` in a temporary project, reports
 * only what is new.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import {
  CliFinding,
  EditableDocument,
  EditableOperation,
  parseBaselineFile,
  parseDocument,
  parseFindings,
  readBaselineFile,
} from '../../__helpers__/json';
import { ensureBuilt } from '../../__helpers__/built';
import { samplesFieldsList } from '../../__helpers__/documents';

const ROOT = resolve(__dirname, '../../..');
const SPECTRAL = join(ROOT, 'node_modules/.bin/spectral');
const CLI = join(ROOT, 'dist/cli.js');
const PRESET = 'extends: ["spectral-api-conventions/baseline"]\n';

const projects: string[] = [];

/** A project: the package linked into node_modules, the defects fixture in api/ with the registry beside it. */
function project(ruleset = PRESET): string {
  const dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-baseline-'));
  projects.push(dir);
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/spectral-api-conventions'), 'dir');
  for (const folder of ['api', 'registry']) mkdirSync(join(dir, folder));
  copyFileSync(join(ROOT, 'fixtures/defects.yaml'), join(dir, 'api/defects.yaml'));
  copyFileSync(join(ROOT, 'fixtures/defects-registry.yaml'), join(dir, 'api/defects-registry.yaml'));
  copyFileSync(join(ROOT, 'registry/problem-details.yaml'), join(dir, 'registry/problem-details.yaml'));
  writeFileSync(join(dir, '.spectral.yaml'), ruleset);
  return dir;
}

function lint(dir: string, ...args: string[]): { findings: CliFinding[]; status: number | null; stderr: string } {
  const run = spawnSync(SPECTRAL, ['lint', '-f', 'json', '--quiet', ...args], { cwd: dir, encoding: 'utf8' });
  const out = run.stdout.trim();
  return { findings: parseFindings(out), status: run.status, stderr: run.stderr };
}

function baseline(dir: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, 'baseline', ...args], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Edits a YAML document as data (written back as YAML: keys, not lines, are what the baseline keeps). */
function edit(file: string, change: (doc: EditableDocument) => void): void {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  change(doc);
  writeFileSync(file, stringify(doc));
}

const brief = (findings: CliFinding[]) => findings.map(f => [f.code, f.path.join('.'), f.message]);
/** Our rules' findings: without the baseline's own (the count, or a missing baseline before one is made). */
const ours = (findings: CliFinding[]) => findings.filter(f => !f.code.startsWith('baseline-'));
const total = (file: string): number => {
  const { findings } = readBaselineFile(file);
  let n = 0;
  for (const rules of Object.values(findings))
    for (const locations of Object.values(rules))
      for (const messages of Object.values(locations)) for (const count of Object.values(messages)) n += count;
  return n;
};

let plain: ReturnType<typeof brief> | undefined;
/** The findings of the defects fixture with the plain ruleset, no baseline. */
const plainFindings = () =>
  (plain ??= brief(lint(project('extends: ["spectral-api-conventions"]\n'), 'api/defects.yaml').findings));

/** A project whose defects are all in its baseline. */
function baselined(ruleset = PRESET): string {
  const dir = project(ruleset);
  const made = baseline(dir, 'api/defects.yaml');
  expect(made.stderr).toBe('');
  expect(made.status).toBe(0);
  return dir;
}

beforeAll(() => {
  // dist/ (the ruleset and the CLI) as the sources are now.
  ensureBuilt();
}, 120_000);

afterAll(() => {
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

describe('a baseline of the defects fixture', () => {
  let dir: string;
  beforeAll(() => {
    dir = baselined();
  });

  test('without the baseline every rule reports its finding; with it, none, and one info line says how many were left out', () => {
    const all = plainFindings();
    // Every rule fires in the fixture.
    expect(new Set(all.map(f => f[0])).size).toBeGreaterThan(20);

    const { findings, status } = lint(dir, 'api/defects.yaml');
    const n = total(join(dir, '.spectral-baseline.json'));
    expect(n).toBeGreaterThanOrEqual(all.length);
    expect(brief(findings)).toEqual([
      ['baseline-suppressed', '', `${n} known defects suppressed by .spectral-baseline.json`],
    ]);
    expect(findings[0].severity).toBe(2);
    expect(status).toBe(0);
  });

  test('the file: sorted, keyed by file (relative to it), rule, location and message, with counts; written the same twice', () => {
    const file = join(dir, '.spectral-baseline.json');
    const text = readFileSync(file, 'utf8');
    const data = parseBaselineFile(text);
    expect(data.version).toBe(1);
    expect(data.documents).toEqual(['api/defects.yaml']);
    expect(Object.keys(data.findings)).toEqual(['api/defects.yaml']);
    const rules = Object.keys(data.findings['api/defects.yaml']);
    expect(rules).toEqual([...rules].sort());
    expect(data.findings['api/defects.yaml']['error-responses-required']).toEqual({
      '/paths/~1clinical~1labs~1v1~1a/get/responses': {
        'No 500 response; every operation must define 400, 404 and 500': 1,
      },
    });
    // A parameter is named by name and place, not by its index.
    expect(Object.keys(data.findings['api/defects.yaml']['list-filter-parameters'])).toContain(
      '/paths/~1clinical~1labs~1v1~1samples/get/parameters/colour@query/name',
    );
    // --update without a change, and with the documents the baseline remembers: the same bytes.
    expect(baseline(dir, '--update').status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  test('writing over an existing baseline needs --update', () => {
    const again = baseline(dir, 'api/defects.yaml');
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/\.spectral-baseline\.json exists: --update rewrites it/);
  });

  test('--check: every entry still matches', () => {
    const check = baseline(dir, '--check');
    expect(check.stdout).toMatch(/every entry still matches/);
    expect(check.status).toBe(0);
  });
});

describe('each new defect is reported, and only it', () => {
  // One project, one baseline, one lint: each scenario edits its own copy of the fixture (apiN/).
  const scenarios: [name: string, file: string, change: (doc: EditableDocument) => void][] = [
    [
      'a new operation without error responses',
      'defects.yaml',
      doc => {
        doc.paths['/clinical/labs/v1/new'] = { get: { security: [], responses: { '200': { description: 'OK' } } } };
      },
    ],
    [
      'a second missing code on an operation baselined for one',
      'defects.yaml',
      doc => {
        delete doc.paths['/clinical/labs/v1/a'].get.responses['404'];
      },
    ],
    [
      'a parameter inserted before baselined ones',
      'defects.yaml',
      doc => {
        doc.paths['/clinical/labs/v1/samples'].get.parameters!.unshift({
          name: 'shade',
          in: 'query',
          schema: { type: 'string', pattern: '^(eq|ne|gt|lt|gte|lte|in|nin|like|ilike)?:?([^:&]+)$' },
        });
      },
    ],
    [
      'a new defect inside a baselined example',
      'defects.yaml',
      doc => {
        const examples =
          doc.components.responses.DefectiveExamplesNotFound.content['application/problem+json'].examples;
        examples.badTitle.value.instance = '/clinical/labs/v1/g';
      },
    ],
    [
      'a new defect in a $ref’d file',
      'defects-registry.yaml',
      doc => {
        doc.components.responses.InternalServerError.content['application/problem+json'].example.title =
          'Internal server error';
      },
    ],
  ];
  let reported: Map<string, CliFinding[]>;

  beforeAll(() => {
    const dir = project();
    const documents = scenarios.map((_, i) => {
      mkdirSync(join(dir, `api${i}`));
      for (const name of ['defects.yaml', 'defects-registry.yaml'])
        copyFileSync(join(dir, 'api', name), join(dir, `api${i}`, name));
      return `api${i}/defects.yaml`;
    });
    expect(baseline(dir, ...documents).status).toBe(0);
    expect(ours(lint(dir, ...documents).findings)).toEqual([]);
    scenarios.forEach(([, file, change], i) => edit(join(dir, `api${i}`, file), change));
    const { findings } = lint(dir, ...documents);
    reported = new Map(
      scenarios.map(([name], i) => [name, ours(findings).filter(f => f.source.includes(`/api${i}/`))]),
    );
  }, 120_000);

  test('a new operation without error responses', () => {
    expect(brief(reported.get('a new operation without error responses')!)).toEqual([
      [
        'error-responses-required',
        'paths./clinical/labs/v1/new.get.responses',
        'No 400, 404 or 500 response; every operation must define 400, 404 and 500',
      ],
    ]);
  });

  test('a second missing code on an operation baselined for one: the new one alone, not merged with the known one', () => {
    expect(brief(reported.get('a second missing code on an operation baselined for one')!)).toEqual([
      [
        'error-responses-required',
        'paths./clinical/labs/v1/a.get.responses',
        'No 404 response; every operation must define 400, 404 and 500',
      ],
    ]);
  });

  test('a parameter inserted before baselined ones: its own finding, and no old one comes back', () => {
    expect(brief(reported.get('a parameter inserted before baselined ones')!)).toEqual([
      [
        'list-filter-parameters',
        'paths./clinical/labs/v1/samples.get.parameters.0.name',
        expect.stringMatching(/"shade" .*field of the listed item/),
      ],
    ]);
  });

  test('a new defect inside a baselined example', () => {
    const findings = reported.get('a new defect inside a baselined example')!;
    expect(findings.map(f => f.code)).toEqual(['problem-example-instance']);
    expect(findings[0].message).toMatch(/"\/clinical\/labs\/v1\/g"/);
    expect(findings[0].path.join('.')).toBe(
      'components.responses.DefectiveExamplesNotFound.content.application/problem+json.examples.badTitle.value.instance',
    );
  });

  test('a new defect in a $ref’d file', () => {
    const findings = reported.get('a new defect in a $ref’d file')!;
    expect(findings.map(f => f.code)).toEqual(['problem-example-title']);
    expect(findings[0].message).toMatch(/"Internal server error"/);
  });
});

describe('the baseline only shrinks: --check and --prune', () => {
  test('fixing one of three missing codes: nothing reported, --check lists the stale entry, --prune drops it', () => {
    const dir = project();
    edit(join(dir, 'api/defects.yaml'), doc => {
      doc.paths['/clinical/labs/v1/new'] = { get: { security: [], responses: { '200': { description: 'OK' } } } };
    });
    expect(baseline(dir, 'api/defects.yaml').status).toBe(0);
    const file = join(dir, '.spectral-baseline.json');
    const before = total(file);

    edit(join(dir, 'api/defects.yaml'), doc => {
      doc.paths['/clinical/labs/v1/new'].get.responses['400'] = doc.paths['/clinical/labs/v1/a'].get.responses['400'];
    });
    // The two codes still missing are matched one by one: no finding, fewer suppressed.
    const { findings } = lint(dir, 'api/defects.yaml');
    expect(brief(findings)).toEqual([
      ['baseline-suppressed', '', `${before - 1} known defects suppressed by .spectral-baseline.json`],
    ]);

    const check = baseline(dir, '--check');
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('1 known defect is fixed but still in the baseline:');
    expect(check.stdout).toContain(
      'api/defects.yaml#/paths/~1clinical~1labs~1v1~1new/get/responses  error-responses-required  No 400 response; every operation must define 400, 404 and 500  (baseline 1, found 0)',
    );
    expect(check.stdout).toContain('baseline --prune');

    const prune = baseline(dir, '--prune');
    expect(prune.status).toBe(0);
    expect(total(file)).toBe(before - 1);
    expect(readFileSync(file, 'utf8')).not.toContain('No 400 response');
    expect(baseline(dir, '--check').status).toBe(0);
    // Pruning never adds: a new defect stays reported.
    edit(join(dir, 'api/defects.yaml'), doc => {
      delete doc.paths['/clinical/labs/v1/a'].get.responses['404'];
    });
    expect(baseline(dir, '--prune').stdout).toMatch(/nothing to prune/);
    expect(ours(lint(dir, 'api/defects.yaml').findings).map(f => f.message)).toEqual([
      'No 404 response; every operation must define 400, 404 and 500',
    ]);
  });
});

describe('a baseline that cannot be used is an error, never a silent "all suppressed"', () => {
  test('malformed: an error at the root naming the file, and every finding reported', () => {
    const dir = baselined();
    writeFileSync(join(dir, '.spectral-baseline.json'), '{ "version": 1, "findings": ');
    const { findings, status } = lint(dir, 'api/defects.yaml');
    const error = findings.find(f => f.code === 'baseline-invalid')!;
    expect(error.severity).toBe(0);
    expect(error.path).toEqual([]);
    expect(error.message).toMatch(
      new RegExp(
        `^${join(dir, '.spectral-baseline.json').replace(/[.]/g, '\\.')} is not a spectral-api-conventions baseline: invalid JSON .*; no finding was suppressed$`,
      ),
    );
    expect(brief(findings.filter(f => f.code !== 'baseline-invalid'))).toEqual(plainFindings());
    expect(status).toBe(1);
  });

  test('a count that is not a positive integer', () => {
    const dir = baselined();
    const file = join(dir, '.spectral-baseline.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/": 1\n/, '": 0\n'));
    const { findings } = lint(dir, 'api/defects.yaml');
    expect(findings.find(f => f.code === 'baseline-invalid')?.message).toMatch(/must be a positive integer, not 0/);
    expect(baseline(dir, '--check').stderr).toMatch(/must be a positive integer, not 0/);
  });

  test('missing: an error saying where it was looked for', () => {
    const dir = project();
    const { findings, status } = lint(dir, 'api/defects.yaml');
    expect(findings.find(f => f.code === 'baseline-invalid')?.message).toMatch(
      /^baseline \.spectral-baseline\.json not found \(looked for .*\); no finding was suppressed$/,
    );
    expect(status).toBe(1);
  });

  test('without a baseline configured nothing is read: a broken file beside the ruleset changes nothing', () => {
    const dir = project('extends: ["spectral-api-conventions"]\n');
    writeFileSync(join(dir, '.spectral-baseline.json'), 'not json');
    const { findings } = lint(dir, 'api/defects.yaml');
    expect(brief(findings)).toEqual(plainFindings());
  });
});

describe('.spectral.js, other files and formats', () => {
  test('createRuleset({ baseline }) with a path relative to the working directory, and baseline -b with that path', () => {
    const dir = project();
    rmSync(join(dir, '.spectral.yaml'));
    writeFileSync(
      join(dir, '.spectral.js'),
      "const { createRuleset } = require('spectral-api-conventions');\nmodule.exports = createRuleset({ strict: true, baseline: 'ci/known.json' });\n",
    );
    mkdirSync(join(dir, 'ci'));
    const made = baseline(dir, '-b', 'ci/known.json', 'api/defects.yaml');
    expect(made.status).toBe(0);
    const data = readBaselineFile(join(dir, 'ci/known.json'));
    expect(Object.keys(data.findings)).toEqual(['../api/defects.yaml']);
    expect(brief(lint(dir, 'api/defects.yaml').findings)).toEqual([
      ['baseline-suppressed', '', `${total(join(dir, 'ci/known.json'))} known defects suppressed by ci/known.json`],
    ]);
  });

  test('Swagger 2.0, OpenAPI 3.0 and 3.2: known defects suppressed, a new one reported', () => {
    const dir = project();
    const fixtures = ['openapi-3.0.yaml', 'openapi-3.2.yaml', 'swagger-2.0.yaml'];
    copyFileSync(join(ROOT, 'fixtures/registry-swagger-2.0.yaml'), join(dir, 'api/registry-swagger-2.0.yaml'));
    for (const fixture of fixtures) copyFileSync(join(ROOT, 'fixtures', fixture), join(dir, 'api', fixture));
    const documents = fixtures.map(fixture => `api/${fixture}`);
    const firstOperation = (doc: EditableDocument): EditableOperation => {
      const [path] = Object.keys(doc.paths);
      return doc.paths[path].get ?? Object.values(doc.paths[path])[0];
    };
    const removeFromFirstOperation = (code: string) => {
      for (const fixture of fixtures)
        edit(join(dir, 'api', fixture), doc => {
          delete firstOperation(doc).responses[code];
        });
    };
    removeFromFirstOperation('500');
    const before = ours(lint(dir, ...documents).findings);
    expect(before.map(f => [f.source.split('/').pop(), f.message]).sort()).toEqual(
      fixtures.map(fixture => [fixture, 'No 500 response; every operation must define 400, 404 and 500']),
    );
    expect(baseline(dir, ...documents).status).toBe(0);
    expect(ours(lint(dir, ...documents).findings)).toEqual([]);
    removeFromFirstOperation('404');
    expect(
      ours(lint(dir, ...documents).findings)
        .map(f => [f.source.split('/').pop(), f.message])
        .sort(),
    ).toEqual(fixtures.map(fixture => [fixture, 'No 404 response; every operation must define 400, 404 and 500']));
  });
});

describe('--check says what happened: fixed, moved and new', () => {
  test('a renamed path is a move, not a fix: --check lists it apart, --prune carries it over, and lint is clean again', () => {
    const dir = baselined();
    const file = join(dir, '.spectral-baseline.json');
    const before = total(file);
    edit(join(dir, 'api/defects.yaml'), doc => {
      // The rename: /clinical/labs/v1/a becomes /clinical/billing/v1/a, nothing else changes.
      const renamed: EditableDocument['paths'] = {};
      for (const [key, value] of Object.entries(doc.paths))
        renamed[key === '/clinical/labs/v1/a' ? '/clinical/billing/v1/a' : key] = value;
      doc.paths = renamed;
      // A fix elsewhere, and a new defect.
      doc.paths['/clinical/labs/v1/b'].get.responses['403'] = {
        $ref: '../registry/problem-details.yaml#/components/responses/Forbidden',
      };
      doc.paths['/clinical/labs/v1/new'] = { get: { security: [], responses: { '200': { description: 'OK' } } } };
    });
    // Without the move carried over, spectral lint reports the moved finding as new.
    const moved = 'No 500 response; every operation must define 400, 404 and 500';
    expect(
      brief(ours(lint(dir, 'api/defects.yaml').findings)).filter(
        f => f[1] === 'paths./clinical/billing/v1/a.get.responses',
      ),
    ).toEqual([['error-responses-required', 'paths./clinical/billing/v1/a.get.responses', moved]]);

    const check = baseline(dir, '--check');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(1);
    const lines = check.stdout.split('\n');
    expect(lines[0]).toMatch(/^\.spectral-baseline\.json: 1 fixed, 1 moved and 3 new defects$/);
    expect(check.stdout).toContain(
      `1 known defect moved (a renamed path), reported as new by spectral lint until the baseline follows:\n  api/defects.yaml#/paths/~1clinical~1labs~1v1~1a/get/responses  error-responses-required  ${moved}\n    → api/defects.yaml#/paths/~1clinical~1billing~1v1~1a/get/responses`,
    );
    expect(check.stdout).toMatch(
      /1 known defect is fixed but still in the baseline:\n {2}api\/defects\.yaml#\/paths\/~1clinical~1labs~1v1~1b\/get\/responses {2}error-responses-secured/,
    );
    expect(check.stdout).toContain('3 defects are new (not in the baseline; spectral lint reports them):');
    expect(check.stdout).toContain(
      'api/defects.yaml#/paths/~1clinical~1labs~1v1~1new/get/responses  error-responses-required  No 400 response',
    );

    const prune = baseline(dir, '--prune');
    expect(prune.stdout).toBe(
      '.spectral-baseline.json: 1 defect no longer found, dropped; 1 defect moved, carried over; ' +
        (before - 1) +
        ' defects remain\n',
    );
    expect(prune.status).toBe(0);
    const data = readBaselineFile(file);
    expect(data.findings['api/defects.yaml']['error-responses-required']).toHaveProperty(
      ['/paths/~1clinical~1billing~1v1~1a/get/responses', moved],
      1,
    );
    // What spectral lint reports now is the new defect only; --check has nothing stale.
    expect(ours(lint(dir, 'api/defects.yaml').findings).map(f => f.path.join('.'))).toEqual([
      'paths./clinical/labs/v1/new.get.responses',
    ]);
    expect(baseline(dir, '--check').status).toBe(0);
  });

  test('a path renamed to another shape (one more segment) is a fix and a new finding, not a move', () => {
    const dir = baselined();
    edit(join(dir, 'api/defects.yaml'), doc => {
      doc.paths['/clinical/labs/v1/a/extra'] = doc.paths['/clinical/labs/v1/a'];
      delete doc.paths['/clinical/labs/v1/a'];
    });
    const check = baseline(dir, '--check');
    expect(check.stdout.split('\n')[0]).toMatch(/: [1-9]\d* fixed, 0 moved and [1-9]\d* new defects$/);
  });
});

describe('baseline refuses a document it cannot check: exit 2, the reason, no file written', () => {
  const cases: [name: string, text: string | undefined, reason: RegExp][] = [
    [
      'broken YAML',
      'openapi: 3.0.3\ninfo: {title: t\n  x: [\n',
      /^spectral-api-conventions baseline: api\/doc\.yaml:3:4: Invalid mixed usage of block and flow styles\n\.spectral/,
    ],
    [
      'a numeric response key that spells no status (0x190: is 400 to YAML)',
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a/b/v1/c:\n    get:\n      responses:\n        0x190:\n          description: OK\n',
      /^spectral-api-conventions baseline: api\/doc\.yaml:7:9: Mapping key must be a string scalar rather than number\n\.spectral/,
    ],
    ['an empty file', '', /^spectral-api-conventions baseline: api\/doc\.yaml is empty\n/],
    [
      'AsyncAPI',
      'asyncapi: 2.6.0\ninfo: {title: t, version: "1"}\nchannels: {}\n',
      /^spectral-api-conventions baseline: api\/doc\.yaml is an AsyncAPI document; the rules check OpenAPI 2\.0, 3\.0, 3\.1 and 3\.2\n/,
    ],
    [
      'another YAML file',
      'name: my-app\nversion: 1.0.0\n',
      /^spectral-api-conventions baseline: api\/doc\.yaml is not an OpenAPI 2\.0, 3\.0, 3\.1 or 3\.2 document/,
    ],
    ['a missing file', undefined, /^spectral-api-conventions baseline: api\/doc\.yaml does not exist\n/],
  ];
  test.each(cases)('%s', (_name, text, reason) => {
    const dir = project();
    if (text !== undefined) writeFileSync(join(dir, 'api/doc.yaml'), text);
    const run = baseline(dir, 'api/doc.yaml');
    expect(run.stderr).toMatch(reason);
    if (text !== undefined) expect(run.stderr).toMatch(/\.spectral-baseline\.json was not written\n$/);
    expect(run.status).toBe(2);
    expect(existsSync(join(dir, '.spectral-baseline.json'))).toBe(false);
  });

  test('a folder: "… is a folder"', () => {
    const dir = project();
    const run = baseline(dir, 'api');
    expect(run.stderr).toMatch(/^spectral-api-conventions baseline: api is a folder, not a document\n/);
    expect(run.status).toBe(2);
  });
});

describe('the baseline file is the one the configuration names', () => {
  test('a .spectral.js naming ci/known.json: baseline, --check and --prune use it without -b', () => {
    const dir = project();
    rmSync(join(dir, '.spectral.yaml'));
    writeFileSync(
      join(dir, '.spectral.js'),
      "const { createRuleset } = require('spectral-api-conventions');\nmodule.exports = createRuleset({ baseline: 'ci/known.json' });\n",
    );
    mkdirSync(join(dir, 'ci'));
    // Missing: an error naming the path tried.
    const missing = baseline(dir, '--check');
    expect(missing.stderr).toBe(
      `spectral-api-conventions baseline: ${join(dir, 'ci/known.json')} does not exist: write it first with \`spectral-api-conventions baseline <file>…\`\n`,
    );
    expect(missing.status).toBe(2);
    expect(baseline(dir, 'api/defects.yaml').status).toBe(0);
    expect(existsSync(join(dir, 'ci/known.json'))).toBe(true);
    expect(existsSync(join(dir, '.spectral-baseline.json'))).toBe(false);
    expect(baseline(dir, '--check').stdout).toMatch(/^ci\/known\.json: every entry still matches/);
  });

  test('a baseline in a folder above the project is not used: spectral lint says which paths it tried', () => {
    const dir = project();
    const inner = join(dir, 'inner');
    mkdirSync(inner);
    for (const folder of ['api', 'node_modules']) symlinkSync(join(dir, folder), join(inner, folder), 'dir');
    writeFileSync(join(inner, '.spectral.yaml'), PRESET);
    expect(baseline(dir, 'api/defects.yaml').status).toBe(0); // the parent's baseline
    const { findings, status } = lint(inner, 'api/defects.yaml');
    expect(findings.find(f => f.code === 'baseline-invalid')?.message).toBe(
      `baseline .spectral-baseline.json not found (looked for ${join(inner, '.spectral-baseline.json')}, ${join(inner, 'api/.spectral-baseline.json')}); no finding was suppressed`,
    );
    expect(status).toBe(1);
  });
});

describe('counts, folders and files', () => {
  const KEY = '/paths/~1samples/get/parameters/fields@query/schema/examples/*';
  const COLOUR =
    '"fields" example selects "colour", which is not a field of the listed item; expected one of id, color';
  const samples = (dir: string, examples: string) =>
    writeFileSync(join(dir, 'api/samples.yaml'), samplesFieldsList(examples));

  test('a key recorded once and found twice: the second one is reported', () => {
    const dir = project();
    samples(dir, "['id,color', 'colour']");
    expect(baseline(dir, 'api/samples.yaml').status).toBe(0);
    samples(dir, "['id,colour', 'colour']");
    const { findings } = lint(dir, 'api/samples.yaml');
    expect(brief(findings)).toEqual([
      ['baseline-suppressed', '', '8 known defects suppressed by .spectral-baseline.json'],
      ['list-fields-parameter', 'paths./samples.get.parameters.0.schema.examples.1', COLOUR],
    ]);
  });

  test('one document named twice (api/samples.yaml ./api/samples.yaml) is recorded once', () => {
    const dir = project();
    samples(dir, "['id,colour', 'colour']");
    expect(baseline(dir, 'api/samples.yaml', './api/samples.yaml').stdout).toBe(
      '.spectral-baseline.json: 9 defects in 6 findings of 1 document recorded\n',
    );
    expect(readBaselineFile(join(dir, '.spectral-baseline.json')).documents).toEqual(['api/samples.yaml']);
  });

  test('-b base/b.json, then --check and --prune without files, with a count of 2 of which one is fixed', () => {
    const dir = project();
    mkdirSync(join(dir, 'base'));
    samples(dir, "['id,colour', 'colour']");
    expect(baseline(dir, '-b', 'base/b.json', 'api/samples.yaml').stdout).toBe(
      'base/b.json: 9 defects in 6 findings of 1 document recorded\n',
    );
    const file = join(dir, 'base/b.json');
    expect(readBaselineFile(file).documents).toEqual(['../api/samples.yaml']);
    expect(readBaselineFile(file).findings['../api/samples.yaml']['list-fields-parameter']).toEqual({
      [KEY]: { [COLOUR]: 2 },
    });

    samples(dir, "['id,color', 'colour']");
    const check = baseline(dir, '--check', '-b', 'base/b.json');
    expect(check.status).toBe(1);
    expect(check.stdout).toBe(
      'base/b.json: 1 fixed, 0 moved and 0 new defects\n' +
        '1 known defect is fixed but still in the baseline:\n' +
        `  ../api/samples.yaml#${KEY}  list-fields-parameter  ${COLOUR}  (baseline 2, found 1)\n` +
        'Run `npx spectral-api-conventions baseline --prune` and commit base/b.json: it drops the fixed entries, so that they cannot come back unnoticed.\n',
    );

    const prune = baseline(dir, '--prune', '-b', 'base/b.json');
    expect(prune.stdout).toBe('base/b.json: 1 defect no longer found, dropped; 8 defects remain\n');
    expect(readBaselineFile(file).findings['../api/samples.yaml']['list-fields-parameter']).toEqual({
      [KEY]: { [COLOUR]: 1 },
    });
    expect(baseline(dir, '--check', '-b', 'base/b.json').stdout).toBe(
      'base/b.json: every entry still matches (8 known defects)\n',
    );
  });

  test("a baseline in the current folder and one beside the document: the current folder's wins", () => {
    const dir = project();
    samples(dir, "['id,colour', 'colour']");
    expect(baseline(dir, '-b', 'api/.spectral-baseline.json', 'api/samples.yaml').status).toBe(0);
    writeFileSync(
      join(dir, '.spectral-baseline.json'),
      JSON.stringify({ version: 1, documents: ['api/samples.yaml'], findings: {} }),
    );
    // The empty baseline of the current folder is read: nothing is suppressed.
    const { findings } = lint(dir, 'api/samples.yaml');
    expect(findings.some(f => f.code === 'baseline-suppressed')).toBe(false);
    expect(brief(findings).filter(f => f[0] === 'list-fields-parameter')).toEqual([
      ['list-fields-parameter', 'paths./samples.get.parameters.0.schema.examples.0', COLOUR],
      ['list-fields-parameter', 'paths./samples.get.parameters.0.schema.examples.1', COLOUR],
    ]);
    expect(ours(findings)).toHaveLength(6);
    // Without it, the one beside the document leaves out all nine defects of the six findings.
    rmSync(join(dir, '.spectral-baseline.json'));
    expect(brief(lint(dir, 'api/samples.yaml').findings)).toEqual([
      ['baseline-suppressed', '', '9 known defects suppressed by .spectral-baseline.json'],
    ]);
  });
});
