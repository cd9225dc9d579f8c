/**
 * Problem examples whose `status` their own schema rules out (`status: {enum: [503]}`, example
 * status 500): problem-example-status's finding, and the examples problem-example-title and
 * problem-example-type do not judge against that wrong status.
 */
import { JsonPath, memo } from './json';
import { OpenApiDocument, checkedProblemExamples } from './openapi';
import { allowedStatuses, exampleStatus } from './problem';

export interface OffSchemaExample {
  value: object;
  path: JsonPath;
  status: number;
  /** What the schema allows: never empty. */
  allowed: number[];
}

/** Each checked problem example whose status its body's schema rules out, once per place it is met. */
export const offSchemaExamples = memo((doc: OpenApiDocument): OffSchemaExample[] =>
  checkedProblemExamples(doc).flatMap(({ value, path, schema }) => {
    const status = exampleStatus(value);
    if (status === undefined || schema === undefined) return [];
    const allowed = allowedStatuses(schema);
    return allowed === undefined || allowed.length === 0 || allowed.includes(status)
      ? []
      : [{ value: value as object, path, status, allowed }];
  }),
);

const offSchemaValues = memo((doc: OpenApiDocument): Set<unknown> => new Set(offSchemaExamples(doc).map(e => e.value)));

/** Whether an example value's status is ruled out by the schema of a body it is in. */
export const isOffSchema = (doc: OpenApiDocument, value: unknown): boolean => offSchemaValues(doc).has(value);
