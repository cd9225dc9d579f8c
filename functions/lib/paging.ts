/**
 * Paging by role (docs/design.md, "Paging parameter"): whether a query parameter pages, read from the
 * words its name is built from and from its description, not from a list of names; and whether a
 * member of an answer links the next page. When in doubt, a parameter pages: reading a filter as
 * paging costs at most a missed filter finding, reading paging as a filter is a wrong finding.
 */
import { isObject, isString } from './json';
import type { Parameter } from './list-parameters';

/**
 * The words a name is built from, lower-cased: without a dotted prefix (`parameters.take`, OData's
 * `@odata.nextLink`), split at case changes, digits and any other character (`PageSize`, `page_length`,
 * `$skipToken`, JSON:API's `page[size]`). A run of lower-case letters written as one word
 * (`pagesize`, `nextpage`, `maxresults`) is split into the words of `VOCABULARY` when it is made of
 * them alone.
 */
export function nameWords(name: string): string[] {
  const bare = name.includes('[') ? name : name.slice(name.lastIndexOf('.') + 1);
  return bare
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(word => word !== '')
    .flatMap(word => segmented(word) ?? [word]);
}

/** Words that page by themselves, wherever they stand in a name (`pageLen`, `skipCount`, `scrollId`, `nextpage_opaque_marker`). */
const PAGING_WORDS = new Set([
  'page',
  'pages',
  'paging',
  'pagination',
  'paginate',
  'cursor',
  'scroll',
  'marker',
  'offset',
  'continuation',
]);

/** Names of one word that page (Keycloak's `first` and `max`, OData's `$top`, Mailchimp's `count`). */
const PAGING_NAMES = new Set([
  ...PAGING_WORDS,
  'skip',
  'take',
  'limit',
  'size',
  'top',
  'first',
  'max',
  'start',
  'count',
  'after',
  'before',
]);

/** Keyset bounds (Mastodon's `max_id`, `since_id`, `min_id`; Twitter's, Discord's `after`/`before` ids). */
const KEYSET_BOUNDS = new Set(['sinceid', 'maxid', 'minid', 'afterid', 'beforeid']);

/** A count of items: `maxResults`, `max_items`, `resultsLimit`, `startIndex`'s partner words. */
const ITEM_COUNT = new Set([
  'results',
  'result',
  'items',
  'item',
  'records',
  'record',
  'entries',
  'rows',
  'row',
  'count',
  'hits',
  'per',
]);

/** A handle on the next or previous page (`nextToken`, `prev_marker`, `nextPartitionKey`, `next_id`). */
const HANDLES = new Set(['token', 'key', 'id', 'link', 'url', 'start']);

/** What a page starts at, after `start` (`startIndex`, `startAt`, `start_row`) or `starting` (`starting_after`). */
const STARTS = new Set(['index', 'at', 'row', 'record', 'item', 'after']);

/** Words of a date or time (Twilio's `AfterStartTime`, `startDate`): a range, not a page. */
const TIMES = new Set(['time', 'date', 'datetime', 'timestamp', 'ticks', 'day', 'days']);

/** What names a thing rather than a page (jellyfin's `pageType`, a `pageId`): a field, not paging. */
const IDENTITIES = new Set(['type', 'name', 'title', 'kind', 'status', 'id', 'ids', 'url', 'uri']);

/** The words a run of lower-case letters may be split into (`nexttoken`, `pagesize`, `maxresults`, `startindex`). */
const VOCABULARY = [
  ...PAGING_NAMES,
  ...ITEM_COUNT,
  ...HANDLES,
  ...STARTS,
  'next',
  'prev',
  'previous',
  'starting',
  'ending',
  'since',
  'min',
  'number',
  'num',
  'no',
  'len',
  'length',
  'opaque',
  'partition',
];

/** The vocabulary, longest words first, so that `pages` is tried before `page`. */
const LONGEST_FIRST = [...new Set(VOCABULARY)].sort((a, b) => b.length - a.length);

/** A lower-case word split into vocabulary words, longest first; undefined when it is one already or cannot be. */
function segmented(word: string): string[] | undefined {
  if (LONGEST_FIRST.includes(word)) return undefined;
  // What cannot be split from a position, so that no word is tried twice from there.
  const dead = new Set<number>();
  const split = (at: number): string[] | undefined => {
    if (at === word.length) return [];
    if (dead.has(at)) return undefined;
    for (const candidate of LONGEST_FIRST) {
      if (!word.startsWith(candidate, at)) continue;
      const tail = split(at + candidate.length);
      if (tail !== undefined) return [candidate, ...tail];
    }
    dead.add(at);
    return undefined;
  };
  return split(0);
}

/**
 * Whether a name pages, by the words it is built from: a paging word anywhere; one of the one-word
 * paging names; a keyset bound; `limit` or `max` with a count of items; a handle beside `next` or
 * `prev`, or beside `page`, `skip` or `continuation` (already paging words); what a page starts at.
 * A bare `token` (an access token) and `from`/`to` (a date range) are not paging names.
 */
export function isPagingName(name: string): boolean {
  const words = nameWords(name);
  const key = words.join('');
  if (PAGING_NAMES.has(key) || KEYSET_BOUNDS.has(key)) return true;
  const has = (set: Set<string>) => words.some(word => set.has(word));
  // JSON:API's `filter[start_at]` filters; `AfterStartTime` bounds a time range.
  if (words.includes('filter') || has(TIMES)) return false;
  if (words.some(word => word === 'next' || word === 'prev' || word === 'previous') && has(HANDLES)) return true;
  if (has(PAGING_WORDS)) return !(words.includes('page') && has(IDENTITIES));
  // `skip` and `take` page with a count or a handle (`skipCount`, `$skipToken`), not as verbs (`skipValidation`).
  if ((words.includes('skip') || words.includes('take')) && (has(ITEM_COUNT) || has(HANDLES))) return true;
  if ((words.includes('limit') || words.includes('max')) && has(ITEM_COUNT)) return true;
  if ((words.includes('start') || words.includes('starting')) && has(STARTS)) return true;
  return words.includes('ending') && words.includes('before');
}

