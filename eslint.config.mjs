// ESLint: the recommended rules of ESLint and typescript-eslint. The TypeScript files (those
// tsconfig.json compiles) get typescript-eslint's type-aware set, as Spectral's own repository runs
// it; the .mjs/.cjs/.js scripts, which no tsconfig covers, keep the untyped recommended set.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
);
