/**
 * Reading and writing users' files (cli/shared/files.ts), in process on real files in temporary folders:
 * the first byte that is not UTF-8, the sentences users read when a file cannot be read or written,
 * the encodings refused, and the writer keeping links, hard links, mode and owner, atomically.
 * (test/cli/fix/files.cli.test.ts shows the same through the built bin.) Some refusals depend on who runs the
 * tests: root reads and writes any file its mode forbids, so those run only for other users; an
 * immutable file or folder (chattr +i) refuses root too, and is used where the machine allows it.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangedMeanwhile,
  FileRefusal,
  cannotWrite,
  firstBadByte,
  readText,
  sentence,
  writeAtomically,
} from '../../cli/shared/files';

const root = process.getuid?.() === 0;
const asRoot = root ? test : test.skip;
const notRoot = root ? test.skip : test;

const folders: string[] = [];
/** Files and folders made immutable by a test, made mutable again before the folders go. */
const immutables: string[] = [];
afterEach(() => {
  for (const path of immutables.splice(0)) spawnSync('chattr', ['-i', path]);
  for (const folder of folders.splice(0)) {
    chmodSync(folder, 0o700);
    rmSync(folder, { recursive: true, force: true });
  }
});
const temporary = (): string => {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'spectral-api-conventions-files-test-')));
  folders.push(folder);
  return folder;
};

/** Makes `path` immutable (chattr +i), or says the machine does not allow it (not root, tmpfs, no chattr). */
const immutable = (path: string): boolean => {
  if (!root || spawnSync('chattr', ['+i', path]).status !== 0) return false;
  immutables.push(path);
  return true;
};
/** Whether this machine lets the tests make a file immutable. */
const chattrWorks = ((): boolean => {
  if (!root) return false;
  const folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-files-chattr-'));
  try {
    writeFileSync(join(folder, 'probe'), '');
    if (spawnSync('chattr', ['+i', join(folder, 'probe')]).status !== 0) return false;
    spawnSync('chattr', ['-i', join(folder, 'probe')]);
    return true;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
})();
const withChattr = chattrWorks ? test : test.skip;

/** The open file descriptors of this process (Linux), to see that the writer closes what it opens. */
const openFiles = (): number => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map(part => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

/** The sentence of the FileRefusal that `read` throws. */
const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(FileRefusal);
    return (error as Error).message;
  }
  throw new Error('no refusal');
};

