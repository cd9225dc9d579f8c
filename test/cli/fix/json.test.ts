/**
 * cli/fix-engine/json.ts on JSON texts as API descriptions are written (pretty-printed with 2 or 4 spaces
 * or tabs, CRLF, minified, escaped keys, a byte order mark): the exact text after each edit, which
 * parses back to the data plus the ops; where a value is (`range`); the first duplicate key; and
 * what a text that does not parse is reported as (message and excerpt).
 */
import { JsonSource, duplicateKey, parseJson } from '../../../cli/fix-engine/json';
import { Op, applyOps, normalizeAdds } from '../../../cli/fix-engine/ops';
import { ParseFailure, applyEdits } from '../../../cli/fix-engine/text';

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

const add = (path: (string | number)[], key: string, value: unknown): Op => ({ kind: 'add', path, key, value });
const set = (path: (string | number)[], value: string | number): Op => ({ kind: 'set', path, value });
const rename = (path: (string | number)[], key: string): Op => ({ kind: 'rename', path, key });

const PROBLEM = { $ref: '#/components/responses/Problem' };
const NOT_FOUND = {
  description: 'Not Found',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

interface Scenario {
  name: string;
  text: string;
  ops: Op[];
  expected: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: '2 spaces, LF: codes added in order before default (whatever the order of the ops), a set and a rename',
    text: [
      '{',
      '  "openapi": "3.0.3",',
      '  "paths": {',
      '    "/pets/{id}": {',
      '      "get": {',
      '        "responses": {',
      '          "200": {',
      '            "description": "OK"',
      '          },',
      '          "default": {',
      '            "$ref": "#/components/responses/Problem"',
      '          }',
      '        }',
      '      },',
      '      "x-enum": ["a", "b"]',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
    ops: [
      add(['paths', '/pets/{id}', 'get', 'responses'], '404', NOT_FOUND),
      add(['paths', '/pets/{id}', 'get', 'responses'], '400', PROBLEM),
      add(['paths', '/pets/{id}', 'get', 'responses'], '201', { description: 'Created' }),
      set(['openapi'], '3.0.4'),
      rename(['paths', '/pets/{id}', 'x-enum'], 'x-extensible-enum'),
    ],
    expected: [
      '{',
      '  "openapi": "3.0.4",',
      '  "paths": {',
      '    "/pets/{id}": {',
      '      "get": {',
      '        "responses": {',
      '          "200": {',
      '            "description": "OK"',
      '          },',
      '          "201": {',
      '            "description": "Created"',
      '          },',
      '          "400": {',
      '            "$ref": "#/components/responses/Problem"',
      '          },',
      '          "404": {',
      '            "description": "Not Found",',
      '            "content": {',
      '              "application/problem+json": {',
      '                "schema": {',
      '                  "$ref": "#/components/schemas/Problem"',
      '                }',
      '              }',
      '            }',
      '          },',
      '          "default": {',
      '            "$ref": "#/components/responses/Problem"',
      '          }',
      '        }',
      '      },',
      '      "x-extensible-enum": ["a", "b"]',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
  {
    name: '4 spaces, CRLF: a code after a lone one, an empty responses object written out, a set and a rename',
    text: [
      '{',
      '    "swagger": "2.0",',
      '    "paths": {',
      '        "/orders": {',
      '            "get": {',
      '                "responses": {',
      '                    "200": {',
      '                        "description": "OK"',
      '                    }',
      '                }',
      '            },',
      '            "delete": {',
      '                "responses": {}',
      '            }',
      '        }',
      '    },',
      '    "definitions": {',
      '        "Order": {"type": "object", "x-enum": ["open", "closed"]}',
      '    }',
      '}',
      '',
    ].join('\r\n'),
    ops: [
      add(['paths', '/orders', 'get', 'responses'], '404', NOT_FOUND),
      add(['paths', '/orders', 'delete', 'responses'], '204', { description: 'Deleted' }),
      add(['paths', '/orders', 'delete', 'responses'], 'default', PROBLEM),
      set(['definitions', 'Order', 'type'], 'string'),
      rename(['definitions', 'Order', 'x-enum'], 'x-extensible-enum'),
    ],
    expected: [
      '{',
      '    "swagger": "2.0",',
      '    "paths": {',
      '        "/orders": {',
      '            "get": {',
      '                "responses": {',
      '                    "200": {',
      '                        "description": "OK"',
      '                    },',
      '                    "404": {',
      '                        "description": "Not Found",',
      '                        "content": {',
      '                            "application/problem+json": {',
      '                                "schema": {',
      '                                    "$ref": "#/components/schemas/Problem"',
      '                                }',
      '                            }',
      '                        }',
      '                    }',
      '                }',
      '            },',
      '            "delete": {',
      '                "responses": {',
      '                    "204": {',
      '                        "description": "Deleted"',
      '                    },',
      '                    "default": {',
      '                        "$ref": "#/components/responses/Problem"',
      '                    }',
      '                }',
      '            }',
      '        }',
      '    },',
      '    "definitions": {',
      '        "Order": {"type": "string", "x-extensible-enum": ["open", "closed"]}',
      '    }',
      '}',
      '',
    ].join('\r\n'),
  },
  {
    name: 'tabs: an entry with nested maps after the last one, indented by tabs',
    text: '{\n\t"openapi": "3.1.0",\n\t"paths": {\n\t\t"/a": {\n\t\t\t"get": {\n\t\t\t\t"responses": {\n\t\t\t\t\t"200": {\n\t\t\t\t\t\t"description": "OK"\n\t\t\t\t\t},\n\t\t\t\t\t"201": {\n\t\t\t\t\t\t"description": "Created"\n\t\t\t\t\t}\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n}',
    ops: [
      add(['paths', '/a', 'get', 'responses'], '5XX', PROBLEM),
      add(['paths', '/a', 'get', 'responses'], '404', NOT_FOUND),
      add(['components', 'responses'], 'Problem', { description: 'Problem', headers: {} }),
    ],
    expected: [
      '{',
      '\t"openapi": "3.1.0",',
      '\t"paths": {',
      '\t\t"/a": {',
      '\t\t\t"get": {',
      '\t\t\t\t"responses": {',
      '\t\t\t\t\t"200": {',
      '\t\t\t\t\t\t"description": "OK"',
      '\t\t\t\t\t},',
      '\t\t\t\t\t"201": {',
      '\t\t\t\t\t\t"description": "Created"',
      '\t\t\t\t\t},',
      '\t\t\t\t\t"404": {',
      '\t\t\t\t\t\t"description": "Not Found",',
      '\t\t\t\t\t\t"content": {',
      '\t\t\t\t\t\t\t"application/problem+json": {',
      '\t\t\t\t\t\t\t\t"schema": {',
      '\t\t\t\t\t\t\t\t\t"$ref": "#/components/schemas/Problem"',
      '\t\t\t\t\t\t\t\t}',
      '\t\t\t\t\t\t\t}',
      '\t\t\t\t\t\t}',
      '\t\t\t\t\t},',
      '\t\t\t\t\t"5XX": {',
      '\t\t\t\t\t\t"$ref": "#/components/responses/Problem"',
      '\t\t\t\t\t}',
      '\t\t\t\t}',
      '\t\t\t}',
      '\t\t}',
      '\t},',
      '\t"components": {',
      '\t\t"responses": {',
      '\t\t\t"Problem": {',
      '\t\t\t\t"description": "Problem",',
      '\t\t\t\t"headers": {}',
      '\t\t\t}',
      '\t\t}',
      '\t}',
      '}',
    ].join('\n'),
  },
  {
    name: 'minified on one line with a final newline: new entries minified too, an empty map filled on its line',
    text: '{"openapi":"3.0.3","paths":{"/a":{"get":{"responses":{"200":{"description":"OK"}},"tags":["a","b"]}}},"components":{}}\n',
    ops: [
      add(['paths', '/a', 'get', 'responses'], '404', NOT_FOUND),
      add(['components'], 'responses', { Problem: { description: 'Problem', 'x-codes': [400, 500] } }),
      add(['components'], 'schemas', {}),
      set(['paths', '/a', 'get', 'tags', 1], 'c'),
      rename(['paths', '/a', 'get', 'tags'], 'x-tags'),
    ],
    expected: [
      '{"openapi":"3.0.3","paths":{"/a":{"get":{"responses":{"200":{"description":"OK"},"404":{"description":"Not Found","content":{"application/problem+json":{"schema":{"$ref":"#/components/schemas/Problem"}}}}},"x-tags":["a","c"]}}},"components":{"responses":{"Problem":{"description":"Problem","x-codes":[400,500]}},"schemas":{}}}',
      '',
    ].join('\n'),
  },
  {
    name: 'one-line maps inside a pretty-printed text: new entries inline with the siblings\' ", " and ": "',
    text: [
      '{',
      '  "paths": {',
      '    "/a": {',
      '      "get": {"responses": {"200": {"description": "OK"}, "500": {"description": "Error"}}},',
      '      "put": {"responses": {"200": {"description": "OK"}}}',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
    ops: [
      add(['paths', '/a', 'get', 'responses'], '404', NOT_FOUND),
      add(['paths', '/a', 'put', 'responses'], '4XX', { description: 'Client error', 'x-codes': [400, 422] }),
    ],
    expected: [
      '{',
      '  "paths": {',
      '    "/a": {',
      '      "get": {"responses": {"200": {"description": "OK"}, "404": {"description": "Not Found", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}, "500": {"description": "Error"}}},',
      '      "put": {"responses": {"200": {"description": "OK"}, "4XX": {"description": "Client error", "x-codes": [400, 422]}}}',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
  {
    name: 'entries separated by blank lines: a new one after a blank line too',
    text: '{\n  "openapi": "3.0.3",\n\n  "info": {"title": "Pets", "version": "1"},\n\n  "paths": {}\n}\n',
    ops: [add([], 'tags', [{ name: 'pets' }])],
    expected: [
      '{',
      '  "openapi": "3.0.3",',
      '',
      '  "info": {"title": "Pets", "version": "1"},',
      '',
      '  "paths": {},',
      '',
      '  "tags": [',
      '    {',
      '      "name": "pets"',
      '    }',
      '  ]',
      '}',
      '',
    ].join('\n'),
  },
  {
    name: 'escaped and unicode keys and strings earlier in the text do not mislead the scan',
    text: [
      '{',
      '  "info": {"title": "Caf\\u00e9 \\"API\\" {v1} [beta] \\\\", "x-logo": "日本語 ✓"},',
      '  "paths": {',
      '    "/caf\\u00e9/{id}": {',
      '      "get": {',
      '        "summary": "a \\\\\\"}\\" b",',
      '        "responses": {"200": {"description": "Größe"}}',
      '      },',
      '      "x-\\u0065num": ["}", "]", "\\""]',
      '    }',
      '  }',
      '}',
    ].join('\n'),
    ops: [
      add(['paths', '/café/{id}', 'get', 'responses'], '404', { description: 'Nicht gefunden: «Größe»' }),
      set(['paths', '/café/{id}', 'get', 'responses', '200', 'description'], 'Größe ✓ "ok"'),
      rename(['paths', '/café/{id}', 'x-enum'], 'x-extensible-enum'),
    ],
    expected: [
      '{',
      '  "info": {"title": "Caf\\u00e9 \\"API\\" {v1} [beta] \\\\", "x-logo": "日本語 ✓"},',
      '  "paths": {',
      '    "/caf\\u00e9/{id}": {',
      '      "get": {',
      '        "summary": "a \\\\\\"}\\" b",',
      '        "responses": {"200": {"description": "Größe ✓ \\"ok\\""}, "404": {"description": "Nicht gefunden: «Größe»"}}',
      '      },',
      '      "x-extensible-enum": ["}", "]", "\\""]',
      '    }',
      '  }',
      '}',
    ].join('\n'),
  },
  {
    name: 'nested arrays and an item past index 9 are reached by index',
    text: [
      '{',
      '  "x-matrix": [[1, [2, "]"]], [], [{"a": [3]}]],',
      '  "tags": [',
      ...Array.from({ length: 12 }, (_, i) => `    {"name": "tag${i}", "description": "Tag ${i}"}${i < 11 ? ',' : ''}`),
      '  ]',
      '}',
      '',
    ].join('\n'),
    ops: [
      set(['tags', 11, 'description'], 'The last tag'),
      set(['tags', 1, 'description'], 'The second tag'),
      set(['x-matrix', 2, 0, 'a', 0], 4),
      add(['tags', 10], 'x-displayName', 'Tag ten'),
    ],
    expected: [
      '{',
      '  "x-matrix": [[1, [2, "]"]], [], [{"a": [4]}]],',
      '  "tags": [',
      '    {"name": "tag0", "description": "Tag 0"},',
      '    {"name": "tag1", "description": "The second tag"},',
      '    {"name": "tag2", "description": "Tag 2"},',
      '    {"name": "tag3", "description": "Tag 3"},',
      '    {"name": "tag4", "description": "Tag 4"},',
      '    {"name": "tag5", "description": "Tag 5"},',
      '    {"name": "tag6", "description": "Tag 6"},',
      '    {"name": "tag7", "description": "Tag 7"},',
      '    {"name": "tag8", "description": "Tag 8"},',
      '    {"name": "tag9", "description": "Tag 9"},',
      '    {"name": "tag10", "description": "Tag 10", "x-displayName": "Tag ten"},',
      '    {"name": "tag11", "description": "The last tag"}',
      '  ]',
      '}',
      '',
    ].join('\n'),
  },
  {
    name: 'a byte order mark before the text: offsets count it, the text keeps it',
    text: '\uFEFF{\n  "openapi": "3.0.3",\n  "paths": {}\n}\n',
    ops: [set(['openapi'], '3.0.4'), add([], 'tags', [])],
    expected: ['\uFEFF{', '  "openapi": "3.0.4",', '  "paths": {},', '  "tags": []', '}', ''].join('\n'),
  },
  {
    name: 'no indentation at all: new lines at column 0, nested levels by 2 spaces; an object on a line of its own stays inline',
    text: '{\n"openapi": "3.0.3",\n"tags": [\n{"name": "pets"}\n],\n"paths": {}\n}\n',
    ops: [
      add(['tags', 0], 'description', 'Pets'),
      add(['paths'], '/pets', { get: { responses: { 200: { description: 'OK' } } } }),
      add(['components', 'responses'], 'NotFound', { description: 'Not Found' }),
    ],
    expected: [
      '{',
      '"openapi": "3.0.3",',
      '"tags": [',
      '{"name": "pets", "description": "Pets"}',
      '],',
      '"paths": {',
      '  "/pets": {',
      '    "get": {',
      '      "responses": {',
      '        "200": {',
      '          "description": "OK"',
      '        }',
      '      }',
      '    }',
      '  }',
      '},',
      '"components": {',
      '  "responses": {',
      '    "NotFound": {',
      '      "description": "Not Found"',
      '    }',
      '  }',
      '}',
      '}',
      '',
    ].join('\n'),
  },
  {
    name: 'an empty document {}: its entries on lines of their own, indented by 2 spaces',
    text: '{}',
    ops: [add(['components', 'responses'], 'NotFound', { description: 'Not Found' }), add([], 'openapi', '3.1.0')],
    expected: [
      '{',
      '  "components": {',
      '    "responses": {',
      '      "NotFound": {',
      '        "description": "Not Found"',
      '      }',
      '    }',
      '  },',
      '  "openapi": "3.1.0"',
      '}',
    ].join('\n'),
  },
  {
    name: 'each map\'s first entry on the line of its brace, the others aligned below: new entries below, their values on one line with ", "',
    text: [
      '{"openapi": "3.0.3",',
      ' "info": {"title": "Pets",',
      '          "version": "1.0.0"},',
      ' "paths": {}}',
      '',
    ].join('\n'),
    ops: [
      add(['info'], 'contact', { name: 'API team', email: 'api@example.com' }),
      add(['info'], 'x-audience', ['public', 'partner']),
    ],
    expected: [
      '{"openapi": "3.0.3",',
      ' "info": {"title": "Pets",',
      '          "version": "1.0.0",',
      '          "contact": {"name": "API team", "email": "api@example.com"},',
      '          "x-audience": ["public", "partner"]},',
      ' "paths": {}}',
      '',
    ].join('\n'),
  },
  {
    name: "the document's first entry on the line of its brace (no indentation step to copy): a new code on a line of its own, its value on one line",
    text: [
      '{ "openapi": "3.0.3",',
      '  "paths": {',
      '    "/pets": {',
      '      "get": {',
      '        "responses": {',
      '          "200": {"description": "OK"}',
      '        }',
      '      }',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
    ops: [add(['paths', '/pets', 'get', 'responses'], '404', NOT_FOUND)],
    expected: [
      '{ "openapi": "3.0.3",',
      '  "paths": {',
      '    "/pets": {',
      '      "get": {',
      '        "responses": {',
      '          "200": {"description": "OK"},',
      '          "404": {"description": "Not Found", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}',
      '        }',
      '      }',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
  {
    name: 'one-line maps spaced after their commas but not their colons, and the other way round: new entries and values as each writes them',
    text: [
      '{',
      '  "components": {',
      '    "schemas": {',
      '      "Pet": {"type":"object", "required":["id"]},',
      '      "Tag": {"type": "object","required": ["name"]}',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
    ops: [
      add(['components', 'schemas', 'Pet'], 'properties', { id: { type: 'string', format: 'uuid' } }),
      add(['components', 'schemas', 'Tag'], 'properties', { name: { type: 'string', minLength: 1 } }),
    ],
    expected: [
      '{',
      '  "components": {',
      '    "schemas": {',
      '      "Pet": {"type":"object", "required":["id"], "properties":{"id":{"type":"string", "format":"uuid"}}},',
      '      "Tag": {"type": "object","required": ["name"],"properties": {"name": {"type": "string","minLength": 1}}}',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
  {
    name: 'numbers of every form (negative, decimal, exponents with + and -), true and null beside the edited values',
    text: [
      '{',
      '  "components": {',
      '    "schemas": {',
      '      "Price": {"type": "number", "minimum": -1.5, "maximum": 1e+21, "multipleOf": 2E-3, "nullable": true, "default": null, "x-steps": [-0.5, 1e+2, 3]}',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
    ops: [
      add(['components', 'schemas', 'Price'], 'format', 'double'),
      set(['components', 'schemas', 'Price', 'x-steps', 2], 250),
    ],
    expected: [
      '{',
      '  "components": {',
      '    "schemas": {',
      '      "Price": {"type": "number", "minimum": -1.5, "maximum": 1e+21, "multipleOf": 2E-3, "nullable": true, "default": null, "x-steps": [-0.5, 1e+2, 250], "format": "double"}',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
];

describe.each(SCENARIOS.map(s => [s.name, s] as const))('%s', (_name, scenario) => {
  test('gives the expected text, which parses to the data plus the ops', () => {
    const source = new JsonSource(scenario.text, 'api.json');
    const ops = normalizeAdds(source.data, scenario.ops);
    const { edits, skipped } = source.edit(ops);
    expect(skipped).toEqual([]);
    const text = applyEdits(scenario.text, edits);
    expect(text).toBe(scenario.expected);
    expect(parseJson(text, 'api.json')).toEqual(applyOps(source.data, ops));
  });
});

describe('ops that cannot be made are returned with the reason, and nothing is edited', () => {
  const text =
    '{\n  "openapi": "3.0.3",\n  "tags": [{"name": "pets"}, {"name": "users"}],\n  "x-tag-order": ["users", "pets"],\n  "paths": {}\n}\n';
  test.each([
    { name: 'a set of a value that is not in the text', op: set(['info', 'title'], 'Pets') },
    { name: 'a set below a string', op: set(['openapi', 'x'], 1) },
    { name: 'a rename of an array item (it has no key)', op: rename(['tags', 1], 'x') },
    { name: 'a rename of the document', op: rename([], 'x') },
    { name: 'an add into an array', op: add(['tags'], 'x', 1) },
    { name: 'an add into a string', op: add(['openapi'], 'x', 1) },
    { name: 'an array item past the end', op: set(['tags', 2, 'name'], 'x') },
    { name: 'an array item named other than by its decimal index (1.0)', op: set(['x-tag-order', '1.0'], 'x') },
    { name: 'an array item named other than by its decimal index (empty)', op: set(['x-tag-order', ''], 'x') },
  ])('$name', ({ op }) => {
    expect(new JsonSource(text, 'api.json').edit([op])).toEqual({
      edits: [],
      skipped: [{ op, reason: 'not found in the text' }],
    });
  });
});

test('a source edited twice: the second ops reach into a map the first scan skipped', () => {
  const text = '{\n  "openapi": "3.0.3",\n  "info": {"title": "Pets", "version": "1"}\n}\n';
  const source = new JsonSource(text, 'api.json');
  const first = source.edit([set(['openapi'], '3.0.4')]);
  const second = source.edit([set(['info', 'version'], '2.0'), add(['info'], 'x-audience', 'public')]);
  expect(second.skipped).toEqual([]);
  expect(applyEdits(text, [...first.edits, ...second.edits])).toBe(
    '{\n  "openapi": "3.0.4",\n  "info": {"title": "Pets", "version": "2.0", "x-audience": "public"}\n}\n',
  );
});

test('the data given to the source is kept, not parsed again', () => {
  const data = { openapi: '3.0.3' };
  expect(new JsonSource('{"openapi": "3.0.3"}', 'api.json', data).data).toBe(data);
  expect(new JsonSource('\uFEFF{"openapi": "3.0.3"}', 'api.json').data).toEqual(data);
});

describe('range: the whole text for the document, the start for any other path', () => {
  test.each([
    { name: 'one line', text: '{"openapi":"3.0.3"}', end: { line: 0, character: 19 } },
    { name: 'a blank first line', text: '\n{\n  "openapi": "3.0.3"\n}\n', end: { line: 4, character: 0 } },
    {
      name: 'LF with a final newline',
      text: '{\n  "openapi": "3.0.3",\n  "info": {}\n}\n',
      end: { line: 4, character: 0 },
    },
    {
      name: 'LF without a final newline',
      text: '{\n  "openapi": "3.0.3",\n  "info": {}\n}',
      end: { line: 3, character: 1 },
    },
    { name: 'CRLF with a final newline', text: '{\r\n    "openapi": "3.0.3"\r\n}\r\n', end: { line: 3, character: 0 } },
    {
      name: 'CRLF without a final newline, a last line of spaces',
      text: '{\r\n    "openapi": "3.0.3"\r\n}\r\n    ',
      end: { line: 3, character: 4 },
    },
    {
      name: 'seven lines, the last one long',
      text: '{\n"a": 1,\n"b": 2,\n"c": 3,\n"d": 4,\n"e": 5,\n"f": 6}',
      end: { line: 6, character: 7 },
    },
    {
      name: 'eight lines with a byte order mark',
      text: '\uFEFF[\n  1,\n  2,\n  3,\n  4,\n  5,\n  6\n]',
      end: { line: 7, character: 1 },
    },
  ])('$name', ({ text, end }) => {
    const source = new JsonSource(text, 'api.json');
    expect(source.range([])).toEqual({ start: { line: 0, character: 0 }, end });
    expect(source.range(['openapi'])).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    expect(source.range([0])).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });
});

describe('duplicateKey: the first key an object has twice, with its offset and path', () => {
  test.each([
    {
      name: 'none: a parameter whose name is a key of its own ("in"), strings repeated in arrays',
      text: '{"parameters": [{"name": "in", "in": "query", "required": ["in", "in"]}], "in": "name"}',
      found: undefined,
    },
    {
      name: 'none: the same key in sibling objects and in array items',
      text: '{\n  "a": {"type": "string"},\n  "b": {"type": "string"},\n  "c": [{"type": 1}, {"type": 2}]\n}\n',
      found: undefined,
    },
    {
      name: 'a key repeated after an array value closes',
      text: '{"tags": ["a"], "tags": []}',
      found: { key: 'tags', offset: 16, path: ['tags'] },
    },
    {
      name: 'a key repeated in the second parameter: the path has its index',
      text: '{"paths": {"/a": {"get": {"parameters": [{"name": "a"}, {"name": "b", "in": "query", "name": "c"}]}}}}',
      found: { key: 'name', offset: 85, path: ['paths', '/a', 'get', 'parameters', '1', 'name'] },
    },
    {
      name: 'pretty-printed with CRLF, the third item of a nested array',
      text: '{\r\n  "x": [\r\n    [1, 2],\r\n    [],\r\n    [{"a": 1}, {"b": 2, "b": 3}]\r\n  ]\r\n}\r\n',
      found: { key: 'b', offset: 59, path: ['x', '2', '1', 'b'] },
    },
    {
      name: 'the same key written with an escape',
      text: '{"info": {"x-\\u0061b": 1, "x-ab": 2}}',
      found: { key: 'x-ab', offset: 26, path: ['info', 'x-ab'] },
    },
    {
      name: 'a key with escaped quotes and backslashes, twice',
      text: '{"a\\"b\\\\": {"}": "{"}, "a\\"b\\\\": 2}',
      found: { key: 'a"b\\', offset: 23, path: ['a"b\\'] },
    },
  ])('$name', ({ text, found }) => {
    expect(JSON.parse(text)).toBeDefined();
    expect(duplicateKey(text)).toEqual(found);
  });
});
