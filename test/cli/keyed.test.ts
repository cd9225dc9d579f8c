/**
 * cli/shared/keyed.ts in this process: how a file is named in sentences, which documents our rules cannot
 * check (parsed as `spectral lint` parses them) and the sentence for each, and the known defects
 * left out of a lint, one by one.
 */
import { join } from 'node:path';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { lintKeyed, unusable } from '../../cli/shared/keyed';
import { shownName } from '../../cli/shared/files';
import { findRuleset, loadRuleset } from '../../cli/shared/spectral';
import { baselineKey } from '../../functions/lib/baseline-file';
import { samplesFieldsList } from '../__helpers__/documents';
import { put, temporaryProjects } from '../__helpers__/in-process';

const PROJECT = '/home/ana/pets-api';

describe('shownName: relative to the working directory when inside it', () => {
  test.each([
    ['a document inside', `${PROJECT}/api/openapi.yaml`, 'api/openapi.yaml'],
    ['a document outside', '/home/ana/shared/registry.yaml', '/home/ana/shared/registry.yaml'],
    [
      'a folder beside it whose name starts alike',
      '/home/ana/pets-api-v2/openapi.yaml',
      '/home/ana/pets-api-v2/openapi.yaml',
    ],
    ['the working directory itself (baseline -b .)', PROJECT, PROJECT],
    ['a URL', 'https://api.example.com/v1/openapi.yaml', 'https://api.example.com/v1/openapi.yaml'],
    ['a URL written in capitals', 'HTTP://API.EXAMPLE.COM/openapi.yaml', 'HTTP://API.EXAMPLE.COM/openapi.yaml'],
  ])('%s: %s → %s', (_name, file, shown) => {
    expect(shownName(file, PROJECT)).toBe(shown);
  });
  test('a URL from the working directory (as lintKeyed names its documents): as written, not a path under it', () => {
    expect(shownName('https://api.example.com/v1/openapi.yaml')).toBe('https://api.example.com/v1/openapi.yaml');
  });
});

const OPENAPI = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /v1/pets/{petId}:
    get:
      parameters:
        - name: petId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The pet
`;
const NOT_OPENAPI =
  'api/openapi.yaml is not an OpenAPI 2.0, 3.0, 3.1 or 3.2 document: no `swagger: "2.0"` or `openapi: 3.x.y` at its top';

describe('unusable: the sentence for a document our rules cannot check, undefined for one they can', () => {
  test.each<[string, string, string | undefined]>([
    ['OpenAPI 3.0.3', OPENAPI, undefined],
    ['OpenAPI 3.1 written as a YAML number (openapi: 3.1)', OPENAPI.replace('3.0.3', '3.1'), undefined],
    ['OpenAPI 3.2.0', OPENAPI.replace('3.0.3', '3.2.0'), undefined],
    ['Swagger 2.0 (swagger: "2.0")', 'swagger: "2.0"\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n', undefined],
    [
      'Swagger 2.0 written as a YAML number (swagger: 2.0), which Spectral lints as OpenAPI 2.0',
      'swagger: 2.0\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n',
      undefined,
    ],
    [
      'JSON indented with tabs (the parser warns, it does not fail)',
      '{\n\t"openapi": "3.0.3",\n\t"info": {\n\t\t"title": "Pets",\n\t\t"version": "1.0.0"\n\t},\n\t"paths": {}\n}\n',
      undefined,
    ],
    ['OpenAPI 4.0.0', OPENAPI.replace('3.0.3', '4.0.0'), NOT_OPENAPI],
    [
      'OpenAPI 3.0 written as a YAML number (openapi: 3.0, which reads 3)',
      OPENAPI.replace('3.0.3', '3.0'),
      NOT_OPENAPI,
    ],
    ['a version with a v (openapi: v3.0.3)', OPENAPI.replace('3.0.3', 'v3.0.3'), NOT_OPENAPI],
    [
      'no version at all (a JSON Schema)',
      '$schema: https://json-schema.org/draft/2020-12/schema\ntype: object\n',
      NOT_OPENAPI,
    ],
    [
      'AsyncAPI 2.6.0',
      "asyncapi: '2.6.0'\ninfo:\n  title: Pets events\n  version: 1.0.0\nchannels: {}\n",
      'api/openapi.yaml is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2',
    ],
    [
      'AsyncAPI 3.0 written as a YAML number',
      'asyncapi: 3.0\ninfo:\n  title: Pets events\n  version: 1.0.0\nchannels: {}\n',
      'api/openapi.yaml is an AsyncAPI document; the rules check OpenAPI 2.0, 3.0, 3.1 and 3.2',
    ],
    ['an empty file', '', 'api/openapi.yaml is empty'],
    ['blank lines only', '\n\n  \n', 'api/openapi.yaml is empty'],
    ['a comment only', '# the pets API, to be written\n', 'api/openapi.yaml is empty'],
    ['an empty JSON string', '""\n', 'api/openapi.yaml is empty'],
    ['a JSON string of spaces', '"   "\n', 'api/openapi.yaml is empty'],
    [
      'plain text (a page saved in its place)',
      'Not Found\n',
      'api/openapi.yaml is not an OpenAPI document: it holds a string, not a map',
    ],
    ['a number', '42\n', 'api/openapi.yaml is not an OpenAPI document: it holds a number, not a map'],
    [
      'a list of paths',
      '- /v1/pets\n- /v1/pets/{petId}\n',
      'api/openapi.yaml is not an OpenAPI document: it holds a list, not a map',
    ],
    [
      'a duplicate key: the line shown',
      'openapi: 3.0.3\ninfo:\n  title: Pets\n  title: Pets API\n  version: 1.0.0\npaths: {}\n',
      'api/openapi.yaml:4:3: Duplicate key: title',
    ],
    [
      'a duplicate key in a file with CRLF line ends: the line shown without its CR',
      'openapi: 3.0.3\r\ninfo:\r\n  title: Pets\r\n  title: Pets API\r\n  version: 1.0.0\r\npaths: {}\r\n',
      'api/openapi.yaml:4:3: Duplicate key: title',
    ],
    [
      'a response code written as a number (200: unquoted): checked, as spectral lint checks it',
      OPENAPI.replace("'200':", '200:'),
      undefined,
    ],
    [
      'a number key that spells no status (0x190: is 400 to YAML): the line shown',
      OPENAPI.replace("'200':", '0x190:'),
      'api/openapi.yaml:15:9: Mapping key must be a string scalar rather than number',
    ],
    [
      'a flow map left open at the end of a file without a last line end: the line after the last, empty',
      'openapi: 3.0.3\ninfo: {title: Pets, version: 1.0.0',
      'api/openapi.yaml:3:1: Unexpected end of the stream within a flow collection',
    ],
  ])('%s', (_name, text, sentence) => {
    const document = new Document(text, Parsers.Yaml, `${PROJECT}/api/openapi.yaml`);
    expect(unusable(document, 'api/openapi.yaml')).toBe(sentence);
  });
});

/** A Swagger 2.0 document whose version is written unquoted, as many are: the YAML number 2. */
const SWAGGER_NUMBER = `swagger: 2.0
info:
  title: Pets
  version: 1.0.0
