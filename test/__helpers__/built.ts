/**
 * dist/ as the sources are now, built when missing or stale (scripts/data.mjs ensureBuilt): the
 * suites that run the built CLI or bundle, and the in-process command tests, whose commands lint with
 * this package's built ruleset when a folder has none. Stryker's sandbox has no dist/
 * (stryker.config.json ignores it): the first run there builds it.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export function ensureBuilt(): void {
  const built = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', 'await (await import("./scripts/data.mjs")).ensureBuilt()'],
    { cwd: resolve(__dirname, '../..'), encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`npm run build failed: ${built.stderr}`);
}
