/** problem-example-status (§7.2): an example's status is the status of the response it illustrates. */
import { JsonPath } from './lib/json';
import { expectedStatus } from './lib/http';
import { offSchemaExamples } from './lib/example-status';
import { checkableExamples, problemBodyUses } from './lib/openapi';
import { exampleStatus } from './lib/problem';
import { Finding, documentRule, finding, listedDefect, orList, series } from './lib/rule';
import { refUseIn, writtenDocumentsOf } from './lib/written';

/** What a response key admits, or undefined when the example fits it; a key naming no status checks nothing. */
const expectedFor = (code: string, status: number): string | undefined => expectedStatus(code, status) ?? undefined;

/** "example \"unauthorized\" with status 401" for an example at `…/examples/unauthorized/value`. */
const exampleLabel = (path: JsonPath, status: number): string => {
  // An example's path under `examples` always goes on to its name (checkableExamples).
  const at = path.lastIndexOf('examples');
  return at >= 0 ? `example "${String(path[at + 1])}" with status ${status}` : `an example with status ${status}`;
};

interface Use {
  code: string;
  path: JsonPath;
  status: number;
  /** Most examples beside it fit the code: a misfit among them is a slip of its own, not a wrong use. */
  mostlyFit: boolean;
}

export default documentRule(null, function problemExampleStatus(doc, _options, context) {
  // Every use of every example: a shared example (or one inside a shared response) has several.
  const uses = new Map<object, Use[]>();
  for (const body of problemBodyUses(doc)) {
    const examples = checkableExamples(body);
    const statuses = examples.map(example => exampleStatus(example.value)).filter(s => s !== undefined);
    const fitting = statuses.filter(s => expectedFor(body.response.code, s) === undefined).length;
    // For a misfit: do the examples beside it fit at least as often as they do not?
    const mostlyFit = fitting >= statuses.length - fitting - 1;
    for (const example of examples) {
      const status = exampleStatus(example.value);
      if (status === undefined) continue;
      const node = example.value as object;
      const list = uses.get(node);
      const use = { code: body.response.code, path: example.path, status, mostlyFit };
      if (list === undefined) uses.set(node, [use]);
      else list.push(use);
    }
  }
  const results: Finding[] = [];
  const misfits = new Set<object>();
  for (const [node, list] of uses) {
    const wrong = list.filter(use => expectedFor(use.code, use.status) !== undefined);
    if (wrong.length === 0) continue;
    misfits.add(node);
    // Wrong under every code it is used for, among examples that mostly fit: the example's own defect,
    // once per code, where it is written. Right under some use, or in a response made for other
    // codes: editing the example would break the right uses, so each wrong use is reported at the
    // $ref under its code, naming the component.
    // A response whose examples mostly do not fit the code (UnexpectedError: 401, 403, 404 and 500,
    // used as the 500) is a wrong use even where it has no right one: its examples show what it is for.
    const ownDefect = wrong.length === list.length && wrong.every(use => use.mostlyFit);
    const seen = new Set<string>();
    for (const { code, path, status } of wrong) {
      const expected = expectedFor(code, status)!;
      const use = ownDefect ? undefined : refUseIn(writtenDocumentsOf(context), path);
      if (use === undefined) {
        if (seen.has(code)) continue;
        seen.add(code);
        results.push(finding(`${code} example status is ${status}; expected ${expected}`, [...path, 'status']));
      } else {
        results.push(
          listedDefect(
            items => `${use.name}, used as the ${code} response, has ${series(items)}; expected ${expected}`,
          )(exampleLabel(path, status), use.path),
        );
      }
    }
  }
  // A status its own schema rules out (`status: {enum: [503]}`, example status 500); one that misfits
  // its code is reported above already (one cause, one finding).
  for (const { value, path, status, allowed } of offSchemaExamples(doc)) {
    if (!misfits.has(value))
      results.push(
        finding(
          `Example status is ${status}, which the schema of its body rules out; expected ${orList(allowed.map(String))}`,
          [...path, 'status'],
        ),
      );
  }
  return results;
});
