/** list-filter-safe-method (§4.3.1): filtering is a GET; a list operation takes no request body. */
import { isObject } from './lib/json';
import { OpenApiDocument, Operation } from './lib/openapi';
import { LIST_OPTIONS, ListOptions, answersOneObject, listOperations, listShape } from './lib/list-detection';
import { parametersOf } from './lib/list-parameters';
import { pagingParameters } from './lib/paging';
import { FILTER_PATTERN } from './lib/list-values';
import { Finding, documentRule, finding } from './lib/rule';
import { flat } from './lib/schema';

const SAFE = new Set(['get', 'head', 'query']);

/** Whether an operation answers the list envelope: `results` beside `metadata`. */
const answersPage = (doc: OpenApiDocument, operation: Operation): boolean => {
  const shape = listShape(doc, operation);
  return (
    shape !== undefined &&
    !shape.bare &&
    shape.wrapped === undefined &&
    shape.nested === undefined &&
    flat(shape.schema).properties.has('metadata')
  );
};

const isOperatorFilter = (schema: unknown): boolean =>
  flat(schema).parts.some(part => part.schema.pattern === FILTER_PATTERN);

export default documentRule<ListOptions>(LIST_OPTIONS, function listFilterSafeMethod(doc, { listDetection }) {
  const results: Finding[] = [];
  for (const operation of doc.operations) {
    // GET, and the other safe methods (HEAD, and QUERY of OpenAPI 3.2, whose request body carries the query).
    if (SAFE.has(operation.method)) continue;
    const method = operation.method.toUpperCase();
    const query = parametersOf(operation).filter(p => p.in === 'query');
    // Paging names count unless the answer is known to be one object: Google's `watch` and `resize` take pageToken
    // or size to create a channel or resize a group, and answer one object. `size`, `after` and
    // `before` page only beside another paging parameter (here.com's batch read takes a timestamp
    // `after`).
    const paging = !answersOneObject(doc, operation) ? pagingParameters(query).map(p => p.name) : [];
    const filters = query.filter(p => isOperatorFilter(p.schema)).map(p => p.name);
    if (paging.length > 0 || filters.length > 0) {
      const what = [
        ...(paging.length > 0 ? [`pages with ${paging.join(', ')}`] : []),
        ...(filters.length > 0 ? [`takes operator filters (${filters.join(', ')})`] : []),
      ].join(' and ');
      results.push(
        finding(
          `${method} operation ${what}; listing and filtering must be a safe, idempotent, cacheable GET`,
          operation.path,
        ),
      );
    } else if (operation.node['x-list-operation'] !== false && answersPage(doc, operation)) {
      // An upload or a computation whose answer merely holds a "results" array is not filtering;
      // an answer with the list envelope's metadata is.
      results.push(
        finding(
          `${method} operation answers a list envelope with metadata; listing and filtering must be a safe, idempotent, cacheable GET`,
          operation.path,
        ),
      );
    }
  }
  for (const { operation } of listOperations(doc, listDetection)) {
    if (isObject(operation.node.requestBody)) {
      results.push(
        finding('List operation has a request body; expected its inputs as query parameters only', [
          ...operation.path,
          'requestBody',
        ]),
      );
    }
    const body = parametersOf(operation).find(p => p.in === 'body' || p.in === 'formData');
    if (body)
      results.push(
        finding('List operation has a request body; expected its inputs as query parameters only', body.path),
      );
  }
  return results;
});
