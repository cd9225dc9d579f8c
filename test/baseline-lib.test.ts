/**
 * The baseline's pieces that need no CLI: the key of a defect (locations, files relative to the
 * baseline) and the file format (baseline-file.ts), and the filter in the engine with a baseline
 * file on disk (baseline-filter.ts), with the order of Spectral's calls it relies on.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { createRuleset } from '../ruleset';
import {
  dirname,
  formatBaseline,
  isAbsolute,
  isUrl,
  join as joinPath,
  baselineKey,
  locationOf,
  normalize,
  parseBaseline,
  partsOf,
  relativeTo,
} from '../functions/lib/baseline-file';
import { parseBaselineFile } from './__helpers__/json';
import { Recorder, recordWith } from '../functions/lib/baseline-filter';
import { simplify } from './__helpers__/spectral';
import errorResponsesRequired from '../functions/error-responses-required';

describe('locations', () => {
  const doc = {
    paths: {
      '/a/{id}': {
        get: {
          parameters: [
            { $ref: '#/components/parameters/Limit' },
            { name: 'id', in: 'path', schema: {} },
            { schema: {} },
          ],
          responses: { '200': { content: { 'application/json': { examples: [{ a: 1 }] } } } },
        },
      },
    },
    components: { parameters: { Limit: { name: 'limit', in: 'query' } } },
    'x~y': { 'a/b': 1 },
    tags: Array.from({ length: 11 }, (_, i) => ({ name: `tag${i}` })),
  };
  test.each([
    [['paths', '/a/{id}', 'get', 'parameters', 1, 'schema'], '/paths/~1a~1{id}/get/parameters/id@path/schema'],
    [['paths', '/a/{id}', 'get', 'parameters', '0'], '/paths/~1a~1{id}/get/parameters/limit@query'],
    [['paths', '/a/{id}', 'get', 'parameters', 2, 'schema'], '/paths/~1a~1{id}/get/parameters/*/schema'],
    [
      ['paths', '/a/{id}', 'get', 'responses', '200', 'content', 'application/json', 'examples', 0, 'a'],
      '/paths/~1a~1{id}/get/responses/200/content/application~1json/examples/*/a',
    ],
    [['paths', '/a/{id}', 'get', 'missing', 3], '/paths/~1a~1{id}/get'],
    [['paths', '/a/{id}', 'get', 'parameters', 7], '/paths/~1a~1{id}/get/parameters'],
    // Just past the last parameter: the location stops at the list
    [['paths', '/a/{id}', 'get', 'parameters', 3], '/paths/~1a~1{id}/get/parameters'],
    // The eleventh tag: an index of two digits
    [['tags', 10, 'name'], '/tags/*/name'],
    // Keys that are no index of the list
    [['paths', '/a/{id}', 'get', 'parameters', 'x1'], '/paths/~1a~1{id}/get/parameters'],
    [['paths', '/a/{id}', 'get', 'parameters', '1x'], '/paths/~1a~1{id}/get/parameters'],
    [['paths', '/a/{id}', 'get', 'parameters', '-1'], '/paths/~1a~1{id}/get/parameters'],
    [['x~y', 'a/b'], '/x~0y/a~1b'],
    [[], ''],
  ])('%j → %s', (path, location) => {
    expect(locationOf(doc, path)).toBe(location);
  });
});

