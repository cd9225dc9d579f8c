/**
 * Reading and writing users' files, for every command of the CLI: one reader, one writer. The reader
 * refuses a text it could not write back byte for byte; the writer keeps links, mode and owner, and
 * never writes over what another program wrote since the file was read.
 */
import {
  accessSync,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  Stats,
  writeSync,
} from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { isHttpUrl } from './document';
import { UserError } from './errors';

/** A file that cannot be read, or must not be written, with a sentence that says why. */
export class FileRefusal extends UserError {}

/** Byte order marks of the encodings a UTF-8 reader would misread (longest first: UTF-32LE starts like UTF-16LE). */
const FOREIGN_BOMS: [string, number[]][] = [
  ['UTF-32LE', [0xff, 0xfe, 0x00, 0x00]],
  ['UTF-32BE', [0x00, 0x00, 0xfe, 0xff]],
  ['UTF-16LE', [0xff, 0xfe]],
  ['UTF-16BE', [0xfe, 0xff]],
];

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstBadByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    // The second byte's range excludes overlong forms, UTF-16 surrogates and code points past U+10FFFF.
    const second = bytes[i + 1];
    const [lo, hi] =
      b === 0xe0
        ? [0xa0, 0xbf]
        : b === 0xed
          ? [0x80, 0x9f]
          : b === 0xf0
            ? [0x90, 0xbf]
            : b === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf];
    if (second < lo || second > hi) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

/** The sentence for a failed read or write of `name`. */
/** Why a file could not be read, as a sentence naming it: "api.yaml does not exist". */
export function sentence(error: unknown, name: string): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return `${name} does not exist`;
    case 'EISDIR':
      return `${name} is a folder, not a document`;
    case 'EACCES':
    case 'EPERM':
      return `${name} cannot be read: no permission`;
    case 'ELOOP':
      return `${name} is a symbolic link that leads back to itself`;
    default:
      return `${name} cannot be read: ${(error as Error).message}`;
  }
}

/**
 * A file's text. Only UTF-8 (with or without a byte order mark, which stays in the text as U+FEFF) is
 * read: any other bytes would come back changed when the text is written, so the file is refused
 * with the offset of the first byte that is not UTF-8. `name` is how the file is called in messages.
 */
export function readText(file: string, name = file): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new FileRefusal(sentence(error, name));
  }
  const bom = FOREIGN_BOMS.find(([, mark]) => mark.every((byte, i) => bytes[i] === byte));
  if (bom !== undefined) {
    throw new FileRefusal(`${name} is ${bom[0]} (its byte order mark says so); only UTF-8 files are read and written`);
  }
  if (!isUtf8(bytes)) {
    const at = firstBadByte(bytes);
    throw new FileRefusal(
      `${name} is not UTF-8: byte ${at} (0x${bytes[at].toString(16).padStart(2, '0')}) is not valid UTF-8; save it as UTF-8 first`,
    );
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    // Valid UTF-8, but neither YAML nor JSON allows it: most likely UTF-16 or UTF-32 without a byte order mark.
    throw new FileRefusal(
      `${name} has a NUL byte at offset ${nul} (UTF-16 or UTF-32?); only UTF-8 files are read and written`,
    );
  }
  return bytes.toString('utf8');
}

/**
 * Why `file` cannot be written, or undefined when it can. A file without any write permission bit
 * (0444) is refused even for root, who could write it: its owner made it read-only on purpose.
 */
export function cannotWrite(file: string, name = file): string | undefined {
  try {
    const target = realpathSync(file);
    const stat = statSync(target);
    if ((stat.mode & 0o222) === 0) return `${name} is read-only (mode ${(stat.mode & 0o777).toString(8)})`;
    accessSync(target, constants.W_OK);
    // The rename that makes the write atomic needs the folder too.
    if (stat.nlink === 1) accessSync(dirname(target), constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `${name} cannot be written: no permission`;
    return sentence(error, name);
  }
}

/** A file that another program wrote while a command worked on it: nothing was written over it. */
export class ChangedMeanwhile extends FileRefusal {}

export interface WriteOptions {
  /**
   * The text the file held when it was read. The file is written only if it still holds exactly that
   * (compared byte for byte just before the rename, not by time: an editor can save within the
   * same clock tick, or keep the time); else ChangedMeanwhile, and the other program's text stays.
   */
  unchangedFrom?: string;
  /** How the file is called in sentences. */
  name?: string;
}

/**
 * Writes `text` to `file` so that a reader sees the old file or the new one, never half: the text goes
 * to a temporary file beside the file, which takes the file's mode and (where the process may) owner,
 * and is renamed over it. A symbolic link stays a link: its target is written. A file with several
 * hard links is written through its own inode instead (a rename would give it a new inode and split
 * the links): the temporary file is written and synced first, then copied over the file's bytes in one
 * write and truncated; the temporary copy is removed only after that succeeded. A file that does not
 * exist yet (a new baseline) is made the same way, with the mode a plain write gives (0666 less the umask).
 * With `unchangedFrom`, another program's write since the file was read is kept (WriteOptions).
 */
export function writeAtomically(file: string, text: string, options: WriteOptions = {}): void {
  const stat = existing(file);
  const target = stat === undefined ? file : realpathSync(file);
  const { unchangedFrom, name = file } = options;
  const unchanged = (): void => {
    if (unchangedFrom !== undefined && !holds(target, unchangedFrom))
      throw new ChangedMeanwhile(
        `${name} changed while this command ran (another program wrote it); nothing written: run the command again`,
      );
  };
  // A file removed since it was read is not made again.
  if (stat === undefined) unchanged();
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  const bytes = Buffer.from(text, 'utf8');
  let keep = false;
  try {
    const fd = openSync(temp, 'w', stat === undefined ? 0o666 : 0o600);
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (stat !== undefined && stat.nlink > 1) {
      unchanged();
      const out = openSync(target, 'r+');
      keep = true;
      try {
        writeSync(out, bytes, 0, bytes.length, 0);
        ftruncateSync(out, bytes.length);
        fsyncSync(out);
      } finally {
        closeSync(out);
      }
      keep = false;
      return;
    }
    if (stat === undefined) {
      renameSync(temp, target);
      return;
    }
    try {
      chownSync(temp, stat.uid, stat.gid);
    } catch {
      // only root (or the owner, for a group it is in) may; the file then belongs to whoever runs fix
    }
    chmodSync(temp, stat.mode & 0o7777);
    // As late as can be: a write between this comparison and the rename is still lost.
    unchanged();
    renameSync(temp, target);
  } catch (error) {
    if (keep) throw new Error(`${file} may be half written; its fixed text is in ${temp}: ${(error as Error).message}`);
    throw error;
  } finally {
    if (!keep) rmSync(temp, { force: true });
  }
}

/** Whether `file` holds exactly the bytes of `text` (false when it is gone). */
function holds(file: string, text: string): boolean {
  try {
    return readFileSync(file).equals(Buffer.from(text, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** The file's status (through a link), or undefined when nothing is there, not even a broken link. */
function existing(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !lexists(file)) return undefined;
    throw error;
  }
}

const lexists = (file: string): boolean => {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
};

/** How a file is named in sentences: relative to the working directory when inside it, else as given (a URL too). */
export function shownName(file: string, cwd = process.cwd()): string {
  if (isHttpUrl(file)) return file;
  const inside = relative(cwd, file);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file;
}
