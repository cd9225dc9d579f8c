/**
 * What both engine adapters make of a rule's manifest entry (ruleset.ts for Spectral, redocly/index.ts for
 * Redocly CLI): its page, the severity it reports at, the options its function is given, its
 * formats. One copy, so that the two engines cannot drift apart on any of them.
 */
import { oas2, oas3_0, oas3_1, oas3_2 } from '@stoplight/spectral-formats';
import { docsRef, repository } from '../../package.json';
import { OPTION_DEFAULTS, RULES, RuleId, RuleMeta } from '../../manifest';
import type { RulesetOptions } from './options';

/** Spectral's format checks, by the manifest's names (Redocly's build puts its own in their place). */
export const FORMAT_CHECKS = { oas2, oas3_0, oas3_1, oas3_2 };

export const REPOSITORY = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/**
 * The rule pages of the installed version, at package.json's `docsRef`: the default branch until a
 * release, whose commit `npm run release` makes with its tag `v<version>` there (`docsUrl` replaces it).
 */
export const DEFAULT_DOCS_URL = `${REPOSITORY}/blob/${docsRef}/docs/rules/{rule}.md`;

/** A rule's page: `docsUrl` (with `{rule}`) when set, else the package's own. */
export const rulePage = (id: RuleId, options: RulesetOptions): string =>
  (options.docsUrl ?? DEFAULT_DOCS_URL).replace('{rule}', id);

/** The severity a rule reports at: a MUST of the conventions a warning, an error when the platform is strict. */
export function severityOf(id: RuleId, strict: boolean | undefined): 'error' | 'warn' {
  const severity = (RULES[id] as RuleMeta).severity;
  return severity === 'must' ? (strict ? 'error' : 'warn') : severity;
}

/** The options a rule's function reads (its manifest entry's `options`), as set or defaulted; undefined when it reads none. */
export function functionOptions(id: RuleId, options: RulesetOptions): Record<string, unknown> | undefined {
  const reads = (RULES[id] as RuleMeta).options;
  if (reads.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const name of reads) {
    const value = options[name] ?? OPTION_DEFAULTS[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}
