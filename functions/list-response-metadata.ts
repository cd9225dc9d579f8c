/**
 * list-response-metadata (§2.2, §4.2.5): the envelope declares metadata with total and limit, and
 * offset or cursor matching the pagination the list offers.
 *
 * What is wrong whatever list uses the envelope (no metadata, no total or limit, a mistyped member)
 * is one finding at the envelope. Whether `offset` or `cursor` is right depends on the list: when
 * the envelope is a shared component, a mismatch is a defect of that pairing, reported at the
 * list's `$ref` to it, naming the component.
 */
import { JsonPath, Seen } from './lib/json';
import { LIST_OPTIONS, ListOperation, ListOptions, listOperations } from './lib/list-detection';
import { queryParameter } from './lib/list-parameters';
import { propertiesPath, typePath } from './lib/problem';
import { Finding, documentRule, finding, listedDefect, quotedList } from './lib/rule';
import { FlatSchema, declaredType, flat } from './lib/schema';
import { refUseIn, writtenDocumentsOf } from './lib/written';

const EXPECTED = 'total and limit (integers), and offset (integer) or cursor (string) as the list paginates';

const missingMember = listedDefect(names => `List metadata lacks ${quotedList(names)}; expected ${EXPECTED}`);

type Style = 'offset' | 'cursor' | 'either';

const styleOf = (list: ListOperation): Style => {
  const offset = queryParameter(list.operation, 'offset') !== undefined;
  const cursor = queryParameter(list.operation, 'cursor') !== undefined;
  return cursor && !offset ? 'cursor' : offset && !cursor ? 'offset' : 'either';
};

/** What the list's pagination asks of the metadata, or undefined when the metadata fits it. */
function paginationDefect(style: Style, m: FlatSchema): string | undefined {
  const has = (name: string) => m.properties.has(name);
  if (style === 'either') {
    return has('offset') || has('cursor')
      ? undefined
      : 'no single pagination style, and the metadata has neither "offset" nor "cursor"';
  }
  const other = style === 'offset' ? 'cursor' : 'offset';
  if (!has(style)) {
    return has(other)
      ? `${style} pagination, but the metadata has "${other}" instead of "${style}"`
      : `${style} pagination, but the metadata has no "${style}"`;
  }
  return has(other) ? `${style} pagination only, but the metadata declares "${other}" too` : undefined;
}

const WANTED: Record<Style, string> = {
  offset: 'metadata with offset (integer) and no cursor',
  cursor: 'metadata with cursor (string) and no offset',
  either: 'metadata with offset (integer) or cursor (string)',
};

export default documentRule<ListOptions>(LIST_OPTIONS, function listResponseMetadata(doc, { listDetection }, context) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const list of listOperations(doc, listDetection)) {
    // A bare array, or items one level down in `results`: list-response-envelope's one finding until the envelope is right.
    if (list.bare || list.nested !== undefined) continue;
    const envelope = flat(list.schema);
    if (!envelope.known || !envelope.properties.has('results')) continue;
    const metadata = envelope.properties.get('metadata');
    // The envelope's own defects, once per envelope whatever uses it.
    if (seen.first(list.schema)) {
      if (metadata === undefined) {
        results.push(
          finding(
            `List envelope has no "metadata"; expected metadata with ${EXPECTED}`,
            propertiesPath(envelope, list.schemaPath),
          ),
        );
      } else {
        results.push(...memberDefects(flat(metadata.schema), [...list.schemaPath, ...metadata.path]));
      }
    }
    if (metadata === undefined) continue;
    const m = flat(metadata.schema);
    if (!m.known) continue;
    const style = styleOf(list);
    const defect = paginationDefect(style, m);
    if (defect === undefined) continue;
    const metadataPath: JsonPath = [...list.schemaPath, ...metadata.path];
    const use = refUseIn(writtenDocumentsOf(context), metadataPath);
    if (use !== undefined) {
      results.push(
        finding(
          `${use.name}, used by this list, does not fit it: the list offers ${defect}; expected ${WANTED[style]}`,
          use.path,
        ),
      );
    } else if (seen.first(m, style)) {
      results.push(finding(`The list offers ${defect}; expected ${WANTED[style]}`, propertiesPath(m, metadataPath)));
    }
  }
  return results;
});

/** total and limit, present and integers. */
function memberDefects(m: FlatSchema, metadataPath: JsonPath): Finding[] {
  if (!m.known) return [];
  const results: Finding[] = [];
  for (const name of ['total', 'limit', 'offset', 'cursor']) {
    const type = name === 'cursor' ? 'string' : 'integer';
    const property = m.properties.get(name);
    if (property === undefined) {
      if (name === 'total' || name === 'limit') results.push(missingMember(name, propertiesPath(m, metadataPath)));
      continue;
    }
    const p = flat(property.schema);
    if (p.known && !p.types.has(type)) {
      results.push(
        finding(
          `List metadata "${name}" ${declaredType(property.schema)}; expected ${type}`,
          typePath(property.schema, [...metadataPath, ...property.path]),
        ),
      );
    }
  }
  return results;
}
