/**
 * The commands' argument parser (cli/shared/args.ts) and the comparison of known and today's findings
 * (cli/shared/moves.ts): tables of inputs and what they give.
 */
import { oneOf, optionsUsage, parseArgs } from '../../cli/shared/args';
import { UsageError } from '../../cli/shared/errors';
import { carryOver, compare, renameKeys } from '../../cli/shared/moves';
import { baselineKey } from '../../functions/lib/baseline-file';

const SPEC = {
  help: { names: ['-h', '--help'], help: 'this text' },
  check: { names: ['--check'], help: 'list what no longer matches' },
  prune: { names: ['--prune'], help: 'drop what no longer matches' },
  baseline: {
    names: ['-b', '--baseline'],
    value: 'a file',
    shows: '<file>',
    help: 'the baseline file\n(default: .spectral-baseline.json)',
  },
  format: { names: ['-f', '--format'], value: 'a format', shows: '<format>', help: 'json or yaml' },
  output: { names: ['-o', '--output'], value: 'a file', dotted: true, shows: '<file>', help: 'where it goes' },
};

test("optionsUsage: each option's spellings and value, then what it does, in one column; a second line under the first", () => {
  expect(optionsUsage(SPEC)).toBe(
    [
      '  -h, --help             this text',
      '  --check                list what no longer matches',
      '  --prune                drop what no longer matches',
      '  -b, --baseline <file>  the baseline file',
      '                         (default: .spectral-baseline.json)',
      '  -f, --format <format>  json or yaml',
      '  -o, --output <file>    where it goes',
    ].join('\n'),
  );
});

describe('parseArgs', () => {
  test('values after a space or an =, flags, repeated options, positionals in order', () => {
    const parsed = parseArgs(['a.yaml', '-b', 'x.json', '--format=json', '-f', 'sarif', '--check', 'b.yaml'], SPEC);
    expect(parsed.value('baseline')).toBe('x.json');
    expect(parsed.values('format')).toEqual(['json', 'sarif']);
    expect(parsed.has('check')).toBe(true);
    expect(parsed.has('prune')).toBe(false);
    expect(parsed.positionals).toEqual(['a.yaml', 'b.yaml']);
  });
  test('dotted options, as spectral lint writes --output.<format>', () => {
    const parsed = parseArgs(['--output.sarif', 'a.sarif', '--output.gitlab=b.json', '-o', 'c.txt'], SPEC);
    expect(parsed.dotted('output')).toEqual({ sarif: 'a.sarif', gitlab: 'b.json' });
    expect(parsed.value('output')).toBe('c.txt');
  });
  test('-- ends the options; a lone - is a positional', () => {
    expect(parseArgs(['-', '--', '--check', '-b'], SPEC).positionals).toEqual(['-', '--check', '-b']);
  });
  test.each([
    [['--bogus'], 'unknown option --bogus'],
    [['--check.x', 'y'], 'unknown option --check.x'],
    [['-b'], '-b needs a file'],
    [['--baseline='], '--baseline needs a file'],
    [['--check=yes'], '--check takes no value'],
    // A short option takes its value after a space, and has no dotted form.
    [['-f=json'], 'unknown option -f=json'],
    [['-o.sarif', 'a.sarif'], 'unknown option -o.sarif'],
  ])('%j: %s', (argv, message) => {
    expect(() => parseArgs(argv, SPEC)).toThrow(new UsageError(message));
  });
  test('oneOf: at most one mode', () => {
    expect(oneOf(parseArgs(['--prune'], SPEC), SPEC, ['check', 'prune'])).toBe('prune');
    expect(oneOf(parseArgs([], SPEC), SPEC, ['check', 'prune'])).toBeUndefined();
    expect(() => oneOf(parseArgs(['--prune', '--check'], SPEC), SPEC, ['check', 'prune'])).toThrow(
      '--check and --prune cannot be combined',
    );
  });
});

