/**
 * What every rule function shares (functions/lib/rule.ts): a bug of ours becomes one finding at the
 * root, never an exception that aborts Spectral's lint, nor silence; and a document Spectral could
 * not parse gets no findings from our rules.
 */
import { createRuleset, RuleId } from '../ruleset';
import { lint } from './__helpers__/spectral';

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
