#!/usr/bin/env node
// `npm run release -- <version>`: the release procedure, on a clean main. It sets package.json's
// version and its `docsRef` (the git ref the findings' documentation links name) to the release
// tag `v<version>`, runs the checks and the tests, commits "Release v<version>", tags that commit
// `v<version>`, then sets `docsRef` back to `main` in a second commit, so that the links of a build
// from main name pages that exist on main. Nothing is pushed: the last line says what to push
// (`git push origin main v<version>`). The README's git install and the links of the tarball made
// from the tag then resolve.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = process.argv[2];
/** @param {string} message @returns {never} */
const fail = message => {
  process.stderr.write(`release: ${message}\n`);
  process.exit(2);
};
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? '')) fail('usage: npm run release -- <version>, e.g. 0.2.0');
const git = (/** @type {string[]} */ ...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const tag = `v${version}`;
if (git('status', '--porcelain', '--untracked-files=no') !== '')
  fail('the working tree has changes: commit them first');
if (git('rev-parse', '--abbrev-ref', 'HEAD') !== 'main') fail('release from main');
if (git('tag', '--list', tag) !== '') fail(`tag ${tag} exists`);

const manifest = join(root, 'package.json');
const setManifest = (/** @type {Record<string, string>} */ fields) => {
  const text = readFileSync(manifest, 'utf8');
  let next = text;
  for (const [key, value] of Object.entries(fields)) {
    next = next.replace(new RegExp(`("${key}": )"[^"]*"`), `$1"${value}"`);
  }
  writeFileSync(manifest, next);
};
const lock = join(root, 'package-lock.json');
const setLockVersion = () => {
  const data = JSON.parse(readFileSync(lock, 'utf8'));
  data.version = version;
  data.packages[''].version = version;
  writeFileSync(lock, `${JSON.stringify(data, null, 2)}\n`);
};

setManifest({ version, docsRef: tag });
setLockVersion();
/** @param {string} command @param {string[]} args */
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run('npm', ['run', 'check']);
run('npm', ['run', 'build']);
run('npm', ['test']);
git('commit', '-q', '-am', `Release ${tag}`);
git('tag', '-a', tag, '-m', `spectral-api-conventions ${version}`);
setManifest({ docsRef: 'main' });
git('commit', '-q', '-am', `After ${tag}: documentation links name main again`);
process.stdout.write(`Tagged ${tag}. Publish it: git push origin main ${tag}\n`);