describe('firstBadByte: the offset of the first byte that is not UTF-8, -1 when all are', () => {
  test.each<[string, Buffer, number]>([
    ['an empty file', bytes(), -1],
    ['ASCII only', bytes('openapi: 3.1.0\ninfo:\n  title: Orders\n'), -1],
    ['German, French, the euro sign and an emoji', bytes('title: Müller – café € 😀\n'), -1],
    ['the smallest and largest two-byte forms (U+0080, U+07FF)', bytes([0xc2, 0x80, 0xdf, 0xbf]), -1],
    ['the smallest three-byte form (U+0800) and U+0FFF', bytes([0xe0, 0xa0, 0x80, 0xe0, 0xbf, 0xbf]), -1],
    [
      'the last code points before and after the surrogates (U+D7FF, U+E000)',
      bytes([0xed, 0x9f, 0xbf, 0xee, 0x80, 0x80]),
      -1,
    ],
    ['U+D000 and U+FFFF', bytes([0xed, 0x80, 0x80, 0xef, 0xbf, 0xbf]), -1],
    ['the smallest four-byte form (U+10000) and U+3FFFF', bytes([0xf0, 0x90, 0x80, 0x80, 0xf0, 0xbf, 0xbf, 0xbf]), -1],
    ['U+100000 and the last code point U+10FFFF', bytes([0xf4, 0x80, 0x80, 0x80, 0xf4, 0x8f, 0xbf, 0xbf]), -1],
    ['a Latin-1 ü in a title', bytes('title: M', [0xfc], 'ller\n'), 8],
    ['a Windows-1252 right quote after é', bytes('é', [0x92], 's'), 2],
    ['a continuation byte with no lead byte', bytes('abc', [0x80]), 3],
    ['a file cut in the middle of an emoji (three continuation bytes first)', bytes([0x9f, 0x98, 0x80], '\n'), 0],
    ['Latin-1 °±²³ (four bytes in the continuation range)', bytes('unit: ', [0xb0, 0xb1, 0xb2, 0xb3]), 6],
    ['0xc0 0x80, the overlong NUL', bytes('a', [0xc0, 0x80]), 1],
    ['0xc1 0xbf, an overlong two-byte form', bytes([0xc1, 0xbf]), 0],
    ['an overlong three-byte form (0xe0 0x9f 0xbf)', bytes('ab', [0xe0, 0x9f, 0xbf]), 2],
    ['an overlong three-byte slash (0xe0 0x80 0xaf)', bytes([0xe0, 0x80, 0xaf]), 0],
    ['a UTF-16 high surrogate (0xed 0xa0 0x80)', bytes('x: ', [0xed, 0xa0, 0x80]), 3],
    ['a UTF-16 low surrogate (0xed 0xbf 0xbf)', bytes([0xed, 0xbf, 0xbf]), 0],
    ['an overlong four-byte form (0xf0 0x8f 0xbf 0xbf)', bytes('é', [0xf0, 0x8f, 0xbf, 0xbf]), 2],
    ['0xf0 0x80 0x80 0x80, an overlong four-byte form', bytes([0xf0, 0x80, 0x80, 0x80]), 0],
    ['U+110000, past the last code point (0xf4 0x90 0x80 0x80)', bytes('a', [0xf4, 0x90, 0x80, 0x80]), 1],
    ['0xf5, a lead byte of code points past U+10FFFF', bytes([0xf5, 0x80, 0x80, 0x80]), 0],
    ['0xf8, a five-byte lead byte', bytes('ab', [0xf8, 0x88, 0x80, 0x80, 0x80]), 2],
    ['0xff', bytes([0xff, 0x80, 0x80, 0x80]), 0],
    ['a two-byte form cut at the end of the file', bytes('ab', [0xc3]), 2],
    ['a three-byte form cut at the end of the file', bytes('ab', [0xe2, 0x82]), 2],
    ['a four-byte form cut at the end of the file', bytes('€', [0xf0, 0x9f, 0x98]), 3],
    ['a two-byte form whose second byte is ASCII', bytes([0xc3, 0x41]), 0],
    ['a two-byte form whose second byte is a lead byte', bytes([0xc2, 0xc0]), 0],
    ['a three-byte form whose third byte is ASCII', bytes([0xe2, 0x82, 0x41]), 0],
    ['a four-byte form whose third byte is ASCII', bytes([0xf0, 0x9f, 0x41, 0x80]), 0],
    ['a four-byte form whose fourth byte is ASCII', bytes([0xf0, 0x9f, 0x98, 0x41]), 0],
  ])('%s: %d', (_, input, expected) => {
    expect(firstBadByte(input)).toBe(expected);
  });
});

describe('sentence: why a file could not be read, naming it', () => {
  test('a real "no permission" error (access asking to execute a file without any execute bit, which refuses root too)', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.1.0\n');
    let error: unknown;
    try {
      accessSync(join(folder, 'api.yaml'), constants.X_OK);
    } catch (caught) {
      error = caught;
    }
    expect((error as NodeJS.ErrnoException).code).toBe('EACCES');
    expect(sentence(error, 'api.yaml')).toBe('api.yaml cannot be read: no permission');
  });

  test('a real "operation not permitted" error (a hard link to a folder)', () => {
    const folder = temporary();
    let error: unknown;
    try {
      linkSync(folder, join(folder, 'again'));
    } catch (caught) {
      error = caught;
    }
    expect((error as NodeJS.ErrnoException).code).toBe('EPERM');
    expect(sentence(error, 'specs')).toBe('specs cannot be read: no permission');
  });
});

