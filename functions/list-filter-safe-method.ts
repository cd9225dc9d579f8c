/** list-filter-safe-method (§4.3.1): filtering is a GET; a list operation takes no request body. */
import { isObject } from './lib/json';
import { LIST_OPTIONS, ListOptions, FILTER_PATTERN, listOperations, listShape, parametersOf } from './lib/list';
import { Finding, documentRule, finding } from './lib/rule';
import { flat } from './lib/schema';

const SAFE = new Set(['get', 'head', 'query']);

const isOperatorFilter = (schema: unknown): boolean =>
  flat(schema).parts.some(part => part.schema.pattern === FILTER_PATTERN);

export default documentRule<ListOptions>(LIST_OPTIONS, function listFilterSafeMethod(doc, { listDetection }) {
  const results: Finding[] = [];
  for (const operation of doc.operations) {
    // GET, and the other safe methods (HEAD, and QUERY of OpenAPI 3.2, whose request body carries the query).
    if (SAFE.has(operation.method)) continue;
    const method = operation.method.toUpperCase();
    const filters = parametersOf(operation).filter(p => p.in === 'query' && isOperatorFilter(p.schema));
    if (filters.length > 0) {
      results.push(
        finding(
          `${method} operation takes operator filters (${filters.map(p => p.name).join(', ')}); filtering must be a safe, idempotent, cacheable GET`,
          operation.path,
        ),
      );
    } else if (operation.node['x-list-operation'] !== false && listShape(doc, operation)?.bare === false) {
      results.push(
        finding(
          `${method} operation answers a list envelope; listing and filtering must be a safe, idempotent, cacheable GET`,
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
