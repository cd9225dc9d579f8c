/**
 * cli/shared/json-ranges.ts against Spectral's own YAML parser (@stoplight/yaml, which `spectral lint`
 * reads JSON with): for every path of real JSON descriptions written in every way JSON is written
 * (pretty, minified, CRLF line ends, escaped keys, empty and nested collections), and for paths
 * that leave the document, the same range to the character and the same data; and the texts both
 * parsers would not read alike, left to Spectral's parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getLocationForJsonPath, parseWithPointers } from '@stoplight/yaml';
import { plainJson } from '../../cli/shared/json-ranges';

const ROOT = resolve(__dirname, '../..');
const GOLDEN = join(ROOT, 'test/cli/fix/golden');

/** Every path of a value, and beside each collection's members one that is not there (and goes on). */
function* paths(value: unknown, path: (string | number)[] = []): Generator<(string | number)[]> {
  yield path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* paths(value[i], [...path, i]);
    yield [...path, value.length];
    yield [...path, 'x', 1];
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) yield* paths((value as Record<string, unknown>)[key], [...path, key]);
    yield [...path, 'not-there', 'deeper'];
    yield [...path, 0];
  } else {
    yield [...path, 'past-a-scalar'];
    yield [...path, 0];
  }
}

/** The differences between json-ranges.ts and Spectral's parser on a text: none expected. */
function differences(text: string): string[] {
  const spectral = parseWithPointers(text);
  const ours = plainJson(text);
  if (ours === undefined) return ['json-ranges.ts did not read the text'];
  const found: string[] = [];
  if (JSON.stringify(ours.data) !== JSON.stringify(spectral.data)) found.push('data differs');
  // Spectral's parser has nothing to say of a text read without it (its findings would be missing).
  for (const diagnostic of spectral.diagnostics) found.push(`Spectral's parser: ${diagnostic.message}`);
  for (const path of paths(spectral.data)) {
    const theirs = getLocationForJsonPath(spectral, path, true)?.range;
    const mine = ours.range(path);
    if (JSON.stringify(mine) !== JSON.stringify(theirs))
      found.push(`${JSON.stringify(path)}: Spectral ${JSON.stringify(theirs)}, json-ranges ${JSON.stringify(mine)}`);
  }
  return found;
}

const golden = readdirSync(GOLDEN).filter(name => name.endsWith('.json'));

test.each(golden)('%s: every path placed as Spectral places it', name => {
  expect(differences(readFileSync(join(GOLDEN, name), 'utf8'))).toEqual([]);
});

const description = JSON.parse(readFileSync(join(GOLDEN, 'unsafe-pretty.before.json'), 'utf8')) as unknown;

test.each([
  ['pretty, two spaces', JSON.stringify(description, null, 2)],
  [
    'pretty, four spaces, CRLF line ends and a final line break',
    `${JSON.stringify(description, null, 4).replace(/\n/g, '\r\n')}\r\n`,
  ],
  ['minified, one line', JSON.stringify(description)],
  [
    'space before the colons and inside brackets',
    JSON.stringify(description, null, 1).replace(/":/g, '" :').replace(/\[/g, '[ '),
  ],
  [
    'escaped keys and values, unicode, empty and nested collections',
    String.raw`{"openapi": "3.1.0", "paths": {"/files/{name}\/raw": {"get": {"responses": {}}}, "/caf\u00e9": {"x-\"quoted\"": [[], {}, [[1, 2.5e3, -0.1]], {"a": {"b": {}}}], "x-empty": ""}}, "x-bool": [true, false, null], "x-\\": "\\\"", "x-emoji": "\ud83d\ude00"}`,
  ],
  [
    'the root on the first line after blank lines',
    `\n\n  {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}}`,
  ],
  ['an array at the root', '[{"a": [1, {"b": []}]}, "c", 3]'],
  ['an array at the root, an item a line from the second', '[\n{"a": [1]},\n"c",\n3\n]'],
  [
    'no indentation: members and items at the start of their lines',
    JSON.stringify(description, null, 1).replace(/\n +/g, '\n'),
  ],
  ['the root at the start of the second line', `\n${JSON.stringify(description, null, 2)}`],
  [
    'more objects and arrays than the scan first makes room for (1,024)',
    JSON.stringify({
      openapi: '3.1.0',
      'x-many': Array.from({ length: 1500 }, (_, i) => ({ id: i, tags: [String(i)] })),
    }),
  ],
])('%s: every path placed as Spectral places it', (_name, text) => {
  expect(differences(text)).toEqual([]);
});

test.each([
  ['a key written twice (Spectral: "duplicate key", which stops our rules)', '{"paths": {}, "paths": {"/a": {}}}'],
  ['a __proto__ key (dropped by Spectral)', '{"__proto__": {"x": 1}, "openapi": "3.0.3"}'],
  ['a character YAML reads as a line break', '{"info": {"title": "a\u2028b"}}'],
  ['tabs (Spectral warns of them)', '{\n\t"openapi": "3.0.3"\n}'],
  ['YAML', 'openapi: 3.0.3\npaths: {}\n'],
  ['a JSON scalar', '"openapi"'],
  ['two values', '{"a": 1} {"b": 2}'],
  ['a trailing comma', '{"a": 1,}'],
  ['a comment', '{"a": 1 /* one */}'],
  ['an unterminated string', '{"a": "b}'],
  ['a byte order mark', '\ufeff{"a": 1}'],
])('%s: left to Spectral’s parser', (_name, text) => {
  expect(plainJson(text)).toBeUndefined();
});
