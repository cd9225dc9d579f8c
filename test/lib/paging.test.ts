/**
 * Paging by role (functions/lib/paging.ts): names as real APIs write them, split into words and
 * judged by what the words say; descriptions that say a parameter pages; next-page links of answers.
 */
import { Parameter } from '../../functions/lib/list-parameters';
import {
  describesPaging,
  isNextPageLink,
  isPaging,
  isPagingName,
  nameWords,
  pagingParameters,
} from '../../functions/lib/paging';

describe('nameWords: a name split into the words it is built from', () => {
  test.each([
    ['PageSize', ['page', 'size']],
    ['page_length', ['page', 'length']],
    ['$skipToken', ['skip', 'token']],
    ['parameters.take', ['take']],
    ['@odata.nextLink', ['next', 'link']],
    ['page[size]', ['page', 'size']],
    ['nextpage_opaque_marker', ['next', 'page', 'opaque', 'marker']],
    ['maxresults', ['max', 'results']],
    ['MaxRecords', ['max', 'records']],
    ['HTTPNextToken', ['http', 'next', 'token']],
    // A run of letters that is not made of the vocabulary alone stays one word.
    ['topic', ['topic']],
    ['homepage', ['homepage']],
  ])('%s: %j', (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });
});

describe('isPagingName: the names real APIs page with, by their words', () => {
  test.each([
    // The conventions' own, and one-word names (Keycloak's first and max, OData's $top and $skip).
    'limit',
    'offset',
    'cursor',
    'page',
    'first',
    'max',
    '$top',
    '$skip',
    'count',
    'marker',
    // Built from paging words (Zuora's page_length, ETSI's nextpage_opaque_marker, Elasticsearch's scroll_id).
    'page_length',
    'pageLen',
    'skipCount',
    'takeCount',
    'scrollId',
    'nextpage_opaque_marker',
    'per_page',
    'page[number]',
    'continuationToken',
    // A handle beside next or prev (DynamoDB's nextPartitionKey), a count beside max or limit.
    'nextPartitionKey',
    'NextToken',
    'prev_token',
    'MaxResults',
    'max_items',
    'resultsLimit',
    // What a page starts at (Stripe's starting_after and ending_before, Jira's startAt).
    'startIndex',
    'startAt',
    'starting_after',
    'ending_before',
    // Keyset bounds (Mastodon, Twitter).
    'max_id',
    'since_id',
    'min_id',
    'after_id',
    'before_id',
  ])('%s pages', name => {
    expect(isPagingName(name)).toBe(true);
  });

  test.each([
    // A bare token is an access token as often as a page token; from and to are a date range.
    'token',
    'access_token',
    'from',
    'to',
    // Words that page only with a count of items do not page with anything else.
    'maxPrice',
    'max_size',
    'sizeLimit',
    'minCount',
    'item_count',
    // Fields.
    'firstName',
    'startDate',
    'topic',
    'status',
    'since',
    // Found on real descriptions: skip as a verb (Azure's SkipCorrelationLookup, skipShutdown), a
    // JSON:API filter, a time range (Twilio's AfterStartTime), a playback position (jellyfin), a page's
    // own type (jellyfin's pageType).
    'SkipCorrelationLookup',
    'skipShutdown',
    'skip_drain',
    'filter[start_at]',
    'AfterStartTime',
    'startPositionTicks',
    'pageType',
  ])('%s does not', name => {
    expect(isPagingName(name)).toBe(false);
  });
});

