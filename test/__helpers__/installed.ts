/**
 * The package installed as a user installs it, without the network: `npm pack` (which builds
 * dist/ through `prepare`, as `npm publish` does), the tarball unpacked into an empty project's
 * node_modules, and its dependencies, peer dependencies and the Spectral CLI linked from what
 * `npm ci` already put in this repository's node_modules (nothing is downloaded).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseNpmPack, readPackageJson } from './json';

export const ROOT = resolve(__dirname, '../..');
const PACKAGE = 'spectral-api-conventions';

export interface Installed {
  /** The project folder: package.json, node_modules/{spectral-api-conventions,@stoplight/…,.bin}. */
  project: string;
  /** The installed package folder, node_modules/spectral-api-conventions. */
  installed: string;
  /** node_modules/.bin/spectral of the project. */
  spectral: string;
  remove(): void;
}

const link = (project: string, name: string): void => {
  const target = join(project, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
};

const bin = (project: string, name: string, script: string): string => {
  const path = join(project, 'node_modules/.bin', name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(script, path);
  return path;
};

export function installPacked(): Installed {
  const project = mkdtempSync(join(tmpdir(), `${PACKAGE}-installed-`));
  const [{ filename }] = parseNpmPack(
    execFileSync('npm', ['pack', '--json', '--pack-destination', project], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-api', private: true }));
  const installed = join(project, 'node_modules', PACKAGE);
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['xzf', join(project, filename), '-C', installed, '--strip-components=1']);
  const manifest = readPackageJson(join(installed, 'package.json'));
  const needed = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    '@stoplight/spectral-cli',
  ]);
  for (const name of needed) link(project, name);
  for (const [name, script] of Object.entries(manifest.bin)) bin(project, name, join('..', PACKAGE, script));
  const spectral = bin(project, 'spectral', join('..', '@stoplight/spectral-cli/dist/index.js'));
  return { project, installed, spectral, remove: () => rmSync(project, { recursive: true, force: true }) };
}
