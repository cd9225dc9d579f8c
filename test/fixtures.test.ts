/** The fixtures through the real Spectral engine, in process: conforming documents lint clean, defects fire once each. */
import { createRuleset } from '../ruleset';
import { CONFORMING, DEFECTS, byCodeAndPath, sorted } from './__helpers__/expected';
import { fixtureDocument, lint } from './__helpers__/spectral';

describe('fixtures', () => {
  test.each(CONFORMING)('%s lints with zero findings', async name => {
    expect(await lint(fixtureDocument(name))).toEqual([]);
  });

  test('the defects document gives each rule its finding at its known place, and nothing else', async () => {
    const findings = await lint(fixtureDocument('defects.yaml'));
    expect(byCodeAndPath(findings)).toEqual(sorted(DEFECTS));
  });

  test('every rule of the ruleset fires in the defects document', () => {
    expect(DEFECTS.map(([code]) => code).sort()).toEqual(Object.keys(createRuleset().rules).sort());
  });
});
