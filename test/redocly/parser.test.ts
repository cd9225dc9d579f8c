/**
 * redocly/parser.ts against Spectral's own YAML parser: the adapter must find the mapping keys YAML
 * reads as no string (`400:`, `0x190:`, `true:`, `null:`) exactly where Spectral's parser reports
 * them, with its words, since a finding there decides whether our rules judge the document
 * (functions/lib/rule.ts) under both engines. Each document is a description as written, with the
 * key in one of the places and spellings seen in the wild.
 */
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { keyDiagnostics } from '../../redocly/parser';

/** Spectral's findings of that kind on a YAML file (Spectral gives them as warnings; the ruleset raises them). */
function spectralKeyFindings(text: string) {
  return new Document(text, Parsers.Yaml, '/api/openapi.yaml').diagnostics
    .filter(d => d.message.startsWith('Mapping key must be a string scalar'))
    .map(d => ({ message: d.message, path: [...d.path] }));
}

const ours = (text: string) => {
  const found = keyDiagnostics(text);
  for (const d of found) expect([d.code, d.severity]).toEqual(['parser', 0]);
  return found.map(d => ({ message: d.message, path: d.path }));
};

const head = `openapi: 3.0.3
info:
  title: Shipments
  version: 1.0.0
paths:
  /shipments:
    get:
      operationId: listShipments
`;

const DOCUMENTS: Record<string, string> = {
  'status codes unquoted, nested under paths': `${head}      responses:
        200:
          description: The shipments.
        404:
          description: Not Found
`,
  'null, ~, .inf, .NaN and booleans as keys of an extension': `${head}      x-limits:
        null: 0
        ~: 1
        .inf: 2
        -.Inf: 3
        .NaN: 4
        True: 5
        off: 6
      responses:
        '200': {description: The shipments.}
`,
  'a key in a list item, the dash followed by several spaces': `${head}      x-retry:
        -   0x10: wait
        - attempts:
            - 3: backoff
      responses:
        '200': {description: The shipments.}
`,
  'a list item whose dash is followed by several spaces, its one odd key': `${head}      x-retry:
        -   0x10: wait
      responses:
        '200': {description: The shipments.}
`,
  'an infinity without a sign as the one odd key': `${head}      x-limits:
        .inf: unlimited
      responses:
        '200': {description: The shipments.}
`,
  'a minified flow mapping, no space after its commas': `${head}      responses: {'200': {description: The shipments.},0x190: {description: Bad Request},'500': {description: Error}}
`,
  'a flow mapping with several spaces after a comma': `${head}      responses: {'200': {description: The shipments.},   404: {description: Not Found}}
`,
  'a whole description written in flow style (a .yaml file that looks like JSON)': `{openapi: 3.0.3, info: {title: Shipments, version: 1.0.0}, paths: {/shipments: {get: {responses: {'200': {description: The shipments.}, 0x190: {description: Bad Request}}}}}}
`,
  'a key written twice, and an odd key after it': `${head}      responses:
        '200': {description: The shipments.}
        '200': {description: The shipments again.}
        0o620: {description: Bad Request}
`,
  'keys that only look like numbers': `${head}      responses:
        '200': {description: The shipments.}
        2xx: {description: Other.}
        "404": {description: Not Found}
        v1: {description: x}
        1.0.0-beta: {description: y}
`,
  'a JSON description': `{
  "openapi": "3.0.3",
  "info": {"title": "Shipments", "version": "1.0.0", "description": "Limits as {1: per second, 60: per minute}"},
  "paths": {"/shipments": {"get": {"responses": {"200": {"description": "The shipments."}}}}}
}
`,
  'text YAML cannot parse, with a number key before the error': `${head}      responses:
        400:
          description: Bad Request
       broken: indentation
      - here
`,
};

test.each(Object.keys(DOCUMENTS))('%s: the key findings Spectral’s parser gives, at the same paths', name => {
  expect(ours(DOCUMENTS[name])).toEqual(spectralKeyFindings(DOCUMENTS[name]));
});

test('each kind of key is named as Spectral names it: number, boolean, null', () => {
  expect(ours(DOCUMENTS['null, ~, .inf, .NaN and booleans as keys of an extension'])).toEqual([
    {
      message: 'Mapping key must be a string scalar rather than null',
      path: ['paths', '/shipments', 'get', 'x-limits', 'null'],
    },
    {
      message: 'Mapping key must be a string scalar rather than null',
      path: ['paths', '/shipments', 'get', 'x-limits', '~'],
    },
    {
      message: 'Mapping key must be a string scalar rather than number',
      path: ['paths', '/shipments', 'get', 'x-limits', '.inf'],
    },
    {
      message: 'Mapping key must be a string scalar rather than number',
      path: ['paths', '/shipments', 'get', 'x-limits', '-.Inf'],
    },
    {
      message: 'Mapping key must be a string scalar rather than number',
      path: ['paths', '/shipments', 'get', 'x-limits', '.NaN'],
    },
    {
      message: 'Mapping key must be a string scalar rather than boolean',
      path: ['paths', '/shipments', 'get', 'x-limits', 'True'],
    },
  ]);
  // In a list, the path counts the items; below a number key, the path names the number as YAML reads it.
  expect(ours(DOCUMENTS['a key in a list item, the dash followed by several spaces']).map(d => d.path)).toEqual([
    ['paths', '/shipments', 'get', 'x-retry', 0, '0x10'],
    ['paths', '/shipments', 'get', 'x-retry', 1, 'attempts', 0, '3'],
  ]);
});
