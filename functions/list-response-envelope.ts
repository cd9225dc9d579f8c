/** list-response-envelope (§2.2): a list operation answers { results: [...], metadata }, not a bare array. */
import { Seen, refName } from './lib/json';
import { LIST_OPTIONS, ListOptions, listOperations } from './lib/list-detection';
import { bodiesOf, responsesOf } from './lib/openapi';
import { requiredPath, typePath } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { declaredType, flat } from './lib/schema';
import { writtenDocumentsOf, writtenRefIn } from './lib/written';

export default documentRule<ListOptions>(LIST_OPTIONS, function listResponseEnvelope(doc, { listDetection }, context) {
  const results: Finding[] = [];
  const seen = new Seen();
  const lists = listOperations(doc, listDetection);
  // Schemas some operation that is no list answers (a job's GET): right there, so a paged GET answering
  // one of them is a defect of that pairing.
  // Made only when a paged GET answers one object: most documents never need it.
  let elsewhere: WeakSet<object> | undefined;
  const answeredElsewhere = (schema: unknown): boolean => {
    if (elsewhere === undefined) {
      const listed = new Set(lists.map(list => list.operation));
      elsewhere = new WeakSet<object>(
        doc.operations
          .filter(operation => !listed.has(operation))
          .flatMap(operation => responsesOf(operation).flatMap(response => bodiesOf(doc, response)))
          .flatMap(body => (typeof body.schema === 'object' && body.schema !== null ? [body.schema] : [])),
      );
    }
    return typeof schema === 'object' && schema !== null && elsewhere.has(schema);
  };
  for (const list of lists) {
    // Once per schema, but a paged GET answering one object is judged at each use.
    if (!seen.first(list.schema) && !list.unwrapped) continue;
    if (list.bare) {
      results.push(
        finding(
          'List response is a bare array; expected an object whose required "results" array holds the items, beside "metadata"',
          typePath(list.schema, list.schemaPath),
        ),
      );
      continue;
    }
    if (list.arrays !== undefined) {
      results.push(
        finding(
          `List response holds its items in one of ${list.arrays.map(name => `"${name}"`).join(', ')}; expected them in a required "results" array, beside "metadata"`,
          list.schemaPath,
        ),
      );
      continue;
    }
    if (list.unwrapped) {
      const expected = 'expected an object whose required "results" array holds the items, beside "metadata"';
      // A shared schema answered by this paged GET (BBC's MusicExportJob, one job, right for the GET
      // of the job): the pairing is the defect, at the use.
      const ref = answeredElsewhere(list.schema)
        ? writtenRefIn(writtenDocumentsOf(context), list.schemaPath)
        : undefined;
      results.push(
        ref === undefined
          ? finding(`Paged list response declares no array of items; ${expected}`, list.schemaPath)
          : finding(`${refName(ref)}, the answer of this paged list, declares no array of items; ${expected}`, [
              ...list.schemaPath,
              '$ref',
            ]),
      );
      continue;
    }
    const f = flat(list.schema);
    if (list.nested !== undefined) {
      const { holder, array } = list.nested;
      const property = f.properties.get(holder);
      const at = property ? [...list.schemaPath, ...property.path] : list.schemaPath;
      // A holder written as a $ref (OpenZiti's `data: {$ref: serviceEdgeRouters}`) is reported at the property.
      const written = property && writtenRefIn(writtenDocumentsOf(context), at) !== undefined ? [...at, '$ref'] : at;
      results.push(
        finding(
          `List response's "${holder}" is an object holding "${array}"; expected "results" to be the array of items, beside "metadata"`,
          written,
        ),
      );
      continue;
    }
    if (list.wrapped !== undefined) {
      const wrapper = f.properties.get(list.wrapped);
      const at = wrapper ? [...list.schemaPath, ...wrapper.path] : list.schemaPath;
      // A wrapper written as a $ref (`bets: {$ref: historyBets}`) is reported at the property, where
      // the name to change is written, not in the shared array schema.
      const property = wrapper && writtenRefIn(writtenDocumentsOf(context), at) !== undefined ? [...at, '$ref'] : at;
      results.push(
        finding(
          `List response holds its items in "${list.wrapped}"; expected them in a required "results" array, beside "metadata"`,
          property,
        ),
      );
      continue;
    }
    const items = f.properties.get('results');
    if (items === undefined) {
      results.push(
        finding(
          'List response has no "results" array; expected an object whose required "results" array holds the items',
          list.schemaPath,
        ),
      );
      continue;
    }
    // Only an operation marked x-list-operation: true gets here with a "results" that is not an array.
    const r = flat(items.schema);
    if (r.known && !r.types.has('array')) {
      const actual = declaredType(items.schema);
      results.push(
        finding(
          `List envelope "results" ${actual}; expected an array that holds the items`,
          typePath(items.schema, [...list.schemaPath, ...items.path]),
        ),
      );
    }
    if (!f.required.has('results')) {
      results.push(
        finding(
          'List envelope does not require "results"; expected "results" in required',
          requiredPath(f, list.schemaPath),
        ),
      );
    }
  }
  return results;
});
