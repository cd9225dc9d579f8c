// `npm run lint [-- files...]`: lints the given documents (default: the bundled example) with the
// built ruleset through the real Spectral CLI. Paths are taken relative to where npm was run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT as root, ensureBuilt } from './data.mjs';

ensureBuilt();
const cwd = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2);
// Arguments naming existing files are documents; the others (-f json, --fail-severity warn) go to Spectral.
const isDocument = a => !a.startsWith('-') && existsSync(resolve(cwd, a));
const files = args.filter(isDocument).map(f => resolve(cwd, f));
const flags = args.filter(a => !isDocument(a));
const targets = files.length > 0 ? files : [join(root, 'fixtures/openapi-3.1.yaml')];
const cli = join(root, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const run = spawnSync(process.execPath, [cli, 'lint', '--ruleset', join(root, '.spectral.yaml'), ...flags, ...targets], { stdio: 'inherit' });
process.exit(run.status ?? 1);
