/**
 * The fix engine's face: what the `fix` command and the language server use of it, and nothing they
 * may import from its other modules (eslint.config.mjs, layer 3). The engine turns findings into
 * text edits in rounds (docs/fix.md): plan (plan.ts), choose and apply (batch.ts), lint, judge
 * (guard.ts), over a text edited in place (text.ts, json.ts, yaml.ts); the rounds are engine.ts's.
 */
export { fixText, type FileResult, type FixRequest, type GuardedLint, type RuleSummary } from './engine';
export { withGuardRules, guarded, guardFor } from './guard-rules';
export { firstLint, openLinted, quickFixes, type Opened } from './quick-fixes';
export { SAFE_RULES, UNSAFE_RULES, hasFix, isFixed, isUnsafe } from './plan';
export { editScript } from './edit-script';
export { looksLikeJson } from './source';
export { ParseFailure, lineColumn, type Edit } from './text';
