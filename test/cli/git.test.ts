/**
 * What `check --since` asks of git (cli/shared/git.ts), on real repositories in temporary folders: the
 * top folder, the merge base and the sentences when there is none, a revision's files unpacked, the
 * files renamed since. (A machine without git or tar is not made here: jest gives the test a process.env
 * of its own, which the child processes it starts do not read.)
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { GitError, mergeBase, renamesSince, topFolder, unpack } from '../../cli/shared/git';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const temporary = (): string => {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'spectral-api-conventions-git-test-')));
  folders.push(folder);
  return folder;
};

const git = (cwd: string, ...args: string[]): string =>
  execFileSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  ).trim();

/** A repository with one commit of openapi.yaml and api/orders.yaml; its first commit's id. */
function repository(): { top: string; first: string } {
  const top = temporary();
  git(top, 'init', '-q');
  writeFileSync(join(top, 'openapi.yaml'), 'openapi: 3.1.0\n');
  mkdirSync(join(top, 'api'));
  writeFileSync(join(top, 'api/orders.yaml'), 'type: object\nproperties:\n  orderId: {type: string}\n');
  writeFileSync(join(top, 'api/samples.yaml'), 'type: object\nproperties:\n  sampleId: {type: string}\n');
  git(top, 'add', '.');
  git(top, 'commit', '-qm', 'first');
  return { top, first: git(top, 'rev-parse', 'HEAD') };
}

test('topFolder: the top of the repository from a folder inside it; outside one, git says why', () => {
  const { top } = repository();
  expect(topFolder(join(top, 'api'))).toBe(top);
  const outside = temporary();
  expect(() => topFolder(outside)).toThrow(
    new GitError(
      `${outside} is not in a git repository (fatal: not a git repository (or any of the parent directories): .git)`,
    ),
  );
});

test('mergeBase: the commit both share; an unknown branch names the fetch to run, without origin/', () => {
  const { top, first } = repository();
  git(top, 'checkout', '-qb', 'feature');
  writeFileSync(join(top, 'openapi.yaml'), 'openapi: 3.1.1\n');
  git(top, 'commit', '-qam', 'second');
  expect(mergeBase(top, 'main')).toBe(first);
  expect(() => mergeBase(top, 'origin/release/2')).toThrow(
    'origin/release/2 is not a revision of this repository (a shallow clone or a branch not fetched? fetch it, e.g. git fetch origin release/2)',
  );
  expect(() => mergeBase(top, 'team/origin/sync')).toThrow(
    'team/origin/sync is not a revision of this repository (a shallow clone or a branch not fetched? fetch it, e.g. git fetch origin team/origin/sync)',
  );
});

test('mergeBase: a branch with a history of its own shares no ancestor with HEAD', () => {
  const { top } = repository();
  git(top, 'checkout', '-q', '--orphan', 'other');
  git(top, 'commit', '-qm', 'unrelated');
  expect(() => mergeBase(top, 'main')).toThrow(
    'main and HEAD have no common ancestor (a shallow clone? fetch the history: git fetch --unshallow)',
  );
});

test("unpack: a revision's files as they were, in a new temporary folder", () => {
  const { top, first } = repository();
  writeFileSync(join(top, 'openapi.yaml'), 'openapi: 3.2.0\n');
  const folder = unpack(top, first);
  folders.push(folder);
  expect(dirname(folder)).toBe(tmpdir());
  expect(basename(folder)).toMatch(/^spectral-api-conventions-since-.{6}$/);
  expect(readFileSync(join(folder, 'openapi.yaml'), 'utf8')).toBe('openapi: 3.1.0\n');
  expect(readFileSync(join(folder, 'api/orders.yaml'), 'utf8')).toContain('orderId');
});

test('renamesSince: renamed files old → new, among files changed, added and deleted before and after them', () => {
  const { top, first } = repository();
  writeFileSync(join(top, 'openapi.yaml'), 'openapi: 3.1.1\n');
  renameSync(join(top, 'api/orders.yaml'), join(top, 'api/purchase-orders.yaml'));
  unlinkSync(join(top, 'api/samples.yaml'));
  writeFileSync(join(top, 'api/zones.yaml'), 'type: string\n');
  git(top, 'add', '-A');
  expect(renamesSince(top, first)).toEqual(new Map([['api/orders.yaml', 'api/purchase-orders.yaml']]));
  git(top, 'commit', '-qm', 'second');
  expect(renamesSince(top, git(top, 'rev-parse', 'HEAD'))).toEqual(new Map());
});
