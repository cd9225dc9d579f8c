/**
 * spectral-api-conventions as a Redocly CLI plugin: the same rule functions, fed by Redocly.
 *
 * Each rule is a `Root` visitor that builds what the rule functions read from Spectral's context
 * (functions/lib/rule.ts): the document as written (`document.data`), its source name and text
 * (`document.source`, `document.input`), and its resolved form (`documentInventory.resolved`) as
 * Spectral's resolver makes it, cycles included (redocly/resolve.ts), from the documents Redocly has
 * already loaded. The functions report paths of the linted document as written (every rule is
 * `resolved: false`; a defect in another document is reported at the `$ref` that brings it in), so a
 * finding goes to `location.child(path)` of the root, as Spectral places it.
 *
 * The rule list, severities, formats and the options each rule reads come from the rule manifest
 * (manifest.ts), as the Spectral rules of ruleset.ts do; options are checked by the same
 * `checkOptions`, with the same messages. The plugin does not load ruleset.ts: nothing of Spectral's
 * entry (its presets, the baseline filter) is needed here.
 */
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { RULES, RULE_IDS, RuleId, RuleMeta } from '../manifest';
import { DEFAULT_DOCS_URL, FORMAT_CHECKS, functionOptions, rulePage, severityOf } from '../functions/lib/adapter';
import { checkOptions, RulesetOptions } from '../functions/lib/options';
import { internalError } from '../functions/lib/rule';
import { Dict, isContainer } from '../functions/lib/json';
import { LoadedDocument, resolveAsSpectral, spectralName } from './resolve';
import { keyDiagnostics } from './parser';
import { RULE_FUNCTIONS as SHARED_RULE_FUNCTIONS } from '../functions/index';

export const PLUGIN_ID = 'spectral-api-conventions';

type FormatCheck = (document: unknown, source: string | null) => boolean;
type RuleFunction = (
  input: never,
  options: never,
  context: never,
) => { message: string; path?: unknown[] }[] | void | Promise<unknown>;
type Findings = { message: string; path?: unknown[] }[] | void;

/** Each rule's function (functions/index.ts, which ruleset.ts joins to the manifest for Spectral). */
export const RULE_FUNCTIONS = SHARED_RULE_FUNCTIONS satisfies Record<RuleId, RuleFunction>;

export { DEFAULT_DOCS_URL };

/** What Redocly gives a visitor: only the members used here. */
interface Location {
  source: { absoluteRef: string; body: string };
  child(path: (string | number)[]): Location;
  key(): Location;
}
interface VisitorContext {
  location: Location;
  resolve(node: unknown, from?: string): { location?: Location; node?: unknown };
  report(problem: { message: string; location: Location; reference?: string }): void;
}

/** The options rule `id` takes in redocly.yaml beside `severity`: those its function reads (manifest.ts), and docsUrl. */
export const optionsOf = (id: RuleId): string[] => [...(RULES[id] as RuleMeta).options, 'docsUrl'];

/**
 * createRuleset's options for one rule's settings (`severity` is Redocly's): only those the rule
 * reads, checked as createRuleset checks them, with its messages.
 */
export function ruleOptions(id: RuleId, settings: unknown): RulesetOptions {
  if (!isContainer(settings)) return {};
  const given = Object.fromEntries(Object.entries(settings).filter(([key]) => key !== 'severity'));
  const known = optionsOf(id);
  for (const key of Object.keys(given)) {
    if (!known.includes(key))
      throw new TypeError(
        `${PLUGIN_ID}: unknown option "${key}" of rule ${id}; its options are severity, ${known.join(', ')}`,
      );
  }
  return checkOptions(given);
}

interface Model {
  resolved: unknown;
  context: Omit<Dict, 'rule'>;
}

/** The model of one linted document, shared by all rules: resolving it once is most of the cost. */
const models = new WeakMap<object, Model>();

/**
 * Another document's data as Spectral's resolver reads it: whatever the parser makes of it, syntax
 * errors and all (Spectral's parser recovers and reads on, so a file missing a closing brace is still
 * resolved and judged); a mapping or sequence used again through a YAML alias is a copy at each use
 * (yaml shares one object), so that a defect of it is reported at each use, as in the linted
 * document. An alias inside its own anchor stays the cycle it is.
 */
export function otherDocumentData(text: string): unknown {
  let data: unknown;
  try {
    data = parseDocument(text, { prettyErrors: false, uniqueKeys: false }).toJS({ maxAliasCount: -1 });
  } catch {
    return undefined;
  }
  const seen = new Set<object>();
  const unshare = (node: Dict, ancestors: Set<object>): void => {
    seen.add(node);
    ancestors.add(node);
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (!isContainer(child) || ancestors.has(child)) continue;
      unshare(seen.has(child) ? (node[key] = structuredClone(child)) : child, ancestors);
    }
    ancestors.delete(node);
  };
  if (isContainer(data)) unshare(data, new Set());
  return data;
}

