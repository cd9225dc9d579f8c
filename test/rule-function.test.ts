/**
 * What every rule function shares (functions/lib/rule.ts): a bug of ours becomes one finding at the
 * root, never an exception that aborts Spectral's lint, nor silence; and a document Spectral could
 * not parse gets no findings from our rules.
 */
import { onePerPlace } from '../functions/lib/rule';
import { createRuleset, RuleId } from '../ruleset';
import { Spectral } from '@stoplight/spectral-core';
import { lint, simplify, toDocument } from './__helpers__/spectral';

const ruleset = createRuleset();
const ids = Object.keys(ruleset.rules) as RuleId[];

/** A document whose every member read fails: what a bug in our own code looks like from inside. */
const hostile = new Proxy(
  { openapi: '3.1.0' },
  {
    get(target, key) {
      if (key === 'openapi' || typeof key === 'symbol') return Reflect.get(target, key) as unknown;
      throw new Error(`cannot read ${String(key)}`);
    },
  },
);

const context = (rule: RuleId) =>
  ({
    rule: { ...(ruleset.rules[rule] as object), resolved: true },
    document: { data: hostile, diagnostics: [] },
    path: [],
    documentInventory: {},
  }) as never;

describe('a rule function that fails on a document', () => {
  const thrown = process.env.SPECTRAL_API_CONVENTIONS_THROW;
  afterEach(() => {
    process.env.SPECTRAL_API_CONVENTIONS_THROW = thrown;
  });

  test.each(ids)('%s reports one finding at the root saying so', id => {
    delete process.env.SPECTRAL_API_CONVENTIONS_THROW;
    const fn = (ruleset.rules[id] as { then: { function: (...args: unknown[]) => unknown; functionOptions?: unknown } })
      .then;
    expect(fn.function(hostile, fn.functionOptions ?? null, context(id))).toEqual([
      {
        message: expect.stringMatching(
          /^rule could not check this document: cannot read \w+; please report it$/,
        ) as unknown,
        path: [],
      },
    ]);
  });

  test('with SPECTRAL_API_CONVENTIONS_THROW=1 (tests, fuzz, corpus) it throws instead', () => {
    process.env.SPECTRAL_API_CONVENTIONS_THROW = '1';
    const fn = (ruleset.rules['error-responses-required'] as { then: { function: (...args: unknown[]) => unknown } })
      .then;
    expect(() => fn.function(hostile, null, context('error-responses-required'))).toThrow('cannot read swagger');
  });

  // Spectral also runs in browsers (Stoplight's web editors): no `process` there, or a shim without `env`.
  test.each([
    ['no process at all', undefined],
    ['a process shim without env', { browser: true }],
  ])('where there is %s (a browser), it reports the finding', (_name, shim) => {
    const fn = (ruleset.rules['error-responses-required'] as { then: { function: (...args: unknown[]) => unknown } })
      .then;
    const globals = globalThis as { process?: unknown };
    const real = globals.process;
    let results: unknown;
    try {
      if (shim === undefined) delete globals.process;
      else globals.process = shim;
      results = fn.function(hostile, null, context('error-responses-required'));
    } finally {
      globals.process = real;
    }
    expect(results).toEqual([
      { message: 'rule could not check this document: cannot read swagger; please report it', path: [] },
    ]);
  });
});

test("a document with parser errors gets no findings from our rules, only Spectral's parser finding", async () => {
  const broken = [
    'openapi: 3.1.0',
    'info: { title: Orders, version: 1.0.0 }',
    'paths:',
    '  /orders:',
    '    get:',
    '      responses:',
    "        '200': { description: OK }",
    "        '400: { description: Bad Request }",
    '',
  ].join('\n');
  const findings = await lint(broken);
  expect(findings.length).toBeGreaterThan(0);
  expect(findings.every(f => f.code === 'parser')).toBe(true);
  // The same document, parsed: our rules do judge it.
  const fixed = broken.replace("'400:", "'400':");
  expect((await lint(fixed)).map(f => f.code)).toContain('error-responses-required');
});

test('with parserOptions incompatibleValues: warn, a YAML document with an unquoted status code (a parser warning, not an error) is judged by our rules', async () => {
  const document = [
    'openapi: 3.1.0',
    'info: { title: Orders, version: 1.0.0 }',
    'paths:',
    '  /orders:',
    '    get:',
    '      responses:',
    '        200: { description: OK }',
    '',
  ].join('\n');
  const spectral = new Spectral();
  spectral.setRuleset({ ...createRuleset(), parserOptions: { incompatibleValues: 'warn' } });
  const findings = simplify(await spectral.run(toDocument(document)));
  expect(findings.filter(f => f.code === 'parser').map(f => f.message)).toEqual([
    'Mapping key must be a string scalar rather than number',
  ]);
  expect(findings).toContainEqual({
    code: 'error-responses-required',
    path: ['paths', '/orders', 'get', 'responses'],
    message: 'No 400, 404 or 500 response; every operation must define 400, 404 and 500',
  });
});

test('onePerPlace: a finding without a path is at the root (where a `given: $` rule reports), with the findings at path []', () => {
  expect(
    onePerPlace([
      { message: 'rule could not check this document: boom; please report it' },
      { message: 'No 400 response', path: [] },
    ]),
  ).toEqual([{ message: 'rule could not check this document: boom; please report it; and No 400 response' }]);
});
