/** Reading and writing users' files, for every command of the CLI: one reader, one atomic writer. */
import { chmodSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A file's text (UTF-8). */
export function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

/** Writes beside the file and renames over it: a reader sees the old file or the new one, never half. */
export function writeAtomically(file: string, text: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.fix.tmp`);
  try {
    writeFileSync(temp, text);
    try {
      chmodSync(temp, statSync(file).mode);
    } catch {
      // a mode that cannot be copied leaves the default
    }
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}
