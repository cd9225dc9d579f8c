/** A document's text opened as JSON or YAML, by what it starts with. */
import { JsonSource, parseJson } from './json';
import { Source } from './text';
import { YamlSource, parseYaml, yamlData } from './yaml';

/** Whether a text is JSON rather than YAML: what it starts with. */
export const looksLikeJson = (text: string): boolean => /^\uFEFF?\s*[{[]/.test(text);

/** A source for a text; `data`, when given, is the text already parsed by `parseData`. */
export function openSource(text: string, file: string, data?: unknown): Source {
  return looksLikeJson(text) ? new JsonSource(text, file, data) : new YamlSource(text, file, data);
}

/** Parses a text to plain data the way `openSource` does (for checking the result of edits). */
export function parseData(text: string, format: 'json' | 'yaml', file: string): unknown {
  return format === 'json' ? parseJson(text, file) : yamlData(parseYaml(text, file));
}
