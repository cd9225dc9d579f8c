/**
 * redocly/spectral-shim.ts, which the Redocly plugin takes in place of the Spectral packages our rule
 * files import: each export must do what Spectral's does, since the rules run on it under Redocly and
 * on Spectral's under Spectral. Compared with the real @stoplight/spectral-formats and
 * @stoplight/spectral-core, on the values a description's `openapi` and `swagger` fields hold in
 * the wild (a version as a string or, unquoted, as a YAML number; pre-releases; typos).
 */
import { createRulesetFunction as spectralCreateRulesetFunction } from '@stoplight/spectral-core';
import * as spectralFormats from '@stoplight/spectral-formats';
import { parse } from 'yaml';
import { createRulesetFunction, oas, oas2, oas3_0, oas3_1, oas3_2 } from '../../redocly/spectral-shim';

const CHECKS = { oas2, oas3_0, oas3_1, oas3_2 } as const;

/** The version lines seen at the top of descriptions, as written. */
const VERSION_LINES = [
  'openapi: 3.0.0',
  'openapi: 3.0.3',
  "openapi: '3.0.4'",
  'openapi: 3.0.10',
  'openapi: 3.0',
  "openapi: '3.0'",
  'openapi: 3.1.0',
  "openapi: '3.1.1'",
  'openapi: 3.1',
  "openapi: '3.1'",
  'openapi: 3.2.0',
  'openapi: 3.2.10',
  'openapi: 3.1.10',
  // Versions that come after those the ruleset knows.
  'openapi: 3.3.1',
  'openapi: 3.3.2',
  "openapi: '3.2'",
  'openapi: 3.0.3-rc1',
  'openapi: 3.1.0-rc.0',
  'openapi: 3.13.0',
  'openapi: 3.10.0',
  'openapi: 3.21.0',
  'openapi: 3.2.x',
  'openapi: 3.0.',
  'openapi: v3.0.3',
  'openapi: 3',
  'openapi: 4.0.0',
  'openapi: 30.0.0',
  "openapi: ''",
  'openapi:',
  'swagger: "2.0"',
  'swagger: 2.0',
  'swagger: 2',
  "swagger: '2.0.1'",
  'swagger: 1.2',
  'swagger: v2',
  'swaggerVersion: "1.2"',
  'info: {title: No version line}',
];

const documentOf = (line: string): Record<string, unknown> => ({
  ...(parse(line) as Record<string, unknown>),
  info: { title: 'Orders', version: '1.0.0' },
  paths: {},
});

test.each(VERSION_LINES)('the format checks say what spectral-formats says of a description starting %p', line => {
  const document = documentOf(line);
  for (const [name, check] of Object.entries(CHECKS)) {
    const spectral = spectralFormats[name as keyof typeof CHECKS];
    expect([name, check(document)]).toEqual([name, spectral(document, null)]);
  }
});

test('each version a description is written in is told apart: 3.0 from 3.1 and 3.2, patch levels and pre-releases', () => {
  const formatsOf = (line: string) =>
    Object.entries(CHECKS)
      .filter(([, check]) => check(documentOf(line)))
      .map(([name]) => name);
  expect(formatsOf('openapi: 3.0.10')).toEqual(['oas3_0']);
  expect(formatsOf("openapi: '3.1'")).toEqual(['oas3_1']);
  expect(formatsOf('openapi: 3.2.0')).toEqual(['oas3_2']);
  expect(formatsOf('swagger: "2.0"')).toEqual(['oas2']);
  // Neither engine takes a pre-release, a version past 3.x's minor digits, nor one with a prefix.
  for (const line of ['openapi: 3.0.3-rc1', 'openapi: 3.13.0', 'openapi: 3.21.0', 'openapi: v3.0.3', 'openapi: 3'])
    expect([line, formatsOf(line)]).toEqual([line, []]);
});

test('a value that is no description (a list, text, null, an object of a class) is no format, as for spectral-formats', () => {
  class Description {
    openapi = '3.0.3';
    swagger = '2.0';
  }
  const nullPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { openapi: '3.1.0' });
  const values: unknown[] = [
    null,
    undefined,
    'openapi: 3.0.3',
    3,
    [],
    Object.assign(['3.0.3'], { openapi: '3.0.3', swagger: '2.0' }),
    new Description(),
    nullPrototype,
  ];
  for (const [i, value] of values.entries())
    for (const [name, check] of Object.entries(CHECKS))
      expect([i, name, check(value)]).toEqual([i, name, spectralFormats[name as keyof typeof CHECKS](value, null)]);
  // The one object without a prototype (as some YAML loaders make them) is a description.
  expect(oas3_1(nullPrototype)).toBe(true);
});

test('createRulesetFunction gives the rule function its arguments, its result and its name, as spectral-core’s does', () => {
  function problemExampleStatus(input: unknown, options: unknown, context: unknown) {
    return [{ message: JSON.stringify([input, options, context]) }];
  }
  const ours = createRulesetFunction({ input: null, options: null }, problemExampleStatus);
  const theirs = spectralCreateRulesetFunction({ input: null, options: null }, problemExampleStatus);
  expect(ours.name).toBe('problemExampleStatus');
  expect(ours.name).toBe(theirs.name);
  const context = { path: ['paths'], document: { source: 'openapi.yaml' } };
  expect(ours({ openapi: '3.0.3' }, null, context)).toEqual([
    { message: JSON.stringify([{ openapi: '3.0.3' }, null, context]) },
  ]);
});

test('spectral:oas, which the ruleset extends with every rule off, is an empty ruleset under Redocly', () => {
  expect(oas).toEqual({});
});