describe('readText', () => {
  test.each<[string, Buffer, string]>([
    [
      'a YAML document',
      bytes('openapi: 3.1.0\ninfo:\n  title: Bestellungen Ü →\n'),
      'openapi: 3.1.0\ninfo:\n  title: Bestellungen Ü →\n',
    ],
    ['Windows line ends (CRLF)', bytes('openapi: 3.1.0\r\ninfo: {}\r\n'), 'openapi: 3.1.0\r\ninfo: {}\r\n'],
    ['an empty file', bytes(), ''],
    [
      'a UTF-8 byte order mark, kept as U+FEFF',
      bytes([0xef, 0xbb, 0xbf], '{"openapi": "3.1.0"}'),
      '\ufeff{"openapi": "3.1.0"}',
    ],
    ['an emoji at the very end', bytes('x: 😀'), 'x: 😀'],
  ])('%s: the text as it is', (_, content, text) => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), content);
    expect(readText(join(folder, 'api.yaml'), 'api.yaml')).toBe(text);
  });

  test.each<[string, Buffer, string]>([
    ['UTF-32LE (its', bytes([0xff, 0xfe, 0x00, 0x00], [0x6f, 0, 0, 0]), 'UTF-32LE'],
    ['UTF-32BE (its', bytes([0x00, 0x00, 0xfe, 0xff], [0, 0, 0, 0x6f]), 'UTF-32BE'],
    [
      'UTF-16LE (with text after its',
      Buffer.concat([bytes([0xff, 0xfe]), Buffer.from('openapi: 3.1.0\n', 'utf16le')]),
      'UTF-16LE',
    ],
    [
      'UTF-16BE (its',
      Buffer.concat([bytes([0xfe, 0xff]), Buffer.from('openapi: 3.1.0\n', 'utf16le').swap16()]),
      'UTF-16BE',
    ],
    ['UTF-16LE (nothing after its', bytes([0xff, 0xfe]), 'UTF-16LE'],
  ])('%s byte order mark): refused, naming the encoding', (_, content, encoding) => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), content);
    expect(refusal(() => readText(join(folder, 'api.yaml'), 'api.yaml'))).toBe(
      `api.yaml is ${encoding} (its byte order mark says so); only UTF-8 files are read and written`,
    );
  });

  test.each<[string, Buffer, string]>([
    ['a Latin-1 ü in the title', bytes('info:\n  title: M', [0xfc], 'ller\n'), 'byte 16 (0xfc)'],
    ['0xff, not a byte order mark', bytes([0xff, 0x41]), 'byte 0 (0xff)'],
    ['an encoded UTF-16 surrogate (CESU-8)', bytes('x: ', [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]), 'byte 3 (0xed)'],
    ['a four-byte form cut at the end', bytes('x: é', [0xf0, 0x9f]), 'byte 5 (0xf0)'],
  ])('%s: refused with the offset and the byte', (_, content, where) => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), content);
    expect(refusal(() => readText(join(folder, 'api.yaml'), 'api.yaml'))).toBe(
      `api.yaml is not UTF-8: ${where} is not valid UTF-8; save it as UTF-8 first`,
    );
  });

  test.each<[string, Buffer, number]>([
    ['UTF-16LE without a byte order mark', Buffer.from('openapi: 3.1.0\n', 'utf16le'), 1],
    ['UTF-16BE without a byte order mark', Buffer.from('openapi: 3.1.0\n', 'utf16le').swap16(), 0],
    ['a NUL byte after the text', bytes('openapi: 3.1.0\n', [0]), 15],
  ])('%s: refused with the offset of the NUL byte', (_, content, offset) => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), content);
    expect(refusal(() => readText(join(folder, 'api.yaml'), 'api.yaml'))).toBe(
      `api.yaml has a NUL byte at offset ${offset} (UTF-16 or UTF-32?); only UTF-8 files are read and written`,
    );
  });

  test('without a name, the sentence names the path', () => {
    const folder = temporary();
    expect(refusal(() => readText(join(folder, 'api.yaml')))).toBe(`${join(folder, 'api.yaml')} does not exist`);
  });

  test('a missing file, a folder, a dangling link, links in a loop, a path through a file', () => {
    const folder = temporary();
    mkdirSync(join(folder, 'specs'));
    symlinkSync('gone.yaml', join(folder, 'dangling.yaml'));
    symlinkSync('self.yaml', join(folder, 'self.yaml'));
    symlinkSync('b.yaml', join(folder, 'a.yaml'));
    symlinkSync('a.yaml', join(folder, 'b.yaml'));
    writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.1.0\n');
    const read = (file: string): string => refusal(() => readText(join(folder, file), file));
    expect(read('missing.yaml')).toBe('missing.yaml does not exist');
    expect(read('specs')).toBe('specs is a folder, not a document');
    expect(read('dangling.yaml')).toBe('dangling.yaml does not exist');
    expect(read('self.yaml')).toBe('self.yaml is a symbolic link that leads back to itself');
    expect(read('a.yaml')).toBe('a.yaml is a symbolic link that leads back to itself');
    expect(read('api.yaml/paths.yaml')).toBe(
      `api.yaml/paths.yaml cannot be read: ENOTDIR: not a directory, open '${join(folder, 'api.yaml/paths.yaml')}'`,
    );
  });

  test('through a chain of relative links to a file in another folder: the file’s text', () => {
    const folder = temporary();
    mkdirSync(join(folder, 'shared'));
    mkdirSync(join(folder, 'service'));
    writeFileSync(join(folder, 'shared/api.yaml'), 'openapi: 3.1.0\n');
    symlinkSync('../shared/api.yaml', join(folder, 'service/api.yaml'));
    symlinkSync('service/api.yaml', join(folder, 'api.yaml'));
    expect(readText(join(folder, 'api.yaml'), 'api.yaml')).toBe('openapi: 3.1.0\n');
  });

  notRoot('a file without read permission (0000): cannot be read', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.1.0\n');
    chmodSync(join(folder, 'api.yaml'), 0o000);
    expect(refusal(() => readText(join(folder, 'api.yaml'), 'api.yaml'))).toBe(
      'api.yaml cannot be read: no permission',
    );
  });
});

