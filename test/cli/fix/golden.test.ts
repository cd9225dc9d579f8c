/**
 * Golden scenarios of `fix`, in process, on real Spectral runs with this repository's ruleset: each
 * `golden/<name>.before.*` is fixed, and the result must equal `<name>.after.*` byte for byte, its diff
 * `<name>.diff`, and its summary `<name>.summary.txt`. A second run changes nothing; the fixed
 * document passes Spectral's own oas2-schema/oas3-schema rules. `UPDATE_GOLDEN=1 npx jest test/cli/fix`
 * rewrites the golden files (review them before committing).
 */
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRuleset, RulesetOptions } from '../../../ruleset';
import { FileResult, fixText } from '../../../cli/fix-engine/engine';
import { formatSummary } from '../../../cli/fix/summary';
import { LoadedRuleset, selectRules } from '../../../cli/shared/spectral';
import { dryRunDiff } from '../../../cli/fix/diff';

const GOLDEN = join(__dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

/** Our ruleset as `extends: [spectral-api-conventions]` gives it, with options, as the fix command loads it. */
export function ourRuleset(options: RulesetOptions = {}, rules: string[] = []): LoadedRuleset {
  const ruleset = new Ruleset(createRuleset(options), { severity: 'recommended' });
  selectRules(ruleset, rules);
  return { ruleset, file: 'ruleset.ts', typeStyle: options.typeStyle ?? 'rfc9110', registry: options.registry };
}

interface Scenario {
  name: string;
  ext: 'yaml' | 'json';
  unsafe?: boolean;
  rules?: string[];
  options?: RulesetOptions;
  registry?: string;
}

const SCENARIOS: Scenario[] = [
  { name: 'safe-comments', ext: 'yaml' },
  { name: 'shared-example', ext: 'yaml', unsafe: true },
  { name: 'unsafe-anchors-flow', ext: 'yaml', unsafe: true },
  { name: 'unsafe-pretty', ext: 'json', unsafe: true },
  { name: 'unsafe-minified', ext: 'json', unsafe: true },
  { name: 'swagger2-crlf', ext: 'yaml', unsafe: true },
  {
    name: 'registry-option',
    ext: 'yaml',
    unsafe: true,
    options: { registry: '../../../../registry/problem-details.yaml' },
  },
  { name: 'only-title', ext: 'yaml', rules: ['problem-example-title'], unsafe: true },
  { name: 'openapi-3.2', ext: 'yaml', unsafe: true },
];

/**
 * The output against its golden file. A missing golden file fails (a test that writes what it then
 * compares could not fail); UPDATE_GOLDEN=1 writes it, for review before committing.
 */
function golden(file: string, actual: string): void {
  const path = join(GOLDEN, file);
  if (update) writeFileSync(path, actual);
  if (!existsSync(path))
    throw new Error(
      `test/cli/fix/golden/${file} is missing: UPDATE_GOLDEN=1 npx jest test/cli/fix writes it, for review`,
    );
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

async function fix(scenario: Scenario, text: string): Promise<FileResult> {
  const loaded = ourRuleset(scenario.options, scenario.rules ?? []);
  return fixText(loaded, text, join(GOLDEN, `${scenario.name}.before.${scenario.ext}`), {
    unsafe: scenario.unsafe ?? false,
    rules: scenario.rules ?? [],
    registry: scenario.registry,
  });
}

/** Spectral's error severity (@stoplight/types' DiagnosticSeverity.Error). */
const ERROR: ISpectralDiagnostic['severity'] = 0;

/** Errors of Spectral's own OpenAPI schema rules. */
async function schemaErrors(text: string, file: string): Promise<string[]> {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(
    new Ruleset({ extends: [[oas as never, 'off']], rules: { 'oas2-schema': 'error', 'oas3-schema': 'error' } }),
  );
  const results = await spectral.run(new Document(text, Parsers.Yaml, file));
  return results.filter(r => r.severity === ERROR).map(r => `${r.code} ${r.path.join('.')}: ${r.message}`);
}

describe.each(SCENARIOS.map(s => [s.name, s] as const))('fix golden scenario %s', (_name, scenario) => {
  const before = (): string => {
    const own = join(GOLDEN, `${scenario.name}.before.${scenario.ext}`);
    // `only-title` reuses safe-comments' document with --rule problem-example-title.
    return readFileSync(existsSync(own) ? own : join(GOLDEN, `safe-comments.before.${scenario.ext}`), 'utf8');
  };
  // Fixed in the first test that needs it rather than in beforeAll: code run outside a test is static to
  // Stryker, which then runs every test against each of its mutants (docs/mutation.md).
  let fixing: Promise<FileResult> | undefined;
  const fixed = (): Promise<FileResult> => (fixing ??= fix(scenario, before()));

  test('after, diff and summary are the golden ones', async () => {
    const result = await fixed();
    golden(`${scenario.name}.after.${scenario.ext}`, result.after);
    golden(`${scenario.name}.diff`, dryRunDiff(result.before, result.after, `${scenario.name}.${scenario.ext}`));
    golden(`${scenario.name}.summary.txt`, `${formatSummary(result, scenario.name)}\n`);
  });

  test('a second run changes nothing', async () => {
    const result = await fixed();
    const again = await fix(scenario, result.after);
    expect(again.after).toBe(result.after);
    expect(again.rounds).toBe(1);
  });

  test('the document passes oas2-schema / oas3-schema before and after', async () => {
    const file = join(GOLDEN, `${scenario.name}.after.${scenario.ext}`);
    expect(await schemaErrors(before(), file)).toEqual([]);
    expect(await schemaErrors((await fixed()).after, file)).toEqual([]);
  });
});

describe('fix keeps what it does not change', () => {
  test('safe fixes change only the values of examples', () => {
    const diff = readFileSync(join(GOLDEN, 'safe-comments.diff'), 'utf8');
    const changed = diff.split('\n').filter(line => /^[-+][^-+]/.test(line));
    for (const line of changed) expect(line).toMatch(/^[-+]\s+(status|title|type|instance):/);
  });

  test('JSON fixes add lines; a changed line only gains a comma or has a key renamed', () => {
    const diff = readFileSync(join(GOLDEN, 'unsafe-pretty.diff'), 'utf8').split('\n');
    const added = new Set(diff.filter(line => line.startsWith('+')).map(line => line.slice(1)));
    const removed = diff.filter(line => line.startsWith('-') && !line.startsWith('---')).map(line => line.slice(1));
    expect(removed.length).toBeGreaterThan(0);
    for (const line of removed) {
      const renamed = line
        .replace('"application/json"', '"application/problem+json"')
        .replace('"enum"', '"x-extensible-enum"');
      expect(added.has(`${line},`) || added.has(renamed)).toBe(true);
    }
    expect(readFileSync(join(GOLDEN, 'unsafe-minified.after.json'), 'utf8')).not.toContain('\n');
  });

  test('CRLF line endings and the missing final newline are kept', () => {
    const after = readFileSync(join(GOLDEN, 'swagger2-crlf.after.yaml'), 'utf8');
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after.endsWith('\n')).toBe(false);
  });

  test('a YAML anchor used elsewhere is not edited, and anchors and aliases stay', () => {
    const after = readFileSync(join(GOLDEN, 'unsafe-anchors-flow.after.yaml'), 'utf8');
    expect(after).toContain('x-problem-example: &problem\n');
    expect(after).toContain('  title: Not found\n');
    expect(after).toContain('example: *problem');
    expect(after).toContain('Problem: &problemSchema');
  });
});

/**
 * Scenarios of documents as they are written in the wild (issue 17): each fixed in process, its diff and
 * summary exactly as `fix --dry-run` prints them. `registry` is written as the document's `$ref`s would
 * write it, relative to the document in test/cli/fix/golden/.
 */
const REGISTRY = '../../../../registry/problem-details.yaml';
// A conforming Swagger 2.0 registry: fix's guard refuses $refs that would bring findings in.
const SWAGGER_REGISTRY = `swagger: '2.0'
info: { title: Common problem responses, version: 1.0.0 }
paths: {}
definitions:
  ProblemDetails:
    type: object
    required: [status, title, detail, type, instance]
    properties:
      status: { type: integer }
      title: { type: string }
      detail: { type: string }
      type: { type: string }
      instance: { type: string }
responses:
  BadRequest:
    description: Bad Request
    schema: { $ref: '#/definitions/ProblemDetails' }
    examples:
      application/problem+json:
        status: 400
        title: Bad Request
        detail: Bad Request.
        type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.1
        instance: GET /orders/42
  NotFound:
    description: Not Found
    schema: { $ref: '#/definitions/ProblemDetails' }
    examples:
      application/problem+json:
        status: 404
        title: Not Found
        detail: Not Found.
        type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
        instance: GET /orders/42
  InternalServerError:
    description: Internal Server Error
    schema: { $ref: '#/definitions/ProblemDetails' }
    examples:
      application/problem+json:
        status: 500
        title: Internal Server Error
        detail: Internal Server Error.
        type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.6.1
        instance: GET /orders/42
`;

interface InlineScenario {
  name: string;
  document: string;
  unsafe?: boolean;
  rules?: string[];
  registry?: string;
  /** A Swagger 2.0 registry written beside the document as registry.yaml. */
  swaggerRegistry?: boolean;
  diff: string;
  summary: string;
}

const INLINE: InlineScenario[] = [
  {
    name: "an instance written 'get orders/42' is left with its reason, not made 'GET orders/42'",
    document: `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: { type: object }
        '400': { $ref: '${REGISTRY}#/components/responses/BadRequest' }
        '404':
          description: Not Found
          content:
            application/problem+json:
              schema: { $ref: '${REGISTRY}#/components/schemas/ProblemDetails' }
              example:
                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                title: Not Found
                status: 404
                detail: No order 42
                instance: get orders/42
        '500': { $ref: '${REGISTRY}#/components/responses/InternalServerError' }
`,
    diff: ``,
    summary: `orders.yaml: 0 fixed, 2 left
rule                      fixed  left  why left
path-version-segment      0      1     no fix: changing paths breaks clients
problem-example-instance  0      1     more than the method’s case is wrong; a person writes the instance`,
  },
  {
    name: 'Swagger 2.0 with --registry: the added responses $ref #/responses/\u2026',
    unsafe: true,
    registry: './registry.yaml',
    swaggerRegistry: true,
    document: `swagger: '2.0'
info: { title: Orders, version: 1.0.0 }
produces: [application/json, application/problem+json]
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, type: string }
      responses:
        '200': { description: The order, schema: { type: object } }
`,
    diff: `--- a/orders.yaml
+++ b/orders.yaml
@@ -8,3 +8,6 @@
         - { name: orderId, in: path, required: true, type: string }
       responses:
         '200': { description: The order, schema: { type: object } }
+        '400': { $ref: ./registry.yaml#/responses/BadRequest }
+        '404': { $ref: ./registry.yaml#/responses/NotFound }
+        '500': { $ref: ./registry.yaml#/responses/InternalServerError }
`,
    summary: `orders.yaml: 1 fixed, 1 left
rule                      fixed  left  why left
error-responses-required  1      0
path-version-segment      0      1     no fix: changing paths breaks clients`,
  },
  {
    name: 'a document whose $refs are quoted: the added $refs are quoted the same way, even where YAML would not need it',
    unsafe: true,
    registry: './registry.yaml',
    swaggerRegistry: true,
    document: `swagger: '2.0'
info: { title: Orders, version: 1.0.0 }
produces: [application/json, application/problem+json]
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, type: string }
      responses:
        '200': { description: The order, schema: { $ref: '#/definitions/Order' } }
definitions:
  Order: { type: object, properties: { id: { type: string } } }
`,
    diff: `--- a/orders.yaml
+++ b/orders.yaml
@@ -8,5 +8,8 @@
         - { name: orderId, in: path, required: true, type: string }
       responses:
         '200': { description: The order, schema: { $ref: '#/definitions/Order' } }
+        '400': { $ref: './registry.yaml#/responses/BadRequest' }
+        '404': { $ref: './registry.yaml#/responses/NotFound' }
+        '500': { $ref: './registry.yaml#/responses/InternalServerError' }
 definitions:
   Order: { type: object, properties: { id: { type: string } } }
`,
    summary: `orders.yaml: 1 fixed, 1 left
rule                      fixed  left  why left
error-responses-required  1      0
path-version-segment      0      1     no fix: changing paths breaks clients`,
  },
  {
    name: 'a 404 listing problem+xml before problem+json: the example is added to the problem+json body',
    unsafe: true,
    registry: REGISTRY,
    document: `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: { type: object }
        '400': { $ref: '${REGISTRY}#/components/responses/BadRequest' }
        '404':
          description: Not Found
          content:
            application/problem+xml:
              schema: { $ref: '${REGISTRY}#/components/schemas/ProblemDetails' }
            application/problem+json:
              schema: { $ref: '${REGISTRY}#/components/schemas/ProblemDetails' }
        '500': { $ref: '${REGISTRY}#/components/responses/InternalServerError' }
`,
    diff: `--- a/orders.yaml
+++ b/orders.yaml
@@ -19,4 +19,5 @@
               schema: { $ref: '${REGISTRY}#/components/schemas/ProblemDetails' }
             application/problem+json:
               schema: { $ref: '${REGISTRY}#/components/schemas/ProblemDetails' }
+              example: { status: 404, title: Not Found, detail: The resource was not found., type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5, instance: 'GET /orders/{orderId}', traceId: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01 }
         '500': { $ref: '${REGISTRY}#/components/responses/InternalServerError' }
`,
    summary: `orders.yaml: 1 fixed, 1 left
rule                     fixed  left  why left
error-response-examples  1      0
path-version-segment     0      1     no fix: changing paths breaks clients`,
  },
  {
    name: 'application/json beside text/html is not renamed: left with its reason',
    unsafe: true,
    registry: REGISTRY,
    document: `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: { type: object }
        '400':
          description: Bad Request
          content:
            application/json:
              schema: { $ref: '${REGISTRY}#/components/schemas/ProblemDetails' }
            text/html:
              schema: { type: string }
        '404': { $ref: '${REGISTRY}#/components/responses/NotFound' }
        '500': { $ref: '${REGISTRY}#/components/responses/InternalServerError' }
`,
    diff: ``,
    summary: `orders.yaml: 0 fixed, 3 left
rule                               fixed  left  why left
error-response-examples            0      1     the response has no application/problem+json body
error-response-problem-media-type  0      1     the response offers other media types too; a person chooses
path-version-segment               0      1     no fix: changing paths breaks clients`,
  },
  {
    name: "--rule problem-example-members turns status '404' into 404 and nothing else",
    rules: ['problem-example-members'],
    document: `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: { type: object }
        '404':
          description: Not Found
          content:
            application/problem+json:
              schema: { type: object }
              example:
                type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                title: Not found
                status: '404'
                detail: No order 42
                instance: GET /orders/42
`,
    diff: `--- a/orders.yaml
+++ b/orders.yaml
@@ -19,6 +19,6 @@
               example:
                 type: https://datatracker.ietf.org/doc/html/rfc9110#section-15.5.5
                 title: Not found
-                status: '404'
+                status: 404
                 detail: No order 42
                 instance: GET /orders/42
`,
    summary: `orders.yaml: 1 fixed, 0 left
rule                     fixed  left  why left
problem-example-members  1      0`,
  },
  {
    name: "400 and 404 added above a '500' with a comment line over it: the comment stays with the 500",
    unsafe: true,
    registry: REGISTRY,
    document: `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: { type: object }
        # Server errors come from the gateway
        '500': { $ref: '${REGISTRY}#/components/responses/InternalServerError' }
`,
    diff: `--- a/orders.yaml
+++ b/orders.yaml
@@ -11,5 +11,9 @@
           content:
             application/json:
               schema: { type: object }
+        '400':
+          $ref: '${REGISTRY}#/components/responses/BadRequest'
+        '404':
+          $ref: '${REGISTRY}#/components/responses/NotFound'
         # Server errors come from the gateway
         '500': { $ref: '${REGISTRY}#/components/responses/InternalServerError' }
`,
    summary: `orders.yaml: 1 fixed, 1 left
rule                      fixed  left  why left
error-responses-required  1      0
path-version-segment      0      1     no fix: changing paths breaks clients`,
  },
  {
    name: "400 and 404 added to '200', 4XX, '500': in numeric order, before 4XX",
    unsafe: true,
    registry: REGISTRY,
    document: `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{orderId}:
    get:
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: { type: object }
        4XX:
          description: Client error
          content:
            application/problem+json:
              schema: { $ref: '${REGISTRY}#/components/schemas/ProblemDetails' }
        '500': { $ref: '${REGISTRY}#/components/responses/InternalServerError' }
`,
    diff: `--- a/orders.yaml
+++ b/orders.yaml
@@ -11,6 +11,10 @@
           content:
             application/json:
               schema: { type: object }
+        '400':
+          $ref: '${REGISTRY}#/components/responses/BadRequest'
+        '404':
+          $ref: '${REGISTRY}#/components/responses/NotFound'
         4XX:
           description: Client error
           content:
`,
    summary: `orders.yaml: 1 fixed, 1 left
rule                      fixed  left  why left
error-responses-required  1      0
path-version-segment      0      1     no fix: changing paths breaks clients`,
  },
];

describe.each(INLINE.map(s => [s.name, s] as const))('fix, %s', (_name, scenario) => {
  test('diff and summary', async () => {
    let folder = GOLDEN;
    if (scenario.swaggerRegistry) {
      folder = mkdtempSync(join(tmpdir(), 'spectral-api-conventions-fix-registry-'));
      writeFileSync(join(folder, 'registry.yaml'), SWAGGER_REGISTRY);
    }
    try {
      const rules = scenario.rules ?? [];
      // --registry is a path relative to the working directory: the scenario's, relative to the document, made absolute.
      const result = await fixText(ourRuleset({}, rules), scenario.document, join(folder, 'orders.yaml'), {
        unsafe: scenario.unsafe ?? false,
        rules,
        registry: scenario.registry === undefined ? undefined : resolve(folder, scenario.registry),
      });
      expect(dryRunDiff(result.before, result.after, 'orders.yaml')).toBe(scenario.diff);
      expect(formatSummary(result, 'orders.yaml')).toBe(scenario.summary);
    } finally {
      if (folder !== GOLDEN) rmSync(folder, { recursive: true, force: true });
    }
  });
});