/** A description's first sentence. */
const firstSentence = (description: string): string => description.trim().split(/(?<=[.!?])\s/)[0];

/**
 * A description whose first sentence gives the parameter another role (Azure's `$expand` "Specify
 * $expand=details … or Specify $skipToken=<token> to populate the next page", WorkDocs' `query` "A query
 * to filter users", a `sort` "If using paging…"): whatever else it mentions, the parameter does not page.
 */
const OTHER_ROLE =
  /\b(?:filter(?:s|ed|ing)?|sort(?:s|ed|ing)?|order(?:s|ed|ing)?|expand|select(?:s|ed|ion)?|search(?:es)?|query)\b/i;

/** Sentences that say a parameter pages: a page, pagination, a page or continuation token, the next or previous batch. */
const STRONG =
  /\bpaginat|\bpaging\b|\bpage (?:token|number|size|cursor|index|of (?:results|items|records|entries|data))\b|\bpage to (?:return|retrieve|fetch|get|show)\b|\b(?:each|per|which|next|previous|prev|first|last|results?) pages?\b|\bcontinuation\b|\b(?:next|prev|previous)[ _-]?(?:batch|page|set of results)\b/i;

/** Sentences that say a parameter counts the items to skip or to return: a paging role, and a weaker sign of one. */
const WEAK =
  /\b(?:number|count) of (?:\w+ ){0,3}to (?:skip|return)\b|\b(?:items|results|records|entries|rows|elements|objects) to skip\b/i;

/**
 * Whether a description says its parameter pages: a page, pagination, a page or continuation token,
 * the next or previous batch (Matrix's `from` and `to`, "a prev_batch or next_batch token"), or
 * (unless `strongly`) the number of items to skip or to return. "The page" alone is not enough: a
 * filter on a wiki's pages is described as "the title of the page".
 */
export function describesPaging(description: string, strongly = false): boolean {
  if (OTHER_ROLE.test(firstSentence(description))) return false;
  // "The max number of images to return, per image type" bounds what each item holds, not the page.
  return STRONG.test(description) || (!strongly && WEAK.test(description) && !/\bper (?!page\b)\w/i.test(description));
}

/** A parameter's description: its own, else its schema's. */
const descriptionOf = (p: Parameter): string => {
  const own = p.node.description;
  if (isString(own)) return own;
  return isObject(p.schema) && isString(p.schema.description) ? p.schema.description : '';
};

/** A description that opens by saying the parameter filters (Google Storage's `startOffset`, "Filter results to objects whose names…"). */
const opensAsFilter = (description: string): boolean => /^\W*filter/i.test(description);

/**
 * Whether a query parameter pages: its name, unless its description opens by saying it filters, or
 * its description. `strongly`: only a description that speaks of pages, tokens or batches counts, as
 * list detection needs (a forecast's "number of days to return" makes no list).
 */
export const isPaging = (p: Parameter, strongly = false): boolean => {
  let known = judged.get(p.node);
  if (known === undefined) {
    const description = descriptionOf(p);
    const byName = isPagingName(p.name) && !opensAsFilter(description);
    known = { any: byName || describesPaging(description), strong: byName || describesPaging(description, true) };
    judged.set(p.node, known);
  }
  return strongly ? known.strong : known.any;
};

/**
 * What each parameter object was judged, by its identity: every list rule asks of the same shared
 * parameters, operation after operation (GitHub's `per_page` is one object used 500 times), and the
 * words and description of a name cost more than a lookup.
 */
const judged = new WeakMap<object, { any: boolean; strong: boolean }>();

/**
 * One-word names that page only beside another paging parameter: alone, a `size` is a size,
 * `after` and `before` a timestamp, `start` a start time (Mist's `start` and `end`, here.com's batch
 * `after`), `first` and `max` a bound of a range.
 */
const ALONE_NOT_PAGING = new Set(['size', 'after', 'before', 'start', 'first', 'max']);

/**
 * The query parameters among these that make an operation page (list detection, list-filter-safe-method):
 * every paging one, unless the only ones are names that page beside another alone.
 */
export function pagingParameters(query: Parameter[]): Parameter[] {
  const paging = query.filter(p => isPaging(p, true));
  const alone = (p: Parameter) =>
    ALONE_NOT_PAGING.has(nameWords(p.name).join('')) && !describesPaging(descriptionOf(p), true);
  return paging.length > 1 || paging.some(p => !alone(p)) ? paging : [];
}

/** Next-page handles of an answer, compared as paging names are: `nextPage` is `next_page`. */
const NEXT_LINKS = new Set([
  'next',
  'nextlink',
  'nextpage',
  'nextpagetoken',
  'nextcursor',
  'nexttoken',
  'nexturl',
  'nextpageurl',
  'nextpagelink',
  'nextmarker',
]);

/** Whether a member of an answer links the next page (Azure's `nextLink`, OData's `@odata.nextLink`, Slack's `next_cursor`). */
export const isNextPageLink = (name: string): boolean => NEXT_LINKS.has(nameWords(name).join(''));

/** Members that hold an answer's paging links one level down (`meta.links.next` is two). */
export const PAGING_HOLDERS = new Set([
  'links',
  '_links',
  'meta',
  'paging',
  'pagination',
  'page_info',
  'pageinfo',
  'response_metadata',
]);