describe('paths, as a baseline written on Linux, macOS or Windows holds them, and URLs of documents', () => {
  test.each([
    ['https://example.com/api/openapi.yaml', true],
    ['file:///home/me/api/openapi.yaml', true],
    ['git+ssh://git@example.com/api.git', true],
    ['/home/me/api/openapi.yaml', false],
    ['C:\\Users\\me\\api\\openapi.yaml', false],
    ['C:/Users/me/api/openapi.yaml', false],
    // A Windows path with a doubled slash, as joining onto the drive's root writes it
    ['c://.spectral-baseline.json', false],
    ['api/openapi.yaml', false],
    // A folder named `https:` on Linux, the URL below it saved with its slashes
    ['/srv/mirror/https://example.com/openapi.yaml', false],
  ])('isUrl(%j) is %s', (path, url) => {
    expect(isUrl(path)).toBe(url);
  });

  test.each([
    ['/home/me/api/openapi.yaml', true],
    ['C:/Users/me/api/openapi.yaml', true],
    ['c:/p/openapi.yaml', true],
    ['api/openapi.yaml', false],
    ['../api/openapi.yaml', false],
    ['openapi.yaml', false],
    // A relative path through a folder named `b:` on Linux
    ['archive/b:/openapi.yaml', false],
  ])('isAbsolute(%j) is %s', (path, absolute) => {
    expect(isAbsolute(path)).toBe(absolute);
  });

  test.each([
    ['/a/b/../c/./d', '/a/c/d'],
    ['a\\b\\..\\c', 'a/c'],
    ['../a', '../a'],
    ['../../api/openapi.yaml', '../../api/openapi.yaml'],
    ['api/../../openapi.yaml', '../openapi.yaml'],
    ['/p//api/', '/p/api'],
    ['./api/', 'api'],
    ['/../api/openapi.yaml', '/api/openapi.yaml'],
    ['C:\\p\\api\\openapi.yaml', 'C:/p/api/openapi.yaml'],
    ['C:\\', 'C:/'],
    ['c://.spectral-baseline.json', 'c:/.spectral-baseline.json'],
    ['C:\\..\\api\\openapi.yaml', 'C:/api/openapi.yaml'],
    ['https://example.com/api/../openapi.yaml', 'https://example.com/api/../openapi.yaml'],
    ['/srv/mirror/https://example.com/openapi.yaml', '/srv/mirror/https:/example.com/openapi.yaml'],
  ])('normalize(%j) is %j', (path, normal) => {
    expect(normalize(path)).toBe(normal);
  });

  test.each([
    ['/p/api/openapi.yaml', '/p/api'],
    ['/openapi.yaml', '/'],
    ['/', '/'],
    ['api/openapi.yaml', 'api'],
    ['openapi.yaml', '.'],
    ['.', '.'],
    ['C:\\p\\api\\openapi.yaml', 'C:/p/api'],
    ['C:\\openapi.yaml', 'C:/'],
    ['C:/', 'C:/'],
    ['https://example.com/api/openapi.yaml', 'https://example.com/api'],
  ])('dirname(%j) is %j', (path, folder) => {
    expect(dirname(path)).toBe(folder);
  });

  test.each([
    ['/p', 'api/openapi.yaml', '/p/api/openapi.yaml'],
    ['/p/ci', '../.spectral-baseline.json', '/p/.spectral-baseline.json'],
    ['/p', '/q/.spectral-baseline.json', '/q/.spectral-baseline.json'],
    ['C:\\p', 'ci\\known.json', 'C:/p/ci/known.json'],
    ['c:/', '.spectral-baseline.json', 'c:/.spectral-baseline.json'],
    ['/p', 'D:\\known.json', 'D:/known.json'],
    ['/p', 'https://example.com/known.json', 'https://example.com/known.json'],
    ['.', '.spectral-baseline.json', '.spectral-baseline.json'],
  ])('join(%j, %j) is %j', (dir, path, joined) => {
    expect(joinPath(dir, path)).toBe(joined);
  });

  test.each([
    ['/p', '/p/api/openapi.yaml', 'api/openapi.yaml'],
    ['/p/ci', '/p/api/openapi.yaml', '../api/openapi.yaml'],
    ['/p', '/p/./api/../api/x.yaml', 'api/x.yaml'],
    ['/p', '/p', ''],
    ['/p/api', '/p', '..'],
    ['/', '/p/api/openapi.yaml', 'p/api/openapi.yaml'],
    ['/p', '', ''],
    ['C:\\p', 'C:\\p\\api\\x.yaml', 'api/x.yaml'],
    // Spectral names a Windows document with a lower-case drive, Node's working directory has it in upper case
    ['C:\\p', 'c:/p/api/x.yaml', 'api/x.yaml'],
    ['c:/p/ci', 'C:\\p\\api\\x.yaml', '../api/x.yaml'],
    ['C:/p', 'D:/api/x.yaml', 'D:/api/x.yaml'],
    ['C:/', '/api/x.yaml', '/api/x.yaml'],
    ['/p', 'https://example.com/registry.yaml', 'https://example.com/registry.yaml'],
    // Folders named `ab:` and `a:b` on Linux are no drives
    ['/ab:/p', '/srv/api/x.yaml', '../../srv/api/x.yaml'],
    ['/a:b/p', '/srv/api/x.yaml', '../../srv/api/x.yaml'],
  ])('from %j: %j is %j', (dir, file, relative) => {
    expect(relativeTo(dir, file)).toBe(relative);
  });
});

