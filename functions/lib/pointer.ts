/**
 * JSON pointer tokens (RFC 6901) and the `$ref` fragments that carry them (RFC 3986 percent-encoding
 * on top): the one place they are encoded and decoded, for the rules, the commands and the Redocly
 * adapter alike.
 */

/** A token as a pointer writes it: `~` as `~0`, `/` as `~1`. */
export const escapeToken = (token: string): string =>
  token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;

/** A token as a pointer wrote it, read back: `~1` is `/`, `~0` is `~` (in that order). */
export const unescapeToken = (token: string): string =>
  token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;

/**
 * A token of a `$ref`'s fragment: percent-decoded, then unescaped; undefined when its percent signs
 * do not decode (`%E0%A4%A`), for the caller to say what that means.
 */
export function refToken(raw: string): string | undefined {
  if (!raw.includes('%')) return unescapeToken(raw);
  try {
    return unescapeToken(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}
