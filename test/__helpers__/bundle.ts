/**
 * The two pieces of Spectral's bundler the editor-loading tests need, typed: the commonjs plugin and
 * running a bundle as spectral-vscode does.
 */
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { builtins } from '@stoplight/spectral-ruleset-bundler/plugins/builtins';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';

type BundlerPlugin = ReturnType<typeof builtins>;

/**
 * The bundler's commonjs plugin. Typed by hand: the bundler re-exports @rollup/plugin-commonjs,
 * whose package.json `exports` name no types, so TypeScript's node16 resolution cannot see them.
 */
export const commonjsPlugin = commonjs as () => BundlerPlugin;

/** The ruleset an IIFE bundle returns, evaluated as spectral-vscode's loadRuleset does (`Function`). */
export function evaluateBundle(code: string): RulesetDefinition {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the bundle as the extension does is what the tests check.
  const run = Function(`return ${code}`) as () => RulesetDefinition;
  return run();
}
