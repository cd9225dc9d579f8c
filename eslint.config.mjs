// ESLint: the recommended rules of ESLint and typescript-eslint. The TypeScript files (those
// tsconfig.json compiles) get typescript-eslint's type-aware set, as Spectral's own repository runs
// it; the .mjs/.cjs/.js scripts keep the untyped recommended set (tsc checks scripts/ with
// tsconfig.scripts.json instead).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The layers (README "How it is built", docs/design.md), checked here rather than trusted to prose: a
// wrong import still builds (esbuild inlines it), and only a user of the VS Code extension or of
// Redocly would see it fail. An import is judged by its text, so each rule below is written per
// folder depth (`../` counts differ), three folders deep, one more than any folder today.
//
// 1. The ruleset (functions/, ruleset.ts, manifest.ts) imports only its own modules and the four
//    Spectral packages that both builds of it can take: dist/ruleset.js leaves @stoplight/spectral-*
//    as require()s, which the Spectral CLI and VS Code extension provide (anything else is inlined, or
//    a bare import the extension fetches from a CDN); dist/redocly.js replaces exactly core, formats,
//    rulesets and runtime with redocly/spectral-shim.ts. No node: module either: the ruleset
//    runs in the editor, and the baseline filter reads its file with spectral-runtime's readFile.
// 2. The Redocly adapter (redocly/) adds node:* and yaml, the only requires scripts/build.mjs
//    allows in dist/redocly.js; no CLI code.
// 3. The commands (cli/) may use anything but test/ and scripts/. A command (a folder of cli/ named
//    in COMMANDS) imports no other command: what two commands share is an engine (cli/shared/, the
//    fix engine cli/fix-engine/), and an engine imports no command. The fix engine is entered by its
//    face only (cli/fix-engine/index.ts): from outside it, no import names one of its modules.
// 4. test/ and scripts/: anything.
const SHIMMED_SPECTRAL = '@stoplight/spectral-(?:core|formats|rulesets|runtime)';
const DEPTHS = [0, 1, 2, 3];
/** The regex source for the repository's root seen from a file `depth` folders down: `./`, `../`, `../../`… */
const rootFrom = depth => (depth === 0 ? '\\./' : '\\.\\./'.repeat(depth));
/** The glob for the files in `folder` or below it that are `depth` folders below the root. */
const filesAt = (folder, depth) => [`${folder}/${'*/'.repeat(depth - folder.split('/').length)}*.ts`];
const restrict = patterns => ({ 'no-restricted-imports': ['error', { patterns }] });

const RULESET_PACKAGES = {
  regex: `^(?!\\.{1,2}/|${SHIMMED_SPECTRAL}$)`,
  message:
    'The ruleset (functions/, ruleset.ts, manifest.ts) imports no package but @stoplight/spectral-core, -formats, -rulesets and -runtime, and no node: module: dist/ruleset.js runs in the VS Code extension, which provides only those, and dist/redocly.js replaces exactly those four (eslint.config.mjs, layer 1).',
};
/** Leaving the ruleset's own modules (functions/, manifest.ts, package.json) from `depth` folders down. */
const rulesetOutside = (depth, allowed) => ({
  regex: `^(?:${rootFrom(depth)}(?!${allowed})|${'\\.\\./'.repeat(depth + 1)})`,
  message:
    'The ruleset (functions/, ruleset.ts, manifest.ts) imports only its own modules: cli/, redocly/, scripts/ and test/ are Node programs built on it, which dist/ruleset.js must not carry (eslint.config.mjs, layer 1).',
});
// Imports that no-restricted-imports does not see: require(), import() and TypeScript's `import x = require()`.
const RULESET_SYNTAX = {
  'no-restricted-syntax': [
    'error',
    ...['ImportExpression', 'CallExpression[callee.name="require"]', 'TSImportEqualsDeclaration'].map(selector => ({
      selector,
      message:
        'The ruleset imports statically only, so that the rules above see every import (eslint.config.mjs, layer 1).',
    })),
  ],
};
const REDOCLY_PACKAGES = {
  regex: `^(?!\\.{1,2}/|node:|yaml$|${SHIMMED_SPECTRAL}$)`,
  message:
    'The Redocly adapter (redocly/) imports no package but node:*, yaml and the four Spectral packages the build replaces: dist/redocly.js may require only node:* and yaml (scripts/build.mjs; eslint.config.mjs, layer 2).',
};
const REDOCLY_OUTSIDE = {
  // From redocly/: its own modules (./x), and ../functions/, ../manifest, ../package.json.
  regex: '^(?:\\.\\./(?!functions/|manifest$|package\\.json$)|\\.\\./\\.\\./)',
  message:
    'The Redocly adapter imports only functions/, manifest.ts, package.json and its own modules: not cli/, scripts/, test/ or presets/ (eslint.config.mjs, layer 2).',
};
const cliOutside = depth => ({
  regex: `^${rootFrom(depth)}(?:test|scripts)(?:/|$)`,
  message:
    'The commands (cli/) do not import test/ or scripts/: those are not in the package (eslint.config.mjs, layer 3).',
});
// The folders of cli/: each a command or an engine, so that a new folder is placed in one on purpose.
const COMMANDS = ['baseline', 'check', 'fix', 'lsp', 'report'];
const ENGINES = ['shared', 'fix-engine'];
const unplaced = readdirSync(new URL('./cli', import.meta.url), { withFileTypes: true }).filter(
  entry => entry.isDirectory() && !COMMANDS.includes(entry.name) && !ENGINES.includes(entry.name),
);
if (unplaced.length > 0)
  throw new Error(
    `eslint.config.mjs: cli/${unplaced[0].name}/ is neither a command nor an engine: add it to COMMANDS or ENGINES`,
  );