describe('cannotWrite', () => {
  test('a writable file, or a link to one: nothing against it', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.1.0\n');
    symlinkSync('api.yaml', join(folder, 'link.yaml'));
    expect(cannotWrite(join(folder, 'api.yaml'), 'api.yaml')).toBeUndefined();
    expect(cannotWrite(join(folder, 'link.yaml'))).toBeUndefined();
  });

  test.each<[string, number]>([
    ['444', 0o444],
    ['400', 0o400],
    ['440', 0o440],
  ])('a read-only file (%s), even for root, or a link to it: read-only, with its mode', (shown, mode) => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.1.0\n');
    chmodSync(join(folder, 'api.yaml'), mode);
    symlinkSync('api.yaml', join(folder, 'link.yaml'));
    expect(cannotWrite(join(folder, 'api.yaml'), 'api.yaml')).toBe(`api.yaml is read-only (mode ${shown})`);
    expect(cannotWrite(join(folder, 'link.yaml'), 'link.yaml')).toBe(`link.yaml is read-only (mode ${shown})`);
  });

  test('a missing file, a dangling link, a link to itself: the reader’s sentences', () => {
    const folder = temporary();
    symlinkSync('gone.yaml', join(folder, 'dangling.yaml'));
    symlinkSync('self.yaml', join(folder, 'self.yaml'));
    expect(cannotWrite(join(folder, 'missing.yaml'))).toBe(`${join(folder, 'missing.yaml')} does not exist`);
    expect(cannotWrite(join(folder, 'dangling.yaml'), 'dangling.yaml')).toBe('dangling.yaml does not exist');
    expect(cannotWrite(join(folder, 'self.yaml'), 'self.yaml')).toBe(
      'self.yaml is a symbolic link that leads back to itself',
    );
  });

  withChattr('an immutable file (chattr +i), refused even for root: cannot be written', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), 'openapi: 3.1.0\n');
    expect(immutable(join(folder, 'api.yaml'))).toBe(true);
    expect(cannotWrite(join(folder, 'api.yaml'), 'api.yaml')).toBe('api.yaml cannot be written: no permission');
  });

  withChattr(
    'in an immutable folder: a file is refused (its atomic rename needs the folder); a file with a second hard link elsewhere is not (it is written in place)',
    () => {
      const folder = temporary();
      mkdirSync(join(folder, 'locked'));
      writeFileSync(join(folder, 'locked/api.yaml'), 'openapi: 3.1.0\n');
      writeFileSync(join(folder, 'locked/linked.yaml'), 'openapi: 3.1.0\n');
      linkSync(join(folder, 'locked/linked.yaml'), join(folder, 'linked.yaml'));
      expect(immutable(join(folder, 'locked'))).toBe(true);
      expect(cannotWrite(join(folder, 'locked/api.yaml'), 'api.yaml')).toBe(
        'api.yaml cannot be written: no permission',
      );
      expect(cannotWrite(join(folder, 'locked/linked.yaml'), 'linked.yaml')).toBeUndefined();
    },
  );

  notRoot(
    'in a read-only folder (0555): a file is refused (its atomic rename needs the folder); a file with a second hard link elsewhere is not',
    () => {
      const folder = temporary();
      mkdirSync(join(folder, 'locked'));
      writeFileSync(join(folder, 'locked/api.yaml'), 'openapi: 3.1.0\n');
      writeFileSync(join(folder, 'locked/linked.yaml'), 'openapi: 3.1.0\n');
      linkSync(join(folder, 'locked/linked.yaml'), join(folder, 'linked.yaml'));
      chmodSync(join(folder, 'locked'), 0o555);
      expect(cannotWrite(join(folder, 'locked/api.yaml'), 'api.yaml')).toBe(
        'api.yaml cannot be written: no permission',
      );
      expect(cannotWrite(join(folder, 'locked/linked.yaml'), 'linked.yaml')).toBeUndefined();
      chmodSync(join(folder, 'locked'), 0o755);
    },
  );
});

