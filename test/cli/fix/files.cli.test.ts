/**
 * `fix` never harms a file: the built bin on files as teams have them (encodings, links, permissions,
 * owners), each asserting the exact bytes before and after.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureBuilt } from '../../__helpers__/built';

const ROOT = resolve(__dirname, '../../..');
const GOLDEN = join(__dirname, 'golden');
const CLI = join(ROOT, 'dist/cli.js');
const BEFORE = readFileSync(join(GOLDEN, 'safe-comments.before.yaml'));
const AFTER = readFileSync(join(GOLDEN, 'safe-comments.after.yaml'));

let dir: string;

function fix(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, 'fix', ...args], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const write = (name: string, bytes: Buffer | string): string => {
  writeFileSync(join(dir, name), bytes);
  return join(dir, name);
};

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-files-'));
  writeFileSync(join(dir, '.spectral.yaml'), `extends: [${JSON.stringify(join(ROOT, 'dist/ruleset.js'))}]\n`);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** No temporary file is left beside the fixed ones. */
afterEach(() => {
  expect(readdirSync(dir).filter(name => name.endsWith('.tmp'))).toEqual([]);
});

describe('encodings', () => {
  // The Latin-1 ü sits in info.title's comment, on a line no fix touches.
  const latin1 = Buffer.concat([
    BEFORE.subarray(0, BEFORE.indexOf('# the title')),
    Buffer.from([0xfc]),
    BEFORE.subarray(BEFORE.indexOf('# the title')),
  ]);
  const offset = BEFORE.indexOf('# the title');

  test.each([[[]], [['--dry-run']]])(
    'a Latin-1 byte: refused with its offset, exit 2, the bytes unchanged (%j)',
    args => {
      const file = write('latin1.yaml', latin1);
      const run = fix(...args, 'latin1.yaml');
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `spectral-api-conventions fix: latin1.yaml is not UTF-8: byte ${offset} (0xfc) is not valid UTF-8; save it as UTF-8 first\n`,
      );
      expect(readFileSync(file)).toEqual(latin1);
    },
  );

  test.each([
    ['UTF-16LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BEFORE.toString('utf8'), 'utf16le')])],
    ['UTF-16BE', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(BEFORE.toString('utf8'), 'utf16le').swap16()])],
  ])('%s with a byte order mark: refused, exit 2, the bytes unchanged', (encoding, bytes) => {
    const file = write('utf16.yaml', bytes);
    const run = fix('utf16.yaml');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `spectral-api-conventions fix: utf16.yaml is ${encoding} (its byte order mark says so); only UTF-8 files are read and written\n`,
    );
    expect(readFileSync(file)).toEqual(bytes);
  });

  test('UTF-16 without a byte order mark (NUL bytes): refused, exit 2, the bytes unchanged', () => {
    const bytes = Buffer.from(BEFORE.toString('utf8'), 'utf16le');
    const file = write('utf16-nobom.yaml', bytes);
    const run = fix('utf16-nobom.yaml');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'spectral-api-conventions fix: utf16-nobom.yaml has a NUL byte at offset 1 (UTF-16 or UTF-32?); only UTF-8 files are read and written\n',
    );
    expect(readFileSync(file)).toEqual(bytes);
  });

  test('a UTF-8 byte order mark and non-ASCII text stay', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const withText = (b: Buffer): Buffer =>
      Buffer.from(b.toString('utf8').replace('Orders   #', 'Bestellungen Ü →   #'));
    const file = write('bom.yaml', Buffer.concat([bom, withText(BEFORE)]));
    const run = fix('bom.yaml');
    expect(run.status).toBe(0);
    expect(readFileSync(file)).toEqual(Buffer.concat([bom, withText(AFTER)]));
  });
});

describe('links, permissions, owners', () => {
  test('a symbolic link: its target is edited, the link stays a link to it', () => {
    const target = write('target.yaml', BEFORE);
    symlinkSync('target.yaml', join(dir, 'link.yaml'));
    const run = fix('link.yaml');
    expect(run.status).toBe(0);
    expect(lstatSync(join(dir, 'link.yaml')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.yaml'))).toBe('target.yaml');
    expect(readFileSync(target)).toEqual(AFTER);
  });

  test('a file with two hard links: both names still share one inode, with the fixed bytes', () => {
    const first = write('hard-a.yaml', BEFORE);
    linkSync(first, join(dir, 'hard-b.yaml'));
    const inode = statSync(first).ino;
    const run = fix('hard-a.yaml');
    expect(run.status).toBe(0);
    expect(statSync(first).ino).toBe(inode);
    expect(statSync(join(dir, 'hard-b.yaml')).ino).toBe(inode);
    expect(statSync(first).nlink).toBe(2);
    expect(readFileSync(join(dir, 'hard-b.yaml'))).toEqual(AFTER);
  });

  test('a read-only file (0444): refused with exit 2, even for root; the bytes unchanged; --dry-run still works', () => {
    const file = write('readonly.yaml', BEFORE);
    chmodSync(file, 0o444);
    const run = fix('readonly.yaml');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'spectral-api-conventions fix: readonly.yaml is read-only (mode 444); nothing written (--dry-run shows the fixes)\n',
    );
    expect(readFileSync(file)).toEqual(BEFORE);
    expect(fix('--dry-run', 'readonly.yaml').status).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  test('the mode stays (0640, setgid bit included)', () => {
    const file = write('mode.yaml', BEFORE);
    chmodSync(file, 0o2640);
    expect(fix('mode.yaml').status).toBe(0);
    expect(statSync(file).mode & 0o7777).toBe(0o2640);
    expect(readFileSync(file)).toEqual(AFTER);
  });

  const root = process.getuid?.() === 0;
  (root ? test : test.skip)('the owner stays when root fixes another user’s file', () => {
    const file = write('owner.yaml', BEFORE);
    chownSync(file, 4321, 4322);
    expect(fix('owner.yaml').status).toBe(0);
    expect([statSync(file).uid, statSync(file).gid]).toEqual([4321, 4322]);
    expect(readFileSync(file)).toEqual(AFTER);
  });
});

describe('under the baseline preset', () => {
  test('item 3: fix sees and fixes baselined findings, exits 0, and says how to bring the baseline up to date', () => {
    const sub = join(dir, 'baselined');
    mkdirSync(sub);
    writeFileSync(join(sub, '.spectral.yaml'), `extends: [${JSON.stringify(join(ROOT, 'presets/baseline.js'))}]\n`);
    const file = join(sub, 'api.yaml');
    writeFileSync(file, BEFORE);
    const record = spawnSync(process.execPath, [CLI, 'baseline', 'api.yaml'], { cwd: sub, encoding: 'utf8' });
    expect(record.status).toBe(0);
    const run = spawnSync(process.execPath, [CLI, 'fix', 'api.yaml'], { cwd: sub, encoding: 'utf8' });
    expect(run.stdout).toBe(
      [
        'api.yaml: 7 fixed, 0 left',
        'rule                      fixed  left  why left',
        'problem-example-instance  1      0',
        'problem-example-members   1      0',
        'problem-example-title     3      0',
        'problem-example-type      2      0',
        'api.yaml: the baseline may still count findings fixed here; `spectral-api-conventions baseline --prune` drops them',
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(0);
    expect(readFileSync(file)).toEqual(AFTER);
  });
});