/** From a file of cli/<folder>/ (depth 2): any command but the folder's own. */
const otherCommand = folder => ({
  regex: `^\\.\\./(?:${COMMANDS.filter(command => command !== folder).join('|')})(?:/|$)`,
  message: COMMANDS.includes(folder)
    ? 'A command imports no other command: move what both need into an engine (cli/shared/, cli/fix-engine/) (eslint.config.mjs, layer 3).'
    : 'An engine (cli/shared/, cli/fix-engine/) imports no command: the commands are built on it (eslint.config.mjs, layer 3).',
});
/** From a file of cli/<folder>/ (depth 2) other than the fix engine's own: only its face. */
const FIX_ENGINE_FACE = {
  regex: '^\\.\\./fix-engine/',
  message:
    "The fix engine is entered by its face: import from '../fix-engine' (cli/fix-engine/index.ts), not from its modules (eslint.config.mjs, layer 3).",
};

const LAYERS = [
  {
    files: ['ruleset.ts'],
    rules: {
      ...restrict([RULESET_PACKAGES, rulesetOutside(0, 'functions/|manifest$|package\\.json$')]),
      ...RULESET_SYNTAX,
    },
  },
  ...DEPTHS.slice(1).map(depth => ({
    files: filesAt('functions', depth),
    // package.json is data the bundler inlines (functions/lib/adapter.ts reads the repository and docsRef).
    rules: {
      ...restrict([RULESET_PACKAGES, rulesetOutside(depth, 'functions/|manifest$|package\\.json$')]),
      ...RULESET_SYNTAX,
    },
  })),
  {
    // docs/design.md: the manifest imports nothing, so that the CLI reads it without loading any rule function.
    files: ['manifest.ts'],
    rules: {
      ...restrict([
        {
          regex: '.',
          message: 'manifest.ts imports nothing: the CLI reads it without loading any rule function (docs/design.md).',
        },
      ]),
      ...RULESET_SYNTAX,
    },
  },
  {
    files: ['redocly/*.ts'],
    rules: restrict([REDOCLY_PACKAGES, REDOCLY_OUTSIDE]),
  },
  ...DEPTHS.slice(1).map(depth => ({ files: filesAt('cli', depth), rules: restrict([cliOutside(depth)]) })),
  ...[...COMMANDS, ...ENGINES].map(folder => ({
    files: [`cli/${folder}/*.ts`],
    rules: restrict([cliOutside(2), otherCommand(folder), ...(folder === 'fix-engine' ? [] : [FIX_ENGINE_FACE])]),
  })),
  {
    // Deeper than DEPTHS: no rule above would match its `../` count, so nothing may be imported until one does.
    files: ['functions/*/*/*/**/*.ts', 'cli/*/*/*/**/*.ts'],
    rules: restrict([
      { regex: '.', message: 'The layers of eslint.config.mjs go three folders deep: add this depth to DEPTHS.' },
    ]),
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist.types.*/', '.cache/', 'coverage/', 'node_modules/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // vscode/ is the VS Code extension, a CommonJS package of its own (VS Code loads it with require).
    files: ['**/*.cjs', 'jest.config.js', 'vscode/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The report page's scripts (cli/report/html.ts inlines them into the page): classic browser scripts.
    files: ['cli/report/charts.js', 'cli/report/page.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  ...LAYERS,
);