describe('writeAtomically', () => {
  const BEFORE = 'openapi: 3.1.0\ninfo:\n  title: Orders\n';
  const AFTER = 'openapi: 3.1.0\ninfo:\n  title: Orders Ü\n  version: 1.0.0\n';

  /** No temporary file is left beside the written ones. */
  const leftovers = (folder: string): string[] => readdirSync(folder).filter(name => name.endsWith('.tmp'));

  test('a file (0640): the new bytes in a new file renamed over it, so a reader of the old one still reads the old text; mode kept, nothing left open or beside it', () => {
    const folder = temporary();
    const file = join(folder, 'api.yaml');
    writeFileSync(file, BEFORE);
    chmodSync(file, 0o640);
    const reader = openSync(file, 'r');
    try {
      const open = openFiles();
      writeAtomically(file, AFTER);
      expect(openFiles()).toBe(open);
      const old = Buffer.alloc(100);
      expect(old.subarray(0, readSync(reader, old, 0, 100, 0)).toString('utf8')).toBe(BEFORE);
    } finally {
      closeSync(reader);
    }
    expect(readFileSync(file, 'utf8')).toBe(AFTER);
    expect(statSync(file).mode & 0o7777).toBe(0o640);
    expect(leftovers(folder)).toEqual([]);
  });

  test('the setgid bit and an unusual mode (02604) stay', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), BEFORE);
    chmodSync(join(folder, 'api.yaml'), 0o2604);
    writeAtomically(join(folder, 'api.yaml'), AFTER);
    expect(statSync(join(folder, 'api.yaml')).mode & 0o7777).toBe(0o2604);
  });

  asRoot('the owner stays when root writes another user’s file', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), BEFORE);
    chownSync(join(folder, 'api.yaml'), 4321, 4322);
    writeAtomically(join(folder, 'api.yaml'), AFTER);
    const stat = statSync(join(folder, 'api.yaml'));
    expect([stat.uid, stat.gid]).toEqual([4321, 4322]);
    expect(readFileSync(join(folder, 'api.yaml'), 'utf8')).toBe(AFTER);
  });

  test('a new file (a first baseline): made with the mode a plain write gives, nothing left beside it', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'plain.json'), '');
    writeAtomically(join(folder, 'baseline.json'), '{}\n');
    expect(readFileSync(join(folder, 'baseline.json'), 'utf8')).toBe('{}\n');
    expect(statSync(join(folder, 'baseline.json')).mode & 0o7777).toBe(
      statSync(join(folder, 'plain.json')).mode & 0o7777,
    );
    expect(leftovers(folder)).toEqual([]);
  });

  test('a new file in a folder that does not exist: the error of opening its temporary file, nothing made', () => {
    const folder = temporary();
    const temp = join(folder, `missing/.baseline.json.${process.pid}.tmp`);
    expect(() => writeAtomically(join(folder, 'missing/baseline.json'), '{}\n')).toThrow(
      new Error(`ENOENT: no such file or directory, open '${temp}'`),
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  test('a chain of relative links to a file in another folder: the file is written, the links stay as they were', () => {
    const folder = temporary();
    mkdirSync(join(folder, 'shared'));
    mkdirSync(join(folder, 'service'));
    writeFileSync(join(folder, 'shared/api.yaml'), BEFORE);
    chmodSync(join(folder, 'shared/api.yaml'), 0o600);
    symlinkSync('../shared/api.yaml', join(folder, 'service/api.yaml'));
    symlinkSync('service/api.yaml', join(folder, 'api.yaml'));
    writeAtomically(join(folder, 'api.yaml'), AFTER);
    expect(readlinkSync(join(folder, 'api.yaml'))).toBe('service/api.yaml');
    expect(readlinkSync(join(folder, 'service/api.yaml'))).toBe('../shared/api.yaml');
    expect(readFileSync(join(folder, 'shared/api.yaml'), 'utf8')).toBe(AFTER);
    expect(statSync(join(folder, 'shared/api.yaml')).mode & 0o7777).toBe(0o600);
    expect([leftovers(folder), leftovers(join(folder, 'service')), leftovers(join(folder, 'shared'))]).toEqual([
      [],
      [],
      [],
    ]);
  });

  test('a dangling link: the error of following it, the link left as it is', () => {
    const folder = temporary();
    symlinkSync('gone.json', join(folder, 'baseline.json'));
    expect(() => writeAtomically(join(folder, 'baseline.json'), '{}\n')).toThrow(
      new Error(`ENOENT: no such file or directory, stat '${join(folder, 'baseline.json')}'`),
    );
    expect(readlinkSync(join(folder, 'baseline.json'))).toBe('gone.json');
    expect(readdirSync(folder)).toEqual(['baseline.json']);
  });

  test('a link to itself: the error of following it, the link left as it is', () => {
    const folder = temporary();
    symlinkSync('baseline.json', join(folder, 'baseline.json'));
    expect(() => writeAtomically(join(folder, 'baseline.json'), '{}\n')).toThrow(
      new Error(`ELOOP: too many symbolic links encountered, stat '${join(folder, 'baseline.json')}'`),
    );
    expect(lstatSync(join(folder, 'baseline.json')).isSymbolicLink()).toBe(true);
    expect(readdirSync(folder)).toEqual(['baseline.json']);
  });

  test('a path through a file: the error of looking it up', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), BEFORE);
    expect(() => writeAtomically(join(folder, 'api.yaml/baseline.json'), '{}\n')).toThrow(
      new Error(`ENOTDIR: not a directory, stat '${join(folder, 'api.yaml/baseline.json')}'`),
    );
    expect(readFileSync(join(folder, 'api.yaml'), 'utf8')).toBe(BEFORE);
  });

  test('a file with two hard links, written shorter: both names still share one inode with the new bytes; nothing left open or beside it', () => {
    const folder = temporary();
    writeFileSync(join(folder, 'api.yaml'), AFTER);
    linkSync(join(folder, 'api.yaml'), join(folder, 'copy.yaml'));
    const inode = statSync(join(folder, 'api.yaml')).ino;
    const open = openFiles();
    writeAtomically(join(folder, 'api.yaml'), BEFORE);
    expect(openFiles()).toBe(open);
    expect(statSync(join(folder, 'api.yaml')).ino).toBe(inode);
    expect(statSync(join(folder, 'copy.yaml')).ino).toBe(inode);
    expect(statSync(join(folder, 'api.yaml')).nlink).toBe(2);
    expect(readFileSync(join(folder, 'copy.yaml'), 'utf8')).toBe(BEFORE);
    expect(leftovers(folder)).toEqual([]);
  });

  // A hard-linked file on a full disk, simulated by a hard-linked copy of /dev/full (a device that
  // refuses every write with ENOSPC): made with mknod, so only for root.
  const deviceWorks = ((): boolean => {
    if (!root) return false;
    const folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-files-mknod-'));
    try {
      if (spawnSync('mknod', [join(folder, 'full'), 'c', '1', '7']).status !== 0) return false;
      closeSync(openSync(join(folder, 'full'), 'r+')); // a file system mounted nodev opens no device
      return true;
    } catch {
      return false;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  })();
  const full = deviceWorks ? test : test.skip;
  full(
    'a hard-linked file on a full disk: may be half written, the text kept in the temporary file (0600), nothing left open',
    () => {
      const folder = temporary();
      const file = join(folder, 'api.yaml');
      expect(spawnSync('mknod', [file, 'c', '1', '7']).status).toBe(0);
      linkSync(file, join(folder, 'copy.yaml'));
      const temp = join(folder, `.api.yaml.${process.pid}.tmp`);
      const open = openFiles();
      expect(() => writeAtomically(file, AFTER)).toThrow(
        new Error(`${file} may be half written; its fixed text is in ${temp}: ENOSPC: no space left on device, write`),
      );
      expect(openFiles()).toBe(open);
      expect(readFileSync(temp, 'utf8')).toBe(AFTER);
      expect(statSync(temp).mode & 0o777).toBe(0o600);
    },
  );
});