describe('describesPaging: what a description says', () => {
  test.each([
    // Matrix's /messages `from` and `to`.
    [
      'The token to start returning events from. This token can be obtained from a `prev_batch` or `next_batch` token returned by the /sync endpoint.',
      true,
    ],
    ['The maximum number of results to return.', true],
    ['Number of items to skip before returning results.', true],
    ['Page number, starting at 1.', true],
    ['Which page of results to return.', true],
    ['The continuation token returned by a previous call.', true],
    ['Used for pagination.', true],
    ['Items per page.', true],
    // A filter on a wiki's pages is not paging.
    ['Filter by the title of the page.', false],
    ['Return only pages created after this date.', false],
    ['Start of the date range (ISO 8601).', false],
    ['An access token.', false],
    // jellyfin's imageTypeLimit bounds what each item holds.
    ['Optional. The max number of images to return, per image type.', false],
    // A first sentence that gives the parameter another role, whatever the rest mentions.
    [
      'Specify $expand=details to populate additional fields or Specify $skipToken=<token> to populate the next page in the list.',
      false,
    ],
    [
      'The sort order of the list. If using paging to iterate through the results, sort order should be specified.',
      false,
    ],
    ['A query to filter users by user name. If you use neither, the API returns a paginated list of all users.', false],
  ])('%s: %s', (description, pages) => {
    expect(describesPaging(description)).toBe(pages);
  });
});

const parameter = (name: string, description?: string, schemaDescription?: string): Parameter => {
  const schema = { type: 'string', ...(schemaDescription === undefined ? {} : { description: schemaDescription }) };
  const node = { name, in: 'query', schema, ...(description === undefined ? {} : { description }) };
  return { name, in: 'query', node, path: [], schema, schemaPath: ['schema'] };
};

describe('isPaging: the name, else the description (its own or its schema’s)', () => {
  test('Matrix’s from and to page by their description; a date range’s do not', () => {
    expect(isPaging(parameter('from', 'The token to start returning events from, a `next_batch` token.'))).toBe(true);
    expect(isPaging(parameter('to', undefined, 'The token to stop returning events at (from a previous page).'))).toBe(
      true,
    );
    expect(isPaging(parameter('from', 'Start of the date range.'))).toBe(false);
    expect(isPaging(parameter('to'))).toBe(false);
  });
});

describe('isPaging: a name that pages, unless its description opens by saying it filters', () => {
  test('Google Storage’s startOffset filters object names', () => {
    expect(
      isPaging(
        parameter(
          'startOffset',
          'Filter results to objects whose names are lexicographically equal to or after startOffset.',
        ),
      ),
    ).toBe(false);
    expect(isPaging(parameter('offset', 'The number of items to skip.'))).toBe(true);
  });
  test('a count of items to return pages as a filter would be read, but only strongly-described paging makes a list', () => {
    const days = parameter('days', 'Number of days to return. Default 16.');
    expect(isPaging(days)).toBe(true);
    expect(isPaging(days, true)).toBe(false);
    expect(pagingParameters([days])).toEqual([]);
    expect(
      pagingParameters([parameter('p', "The number of the result page you'd like to have")]).map(p => p.name),
    ).toEqual(['p']);
  });
});

describe('pagingParameters: what makes an operation page', () => {
  const names = (list: Parameter[]) => pagingParameters(list).map(p => p.name);
  test('a name that pages only beside another does not page alone', () => {
    expect(names([parameter('start'), parameter('end')])).toEqual([]);
    expect(names([parameter('after')])).toEqual([]);
    expect(names([parameter('max'), parameter('q')])).toEqual([]);
  });
  test('two of them page together (Keycloak’s first and max), and any one with another paging name', () => {
    expect(names([parameter('first'), parameter('max')])).toEqual(['first', 'max']);
    expect(names([parameter('size'), parameter('page')])).toEqual(['size', 'page']);
    expect(names([parameter('after', 'Cursor of the page to return.')])).toEqual(['after']);
  });
  test('a name that pages alone', () => {
    expect(names([parameter('max_id'), parameter('q')])).toEqual(['max_id']);
    expect(names([parameter('page_length')])).toEqual(['page_length']);
  });
});

describe('isNextPageLink: a member of an answer that links the next page', () => {
  test.each([
    ['nextLink', true],
    ['@odata.nextLink', true],
    ['next', true],
    ['next_page', true],
    ['nextPage', true],
    ['nextPageToken', true],
    ['next_cursor', true],
    ['NextMarker', true],
    ['previous', false],
    ['nextRun', false],
    ['nextSteps', false],
  ])('%s: %s', (name, links) => {
    expect(isNextPageLink(name)).toBe(links);
  });
});
