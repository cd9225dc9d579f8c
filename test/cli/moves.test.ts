/**
 * cli/shared/moves.ts in this process: which known findings are fixed, which moved with a renamed path,
 * which of today's are new, with every list exact. The keys are written as the baseline writes them
 * (file, rule, JSON pointer, message), with the findings of this package's rules.
 */
import { Comparison, compare } from '../../cli/shared/moves';
import { baselineKey } from '../../functions/lib/baseline-file';

const FILE = 'api/openapi.yaml';

/** A JSON pointer, each segment escaped as the baseline escapes it. */
const pointer = (...segments: string[]): string =>
  segments.map(segment => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** error-responses-required on the GET of a path. */
const noResponse = (path: string, code = '404'): string =>
  baselineKey(
    FILE,
    'error-responses-required',
    pointer('paths', path, 'get', 'responses'),
    `No ${code} response; every operation must define 400, 404 and 500`,
  );

/** path-version-segment on a path without servers: the message names the path. */
const unversioned = (path: string): string =>
  baselineKey(
    FILE,
    'path-version-segment',
    pointer('paths', path),
    `Path "${path}" lacks the version segment; expected /<namespace>/<product>/v<major>/<collection>`,
  );

/** problem-example-title on a 404 example whose name holds a line break. */
const titled = (path: string): string =>
  baselineKey(
    FILE,
    'problem-example-title',
    pointer(
      'paths',
      path,
      'get',
      'responses',
      '404',
      'content',
      'application/problem+json',
      'examples',
      'Pet\nnot found',
    ),
    '404 example title is "Not found"; expected "Not Found"',
  );

/** list-fields-parameter on the examples of a list's `fields` (examples are keyed `*`: two alike count 2). */
const colour = (path: string): string =>
  baselineKey(
    FILE,
    'list-fields-parameter',
    pointer('paths', path, 'get', 'parameters', 'fields@query', 'schema', 'examples', '*'),
    '"fields" example selects "colour", which is not a field of the listed item; expected one of id, color',
  );

/** problem-example-type on a 400 example whose type is `type`. */
const problemType = (path: string, type: string): string =>
  baselineKey(
    FILE,
    'problem-example-type',
    pointer('paths', path, 'post', 'responses', '400', 'content', 'application/problem+json', 'example', 'type'),
    `400 example type is "${type}"; expected https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1 (RFC 9110 §15.5.1)`,
  );

/** error-responses-required on a path item kept in a shared file, grouped under `pets`. */
const grouped = (path: string): string =>
  baselineKey(
    'lib/path-items.yaml',
    'error-responses-required',
    pointer('pets', 'paths', path, 'get', 'responses'),
    'No 404 response; every operation must define 400, 404 and 500',
  );

const counts = (...entries: [string, number][]): Map<string, number> => new Map(entries);

/** One known finding under `from`, found today under `to` instead. */
const renamed = (key: (path: string) => string, from: string, to: string) =>
  [counts([key(from), 1]), counts([key(to), 1])] as const;
const moved = (key: (path: string) => string, from: string, to: string): Comparison => ({
  fixed: [],
  moved: [[key(from), key(to), 1]],
  added: [],
});
const notMoved = (key: (path: string) => string, from: string, to: string): Comparison => ({
  fixed: [[key(from), 1]],
  moved: [],
  added: [[key(to), 1]],
});

describe('compare: a renamed path of the same shape is a move', () => {
  test.each<[string, Map<string, number>, Map<string, number>, Comparison]>([
    [
      'a parameter renamed too (/v1/pets/{petId} → /v1/animals/{animalId}): moved, nothing left over as new',
      ...renamed(noResponse, '/v1/pets/{petId}', '/v1/animals/{animalId}'),
      moved(noResponse, '/v1/pets/{petId}', '/v1/animals/{animalId}'),
    ],
    [
      'a trailing slash kept (/v1/pets/ → /v1/animals/): moved',
      ...renamed(noResponse, '/v1/pets/', '/v1/animals/'),
      moved(noResponse, '/v1/pets/', '/v1/animals/'),
    ],
    [
      'a path with a ~ (/~jdoe/reports → /~asmith/reports), named in the message: moved',
      ...renamed(unversioned, '/~jdoe/reports', '/~asmith/reports'),
      moved(unversioned, '/~jdoe/reports', '/~asmith/reports'),
    ],
    [
      'an example named on two lines under a renamed path (/v1/pets/{petId} → /v1/animals/{animalId}): moved',
      ...renamed(titled, '/v1/pets/{petId}', '/v1/animals/{animalId}'),
      moved(titled, '/v1/pets/{petId}', '/v1/animals/{animalId}'),
    ],
    [
      'a parameter in place of a fixed segment (/v1/pets/{petId} → /v1/pets/mine): fixed and new',
      ...renamed(noResponse, '/v1/pets/{petId}', '/v1/pets/mine'),
      notMoved(noResponse, '/v1/pets/{petId}', '/v1/pets/mine'),
    ],
    [
      'a segment that only holds a parameter (/v1/pets/{petId} → /v1/pets/pet-{petId}): fixed and new',
      ...renamed(noResponse, '/v1/pets/{petId}', '/v1/pets/pet-{petId}'),
      notMoved(noResponse, '/v1/pets/{petId}', '/v1/pets/pet-{petId}'),
    ],
    [
      'a segment that starts with a parameter (/v1/pets/{petId} → /v1/pets/{petId}.json): fixed and new',
      ...renamed(noResponse, '/v1/pets/{petId}', '/v1/pets/{petId}.json'),
      notMoved(noResponse, '/v1/pets/{petId}', '/v1/pets/{petId}.json'),
    ],
    [
      'a parameter where a trailing slash was (/v1/pets/{petId} → /v1/pets/): fixed and new',
      ...renamed(noResponse, '/v1/pets/{petId}', '/v1/pets/'),
      notMoved(noResponse, '/v1/pets/{petId}', '/v1/pets/'),
    ],
    [
      'a named segment after a trailing slash (/v1/pets/ → /v1/pets/mine): fixed and new',
      ...renamed(noResponse, '/v1/pets/', '/v1/pets/mine'),
      notMoved(noResponse, '/v1/pets/', '/v1/pets/mine'),
    ],
    [
      'a trailing slash added (/v1/pets → /v1/pets/): fixed and new',
      ...renamed(noResponse, '/v1/pets', '/v1/pets/'),
      notMoved(noResponse, '/v1/pets', '/v1/pets/'),
    ],
    [
      'a message that changed besides naming the path (a problem type no longer under it): fixed and new',
      counts([problemType('/v1/orders', 'https://api.example.com/v1/orders/problems/validation'), 1]),
      counts([problemType('/v1/carts', 'https://api.example.com/problems/validation'), 1]),
      {
        fixed: [[problemType('/v1/orders', 'https://api.example.com/v1/orders/problems/validation'), 1]],
        moved: [],
        added: [[problemType('/v1/carts', 'https://api.example.com/problems/validation'), 1]],
      },
    ],
    [
      'path items kept in a shared file under a group (#/pets/paths/~1v1~1pets) are not under /paths: fixed and new',
      ...renamed(grouped, '/v1/pets', '/v1/animals'),
      notMoved(grouped, '/v1/pets', '/v1/animals'),
    ],
  ])('%s', (_name, known, now, expected) => {
    expect(compare(known, now)).toEqual(expected);
  });
});

describe('compare: counts', () => {
  test('a finding found twice where it was once, and its path under a new version too: both new, no move', () => {
    const known = counts([colour('/v1/samples'), 1]);
    const now = counts([colour('/v1/samples'), 2], [colour('/v2/samples'), 1]);
    expect(compare(known, now)).toEqual({
      fixed: [],
      moved: [],
      added: [
        [colour('/v1/samples'), 1],
        [colour('/v2/samples'), 1],
      ],
    });
  });

  test('two versions known; one removed, the other found once where it was twice: both fixed, no move', () => {
    const known = counts([colour('/v1/samples'), 1], [colour('/v2/samples'), 2]);
    const now = counts([colour('/v2/samples'), 1]);
    expect(compare(known, now)).toEqual({
      fixed: [
        [colour('/v1/samples'), 1],
        [colour('/v2/samples'), 1],
      ],
      moved: [],
      added: [],
    });
  });

  test('two versions known, both renamed into one (/v1 and /v2 → /v3): one moved, the other fixed', () => {
    const known = counts([colour('/v1/samples'), 1], [colour('/v2/samples'), 1]);
    const now = counts([colour('/v3/samples'), 1]);
    expect(compare(known, now)).toEqual({
      fixed: [[colour('/v2/samples'), 1]],
      moved: [[colour('/v1/samples'), colour('/v3/samples'), 1]],
      added: [],
    });
  });

  test('found twice, once under the old path and once under the new: one moved of two', () => {
    const known = counts([colour('/v1/samples'), 2]);
    const now = counts([colour('/v1/samples'), 1], [colour('/v2/samples'), 2]);
    expect(compare(known, now)).toEqual({
      fixed: [],
      moved: [[colour('/v1/samples'), colour('/v2/samples'), 1]],
      added: [[colour('/v2/samples'), 1]],
    });
  });
});
