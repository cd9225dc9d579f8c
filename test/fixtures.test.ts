/** The fixtures through the real Spectral engine, in process: conforming documents lint clean, defects fire once each. */
import { createRuleset } from '../ruleset';
import { CONFORMING, DEFECTS, REGISTRY_DEFECTS, byCodePathAndMessage, sorted } from './__helpers__/expected';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { fixtureDocument, lint, simplify } from './__helpers__/spectral';

describe('fixtures', () => {
  test.each(CONFORMING)('%s lints with zero findings', async name => {
    expect(await lint(fixtureDocument(name))).toEqual([]);
  });

  test('the defects document gives each rule its finding at its known place, with its message, and nothing else', async () => {
    const findings = await lint(fixtureDocument('defects.yaml'));
    expect(byCodePathAndMessage(findings)).toEqual(sorted(DEFECTS));
  });

  test('the registry it brings in gives problem-registry-shape its finding, and nothing else', async () => {
    const findings = await lint(fixtureDocument('defects-registry.yaml'));
    expect(byCodePathAndMessage(findings)).toEqual(sorted(REGISTRY_DEFECTS));
  });

  test('every rule of the ruleset fires in the defects documents', () => {
    expect([...new Set([...DEFECTS, ...REGISTRY_DEFECTS].map(([code]) => code))].sort()).toEqual(
      Object.keys(createRuleset().rules).sort(),
    );
  });
});

test('the shipped registry lints clean with our rules and with spectral:oas (less oas3-unused-component: its components are used by other documents)', async () => {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset({ extends: [oas, createRuleset()], rules: { 'oas3-unused-component': 'off' } } as never);
  expect(simplify(await spectral.run(fixtureDocument('../registry/problem-details.yaml')))).toEqual([]);
});
