/**
 * Prose that cannot drift: every repository path a comment or a page names exists, and every section
 * of the conventions (`§4.3.1`) a comment, message or page cites is in docs/conventions-outline.md.
 * Code is left to the compiler; what is checked here is the text around it, which nothing else reads.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './__helpers__/in-process';

/** The files of the repository whose prose is checked: sources, scripts, tests, pages (not fixtures' upstream texts). */
const FILES = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(
    file => /\.(ts|mjs|cjs|js|md)$/.test(file) && !file.startsWith('fixtures/') && !file.startsWith('test/judged/'),
  );

/** Named in prose but not meant to exist in a checkout, each with why. */
const NOT_FILES: Record<string, string> = {
  'registry/missing.yaml': 'docs/fix.md: the example of a registry that cannot be read',
  'test/__stryker__/tsconfig.run.json': 'written by npm run mutate for a run, then removed',
  'fixtures/inline.json': 'the name scenario documents are linted under (test/__helpers__/spectral.ts toDocument)',
};

/** The lines of a file that are prose: all of a page; in code, the comments. */
function proseLines(file: string): { line: number; text: string }[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  if (file.endsWith('.md')) return lines.map((text, i) => ({ line: i + 1, text }));
  const prose: { line: number; text: string }[] = [];
  let inBlock = false;
  lines.forEach((text, i) => {
    const trimmed = text.trim();
    if (inBlock || trimmed.startsWith('/*')) {
      prose.push({ line: i + 1, text });
      inBlock = !trimmed.includes('*/');
      return;
    }
    const comment = text.indexOf('// ');
    if (comment >= 0 && !text.slice(0, comment).includes("'") && !text.slice(0, comment).includes('`'))
      prose.push({ line: i + 1, text: text.slice(comment) });
  });
  return prose;
}

const TOP = '(?:cli|functions|redocly|test|scripts|docs|registry|presets|fixtures|\\.ci)';
const PATH = new RegExp(`(?<![\\w/.<@-])(${TOP}/[\\w./-]*\\w|(?:ruleset|manifest)\\.ts)(?::\\d+)?`, 'g');

test('every repository path a comment or a page names exists', () => {
  const missing: string[] = [];
  for (const file of FILES)
    for (const { line, text } of proseLines(file))
      for (const match of text.matchAll(PATH)) {
        const path = match[1];
        // Placeholders and globs (`docs/rules/<id>.md`, `test/*.test.ts`), and addresses on the web.
        if (/[*{}<>]/.test(text.slice(match.index, match.index + match[0].length + 1))) continue;
        if (/https?:\/\/\S*$/.test(text.slice(0, match.index))) continue;
        if (path in NOT_FILES || existsSync(join(ROOT, path))) continue;
        missing.push(`${file}:${line}: ${path}`);
      }
  expect(missing).toEqual([]);
});

test('every section of the conventions that is cited is in docs/conventions-outline.md', () => {
  const outline = readFileSync(join(ROOT, 'docs/conventions-outline.md'), 'utf8');
  const sections = new Set([...outline.matchAll(/^\| (\d+(?:\.\d+)*) \|/gm)].map(m => m[1]));
  expect(sections.size).toBeGreaterThan(40);
  const unknown: string[] = [];
  for (const file of FILES) {
    // Messages cite sections too: the whole of a rule function's text, not only its comments.
    const lines =
      file.startsWith('functions/') || file === 'manifest.ts'
        ? readFileSync(join(ROOT, file), 'utf8')
            .split('\n')
            .map((text, i) => ({ line: i + 1, text }))
        : proseLines(file);
    for (const { line, text } of lines)
      for (const match of text.matchAll(/§(\d+(?:\.\d+)*)/g)) {
        // Sections of an RFC (RFC 9110 §15.5.5, RFC 9457 §3.1) are not the conventions'.
        if (
          /(RFC ?\d{3,4}|rfc\d{3,4}|9110|9457|6585)\W{0,3}(section )?$/i.test(
            text.slice(Math.max(0, match.index - 20), match.index),
          )
        )
          continue;
        if (!sections.has(match[1])) unknown.push(`${file}:${line}: §${match[1]}`);
      }
  }
  expect(unknown).toEqual([]);
});
