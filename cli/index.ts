/** The entry point of `dist/cli.js` (the package's `bin`): registers the commands and runs one. */
import { Command, main, register } from './main';

// Each command registers itself here: register('fix', async () => (await import('./fix')).default);
// (TypeScript types a CommonJS dynamic import's default as the whole module; esbuild gives the export.)
register('fix', async () => ((await import('./fix/index.js')) as unknown as { default: Command }).default);
register('baseline', async () => ((await import('./baseline.js')) as unknown as { default: Command }).default);

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