describe('compare: fixed, moved and new', () => {
  const k = (location: string, message = 'No 500 response', rule = 'error-responses-required', file = 'api.yaml') =>
    baselineKey(file, rule, location, message);
  const counts = (...entries: [string, number][]) => new Map(entries);

  test.each([
    [
      'a renamed path of the same shape: moved',
      counts([k('/paths/~1a~1orders~1v1~1invoices/get/responses'), 1]),
      counts([k('/paths/~1a~1billing~1v1~1invoices/get/responses'), 1]),
      { fixed: 0, moved: 1, added: 0 },
    ],
    [
      'parameters renamed at the same place: moved',
      counts([k('/paths/~1a~1b~1v1~1c~1{id}/get/responses'), 1]),
      counts([k('/paths/~1a~1b~1v1~1d~1{invoiceId}/get/responses'), 1]),
      { fixed: 0, moved: 1, added: 0 },
    ],
    [
      'one more segment: fixed and new',
      counts([k('/paths/~1a~1b~1v1~1c/get/responses'), 1]),
      counts([k('/paths/~1a~1b~1v1~1c~1d/get/responses'), 1]),
      { fixed: 1, moved: 0, added: 1 },
    ],
    [
      'another method: fixed and new',
      counts([k('/paths/~1a~1b~1v1~1c/get/responses'), 1]),
      counts([k('/paths/~1a~1b~1v1~1d/post/responses'), 1]),
      { fixed: 1, moved: 0, added: 1 },
    ],
    [
      'another message: fixed and new',
      counts([k('/paths/~1a~1b~1v1~1c/get/responses'), 1]),
      counts([k('/paths/~1a~1b~1v1~1d/get/responses', 'No 404 response'), 1]),
      { fixed: 1, moved: 0, added: 1 },
    ],
    [
      'a message naming the path follows it',
      counts([k('/paths/~1a~1b~1v1~1c/get', 'instance is not "GET /a/b/v1/c"', 'problem-example-instance'), 1]),
      counts([k('/paths/~1a~1x~1v1~1c/get', 'instance is not "GET /a/x/v1/c"', 'problem-example-instance'), 1]),
      { fixed: 0, moved: 1, added: 0 },
    ],
    [
      'the same path, fewer: fixed, never a move onto itself',
      counts([k('/paths/~1a~1b~1v1~1c/get/responses'), 2]),
      counts([k('/paths/~1a~1b~1v1~1c/get/responses'), 1]),
      { fixed: 1, moved: 0, added: 0 },
    ],
    [
      'outside /paths: fixed and new',
      counts([k('/components/responses/A'), 1]),
      counts([k('/components/responses/B'), 1]),
      { fixed: 1, moved: 0, added: 1 },
    ],
    [
      'two known, one moved: one moved, one fixed',
      counts([k('/paths/~1a~1b~1v1~1c/get/responses'), 2]),
      counts([k('/paths/~1a~1b~1v1~1d/get/responses'), 1]),
      { fixed: 1, moved: 1, added: 0 },
    ],
  ])('%s', (_name, known, now, expected) => {
    const { fixed, moved, added } = compare(known, now);
    const total = (list: unknown[][]) => list.reduce((n, item) => n + Number(item[item.length - 1]), 0);
    expect({ fixed: total(fixed), moved: total(moved), added: total(added) }).toEqual(expected);
  });

  test('carryOver: the moved count under its new key, the fixed one gone, nothing new added', () => {
    const known = counts([k('/paths/~1a~1b~1v1~1c/get/responses'), 1], [k('/paths/~1x~1y~1v1~1z/get/responses'), 1]);
    const now = counts([k('/paths/~1a~1b~1v1~1d/get/responses'), 1], [k('/paths/~1n~1e~1v1~1w/post/responses'), 1]);
    expect(carryOver(known, now, compare(known, now))).toEqual(counts([k('/paths/~1a~1b~1v1~1d/get/responses'), 1]));
  });

  test('renameKeys: counts of keys that meet add up', () => {
    const known = counts([k('/x', 'm', 'r', 'a.yaml'), 1], [k('/x', 'm', 'r', 'b.yaml'), 2]);
    expect(renameKeys(known, (_file, message) => ['c.yaml', message])).toEqual(
      counts([k('/x', 'm', 'r', 'c.yaml'), 3]),
    );
  });
});
