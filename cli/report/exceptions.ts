/**
 * The exceptions written in a description (`x-api-conventions-exceptions`, docs/design.md
 * "Exceptions"), as the report lists them: counted apart from the findings, each with its reason
 * and whether it is in force. Read from the resolved document, so that a path item `$ref`'d from
 * another file brings its exceptions, as it does for the rules.
 */
import type { Dict } from '../../functions/lib/json';
import { listExceptions } from '../../functions/lib/exceptions';
import type { ReportException } from './model';

export const exceptionsIn = (resolved: Dict): ReportException[] => listExceptions(resolved);
