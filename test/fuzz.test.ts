/**
 * Property: whatever a document holds, no rule function throws (Spectral aborts the whole lint when
 * one does). Mutates the fixtures (nodes replaced by null, numbers, strings, arrays, empty objects;
 * keys deleted; `$ref` cycles and dangling `$ref`s) and lints each mutant with the real Spectral
 * engine, the rules' safety net switched off so that a bug surfaces as an exception.
 */
import fc from 'fast-check';
import * as Parsers from '@stoplight/spectral-parsers';
import { Document } from '@stoplight/spectral-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, spectralWith } from './__helpers__/spectral';

// 250 per fixture in `npm test` (about 40 s); `npm run test:fuzz` (a step of .ci/run) runs 1,500,
// the same seed's first 250 and 1,250 more.
const RUNS_PER_FIXTURE = Number(process.env.FUZZ_RUNS ?? 250);
const FIXTURE_NAMES = ['swagger-2.0.yaml', 'openapi-3.0.yaml', 'openapi-3.1.yaml', 'openapi-3.2.yaml', 'defects.yaml'];

type Json = unknown;
type Path = (string | number)[];

/** Every path to a node of a JSON value. */
function paths(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

const pointer = (path: Path): string =>
  `#${path.map(s => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;

const REPLACEMENTS: ((path: Path) => Json)[] = [
  () => null,
  () => 42,
  () => -1.5,
  () => 'text',
  () => '',
  () => [],
  () => [null, 1, 'x', {}],
  () => ({}),
  () => true,
  path => ({ $ref: pointer(path.slice(0, Math.max(0, path.length - 2))) }), // a cycle through an ancestor
  path => ({ $ref: pointer(path) }), // a reference to itself
  () => ({ $ref: '#/does/not/exist' }),
  () => ({ $ref: 'missing-file.yaml#/components/schemas/X' }),
];

function mutate(doc: Json, mutations: [number, number, boolean][]): Json {
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  for (const [which, how, remove] of mutations) {
    const all = paths(copy).filter(p => p.length > 0);
    if (all.length === 0) break;
    const path = all[which % all.length];
    // Every prefix of a path from paths() leads to an object or an array.
    let parent = copy as Record<string | number, Json>;
    for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string | number, Json>;
    const key = path[path.length - 1];
    if (remove && !Array.isArray(parent)) delete parent[key];
    else parent[key] = REPLACEMENTS[how % REPLACEMENTS.length](path);
  }
  return copy;
}

describe('no rule function ever throws', () => {
  const spectral = spectralWith();
  let runs = 0;
  afterAll(() => {
    console.log(`fuzz: ${runs} mutated documents linted, 0 exceptions`);
  });

  test.each(FIXTURE_NAMES)('mutants of %s', async name => {
    const source = join(FIXTURES, name);
    const original = new Document(readFileSync(source, 'utf8'), Parsers.Yaml, source).data;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 4 }),
        async mutations => {
          const mutant = mutate(original, mutations);
          runs++;
          // Rejects when a rule function throws ("Function ... threw an exception").
          await spectral.run(
            new Document(JSON.stringify(mutant), Parsers.Json, source.replace(/\.yaml$/, '.mutant.json')),
          );
        },
      ),
      { numRuns: RUNS_PER_FIXTURE, seed: 20261122 },
    );
  });
});