function modelOf(root: Dict, ctx: VisitorContext): Model {
  let model = models.get(root);
  if (model !== undefined) return model;
  const { absoluteRef: file, body } = ctx.location.source;
  const others = new Map<string, LoadedDocument | undefined>();
  // Another document: as Redocly loaded it for this reference, else read here (a `$ref` Redocly does
  // not follow, in an example say, which Spectral's resolver follows all the same).
  // Named as Spectral's resolver names it (spectralName): a `$ref` written as an absolute path stays
  // as written under both engines, though Redocly itself follows it.
  const load = (ref: string, from: string): LoadedDocument | undefined => {
    const location = ref.split('#')[0];
    const name = spectralName(location, from);
    if (others.has(name)) return others.get(name);
    const target = ctx.resolve({ $ref: ref }, from).location?.source;
    let text = target?.absoluteRef === name ? target.body : undefined;
    if (text === undefined) {
      try {
        text = readFileSync(name, 'utf8');
      } catch {
        text = undefined;
      }
    }
    const data = text === undefined ? undefined : otherDocumentData(text);
    const loaded = data === undefined ? undefined : { file: name, data };
    others.set(name, loaded);
    return loaded;
  };
  const resolved = resolveAsSpectral(root, file, load);
  // One object for the linted document, however it is reached: the rules tell it from the others by
  // identity (functions/lib/rule.ts), as under Spectral.
  const linted = { source: file, data: root };
  model = {
    resolved,
    context: {
      document: { data: root, source: file, input: body, diagnostics: keyDiagnostics(body) },
      documentInventory: {
        resolved,
        // The documents as written, for the rules to say where a node of another document is (functions/lib/written.ts).
        writtenDocuments: {
          root: linted,
          documentAt: (reference: string, from: string | null) => {
            const loaded = load(reference, from ?? file);
            if (loaded === undefined) return undefined;
            return loaded.file === file ? linted : { source: loaded.file, data: loaded.data };
          },
        },
      },
      path: [],
    },
  };
  models.set(root, model);
  return model;
}

/** The node at a path of the written document; undefined where the path leaves it. */
function nodeAt(root: unknown, path: (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isContainer(node)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * A finding's place, on the line where Spectral puts it: a scalar where its value is written (a
 * `$ref:` whose value stands on the next line is reported there), anything else on the line of its
 * key (Redocly would take the line where a block mapping's first member starts).
 */
const placed = (location: Location, node: unknown): Location =>
  typeof node === 'object' || node === undefined ? location.key() : location;

/** A Redocly rule running our rule function `id` on the whole document. */
function redoclyRule(id: RuleId) {
  return (settings?: unknown) => {
    const options = ruleOptions(id, settings);
    const run = RULE_FUNCTIONS[id] as unknown as (input: unknown, options: unknown, context: unknown) => Findings;
    const given = functionOptions(id, options) ?? null;
    const formats = (RULES[id] as RuleMeta).formats.map(name => FORMAT_CHECKS[name] as FormatCheck);
    // The rule's page: Redocly shows it as "Reference:" in its codeframe and github-actions formats, and in json.
    const reference = rulePage(id, options);
    const rule = { name: id, resolved: false };
    return {
      Root: {
        enter(root: unknown, ctx: VisitorContext) {
          if (!isContainer(root) || !formats.some(format => format(root, ctx.location.source.absoluteRef))) return;
          let results: Findings;
          try {
            const model = modelOf(root, ctx);
            results = run(root, given, { ...model.context, rule });
          } catch (error) {
            // A rule function never throws (functions/lib/rule.ts); should building its input fail, the
            // rule says so at the root, as a rule function does: a throw would cost the document every
            // finding of every rule under Redocly.
            if (process.env.SPECTRAL_API_CONVENTIONS_THROW === '1') throw error;
            results = [internalError(error)];
          }
          for (const result of results ?? []) {
            const path = (result.path ?? []) as string[];
            ctx.report({
              message: result.message,
              location: placed(ctx.location.child(path), nodeAt(root, path)),
              reference,
            });
          }
        },
      },
    };
  };
}

/**
 * The preset `extends: [spectral-api-conventions/<name>]`: every rule at its manifest severity, a
 * MUST of the conventions (`must`) a warning, or an error when strict, as createRuleset({ strict }).
 */
const config = (strict: boolean) => ({
  rules: Object.fromEntries(
    RULE_IDS.map(id => {
      return [`${PLUGIN_ID}/${id}`, severityOf(id, strict)];
    }),
  ),
});

/** The plugin: `plugins: [spectral-api-conventions/redocly]` in redocly.yaml. */
export default function spectralApiConventions() {
  const rules = Object.fromEntries(RULE_IDS.map(id => [id, redoclyRule(id)]));
  return {
    id: PLUGIN_ID,
    rules: { oas2: rules, oas3: rules },
    configs: { recommended: config(false), strict: config(true) },
  };
}
