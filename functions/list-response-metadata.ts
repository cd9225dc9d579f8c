/** list-response-metadata (§2.2, §4.2.5): the envelope declares metadata matching the pagination offered. */
import { JsonPath, Seen } from './lib/json';
import { LIST_OPTIONS, ListOptions, listOperations, queryParameter } from './lib/list';
import { propertiesPath, typePath } from './lib/problem';
import { Finding, documentRule, finding } from './lib/rule';
import { declaredType, flat } from './lib/schema';

export default documentRule<ListOptions>(LIST_OPTIONS, function listResponseMetadata(doc, { listDetection }) {
  const results: Finding[] = [];
  const seen = new Seen();
  for (const list of listOperations(doc, listDetection)) {
    if (list.bare) continue;
    const envelope = flat(list.schema);
    if (!envelope.known || !envelope.properties.has('results')) continue;
    const offset = queryParameter(list.operation, 'offset') !== undefined;
    const cursor = queryParameter(list.operation, 'cursor') !== undefined;
    const style = cursor && !offset ? 'cursor' : offset && !cursor ? 'offset' : 'either';
    if (!seen.first(list.schema, style)) continue;
    const expected = `total, limit and ${style === 'either' ? 'offset or cursor' : style}`;
    const metadata = envelope.properties.get('metadata');
    if (metadata === undefined) {
      results.push(
        finding(
          `List envelope has no "metadata"; expected metadata with ${expected}`,
          propertiesPath(envelope, list.schemaPath),
        ),
      );
      continue;
    }
    const metadataPath: JsonPath = [...list.schemaPath, ...metadata.path];
    const m = flat(metadata.schema);
    if (!m.known) continue;
    const wanted: [string, string][] = [
      ['total', 'integer'],
      ['limit', 'integer'],
    ];
    if (style === 'offset') wanted.push(['offset', 'integer']);
    if (style === 'cursor') wanted.push(['cursor', 'string']);
    if (style === 'either' && !m.properties.has('offset') && !m.properties.has('cursor')) {
      results.push(
        finding(
          `List metadata has neither "offset" nor "cursor"; expected ${expected}`,
          propertiesPath(m, metadataPath),
        ),
      );
    }
    if (style === 'either') {
      if (m.properties.has('offset')) wanted.push(['offset', 'integer']);
      if (m.properties.has('cursor')) wanted.push(['cursor', 'string']);
    }
    for (const [name, type] of wanted) {
      const property = m.properties.get(name);
      if (property === undefined) {
        results.push(finding(`List metadata has no "${name}"; expected ${expected}`, propertiesPath(m, metadataPath)));
        continue;
      }
      const p = flat(property.schema);
      if (p.known && !p.types.has(type)) {
        const actual = declaredType(property.schema);
        results.push(
          finding(
            `List metadata "${name}" ${actual}; expected ${type}`,
            typePath(property.schema, [...metadataPath, ...property.path]),
          ),
        );
      }
    }
  }
  return results;
});
