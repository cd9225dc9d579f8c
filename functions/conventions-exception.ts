/**
 * conventions-exception (§7.1.2): an exception written in the description (`x-api-conventions-exceptions`,
 * functions/lib/exceptions.ts) names one of this package's rules and says why it does not apply,
 * and sits where it is honoured, so that no exception is silently ignored. An exception it reports
 * is not in force: the finding it meant to drop stays.
 */
import { Dict, JsonPath, entries, isObject, isString } from './lib/json';
import { OpenApiDocument } from './lib/openapi';
import { EXCEPTIONS_KEY, exceptionEntries, exceptionKeys, isExceptionPlace, notAMap } from './lib/exceptions';
import { Finding, documentRule, finding } from './lib/rule';

const HONOURED = 'write it on the operation, path item or component it concerns, or at the document root';

/** A node written in the linted document itself (not a `$ref`), or undefined. */
const written = (value: unknown): Dict | undefined => (isObject(value) && !isString(value.$ref) ? value : undefined);

/**
 * Where an exception is written but not honoured: the objects met on the way to the four kinds of
 * places and one level under them (a response, parameter, request body, media type, schema or schema
 * property), in the linted document as written, without following `$ref`s (their targets are
 * components, where an exception is honoured). Not the whole document: a deeper node is not looked at.
 */
function* notHonouredPlaces(root: Dict): Generator<[JsonPath, Dict, string]> {
  const at = function* (path: JsonPath, value: unknown, what: string): Generator<[JsonPath, Dict, string]> {
    const node = written(value);
    if (node !== undefined && !isExceptionPlace(path)) yield [path, node, what];
  };
  const schema = function* (path: JsonPath, value: unknown): Generator<[JsonPath, Dict, string]> {
    yield* at(path, value, 'a schema');
    for (const [name, property] of entries(written(value)?.properties))
      yield* at([...path, 'properties', name], property, 'a schema property');
  };
  const content = function* (path: JsonPath, value: unknown): Generator<[JsonPath, Dict, string]> {
    for (const [mediaType, media] of entries(written(value))) {
      yield* at([...path, mediaType], media, 'a media type');
      yield* schema([...path, mediaType, 'schema'], written(media)?.schema);
    }
  };
  const response = function* (path: JsonPath, value: unknown): Generator<[JsonPath, Dict, string]> {
    yield* at(path, value, 'a response');
    const node = written(value);
    yield* content([...path, 'content'], node?.content);
    yield* schema([...path, 'schema'], node?.schema);
    for (const [name, header] of entries(node?.headers)) yield* at([...path, 'headers', name], header, 'a header');
  };
  const parameters = function* (path: JsonPath, value: unknown): Generator<[JsonPath, Dict, string]> {
    if (Array.isArray(value))
      for (const [i, parameter] of value.entries()) yield* at([...path, i], parameter, 'a parameter');
  };
  for (const key of ['info', 'externalDocs', 'paths', 'webhooks', 'components'])
    yield* at([key], root[key], key === 'paths' || key === 'webhooks' ? `the ${key} map` : `the ${key} object`);
  for (const top of ['paths', 'webhooks']) {
    for (const [key, item] of entries(written(root[top]))) {
      const pathItem = written(item);
      if (pathItem === undefined) continue;
      yield* parameters([top, key, 'parameters'], pathItem.parameters);
      for (const [method, operation] of entries(pathItem)) {
        const node = isExceptionPlace([top, key, method]) ? written(operation) : undefined;
        if (node === undefined) continue;
        const path = [top, key, method];
        yield* parameters([...path, 'parameters'], node.parameters);
        yield* at([...path, 'requestBody'], node.requestBody, 'a request body');
        yield* content([...path, 'requestBody', 'content'], written(node.requestBody)?.content);
        yield* at([...path, 'responses'], node.responses, 'the responses map');
        for (const [code, value] of entries(written(node.responses)))
          yield* response([...path, 'responses', code], value);
      }
    }
  }
  for (const [kind, map] of entries(written(root.components))) {
    yield* at(['components', kind], map, `the components.${kind} map`);
    for (const [name, node] of entries(written(map))) {
      const path = ['components', kind, name];
      if (kind === 'schemas')
        for (const [p, v] of entries(written(node)?.properties))
          yield* at([...path, 'properties', p], v, 'a schema property');
      if (kind === 'responses') yield* content([...path, 'content'], written(node)?.content);
      if (kind === 'requestBodies') yield* content([...path, 'content'], written(node)?.content);
    }
  }
  for (const [name, node] of entries(written(root.definitions)))
    for (const [p, v] of entries(written(node)?.properties))
      yield* at(['definitions', name, 'properties', p], v, 'a schema property');
  for (const [name, node] of entries(written(root.responses)))
    yield* schema(['responses', name, 'schema'], written(node)?.schema);
}

export default documentRule(null, function conventionsException(doc: OpenApiDocument, _options, context): Finding[] {
  const findings: Finding[] = [];
  // At the four kinds of places, in the resolved document: a path item of another file carries its exceptions.
  for (const [path, node] of exceptionKeys(doc.root)) {
    const value = node[EXCEPTIONS_KEY];
    if (!isObject(value)) {
      findings.push(finding(notAMap(value), [...path, EXCEPTIONS_KEY]));
      continue;
    }
    for (const entry of exceptionEntries(node, path))
      if (entry.defect !== undefined) findings.push(finding(entry.defect, entry.path));
  }
  const input = context.document.data;
  if (isObject(input)) {
    for (const [path, node, what] of notHonouredPlaces(input)) {
      if (node[EXCEPTIONS_KEY] !== undefined)
        findings.push(finding(`${EXCEPTIONS_KEY} is not honoured on ${what}; ${HONOURED}`, [...path, EXCEPTIONS_KEY]));
    }
  }
  return findings;
});
