/**
 * The report's progress line as a terminal shows it: the built CLI run under `script` (util-linux),
 * which gives it a pseudo-terminal, as a person's shell does; each redraw starts with a carriage
 * return and ends with an erase, and the last counts every description.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from '../../__helpers__/built';
import { ROOT } from '../../__helpers__/in-process';

jest.setTimeout(120_000);

test('on a terminal: counts, time, the estimate, the description taken; a new line at the end', () => {
  ensureBuilt();
  const command = `${process.execPath} ${join(ROOT, 'dist/cli.js')} report --jobs 1 fixtures/openapi-3.1.yaml fixtures/swagger-2.0.yaml`;
  const run = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: ROOT, encoding: 'utf8' });
  expect(run.status).toBe(0);
  // The terminal's output: the progress lines (standard error) and the Markdown report (standard output).
  const ERASE = '\u001b[K';
  const redraws = run.stdout.split('\r').filter(text => /descriptions linted/.test(text));
  expect(redraws.length).toBeGreaterThanOrEqual(2);
  expect(redraws.every(line => line.includes(ERASE))).toBe(true);
  const lines = redraws.map(line => line.slice(0, line.indexOf(ERASE)));
  // The largest description first, before anything is linted.
  expect(lines[0]).toMatch(
    /^0\/2 descriptions linted, 0 not, \d+ s, estimating the time left; now fixtures\/openapi-3\.1\.yaml$/,
  );
  expect(lines.at(-1)).toMatch(/^2\/2 descriptions linted, 0 not, \d+ s$/);
  expect(run.stdout).toContain('# API conventions: estate report');
});
