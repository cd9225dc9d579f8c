// Bundles ruleset.ts into dist/ruleset.js: one self-contained CommonJS file that imports nothing
// but @stoplight/spectral-* (the Spectral VS Code extension fetches any other bare import from a CDN).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist'), { recursive: true, force: true });
const result = await build({
  entryPoints: [join(root, 'ruleset.ts')],
  outfile: join(root, 'dist/ruleset.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['@stoplight/spectral-*'],
  metafile: true,
  // `module.exports` is the ruleset itself, so every loader (Node's require, rollup's commonjs
  // plugin in Spectral's CLI and VS Code extension) sees it as the default export; the named
  // exports ride along as non-enumerable properties, invisible to ruleset validation.
  footer: {
    js: [
      'module.exports = (function (m) {',
      '  var r = m.default;',
      '  Object.keys(m).forEach(function (k) { if (k !== "default") Object.defineProperty(r, k, { value: m[k] }); });',
      '  Object.defineProperty(r, "default", { value: r });',
      '  Object.defineProperty(r, "__esModule", { value: true });',
      '  return r;',
      '})(module.exports);',
    ].join('\n'),
  },
  logLevel: 'warning',
});
const imports = Object.values(result.metafile.outputs).flatMap(output => output.imports.map(i => i.path));
const foreign = imports.filter(path => !path.startsWith('@stoplight/spectral-'));
if (foreign.length > 0) {
  console.error(`dist/ruleset.js must import only @stoplight/spectral-*; it imports ${foreign.join(', ')}`);
  process.exit(1);
}
// Type declarations for `.spectral.js` users and TypeScript consumers.
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
