/** A quick fix's title: what its edits do (`Set title to "Not Found"`, `Add the 400, 404 and 500 responses`). */
import { Op, rank } from './ops';
import { isUnsafe } from './plan';

type Add = Extract<Op, { kind: 'add' }>;

/** "a", "a and b", "a, b and c". */
const listed = (items: string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const lastKey = (path: readonly (string | number)[]): string => String(path[path.length - 1]);

/** The places shared components live: OpenAPI 3's components, Swagger 2.0's definitions, responses and parameters. */
const SHARED = ['components', 'definitions', 'responses', 'parameters'];

export function fixTitle(rule: string, ops: Op[]): string {
  const adds = ops.filter((op): op is Add => op.kind === 'add');
  const shared = adds.filter(op => op.path.length <= 2 && SHARED.includes(String(op.path[0])));
  const responses = adds.filter(op => !shared.includes(op) && lastKey(op.path) === 'responses');
  const others = adds.filter(op => !shared.includes(op) && !responses.includes(op));
  const names = [...new Set(shared.map(op => op.key))].sort();
  const components = `component${names.length > 1 ? 's' : ''} ${listed(names)}`;
  const parts: string[] = [];
  if (responses.length > 0) {
    const codes = [...new Set(responses.map(op => op.key))].sort((a, b) => rank(a) - rank(b));
    const uses = names.length > 0 ? `, with the ${components}` : '';
    parts.push(`Add the ${listed(codes)} response${codes.length > 1 ? 's' : ''}${uses}`);
  } else if (names.length > 0) parts.push(`Add the ${components}`);
  if (others.length > 0) parts.push(`Add ${listed([...new Set(others.map(op => op.key))])}`);
  for (const op of ops) {
    if (op.kind === 'set') parts.push(`Set ${lastKey(op.path)} to ${JSON.stringify(op.value)}`);
    if (op.kind === 'rename') parts.push(`Rename ${lastKey(op.path)} to ${op.key}`);
  }
  const title = parts.length > 0 ? parts.join('; ') : `Fix ${rule}`;
  return isUnsafe(rule) ? `${title} (changes the contract)` : title;
}
