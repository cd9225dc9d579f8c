// The Redocly CLI plugin (`spectral-api-conventions/redocly`, redocly/index.ts) as one file: Node only,
// and without the Spectral packages a Redocly user does not have. Our rule files import a few of
// them; the plugin takes redocly/spectral-shim.ts in their place, and requires nothing but Node's
// modules and `yaml` (a dependency of this package), which it reads the other documents a `$ref`
// names with. scripts/build.mjs writes it to dist/redocly.js; the adapter's tests
// (test/__helpers__/redocly.ts) bundle the sources as they are with it:
//   node scripts/redocly-bundle.mjs OUT.js
import { build } from 'esbuild';
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The plugin's code, bundled from the sources in `from` (the repository by default).
 * @param {{ from?: string, minify?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function bundleRedoclyPlugin({ from = root, minify = true } = {}) {
  const shim = join(from, 'redocly/spectral-shim.ts');
  const redocly = await build({
    entryPoints: [join(from, 'redocly/index.ts')],
    write: false,
    outfile: 'redocly.js',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['yaml'],
    alias: Object.fromEntries(
      ['core', 'formats', 'rulesets', 'runtime'].map(name => [`@stoplight/spectral-${name}`, shim]),
    ),
    metafile: true,
    minify,
    keepNames: true,
    // Redocly takes the plugin function as the module's export (or its `default`).
    footer: {
      js: 'var plugin = module.exports.default; Object.keys(module.exports).forEach(function (key) { if (key !== "default") plugin[key] = module.exports[key]; }); plugin.default = plugin; module.exports = plugin;',
    },
    logLevel: 'warning',
  });
  const imports = [
    ...new Set(Object.values(redocly.metafile.outputs).flatMap(output => output.imports.map(i => i.path))),
  ].filter(path => path !== 'yaml' && !path.startsWith('node:'));
  if (imports.length > 0)
    throw new Error(`dist/redocly.js must import only node:* and yaml; it imports ${imports.join(', ')}`);
  return redocly.outputFiles[0].text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (out === undefined) {
    console.error('usage: node scripts/redocly-bundle.mjs OUT.js');
    process.exit(2);
  }
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, await bundleRedoclyPlugin({ minify: false }));
  renameSync(temporary, out);
}