describe('writeAtomically with unchangedFrom: another program’s write since the file was read is kept', () => {
  const READ = '\uFEFFopenapi: 3.1.0\ninfo:\n  title: Orders\n';
  const FIXED = '\uFEFFopenapi: 3.1.0\ninfo:\n  title: Orders\n  version: 1.0.0\n';
  // The other program's text has the read text's length, and the file keeps its time: only the bytes tell.
  const SAVED = '\uFEFFopenapi: 3.1.0\ninfo:\n  title: Orderz\n';
  const CHANGED =
    'api.yaml changed while this command ran (another program wrote it); nothing written: run the command again';
  const leftovers = (folder: string): string[] => readdirSync(folder).filter(name => name.endsWith('.tmp'));

  /** A file as a command reads it (a byte order mark kept), then saved by another program with its time put back. */
  function readThenSaved(folder: string, saved: string | undefined): { file: string; text: string } {
    const file = join(folder, 'api.yaml');
    writeFileSync(file, READ);
    const text = readText(file, 'api.yaml');
    const { atime, mtime } = statSync(file);
    if (saved !== undefined) {
      writeFileSync(file, saved);
      utimesSync(file, atime, mtime);
    }
    return { file, text };
  }

  const refusal = (write: () => void): unknown => {
    try {
      write();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  test('unchanged (a byte order mark included): written', () => {
    const folder = temporary();
    const { file, text } = readThenSaved(folder, undefined);
    writeAtomically(file, FIXED, { unchangedFrom: text, name: 'api.yaml' });
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    expect(leftovers(folder)).toEqual([]);
  });

  test('saved again with the same bytes: written (the bytes are compared, not the time)', () => {
    const folder = temporary();
    const { file, text } = readThenSaved(folder, READ);
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    writeAtomically(file, FIXED, { unchangedFrom: text, name: 'api.yaml' });
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
  });

  test('saved with other bytes of the same length and the same time: ChangedMeanwhile, the saved text stays, nothing beside it', () => {
    const folder = temporary();
    const { file, text } = readThenSaved(folder, SAVED);
    const error = refusal(() => writeAtomically(file, FIXED, { unchangedFrom: text, name: 'api.yaml' }));
    expect(error).toBeInstanceOf(ChangedMeanwhile);
    expect(error).toBeInstanceOf(FileRefusal);
    expect((error as Error).message).toBe(CHANGED);
    expect(readFileSync(file, 'utf8')).toBe(SAVED);
    expect(leftovers(folder)).toEqual([]);
  });

  test('without a name, the sentence names the path', () => {
    const folder = temporary();
    const { file, text } = readThenSaved(folder, SAVED);
    expect(() => writeAtomically(file, FIXED, { unchangedFrom: text })).toThrow(
      new ChangedMeanwhile(CHANGED.replace('api.yaml', file)),
    );
  });

  test('a link to a file saved meanwhile: refused, the link and the saved text stay', () => {
    const folder = temporary();
    const { file, text } = readThenSaved(folder, SAVED);
    symlinkSync('api.yaml', join(folder, 'link.yaml'));
    expect(() => writeAtomically(join(folder, 'link.yaml'), FIXED, { unchangedFrom: text, name: 'api.yaml' })).toThrow(
      new ChangedMeanwhile(CHANGED),
    );
    expect(readlinkSync(join(folder, 'link.yaml'))).toBe('api.yaml');
    expect(readFileSync(file, 'utf8')).toBe(SAVED);
  });

  test('a file with two hard links saved meanwhile: refused, both names hold the saved text on one inode', () => {
    const folder = temporary();
    const { file, text } = readThenSaved(folder, SAVED);
    linkSync(file, join(folder, 'copy.yaml'));
    const inode = statSync(file).ino;
    expect(() => writeAtomically(file, FIXED, { unchangedFrom: text, name: 'api.yaml' })).toThrow(
      new ChangedMeanwhile(CHANGED),
    );
    expect([readFileSync(file, 'utf8'), readFileSync(join(folder, 'copy.yaml'), 'utf8')]).toEqual([SAVED, SAVED]);
    expect(statSync(join(folder, 'copy.yaml')).ino).toBe(inode);
    expect(leftovers(folder)).toEqual([]);
  });

  test('a file removed meanwhile: refused, not made again', () => {
    const folder = temporary();
    const { file, text } = readThenSaved(folder, undefined);
    rmSync(file);
    expect(() => writeAtomically(file, FIXED, { unchangedFrom: text, name: 'api.yaml' })).toThrow(
      new ChangedMeanwhile(CHANGED),
    );
    expect(readdirSync(folder)).toEqual([]);
  });
});
