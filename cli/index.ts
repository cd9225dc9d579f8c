/** The entry point of `dist/cli.js` (the package's `bin`): registers the commands and runs one. */
import { Command, main, register } from './main';

// Each command registers itself here with its one-line summary: register('fix', '…', async () => …);
// (TypeScript types a CommonJS dynamic import's default as the whole module; esbuild gives the export.)
register(
  'check',
  'spectral lint for CI; with --since <git-ref>, only the findings new since that revision (docs/ci.md)',
  async () => ((await import('./check/index.js')) as unknown as { default: Command }).default,
);
register(
  'fix',
  "apply the conventions' unambiguous fixes, keeping comments and layout (docs/fix.md)",
  async () => ((await import('./fix/index.js')) as unknown as { default: Command }).default,
);
register(
  'baseline',
  "record today's findings so that CI fails only on new ones; --check, --prune (docs/baseline.md)",
  async () => ((await import('./baseline/index.js')) as unknown as { default: Command }).default,
);
register(
  'lsp',
  'a language server for editors: our findings, quick fixes made by fix, hover (docs/editors.md)',
  async () => ((await import('./lsp/index.js')) as unknown as { default: Command }).default,
);

register(
  'report',
  'the estate report: per API and area of the conventions, a score and a level; HTML, JSON, Markdown (docs/report.md)',
  async () => ((await import('./report/index.js')) as unknown as { default: Command }).default,
);

main(process.argv.slice(2)).then(
  code => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `spectral-api-conventions: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
