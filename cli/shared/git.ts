/**
 * What `check --since` and `report --history` need from git, run with the git the machine has: the
 * repository's top folder, the merge base of a revision and HEAD, that revision's files unpacked into
 * a folder (`git archive`, so `$ref`'d files come as they were), the files renamed since, and the
 * last commits that changed a folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from './errors';

export class GitError extends UserError {}

function git(cwd: string, args: string[]): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.error !== undefined)
    throw new GitError(`git could not be run (${run.error.message}); check --since needs git`);
  if (run.status !== 0) throw new GitError(run.stderr.trim().split('\n')[0] || `git ${args[0]} failed`);
  return run.stdout;
}

/** The top folder of the repository holding `cwd`. */
export function topFolder(cwd: string): string {
  try {
    return git(cwd, ['rev-parse', '--show-toplevel']).trim();
  } catch (error) {
    throw new GitError(`${cwd} is not in a git repository (${(error as Error).message})`);
  }
}

/** The merge base of `ref` and HEAD, as a full commit id; a sentence when `ref` is unknown or shares no history. */
export function mergeBase(top: string, ref: string): string {
  try {
    git(top, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new GitError(
      `${ref} is not a revision of this repository (a shallow clone or a branch not fetched? fetch it, e.g. git fetch origin ${ref.replace(/^origin\//, '')})`,
    );
  }
  try {
    return git(top, ['merge-base', ref, 'HEAD']).trim();
  } catch {
    throw new GitError(
      `${ref} and HEAD have no common ancestor (a shallow clone? fetch the history: git fetch --unshallow)`,
    );
  }
}

/** The files of `commit`, unpacked into a new temporary folder (the caller removes it). */
export function unpack(top: string, commit: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-since-'));
  const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: top, maxBuffer: 1 << 30 });
  const tar = spawnSync('tar', ['-x', '-C', folder], { input: archive });
  if (tar.error !== undefined || tar.status !== 0) {
    throw new GitError(`tar could not unpack ${commit}: ${tar.error?.message ?? tar.stderr.toString().trim()}`);
  }
  return folder;
}

/** Files renamed between `commit` and the working copy (tracked files), old → new, relative to the top folder. */
export function renamesSince(top: string, commit: string): Map<string, string> {
  const fields = git(top, ['diff', '--name-status', '-M', '-z', commit]).split('\0');
  const renames = new Map<string, string>();
  for (let i = 0; i < fields.length;) {
    // -z ends the list with a NUL: its last field is '', which takes the two-field step out of the loop.
    const status = fields[i];
    if (status.startsWith('R') || status.startsWith('C')) {
      if (status.startsWith('R')) renames.set(fields[i + 1], fields[i + 2]);
      i += 3;
    } else {
      i += 2;
    }
  }
  return renames;
}

/** The last `n` commits that changed `path` (relative to the top folder), newest first, with their dates (ISO 8601). */
export function commitsChanging(top: string, path: string, n: number): { id: string; date: string }[] {
  return git(top, ['log', `-n${n}`, '--format=%H %cI', '--', path])
    .split('\n')
    .filter(line => line !== '')
    .map(line => {
      const [id, date] = line.split(' ');
      return { id, date };
    });
}
