/**
 * What `npm publish` ships, as `npm pack --dry-run --json` lists it (dist/ as `npm ci` built it):
 * the bundle, the bin, the types, the presets, the docs, the registry, README and LICENSE, and
 * nothing else (no tests, fixtures or sources). The docs read from the installed package must hold
 * together: every link of README.md and docs/ that points inside the repository resolves to a
 * shipped file (and heading, for a `#fragment`), and no rule page names a file of the repository
 * that the package does not ship.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { createRuleset } from '../ruleset';
import { ROOT } from './__helpers__/installed';
import { parseNpmPack, readPackageJson } from './__helpers__/json';

const packed: string[] = parseNpmPack(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }),
)[0]
  .files.map(file => file.path)
  .sort();
const shipped = new Set(packed);
const ruleIds = Object.keys(createRuleset().rules);
const repository = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('npm pack --dry-run: what npm publish ships', () => {
  test.each([
    'dist/ruleset.js',
    'dist/ruleset.d.ts',
    'dist/cli.js',
    'dist/redocly.js',
    'presets/strict.js',
    'presets/recommended.js',
    'registry/problem-details.yaml',
    'docs/vscode.md',
    'docs/ci.md',
    'README.md',
    'LICENSE',
    'package.json',
  ])('ships %s', path => {
    expect(shipped.has(path)).toBe(true);
  });

  test('ships the page of every rule', () => {
    expect(ruleIds.filter(id => !shipped.has(`docs/rules/${id}.md`))).toEqual([]);
  });

  test('ships nothing else: no tests, fixtures, scripts or TypeScript sources', () => {
    const allowed = [
      /^dist\/(ruleset|ruleset\.debug|cli|redocly|report-worker|lsp-worker|report-charts|report-page)\.js$/,
      /^dist\/.*\.d\.ts$/,
      /^presets\/[a-z-]+\.js$/,
      /^docs\/.*\.(md|svg|png)$/, // the pages, and their pictures (docs/redocly-scale.svg, docs/report.png)
      /^docs\/report\.schema\.json$/, // the report's JSON schema
      /^registry\/[^/]+\.yaml$/,
      /^(README\.md|LICENSE|package\.json)$/,
    ];
    expect(packed.filter(path => !allowed.some(pattern => pattern.test(path)))).toEqual([]);
    expect(packed.filter(path => /^(test|fixtures|functions|scripts|cli|\.ci)\//.test(path))).toEqual([]);
    expect(packed.filter(path => /\.ts$/.test(path) && !/\.d\.ts$/.test(path))).toEqual([]);
  });

  test('the presets require nothing but the bundle', () => {
    for (const preset of packed.filter(path => path.startsWith('presets/'))) {
      const requires = [...readFileSync(join(ROOT, preset), 'utf8').matchAll(/require\(([^)]*)\)/g)].map(m => m[1]);
      expect(requires).toEqual(["'../dist/ruleset.js'"]);
    }
  });

  test('every export of package.json points at a shipped file', () => {
    const manifest = readPackageJson(join(ROOT, 'package.json'));
    const targets: string[] = [manifest.main, manifest.types, ...Object.values(manifest.bin)];
    for (const target of Object.values(manifest.exports))
      targets.push(...(typeof target === 'string' ? [target] : Object.values(target)));
    const missing = targets
      .map(target => normalize(target))
      .filter(target =>
        target.includes('*') ? !packed.some(p => p.startsWith(target.split('*')[0])) : !shipped.has(target),
      );
    expect(missing).toEqual([]);
  });
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchors = (markdown: string) => {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} +(.+)$/gm)) {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
};

/** The links of a page, outside code blocks: markdown `[text](target)` and HTML `href="…"`. */
const links = (markdown: string) => {
  const prose = markdown.replace(/^ *```[\s\S]*?^ *```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [
    ...[...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(m => m[1]),
    ...[...prose.matchAll(/href="([^"]+)"/g)].map(m => m[1]),
  ];
};

const pages = packed.filter(path => path.endsWith('.md'));
/** Names of the user's own files, which this repository happens to have too (its own configuration). */
const USERS_FILES = /^\.spectral(-baseline)?\.(ya?ml|json|js)$/;

describe('the docs in the package hold together', () => {
  test('README.md and the docs/ pages are shipped', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/vscode.md', 'docs/ci.md']));
    expect(pages.length).toBeGreaterThan(ruleIds.length);
  });

  test.each(pages)('%s: every link inside the repository resolves to a shipped file and heading', page => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const broken: string[] = [];
    for (const link of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:: outside the repository
      const [path, fragment] = link.split('#');
      const target = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
      if (target.startsWith('..')) {
        broken.push(`${link} (outside the package)`);
        continue;
      }
      const isFolder = packed.some(file => file.startsWith(`${target.replace(/\/$/, '')}/`));
      if (!shipped.has(target) && !isFolder) {
        broken.push(`${link} (${target} is not in the package)`);
        continue;
      }
      if (
        fragment !== undefined &&
        target.endsWith('.md') &&
        !anchors(readFileSync(join(ROOT, target), 'utf8')).has(fragment)
      )
        broken.push(`${link} (no heading #${fragment} in ${target})`);
    }
    expect(broken).toEqual([]);
  });

  test.each(ruleIds)('docs/rules/%s.md names no file of the repository that the package does not ship', id => {
    const page = `docs/rules/${id}.md`;
    const named = [...readFileSync(join(ROOT, page), 'utf8').matchAll(/`([^`\s]+)`/g)].map(m => m[1]);
    const missing = named.filter(name => {
      const path = relative('.', normalize(name)).replace(/\/$/, '');
      const inRepository = repository.some(file => file === path || file.startsWith(`${path}/`));
      const inPackage = packed.some(file => file === path || file.startsWith(`${path}/`));
      return path !== '' && path !== '.' && !USERS_FILES.test(path) && inRepository && !inPackage;
    });
    expect(missing).toEqual([]);
  });
});

describe('every git ref and repository URL the README or a finding names exists', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const manifest = readPackageJson(join(ROOT, 'package.json'));
  const REPOSITORY = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  /** A branch or tag of this repository (a clone has the default branch as origin/<name>). */
  const exists = (ref: string): boolean =>
    [`refs/tags/${ref}`, `refs/heads/${ref}`, `refs/remotes/origin/${ref}`].some(
      name =>
        execFileSync('git', ['for-each-ref', '--format=%(refname)', name], { cwd: ROOT, encoding: 'utf8' }).trim() !==
        '',
    );

  test("the README's git installs name refs of this repository", () => {
    const refs = [...readme.matchAll(/git\+https:\/\/[^\s"#]+#([^\s"]+)/g)].map(m => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter(ref => !exists(ref))).toEqual([]);
  });

  test("every finding's documentation link, and the ruleset's, names docsRef, a ref that exists, and a shipped page", () => {
    expect(exists(manifest.docsRef)).toBe(true);
    const ruleset = createRuleset() as {
      documentationUrl?: string;
      rules: Record<string, { documentationUrl: string }>;
    };
    const urls = [ruleset.documentationUrl!, ...Object.values(ruleset.rules).map(rule => rule.documentationUrl)];
    for (const url of urls) {
      expect(url.startsWith(`${REPOSITORY}/blob/${manifest.docsRef}/`)).toBe(true);
      const file = url.slice(`${REPOSITORY}/blob/${manifest.docsRef}/`.length).replace(/#.*$/, '');
      expect(shipped.has(file)).toBe(true);
    }
  });

  test('a v<version> ref named anywhere in the README is a tag that exists', () => {
    const tags = [...readme.matchAll(/[#/](v\d+\.\d+\.\d+)\b/g)].map(m => m[1]);
    expect(tags.filter(tag => !exists(tag))).toEqual([]);
  });
});

describe('the lockfile', () => {
  test('is what the npm the README names writes for package.json: npm install leaves it unchanged', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const named = /\bnpm (\d+)\b[^.]*lockfile/.exec(readme)?.[1];
    expect(named).toBeDefined();
    const npmVersion = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim();
    expect(npmVersion.split('.')[0]).toBe(named);
    const dir = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-lock-'));
    try {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(dir, file));
      // From npm's cache, as in a clone after `npm ci`: no download, no install scripts, no node_modules.
      execFileSync(
        'npm',
        ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
        {
          cwd: dir,
          stdio: 'ignore',
        },
      );
      expect(readFileSync(join(dir, 'package-lock.json'), 'utf8')).toBe(
        readFileSync(join(ROOT, 'package-lock.json'), 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
