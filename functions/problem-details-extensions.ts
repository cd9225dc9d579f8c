/** problem-details-extensions (§2.1): the optional members traceId, errors and code, where declared. */
import { JsonPath, Seen, isObject } from './lib/json';
import { problemBodies } from './lib/openapi';
import { requiredPath, typePath } from './lib/problem';
import { Finding, documentRule, finding, listedDefect, quotedList } from './lib/rule';

const unrequiredErrorMember = listedDefect(
  members => `"errors" items do not require ${quotedList(members, 'or')}; expected detail and pointer in required`,
);
import { declaredType, describeTypes, flat } from './lib/schema';

const typeDefect = (member: string, schema: unknown, path: JsonPath, expected: string): Finding[] => {
  const p = flat(schema);
  if (!p.known || p.types.has(expected)) return [];
  const actual = declaredType(schema);
  return [finding(`Problem member "${member}" ${actual}; expected ${expected}`, typePath(schema, path))];
};

function checkErrors(schema: unknown, path: JsonPath): Finding[] {
  const expected = 'an array of objects with string detail and pointer';
  const f = flat(schema);
  if (!f.known) return [];
  if (!f.types.has('array')) {
    const actual = declaredType(schema);
    return [finding(`Problem member "errors" ${actual}; expected ${expected}`, typePath(schema, path))];
  }
  if (f.items === undefined) return [finding(`Problem member "errors" declares no items; expected ${expected}`, path)];
  const itemsPath = [...path, ...f.items.path];
  const items = flat(f.items.schema);
  if (!items.known) return [];
  if (items.types.size > 0 && !items.types.has('object')) {
    return [
      finding(
        `"errors" items are of type ${describeTypes(f.items.schema)}; expected objects with string detail and pointer`,
        typePath(f.items.schema, itemsPath),
      ),
    ];
  }
  const results: Finding[] = [];
  for (const member of ['detail', 'pointer']) {
    const property = items.properties.get(member);
    if (property === undefined) {
      results.push(
        finding(
          `"errors" items do not declare "${member}"; expected string detail and pointer`,
          items.propertiesPath ? [...itemsPath, ...items.propertiesPath] : itemsPath,
        ),
      );
      continue;
    }
    results.push(...typeDefect(`errors[].${member}`, property.schema, [...itemsPath, ...property.path], 'string'));
    if (!items.required.has(member)) {
      results.push(unrequiredErrorMember(member, requiredPath(items, itemsPath)));
    }
  }
  return results;
}

export default documentRule(null, function problemDetailsExtensions(doc) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const body of problemBodies(doc)) {
    if (!isObject(body.schema) || !seen.first(body.schema)) continue;
    const f = flat(body.schema);
    if (!f.known) continue;
    const at = (property: { path: JsonPath }): JsonPath => [...body.schemaPath, ...property.path];
    const traceId = f.properties.get('traceId');
    if (traceId) results.push(...typeDefect('traceId', traceId.schema, at(traceId), 'string'));
    const code = f.properties.get('code');
    if (code) results.push(...typeDefect('code', code.schema, at(code), 'string'));
    const errors = f.properties.get('errors');
    if (errors) results.push(...checkErrors(errors.schema, at(errors)));
  }
  return results;
});
