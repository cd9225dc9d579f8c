/** The entry point of `dist/cli.js` (the package's `bin`): registers the commands and runs one. */
import { main } from './main';

// Each command registers itself here: register('fix', async () => (await import('./fix')).default);

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