describe('the file', () => {
  test('sorted at every level whatever the order of the counts, and read back as written', () => {
    const counts = new Map([
      [baselineKey('b.yaml', 'rule-b', '/x', 'm'), 1],
      [baselineKey('a.yaml', 'rule-z', '/y', 'second'), 2],
      [baselineKey('a.yaml', 'rule-z', '/y', 'first'), 1],
      [baselineKey('a.yaml', 'rule-a', '/z', 'm'), 3],
    ]);
    const text = formatBaseline(counts, ['b.yaml', 'a.yaml']);
    expect(formatBaseline(new Map([...counts].reverse()), ['a.yaml', 'b.yaml'])).toBe(text);
    const data = parseBaselineFile(text);
    expect(Object.keys(data.findings)).toEqual(['a.yaml', 'b.yaml']);
    expect(Object.keys(data.findings['a.yaml'])).toEqual(['rule-a', 'rule-z']);
    expect(Object.keys(data.findings['a.yaml']['rule-z']['/y'])).toEqual(['first', 'second']);
    expect(data.documents).toEqual(['a.yaml', 'b.yaml']);
    // One line per message: a change of one count is a one-line diff.
    expect(text.split('\n').filter(line => line.includes('"second": 2'))).toHaveLength(1);
    const back = parseBaseline(text, 'x.json');
    expect(back.counts).toEqual(counts);
    expect(back.documents).toEqual(['a.yaml', 'b.yaml']);
  });

  test.each([
    ['', 'x.json is not a spectral-api-conventions baseline: invalid JSON'],
    ['[]', 'expected an object with "version": 1 and "findings"'],
    ['{"version": 2, "findings": {}}', 'expected "version": 1, not 2'],
    ['{"version": 1}', '"findings" must be an object'],
    ['{"version": 1, "findings": {"a.yaml": []}}', 'findings["a.yaml"] must be an object of rules'],
    [
      '{"version": 1, "findings": {"a": {"r": {"/x": {"m": 1.5}}}}}',
      'the count of r at a#/x must be a positive integer, not 1.5',
    ],
    ['{"version": 1, "documents": "a", "findings": {}}', '"documents" must be a list of file names'],
  ])('%s is refused: %s', (text, message) => {
    expect(() => parseBaseline(text, 'x.json')).toThrow(message);
  });

  test.each([
    [
      '{"version": 1, "findings": {"api/openapi.yaml": {"paths-kebab-case": []}}}',
      'findings["api/openapi.yaml"]["paths-kebab-case"] must be an object',
    ],
    [
      '{"version": 1, "findings": {"api/openapi.yaml": {"paths-kebab-case": {"/paths/~1Things": 1}}}}',
      'the entry of paths-kebab-case at api/openapi.yaml#/paths/~1Things must be an object of messages',
    ],
    [
      '{"version": 1, "findings": {"api/openapi.yaml": {"paths-kebab-case": {"/paths/~1Things": {"m": 0}}}}}',
      'the count of paths-kebab-case at api/openapi.yaml#/paths/~1Things must be a positive integer, not 0',
    ],
    [
      '{"version": 1, "findings": {"api/openapi.yaml": {"paths-kebab-case": {"/paths/~1Things": {"m": -2}}}}}',
      'the count of paths-kebab-case at api/openapi.yaml#/paths/~1Things must be a positive integer, not -2',
    ],
    [
      '{"version": 1, "findings": {"api/openapi.yaml": {"paths-kebab-case": {"/paths/~1Things": {"m": "1"}}}}}',
      'the count of paths-kebab-case at api/openapi.yaml#/paths/~1Things must be a positive integer, not "1"',
    ],
  ])('%s is refused with exactly: %s', (text, message) => {
    expect(() => parseBaseline(text, '.spectral-baseline.json')).toThrow(
      new Error(`.spectral-baseline.json is not a spectral-api-conventions baseline: ${message}`),
    );
  });

  test('a baseline without "documents" was made from none', () => {
    expect(parseBaseline('{"version": 1, "findings": {}}', 'x.json')).toEqual({ counts: new Map(), documents: [] });
  });

  test('a key counted 0 times (every defect of it fixed) is not written', () => {
    const counts = new Map([
      [baselineKey('api/openapi.yaml', 'paths-kebab-case', '/paths/~1Things', 'fixed'), 0],
      [baselineKey('api/openapi.yaml', 'paths-kebab-case', '/paths/~1Others', 'kept'), 2],
    ]);
    expect(parseBaselineFile(formatBaseline(counts, ['api/openapi.yaml'])).findings).toEqual({
      'api/openapi.yaml': { 'paths-kebab-case': { '/paths/~1Others': { kept: 2 } } },
    });
  });
});

