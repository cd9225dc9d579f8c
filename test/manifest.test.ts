/**
 * One source of truth for what `fix` does about each rule: the fix class of its entry in manifest.ts.
 * `fix --help`, docs/fix.md's two tables, each rule page's Fix section and the summary of a real fix
 * run all say what the manifest says.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import command from '../cli/fix/index';
import { fixText } from '../cli/fix-engine/engine';
import { RULES, RULE_IDS, RuleId, rulesAskedBy, rulesFixed, rulesReading } from '../manifest';
import { createRuleset } from '../ruleset';

const ROOT = resolve(__dirname, '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

async function helpText(): Promise<string> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation(chunk => {
    written.push(String(chunk));
    return true;
  });
  try {
    expect(await command.run(['--help'])).toBe(0);
  } finally {
    spy.mockRestore();
  }
  return written.join('');
}

/** The rules a docs/fix.md table links, the table being the one after the line starting with `intro`. */
function fixTable(intro: string): string[] {
  const text = read('docs/fix.md');
  const start = text.indexOf(`\n${intro}`);
  expect(start).toBeGreaterThan(0);
  const table = text.slice(start).split('\n\n')[1];
  return [...table.matchAll(/^\| \[`([a-z0-9-]+)`\]\(rules\//gm)].map(match => match[1]);
}

describe('what is fixed, by default or with --unsafe', () => {
  const safe = rulesFixed('safe');
  const unsafe = rulesFixed('unsafe');

  test('the manifest: title, type, instance and the string status (problem-example-members) by default', () => {
    expect([...safe].sort()).toEqual([
      'problem-example-instance',
      'problem-example-members',
      'problem-example-title',
      'problem-example-type',
    ]);
    expect(unsafe).toEqual([
      'error-responses-required',
      'error-responses-secured',
      'error-response-examples',
      'error-response-problem-media-type',
      'list-filter-extensible-enum',
    ]);
  });

  test('fix --help lists exactly those', async () => {
    const help = await helpText();
    expect(help).toContain(`\nsafe fixes: ${safe.join(', ')}\n`);
    expect(help).toContain(`\nunsafe fixes: ${unsafe.join(', ')}\n`);
  });

  test("docs/fix.md's two tables list exactly those", () => {
    expect(fixTable('Safe fixes, applied by default').sort()).toEqual([...safe].sort());
    expect(fixTable('Contract fixes, only with `--unsafe`').sort()).toEqual([...unsafe].sort());
  });

  test.each(RULE_IDS)("docs/rules/%s.md's Fix section says what its fix class says", id => {
    const page = read(`docs/rules/${id}.md`);
    const section = page.slice(page.indexOf('\n## Fix\n') + '\n## Fix\n'.length).trimStart();
    const opening = { safe: 'Fixed by default', unsafe: 'With `--unsafe`', none: 'No automatic fix' };
    expect(section.startsWith(opening[RULES[id].fix.class])).toBe(true);
  });

  test('every `alsoAskedAs` names a rule; --rule problem-example-status asks for the string status fix', () => {
    for (const id of RULE_IDS) {
      const fix = RULES[id].fix;
      if ('alsoAskedAs' in fix) expect(RULE_IDS).toContain(fix.alsoAskedAs);
    }
    expect(rulesAskedBy('problem-example-status')).toEqual(['problem-example-status', 'problem-example-members']);
    expect(rulesAskedBy('problem-example-title')).toEqual(['problem-example-title']);
  });
});

describe("a real fix run's summary counts each fix under the rule the manifest names", () => {
  const loaded = {
    ruleset: new Ruleset(createRuleset()),
    file: 'ruleset.ts',
    typeStyle: 'rfc9110',
    registry: undefined,
  };
  const document = [
    'openapi: 3.0.3',
    'info: {title: Things, version: "1"}',
    'servers: [{url: "https://api.example.com/shop/things/v1"}]',
    'paths:',
    '  /things:',
    '    get:',
    '      responses:',
    "        '200': {description: OK}",
    "        '400': {$ref: '#/components/responses/BadRequest'}",
    "        '404':",
    '          description: Not found.',
    '          content:',
    '            application/problem+json:',
    '              example:',
    "                status: '404'",
    '                title: Not Found',
    '                detail: No such thing.',
    '                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5',
    '                instance: GET /things',
    "        '500': {$ref: '#/components/responses/BadRequest'}",
    'components:',
    '  responses:',
    '    BadRequest:',
    '      description: Bad request.',
    '      content:',
    '        application/problem+json:',
    '          example:',
    '            status: 400',
    '            title: Bad Request',
    '            detail: Bad.',
    '            type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1',
    '            instance: GET /things',
    '',
  ].join('\n');

  test.each([[[]], [['problem-example-members']], [['problem-example-status']]])(
    '--rule %j: the string status is fixed, under problem-example-members; the 400 used as the 500 is left with the manifest’s reason',
    async rules => {
      const result = await fixText(loaded, document, join(ROOT, 'fixtures/inline.yaml'), { rules, unsafe: false });
      expect(result.after).toContain('status: 404\n                title: Not Found');
      expect(result.summary.get('problem-example-members')).toMatchObject({ fixed: 1, left: 0 });
      const status = result.summary.get('problem-example-status');
      if (rules.length === 1 && rules[0] === 'problem-example-members') {
        // Only the named rule was asked for: problem-example-status's finding is not its fix.
        expect(status?.fixed ?? 0).toBe(0);
      } else {
        expect(status).toMatchObject({ fixed: 0, left: 1 });
        expect([...status!.reasons.keys()]).toEqual([`no fix: ${RULES['problem-example-status'].fix.reason}`]);
      }
    },
  );
});

test('the options the CLI reads back from a loaded ruleset are the ones rules read (manifest.ts)', () => {
  expect(rulesReading('typeStyle')).toEqual(['problem-example-type']);
  expect(rulesReading('registry')).toEqual(['problem-registry-single', 'problem-registry-shape']);
  const rules = createRuleset({ registry: 'r.yaml', typeStyle: 'any-uri' }).rules as Record<
    RuleId,
    { then: { functionOptions?: Record<string, unknown> } }
  >;
  for (const option of ['typeStyle', 'registry'] as const)
    for (const id of rulesReading(option)) expect(rules[id].then.functionOptions?.[option]).toBeDefined();
});
