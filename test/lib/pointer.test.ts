import { escapeToken, refToken, unescapeToken } from '../../functions/lib/pointer';

describe('JSON pointer tokens', () => {
  test.each([
    ['application/json', 'application~1json'],
    ['a~b', 'a~0b'],
    ['~1', '~01'],
    ['/orders/{id}', '~1orders~1{id}'],
    ['plain', 'plain'],
  ])('%s is written %s and read back', (token, written) => {
    expect(escapeToken(token)).toBe(written);
    expect(unescapeToken(written)).toBe(token);
  });

  test('~01 is ~1, not /: ~1 is read first, then ~0', () => {
    expect(unescapeToken('~01')).toBe('~1');
  });
});

describe('$ref fragment tokens', () => {
  test('percent-decoded, then unescaped', () => {
    expect(refToken('%7Bid%7D')).toBe('{id}');
    expect(refToken('application~1problem%2Bjson')).toBe('application/problem+json');
    // A %7E is a literal ~ before unescaping, as RFC 6901 reads a URI fragment.
    expect(refToken('a%7E1b')).toBe('a/b');
  });

  test('undefined when the percent signs do not decode, for the caller to say what that means', () => {
    expect(refToken('%E0%A4%A')).toBeUndefined();
    expect(refToken('100%')).toBeUndefined();
  });
});