basePath: /pets/store/v1
paths:
  /pets/{petId}:
    get:
      parameters:
        - name: petId
          in: path
          required: true
          type: string
      responses:
        '200':
          description: The pet
`;

describe('lintKeyed', () => {
  const { project } = temporaryProjects('spectral-api-conventions-keyed-');
  const RULE = 'list-fields-parameter';
  const KEY = baselineKey(
    'api/list.yaml',
    RULE,
    '/paths/~1samples/get/parameters/fields@query/schema/examples/*',
    '"fields" example selects "colour", which is not a field of the listed item; expected one of id, color',
  );

  test('a key found twice, once known: one of the two left out, both counted', async () => {
    const dir = project();
    const file = join(dir, 'api/list.yaml');
    put(file, samplesFieldsList("['id,colour', 'colour']"));
    const { ruleset } = await loadRuleset(findRuleset(undefined, dir));
    const all = await lintKeyed(ruleset, [file], dir);
    expect(all.counts.get(KEY)).toBe(2);
    expect(all.results.filter(result => result.code === RULE)).toHaveLength(2);
    const left = await lintKeyed(ruleset, [file], dir, new Map([[KEY, 1]]));
    expect(left.counts.get(KEY)).toBe(2);
    expect(left.results.filter(result => result.code === RULE).map(result => result.path.join('/'))).toEqual([
      'paths//samples/get/parameters/0/schema/examples/1',
    ]);
  });

  test('Swagger 2.0 written as a YAML number (swagger: 2.0): linted and keyed, as spectral lint lints it', async () => {
    const dir = project();
    const file = join(dir, 'api/swagger.yaml');
    put(file, SWAGGER_NUMBER);
    const { ruleset } = await loadRuleset(findRuleset(undefined, dir));
    const { counts } = await lintKeyed(ruleset, [file], dir);
    const missing = (codes: string) =>
      baselineKey(
        'api/swagger.yaml',
        'error-responses-required',
        '/paths/~1pets~1{petId}/get/responses',
        `No ${codes} response; every operation must define 400, 404 and 500`,
      );
    expect(counts).toEqual(
      new Map([
        [missing('400'), 1],
        [missing('404'), 1],
        [missing('500'), 1],
      ]),
    );
  });
});
