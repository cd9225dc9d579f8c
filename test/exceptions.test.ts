/**
 * Exceptions written in the description, through the real Spectral engine with every rule: an
 * exception in force drops its rule's findings at and under its node, and nothing else; a broken one
 * (reported by conventions-exception) drops nothing. Multi-file: a path item `$ref`d from another
 * file carries its exceptions (docs/design.md, "Exceptions").
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { lint } from './__helpers__/spectral';
import { EXCEPTION_CASES, caseDocument, pointerOf } from './__helpers__/exceptions';
import { MULTI_FILE } from './__helpers__/multi-file';

const findingsOf = async (yaml: string) => {
  const findings = await lint(yaml);
  return (rule: string) =>
    findings
      .filter(f => f.code === rule)
      .map(f => pointerOf(f.path))
      .sort();
};

describe.each(EXCEPTION_CASES)('$name', c => {
  test('in force: the findings under its node are gone, the others stay, and conventions-exception says nothing', async () => {
    const of = await findingsOf(caseDocument(c, c.valid));
    expect(of(c.rule)).toEqual([...c.kept].sort());
    expect(of('conventions-exception')).toEqual([]);
  });
  test('broken: conventions-exception reports it and every finding stays', async () => {
    const of = await findingsOf(caseDocument(c, c.invalid));
    expect(of(c.rule)).toEqual([...c.excepted, ...c.kept].sort());
    expect(of('conventions-exception')).toHaveLength(1);
  });
});

test('an exception drops only the rule it names: the operation excepted from error-responses-required still gets error-responses-secured', async () => {
  const [c] = EXCEPTION_CASES;
  const of = await findingsOf(
    caseDocument(c, c.valid).replace(
      '  /health:\n    get:\n',
      '  /health:\n    get:\n      security: [{oauth2: []}]\n',
    ),
  );
  expect(of('error-responses-required')).toEqual(c.kept);
  expect(of('error-responses-secured')).toEqual(['/paths/~1health/get/responses']);
});

describe('multi-file: a path item in a file of its own carries its exceptions', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-exceptions-'));
    for (const [path, text] of Object.entries(MULTI_FILE.exceptions)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('the excepted operation of paths/health.yaml has no finding; the broken exception of paths/ready.yaml leaves its finding, and is reported at the $ref naming its file', async () => {
    const root = join(folder, 'openapi.yaml');
    const findings = await lint(new Document(readFileSync(root, 'utf8'), Parsers.Yaml, root));
    expect(findings.filter(f => ['error-responses-required', 'conventions-exception'].includes(f.code))).toEqual([
      {
        code: 'conventions-exception',
        path: ['paths', '/acme/vault/v1/ready', '$ref'],
        message:
          'In paths/ready.yaml#/x-api-conventions-exceptions/error-responses-required: Exception for error-responses-required has no reason; expected a sentence saying why the rule does not apply here',
      },
      {
        code: 'error-responses-required',
        path: ['paths', '/acme/vault/v1/ready', '$ref'],
        message:
          'In paths/ready.yaml#/get/responses: No 400, 404 or 500 response; every operation must define 400, 404 and 500',
      },
    ]);
  });
});
