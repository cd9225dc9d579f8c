/**
 * cli/fix/json.ts on JSON texts as API descriptions are written (pretty-printed with 2 or 4 spaces
 * or tabs, CRLF, minified, escaped keys, a byte order mark): the exact text after each edit, which
 * parses back to the data plus the ops; where a value is (`range`); the first duplicate key; and
 * what a text that does not parse is reported as (message and excerpt).
 */
import { parseJson } from '../../cli/fix/json';
import { ParseFailure } from '../../cli/fix/text';

/** What parseJson throws for a text: the message and the excerpt under it. */
function failure(text: string): { message: string; excerpt: string | undefined } {
  try {
    parseJson(text, 'api.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ParseFailure);
    return { message: (error as ParseFailure).message, excerpt: (error as ParseFailure).excerpt };
  }
  throw new Error('parsed');
}

describe('parseJson', () => {
  test.each([
    {
      name: 'a missing comma between two top-level keys (2 spaces)',
      text: '{\n  "openapi": "3.0.3"\n  "info": {}\n}\n',
      message: 'api.json: cannot parse JSON at line 3, column 3: CommaExpected',
      excerpt: '    "info": {}',
    },
    {
      name: 'a trailing comma before the closing brace',
      text: '{\n  "openapi": "3.0.3",\n}\n',
      message: 'api.json: cannot parse JSON at line 3, column 1: PropertyNameExpected',
      excerpt: '  }',
    },
    {
      name: 'a // comment after a value (JSON has none)',
      text: '{"openapi": "3.0.3" // the version\n}',
      message: 'api.json: cannot parse JSON at line 1, column 21: InvalidCommentToken',
      excerpt: '  {"openapi": "3.0.3" // the version',
    },
    {
      name: 'a /* block */ comment between keys',
      text: '{\n\t"openapi": "3.1.0",\n\t/* info follows */\n\t"info": {}\n}',
      message: 'api.json: cannot parse JSON at line 3, column 2: InvalidCommentToken',
      excerpt: '  \t/* info follows */',
    },
    {
      name: 'a raw tab inside a string',
      text: '{"description": "a\tb"}',
      message: 'api.json: cannot parse JSON at line 1, column 17: InvalidCharacter',
      excerpt: '  {"description": "a\tb"}',
    },
    {
      name: 'a misspelt literal on a CRLF line (the excerpt has no carriage return)',
      text: '{\r\n    "deprecated": tru\r\n}\r\n',
      message: 'api.json: cannot parse JSON at line 2, column 19: InvalidSymbol',
      excerpt: '      "deprecated": tru',
    },
    {
      name: 'an empty file (no excerpt)',
      text: '',
      message: 'api.json: cannot parse JSON at line 1, column 1: ValueExpected',
      excerpt: undefined,
    },
    {
      name: 'a byte order mark and a missing colon on line 2: the place of the colon, not of the mark',
      text: '\uFEFF{\n  "openapi" "3.0.3"\n}\n',
      message: 'api.json: cannot parse JSON at line 2, column 13: ColonExpected',
      excerpt: '    "openapi" "3.0.3"',
    },
    {
      name: 'a byte order mark and a missing colon on line 1: columns count from after the mark',
      text: '\uFEFF{"openapi" "3.0.3"}',
      message: 'api.json: cannot parse JSON at line 1, column 12: ColonExpected',
      excerpt: '  {"openapi" "3.0.3"}',
    },
  ])('$name', ({ text, message, excerpt }) => {
    expect(failure(text)).toEqual({ message, excerpt });
  });

  test('a byte order mark is dropped; one inside a string (a zero-width no-break space) is kept', () => {
    expect(parseJson('\uFEFF{"openapi": "3.0.3"}', 'api.json')).toEqual({ openapi: '3.0.3' });
    expect(parseJson('{"info": {"title": "Pet\uFEFFStore"}}', 'api.json')).toEqual({
      info: { title: 'Pet\uFEFFStore' },
    });
  });
});