describe('in the engine', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-baseline-lib-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const api = (operations: Record<string, object>) =>
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      servers: [{ url: 'https://x.example.com/ns/product/v1' }],
      paths: Object.fromEntries(Object.entries(operations).map(([path, responses]) => [path, { get: { responses } }])),
    });

  async function run(text: string, baseline?: string, recorder?: Recorder) {
    const source = join(dir, 'api.json');
    writeFileSync(source, text);
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    spectral.setRuleset(createRuleset(baseline === undefined ? {} : { baseline: join(dir, baseline) }));
    const document = new Document(text, Parsers.Json, source);
    if (recorder !== undefined) recordWith(document.data, recorder);
    return simplify(await spectral.run(document as never));
  }

  /** What the `baseline` command records: every defect's key, relative to the baseline's folder. */
  async function record(text: string) {
    const counts = new Map<string, number>();
    await run(text, undefined, {
      record: d => {
        const key = baselineKey(relativeTo(dir, d.file), d.rule, d.location, d.message);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      },
    });
    return counts;
  }

  test('counts per key: one missing code fixed leaves the other two matched; a new one is reported alone', async () => {
    const bare = api({ '/things': { '200': { description: 'OK' } } });
    const counts = await record(bare);
    expect([...counts.keys()].map(key => partsOf(key)[3])).toEqual([
      'No 400 response; every operation must define 400, 404 and 500',
      'No 404 response; every operation must define 400, 404 and 500',
      'No 500 response; every operation must define 400, 404 and 500',
    ]);
    writeFileSync(join(dir, 'b.json'), formatBaseline(counts, ['api.json']));
    expect(await run(bare, 'b.json')).toEqual([
      { code: 'baseline-suppressed', path: [], message: '3 known defects suppressed by ' + join(dir, 'b.json') },
    ]);
    const fixed400 = api({ '/things': { '200': { description: 'OK' }, '400': { description: 'Bad' } } });
    // (The bare 400 has defects of its own, of other rules; none of error-responses-required.)
    const after = await run(fixed400, 'b.json');
    expect(after.filter(f => f.code === 'baseline-suppressed' || f.code === 'error-responses-required')).toEqual([
      { code: 'baseline-suppressed', path: [], message: '2 known defects suppressed by ' + join(dir, 'b.json') },
    ]);
    const second = api({ '/things': { '200': { description: 'OK' } }, '/others': { '200': { description: 'OK' } } });
    expect((await run(second, 'b.json')).filter(f => f.code !== 'baseline-suppressed')).toEqual([
      {
        code: 'error-responses-required',
        path: ['paths', '/others', 'get', 'responses'],
        message: 'No 400, 404 or 500 response; every operation must define 400, 404 and 500',
      },
    ]);
  });

  test('with a recorder given with the document, nothing is suppressed, with a baseline or without (what `baseline` and `fix` rely on)', async () => {
    const bare = api({ '/things': { '200': { description: 'OK' } } });
    const counts = await record(bare);
    writeFileSync(join(dir, 'recorded.json'), formatBaseline(counts, ['api.json']));
    const recorded: string[] = [];
    const findings = await run(bare, 'recorded.json', {
      record: d => {
        recorded.push(d.message);
      },
    });
    expect(findings.filter(f => f.code === 'error-responses-required')).toHaveLength(1);
    expect(findings.some(f => f.code === 'baseline-suppressed')).toBe(false);
    expect(recorded.filter(message => message.startsWith('No '))).toHaveLength(3);
    // Without the recorder, the same baseline leaves the three out again.
    expect((await run(bare, 'recorded.json')).map(f => f.code)).toEqual(['baseline-suppressed']);
  });

  /**
   * What the filter relies on: Spectral calls every rule function of a document, in the ruleset's
   * order, before any promise one of them returned resumes. So `baseline-suppressed`, called after
   * all of ours, waits for every one of them (`pending`), and each reads the baseline of its own
   * document once it is loaded.
   */
  test("Spectral calls every rule function in the ruleset's order before any of them resumes", async () => {
    const source = join(dir, 'order.json');
    const text = api({ '/things': { '200': { description: 'OK' } } });
    writeFileSync(source, text);
    writeFileSync(join(dir, 'empty.json'), formatBaseline(new Map(), []));
    const definition = createRuleset({ baseline: join(dir, 'empty.json') });
    const log: string[] = [];
    type Fn = ((...args: unknown[]) => unknown) & { validator?: unknown };
    const rules = Object.fromEntries(
      Object.entries(definition.rules as Record<string, { then: { function: Fn } }>).map(([id, rule]) => {
        const fn = rule.then.function;
        const probe: Fn = (...args) => {
          log.push(`call ${id}`);
          const result = fn(...args);
          if (result instanceof Promise) void result.then(() => log.push(`resume ${id}`));
          return result;
        };
        if (fn.validator !== undefined) probe.validator = fn.validator;
        return [id, { ...rule, then: { ...rule.then, function: probe } }];
      }),
    );
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    spectral.setRuleset({ ...definition, rules } as RulesetDefinition);
    await spectral.run(new Document(text, Parsers.Json, source) as never);
    const ids = Object.keys(rules);
    expect(ids.slice(-2)).toEqual(['baseline-suppressed', 'baseline-invalid']);
    expect(log.slice(0, ids.length)).toEqual(ids.map(id => `call ${id}`));
    expect(log.slice(ids.length).every(entry => entry.startsWith('resume '))).toBe(true);
  });

  test("documentRule's filter hook sees each defect on its own before they merge, and decides what is reported", async () => {
    const seen: string[] = [];
    const filtered = errorResponsesRequired.withFilter((defects, context) => {
      seen.push(...defects.map(defect => `${String((context.rule as { name?: unknown }).name)}: ${defect.message}`));
      return defects.filter(defect => !defect.message.startsWith('No 400 '));
    });
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    const rule = { given: '$', resolved: false, message: '{{error}}', severity: 'warn' };
    spectral.setRuleset({
      rules: {
        'error-responses-required': { ...rule, then: { function: filtered } },
        plain: { ...rule, then: { function: errorResponsesRequired } },
      },
    } as never);
    const text = api({ '/things': { '200': { description: 'OK' } } });
    const findings = simplify(await spectral.run(new Document(text, Parsers.Json, join(dir, 'hook.json')) as never));
    expect(seen).toEqual([
      'error-responses-required: No 400 response; every operation must define 400, 404 and 500',
      'error-responses-required: No 404 response; every operation must define 400, 404 and 500',
      'error-responses-required: No 500 response; every operation must define 400, 404 and 500',
    ]);
    expect(findings.map(f => `${f.code}: ${f.message}`)).toEqual([
      'error-responses-required: No 404 or 500 response; every operation must define 400, 404 and 500',
      'plain: No 400, 404 or 500 response; every operation must define 400, 404 and 500',
    ]);
  });

  /** The message of a missing baseline for a document Spectral names by a Windows path (it writes the drive `c:`). */
  async function missingOnWindows(): Promise<string | undefined> {
    const text = api({ '/things': { '200': { description: 'OK' } } });
    const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
    spectral.setRuleset(createRuleset({ baseline: '.spectral-baseline.json' }));
    const document = new Document(text, Parsers.Json, 'C:\\p\\api\\openapi.json');
    const findings = simplify(await spectral.run(document as never));
    return findings.find(f => f.code === 'baseline-invalid')?.message;
  }

  test('a Windows document outside the working directory: its folder and each above it, up to the drive, are tried', async () => {
    expect(await missingOnWindows()).toBe(
      `baseline .spectral-baseline.json not found (looked for ${join(process.cwd(), '.spectral-baseline.json')}, c:/p/api/.spectral-baseline.json, c:/p/.spectral-baseline.json, c:/.spectral-baseline.json); no finding was suppressed`,
    );
  });

  test('a Windows document inside the working directory C:\\p: the walk stops there, whatever the case of the drive', async () => {
    const cwd = jest.spyOn(process, 'cwd').mockReturnValue('C:\\p');
    try {
      expect(await missingOnWindows()).toBe(
        'baseline .spectral-baseline.json not found (looked for C:/p/.spectral-baseline.json, c:/p/api/.spectral-baseline.json, c:/p/.spectral-baseline.json); no finding was suppressed',
      );
    } finally {
      cwd.mockRestore();
    }
  });

  test('no baseline: the ruleset has no baseline rules', () => {
    const plain = createRuleset();
    expect(Object.keys(plain.rules).some(id => id.startsWith('baseline'))).toBe(false);
    const withBaseline = createRuleset({ baseline: '.spectral-baseline.json' });
    expect(Object.keys(withBaseline.rules).filter(id => id.startsWith('baseline'))).toEqual([
      'baseline-suppressed',
      'baseline-invalid',
    ]);
  });

  test('a bad option is refused when the ruleset loads', () => {
    expect(() => createRuleset({ baseline: '' })).toThrow('option "baseline" must be the path of a baseline file');
    expect(() => createRuleset({ baseline: 3 as never })).toThrow('option "baseline"');
  });
});
