/**
 * Which parser errors our rules read past (docs/design.md, "Behaviour every rule shares").
 */

/** Spectral's message for a YAML mapping key written as a number (`400:` for `'400':`). */
const NUMBER_KEY = 'Mapping key must be a string scalar rather than number';

/** Three decimal digits from 100 to 599: a key that spells an HTTP status code. */
const STATUS = /^[1-5][0-9]{2}$/;

/**
 * Whether a parser diagnostic is a status code written as a plain decimal number (`400:`): every
 * YAML loader reads it as the string it spells, and so does Spectral's parsed document, so the
 * document is judged as written. The diagnostic's path ends with the key as written: `0x190`, `1e3`
 * or `007` (which the parser reads as 400, 1000 and 7) spell no status and still stop our rules.
 */
export function isStatusNumberKey(diagnostic: { message?: unknown; path?: unknown }): boolean {
  if (diagnostic.message !== NUMBER_KEY || !Array.isArray(diagnostic.path)) return false;
  const key: unknown = diagnostic.path[diagnostic.path.length - 1];
  return typeof key === 'string' && STATUS.test(key);
}
