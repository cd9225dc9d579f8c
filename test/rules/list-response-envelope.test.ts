import { apiInfo, jsonResponse, listEnvelope, openapiDocument, swaggerDocument } from '../__helpers__/documents';
import { testRule } from '../__helpers__/spectral';

const info = apiInfo('Labs');
const specimen = { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' } } };
const envelope = listEnvelope(specimen);

const BARE =
  'List response is a bare array; expected an object whose required "results" array holds the items, beside "metadata"';
const NO_RESULTS =
  'List response has no "results" array; expected an object whose required "results" array holds the items';
const NOT_REQUIRED = 'List envelope does not require "results"; expected "results" in required';

testRule('list-response-envelope', [
  {
    name: 'OpenAPI 3.1: an envelope with a required results array is clean',
    document: openapiDocument('3.1.0', info, {
      '/specimens': { get: { responses: { '200': jsonResponse(envelope) } } },
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.0: a bare array is reported at its type',
    document: openapiDocument('3.0.3', info, {
      '/specimens': { get: { responses: { '200': jsonResponse({ type: 'array', items: specimen }) } } },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'Swagger 2.0: a bare array response schema is reported at its type',
    document: swaggerDocument(
      info,
      { basePath: '/clinical/labs/v1', produces: ['application/json'] },
      {
        '/specimens': {
          get: { responses: { '200': { description: 'OK', schema: { type: 'array', items: specimen } } } },
        },
      },
    ),
    errors: [{ path: ['paths', '/specimens', 'get', 'responses', '200', 'schema', 'type'], message: BARE }],
  },
  {
    name: 'a bare array component used by two list operations gives one finding, at the component',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/SpecimenList' }
  /archived-specimens:
    get:
      responses:
        '200': { $ref: '#/components/responses/SpecimenList' }
components:
  responses:
    SpecimenList:
      description: OK
      content:
        application/json:
          schema: { $ref: '#/components/schemas/SpecimenList' }
  schemas:
    SpecimenList:
      type: array
      items: { type: object, properties: { id: { type: string } } }
`,
    errors: [{ path: ['components', 'schemas', 'SpecimenList', 'type'], message: BARE }],
  },
  {
    name: 'a shared object schema answered by a paged GET and by a GET marked x-list-operation: true: checked and reported once, at the component',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100, default: 20 } }
        - { name: offset, in: query, schema: { type: integer, minimum: 0, default: 0 } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/SpecimenSummary' } } } }
  /archived-specimens:
    get:
      x-list-operation: true
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/SpecimenSummary' } } } }
components:
  schemas:
    SpecimenSummary:
      type: object
      properties:
        id: { type: string }
        type: { type: string }
`,
    errors: [
      {
        path: ['components', 'schemas', 'SpecimenSummary'],
        message:
          'Paged list response declares no array of items; expected an object whose required "results" array holds the items, beside "metadata"',
      },
    ],
  },
  {
    name: 'an envelope that does not require results: at its required list, else at the schema',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        get: {
          responses: {
            '200': jsonResponse({
              type: 'object',
              required: ['metadata'],
              properties: { results: { type: 'array', items: specimen }, metadata: { type: 'object' } },
            }),
          },
        },
      },
      '/samples': {
        get: {
          responses: {
            '200': jsonResponse({ type: 'object', properties: { results: { type: 'array', items: specimen } } }),
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'required'],
        message: NOT_REQUIRED,
      },
      {
        path: ['paths', '/samples', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: NOT_REQUIRED,
      },
    ],
  },
  {
    name: 'an envelope built with allOf and $ref: results and required merged over the members',
    document: `
openapi: 3.1.0
info: { title: Labs, version: 1.0.0 }
paths:
  /specimens:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Page'
                  - properties:
                      results: { type: array, items: { $ref: '#/components/schemas/Specimen' } }
  /samples:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/LoosePage'
                  - properties:
                      results: { type: array, items: { $ref: '#/components/schemas/Specimen' } }
components:
  schemas:
    Page:
      type: object
      required: [results]
      properties:
        metadata: { type: object }
    LoosePage:
      type: object
      required: [metadata]
      properties:
        metadata: { type: object }
    Specimen: { type: object, properties: { id: { type: string } } }
`,
    errors: [{ path: ['components', 'schemas', 'LoosePage', 'required'], message: NOT_REQUIRED }],
  },
  {
    name: 'x-list-operation: true makes a GET a list operation even without results; false exempts a bare array',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: {
          'x-list-operation': true,
          responses: { '200': jsonResponse({ type: 'object', properties: { items: { type: 'array' } } }) },
        },
      },
      '/specimen-ids': {
        get: {
          'x-list-operation': false,
          responses: { '200': jsonResponse({ type: 'array', items: { type: 'string' } }) },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: NO_RESULTS,
      },
    ],
  },
  {
    name: 'x-list-operation: true with a results that is not an array: at its type, or at results when it declares none',
    document: openapiDocument('3.0.3', info, {
      '/specimens': {
        get: {
          'x-list-operation': true,
          responses: {
            '200': jsonResponse({ type: 'object', required: ['results'], properties: { results: { type: 'string' } } }),
          },
        },
      },
      '/samples': {
        get: {
          'x-list-operation': true,
          responses: { '200': jsonResponse({ type: 'object', properties: { results: { items: specimen } } }) },
        },
      },
    }),
    errors: [
      {
        path: [
          'paths',
          '/specimens',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'results',
          'type',
        ],
        message: 'List envelope "results" is of type string; expected an array that holds the items',
      },
      {
        path: [
          'paths',
          '/samples',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'results',
        ],
        message: 'List envelope "results" declares no type; expected an array that holds the items',
      },
      {
        path: ['paths', '/samples', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: NOT_REQUIRED,
      },
    ],
  },
  {
    name: 'not list operations: a single resource, a POST answering an array, an XML-only array, a 204',
    document: openapiDocument('3.0.3', info, {
      '/specimens/{id}': { get: { responses: { '200': jsonResponse(specimen) } } },
      '/specimens': {
        post: { responses: { '200': jsonResponse({ type: 'array', items: specimen }) } },
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/xml': { schema: { type: 'array', items: specimen } } },
            },
          },
        },
        delete: { responses: { '204': { description: 'gone' } } },
      },
    }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.2: the 200 response is read before any other 2xx, else the first 2xx (2XX included)',
    document: openapiDocument('3.2.0', info, {
      '/specimens': {
        get: { responses: { '206': jsonResponse({ type: 'array', items: specimen }), '200': jsonResponse(envelope) } },
      },
      '/samples': {
        get: {
          responses: {
            '2XX': jsonResponse({ type: 'array', items: specimen }),
            '400': jsonResponse({ type: 'object' }),
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/samples', 'get', 'responses', '2XX', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'a vendor JSON media type (application/vnd.labs+json) is JSON',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/vnd.labs+json; charset=utf-8': { schema: { type: ['array', 'null'], items: specimen } },
              },
            },
          },
        },
      },
    }),
    errors: [
      {
        path: [
          'paths',
          '/specimens',
          'get',
          'responses',
          '200',
          'content',
          'application/vnd.labs+json; charset=utf-8',
          'schema',
          'type',
        ],
        message: BARE,
      },
    ],
  },
  {
    name: 'odd inputs give no crash and no finding',
    document: openapiDocument('3.1.0', info, {
      '/a': { get: { parameters: null, responses: null } },
      '/b': { get: { responses: { '200': { description: 'OK', content: null } } } },
      '/c': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: null } } } } } },
      '/d': { get: { responses: { '200': jsonResponse({ type: 'object', properties: { results: null } }) } } },
      '/e': { get: 'not an operation' },
      '/f': null,
    }),
    errors: [],
  },
  {
    name: 'listDetection names one operation in both include and exclude: exclude wins, the bulk export is not a list',
    document: openapiDocument('3.1.0', info, {
      '/specimens': { get: { responses: { '200': jsonResponse({ type: 'array', items: specimen }) } } },
      '/specimens/export': {
        get: { operationId: 'exportSpecimens', responses: { '200': jsonResponse({ type: 'array', items: specimen }) } },
      },
    }),
    options: { listDetection: { include: ['exportSpecimens', 'GET /specimens'], exclude: ['exportSpecimens'] } },
    errors: [
      {
        path: ['paths', '/specimens', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'a single resource that holds a results array (as infermedica.com GET /lab_tests/{id}) is no list',
    document: `
openapi: 3.0.0
info: { title: Lab tests, version: 1.0.0 }
paths:
  /clinical/labs/v1/lab_tests/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A lab test
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  name: { type: string }
                  results: { type: array, items: { type: object, properties: { value: { type: string } } } }
`,
    errors: [],
  },
  {
    name: 'a collection wrapped in "items" that takes page and pageSize (as xero_bankfeeds GET /FeedConnections) is a list in the wrong envelope',
    document: `
openapi: 3.0.0
info: { title: Bank Feeds, version: 1.0.0 }
paths:
  /FeedConnections:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer } }
        - { name: pageSize, in: query, schema: { type: integer } }
      responses:
        '200':
          description: Feed connections
          content:
            application/json:
              schema:
                type: object
                properties:
                  pagination: { type: object, properties: { page: { type: integer } } }
                  items: { type: array, items: { type: object, properties: { id: { type: string } } } }
`,
    errors: [
      {
        path: [
          'paths',
          '/FeedConnections',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'items',
        ],
        message:
          'List response holds its items in "items"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: 'an object with one array but no paging parameter is a single resource',
    document: `
openapi: 3.0.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{id}:
    get:
      responses:
        '200':
          description: An order
          content:
            application/json:
              schema:
                type: object
                properties:
                  lines: { type: array, items: { type: object } }
`,
    errors: [],
  },
  {
    name: 'a report list answering 202 (a job while the report is prepared) or 200: the 200 is the list response',
    document: openapiDocument('3.1.0', info, {
      '/reports': {
        get: {
          responses: {
            '202': jsonResponse({ type: 'object', properties: { jobId: { type: 'string' } } }),
            '200': jsonResponse({ type: 'array', items: specimen }),
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/reports', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
        message: BARE,
      },
    ],
  },
  {
    name: 'a list marked x-list-operation: true whose results is a $ref Spectral cannot resolve: only invalid-ref, no guess at its type',
    document: openapiDocument('3.1.0', info, {
      '/specimens': {
        get: {
          'x-list-operation': true,
          responses: {
            '200': jsonResponse({
              type: 'object',
              required: ['results'],
              properties: { results: { $ref: '#/components/schemas/SpecimenList' } },
            }),
          },
        },
      },
    }),
    errors: [
      {
        code: 'invalid-ref',
        path: [
          'paths',
          '/specimens',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'results',
          '$ref',
        ],
        message: "'#/components/schemas/SpecimenList' does not exist",
      },
    ],
  },
  {
    name: 'a single resource typed as an array under /…/{id} (interactivebrokers.com GET /accounts/{account}/orders/{CustomerOrderId}) is not a list',
    document: `
openapi: 3.0.0
info: { title: Trading API, version: 1.0.0 }
servers: [{ url: 'https://www.interactivebrokers.com/tradingapi/v1' }]
paths:
  /accounts/{account}/orders/{CustomerOrderId}:
    parameters:
      - { in: path, name: account, required: true, schema: { type: string } }
      - { in: path, name: CustomerOrderId, required: true, schema: { type: string } }
    get:
      description: Returns the order with the referenced Customer Order ID for the account passed in the URL.
      responses:
        '200':
          content: { application/json: { schema: { items: { $ref: '#/components/schemas/orderState' }, type: array } } }
          description: Returns order status information
components:
  schemas:
    orderState:
      type: object
      properties: { CustomerOrderId: { type: string }, OrderQty: { type: number }, Status: { type: string } }
`,
    errors: [],
  },
  {
    name: 'a path whose last segment holds a parameter with a suffix (hhs.gov GET /resources/languages/{id}.json answering an array) is one resource',
    document: `
swagger: '2.0'
info: { title: HHS Media Services API, version: 2.0.0 }
host: api.digitalmedia.hhs.gov
basePath: /api/v2
paths:
  /resources/languages/{id}.json:
    get:
      parameters:
        - { in: path, name: id, required: true, type: integer }
      responses:
        '200':
          description: Language
          schema: { type: array, items: { $ref: '#/definitions/Language' } }
definitions:
  Language:
    type: object
    properties: { id: { type: integer }, name: { type: string }, isoCode: { type: string } }
`,
    errors: [],
  },
  {
    name: "links are no items (mailchimp GET /lists/{list_id}/abuse-reports/{report_id} with count/offset answering one report with '_links')",
    document: `
openapi: 3.0.0
info: { title: Mailchimp Marketing API, version: 3.0.55 }
paths:
  /lists/{list_id}/abuse-reports/{report_id}:
    get:
      parameters:
        - { in: path, name: list_id, required: true, schema: { type: string } }
        - { in: path, name: report_id, required: true, schema: { type: string } }
        - { in: query, name: count, schema: { type: integer, default: 10, maximum: 1000 } }
        - { in: query, name: offset, schema: { type: integer, default: 0 } }
      responses:
        '200':
          description: Abuse report
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: integer }
                  list_id: { type: string }
                  email_address: { type: string }
                  _links: { type: array, items: { $ref: '#/components/schemas/ResourceLink' } }
components:
  schemas:
    ResourceLink:
      type: object
      properties: { rel: { type: string }, href: { type: string }, method: { type: string } }
`,
    errors: [],
  },
  {
    name: 'a wrapped array written as a $ref (whapi.com/bets.json betHistoryResponse.bets: {$ref: historyBets}) is reported at the property',
    document: `
openapi: 3.0.0
info: { title: Bets, version: 2.0.0 }
paths:
  /history:
    get:
      parameters:
        - $ref: '#/components/parameters/param_page'
        - $ref: '#/components/parameters/param_pageSize'
      responses:
        '200':
          content: { application/json: { schema: { $ref: '#/components/schemas/betHistoryResponse' } } }
          description: Bet history
components:
  parameters:
    param_page: { in: query, name: page, schema: { type: integer, default: 1 } }
    param_pageSize: { in: query, name: pageSize, schema: { type: integer, default: 20 } }
  schemas:
    betHistoryResponse:
      properties:
        bets: { $ref: '#/components/schemas/historyBets' }
      type: object
    historyBets:
      items: { $ref: '#/components/schemas/placedBet' }
      type: array
    placedBet:
      type: object
      properties: { id: { type: string }, stake: { type: number } }
`,
    errors: [
      {
        path: ['components', 'schemas', 'betHistoryResponse', 'properties', 'bets', '$ref'],
        message:
          'List response holds its items in "bets"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: "Google's {gateways: [], unreachable: []} (googleapis.com/networkservices.json): the array named after the path's last segment holds the items",
    document: `
openapi: 3.0.0
info: { title: Network Services API, version: v1beta1 }
paths:
  /v1beta1/{parent}/gateways:
    get:
      parameters:
        - { description: Required. The project and location from which the Gateways should be listed., in: path, name: parent, required: true, schema: { type: string } }
        - { description: Maximum number of Gateways to return per call., in: query, name: pageSize, schema: { type: integer } }
        - { description: The value returned by the last ListGatewaysResponse., in: query, name: pageToken, schema: { type: string } }
      responses:
        '200':
          content: { application/json: { schema: { $ref: '#/components/schemas/ListGatewaysResponse' } } }
          description: Successful response
components:
  schemas:
    ListGatewaysResponse:
      description: Response returned by the ListGateways method.
      properties:
        gateways: { description: List of Gateway resources., items: { $ref: '#/components/schemas/Gateway' }, type: array }
        nextPageToken: { type: string }
        unreachable: { description: Locations that could not be reached., items: { type: string }, type: array }
      type: object
    Gateway:
      type: object
      properties: { name: { type: string }, type: { type: string } }
`,
    errors: [
      {
        path: ['components', 'schemas', 'ListGatewaysResponse', 'properties', 'gateways'],
        message:
          'List response holds its items in "gateways"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: 'lists paged by maxResults, nextToken or startIndex (osisoft.com, androidpublisher, amazonaws.com/mobile) are lists in the wrong envelope',
    document: `
openapi: 3.0.0
info: { title: PI Web API, version: 2019 }
paths:
  /assetdatabases/{webId}/elements:
    get:
      parameters:
        - { in: path, name: webId, required: true, schema: { type: string } }
        - { in: query, name: maxCount, schema: { type: integer } }
        - { in: query, name: startIndex, schema: { type: integer } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/ItemsElement' } } } }
  /applications/{packageName}/reviews:
    get:
      parameters:
        - { in: path, name: packageName, required: true, schema: { type: string } }
        - { in: query, name: maxResults, schema: { type: integer } }
        - { in: query, name: token, schema: { type: string } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/ReviewsListResponse' } } } }
  /projects:
    get:
      parameters:
        - { in: query, name: maxResults, schema: { type: integer } }
        - { in: query, name: nextToken, schema: { type: string } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/ListProjectsResult' } } } }
components:
  schemas:
    ItemsElement:
      type: object
      properties:
        Items: { type: array, items: { type: object, properties: { WebId: { type: string }, Name: { type: string } } } }
        Links: { type: object }
    ReviewsListResponse:
      type: object
      properties:
        reviews: { type: array, items: { type: object, properties: { reviewId: { type: string } } } }
        tokenPagination: { type: object, properties: { nextPageToken: { type: string } } }
    ListProjectsResult:
      type: object
      properties:
        projects: { type: array, items: { type: object, properties: { projectId: { type: string } } } }
        nextToken: { type: string }
`,
    errors: [
      {
        path: ['components', 'schemas', 'ItemsElement', 'properties', 'Items'],
        message:
          'List response holds its items in "Items"; expected them in a required "results" array, beside "metadata"',
      },
      {
        path: ['components', 'schemas', 'ListProjectsResult', 'properties', 'projects'],
        message:
          'List response holds its items in "projects"; expected them in a required "results" array, beside "metadata"',
      },
      {
        path: ['components', 'schemas', 'ReviewsListResponse', 'properties', 'reviews'],
        message:
          'List response holds its items in "reviews"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: 'GET /areas?offset&limit declaring a single object (deutschebahn.com/flinkster): the envelope is missing, one finding at the schema',
    document: `
openapi: 3.0.0
info: { title: Flinkster API, version: v1 }
servers: [{ url: 'https://api.deutschebahn.com/flinkster-api-ng/v1' }]
paths:
  /areas:
    get:
      description: Search for areas (locations of rental objects) by criteria.
      operationId: listAreas
      parameters:
        - { in: query, name: lat, required: false, schema: { type: number, format: double } }
        - { in: query, name: offset, required: false, schema: { type: integer, format: int32 } }
        - { in: query, name: limit, required: false, schema: { type: integer, format: int32 } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/AreaJO' } } } }
components:
  schemas:
    AreaJO:
      properties:
        _links: { items: { $ref: '#/components/schemas/LinkJO' }, type: array }
        address: { $ref: '#/components/schemas/AddressJO' }
        name: { type: string }
        providerNetworkIds: { items: { format: int32, type: integer }, type: array }
        type: { enum: [STATION, OPERATIONAREA, PARKINGAREA, GASSTATION, UNKNOWN], type: string }
        uid: { type: string }
      type: object
    LinkJO: { type: object, properties: { href: { type: string }, rel: { type: string } } }
    AddressJO: { type: object, properties: { city: { type: string } } }
`,
    errors: [
      {
        path: ['components', 'schemas', 'AreaJO'],
        message:
          'Paged list response declares no array of items; expected an object whose required "results" array holds the items, beside "metadata"',
      },
    ],
  },
  {
    name: 'a paged GET answering one object whose only array is warnings, written with properties beside its type: properties bind no array, the envelope is missing',
    document: `
openapi: 3.0.0
info: { title: Feeds, version: 1.0.0 }
paths:
  /feeds:
    get:
      parameters:
        - { in: query, name: limit, schema: { type: integer } }
        - { in: query, name: offset, schema: { type: integer } }
      responses:
        '200':
          description: A feed
          content:
            application/json:
              schema:
                type: object
                properties:
                  title: { type: string }
                  warnings:
                    type: array
                    items: { type: string }
                    properties: { entries: { type: array, items: { type: object } } }
`,
    errors: [
      {
        path: ['paths', '/feeds', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message:
          'Paged list response declares no array of items; expected an object whose required "results" array holds the items, beside "metadata"',
      },
    ],
  },
  {
    name: "a paged GET whose answer holds a property behind a missing $ref is not judged (it may hold the items): left to Spectral's invalid-ref",
    document: `
openapi: 3.0.0
info: { title: Shop, version: 1.0.0 }
paths:
  /orders:
    get:
      parameters:
        - { in: query, name: limit, schema: { type: integer } }
        - { in: query, name: offset, schema: { type: integer } }
      responses:
        '200':
          description: A page of orders
          content:
            application/json:
              schema:
                type: object
                properties:
                  total: { type: integer }
                  page:
                    allOf: [{ $ref: '#/components/schemas/Page' }]
                    properties: { orders: { type: array, items: { type: object } } }
  /customers:
    get:
      parameters:
        - { in: query, name: limit, schema: { type: integer } }
        - { in: query, name: cursor, schema: { type: string } }
      responses:
        '200':
          description: A page of customers
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: { $ref: '#/components/schemas/CustomerPage' }
components:
  schemas: {}
`,
    errors: [
      {
        code: 'invalid-ref',
        path: [
          'paths',
          '/customers',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
          '$ref',
        ],
        message: "'#/components/schemas/CustomerPage' does not exist",
      },
      {
        code: 'invalid-ref',
        path: [
          'paths',
          '/orders',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'page',
          'allOf',
          '0',
          '$ref',
        ],
        message: "'#/components/schemas/Page' does not exist",
      },
    ],
  },
  {
    name: "a paged GET of one resource is no list (Asana's shared limit/offset on GET /tags/{tag_gid}), nor one whose items sit one level down (Spotify's {albums: {items}})",
    document: `
openapi: 3.0.0
info: { title: Asana and Spotify, version: 1.0.0 }
paths:
  /tags/{tag_gid}:
    get:
      parameters:
        - { in: path, name: tag_gid, required: true, schema: { type: string } }
        - { in: query, name: limit, schema: { type: integer } }
        - { in: query, name: offset, schema: { type: string } }
      responses:
        '200':
          description: The tag
          content: { application/json: { schema: { type: object, properties: { data: { type: object, properties: { gid: { type: string }, name: { type: string } } } } } } }
  /browse/new-releases:
    get:
      parameters:
        - { in: query, name: limit, schema: { type: integer, default: 20 } }
        - { in: query, name: offset, schema: { type: integer, default: 0 } }
      responses:
        '200':
          description: A paged set of albums
          content:
            application/json:
              schema:
                type: object
                properties:
                  albums:
                    type: object
                    properties:
                      items: { type: array, items: { type: object, properties: { id: { type: string }, name: { type: string } } } }
                      total: { type: integer }
`,
    errors: [],
  },
  {
    name: "side arrays are no items (JSON:API's included, eBay's warnings) and items without a type are an array (Asana's data: {items})",
    document: `
openapi: 3.0.0
info: { title: ExaVault and Asana, version: 1.0.0 }
paths:
  /notifications:
    get:
      parameters:
        - { in: query, name: offset, schema: { type: integer } }
        - { in: query, name: limit, schema: { type: integer } }
      responses:
        '200':
          description: Notifications
          content:
            application/json:
              schema:
                type: object
                properties:
                  returnCode: { type: integer }
                  totalResults: { type: integer }
                  data: { type: array, items: { type: object, properties: { id: { type: integer } } } }
                  included: { type: array, items: { type: object, properties: { id: { type: integer } } } }
  /tasks/{task_gid}/stories:
    get:
      parameters:
        - { in: path, name: task_gid, required: true, schema: { type: string } }
        - { in: query, name: limit, schema: { type: integer } }
        - { in: query, name: offset, schema: { type: string } }
      responses:
        '200':
          description: The stories
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: { items: { type: object, properties: { gid: { type: string } } } }
`,
    errors: [
      {
        path: [
          'paths',
          '/notifications',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
        ],
        message:
          'List response holds its items in "data"; expected them in a required "results" array, beside "metadata"',
      },
      {
        path: [
          'paths',
          '/tasks/{task_gid}/stories',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
        ],
        message:
          'List response holds its items in "data"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: 'YAML listing 201 or 2XX before a bare-array 200: the 200 is the list response, whatever the key order',
    document: `
openapi: 3.0.3
info: { title: Reports, version: 1.0.0 }
paths:
  /reports:
    get:
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
        '200':
          description: The reports
          content:
            application/json:
              schema:
                type: array
                items: { type: object, properties: { id: { type: string } } }
  /exports:
    get:
      responses:
        2XX:
          description: Any success
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
        '200':
          description: The exports
          content:
            application/json:
              schema:
                type: array
                items: { type: object, properties: { id: { type: string } } }
`,
    errors: ['/reports', '/exports'].map(path => ({
      path: ['paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema', 'type'],
      message:
        'List response is a bare array; expected an object whose required "results" array holds the items, beside "metadata"',
    })),
  },
  {
    name: '{report_id, results} without paging parameters is a single report, not a list; {reportId, results} with limit is a list',
    document: `
openapi: 3.0.3
info: { title: Reports, version: 1.0.0 }
paths:
  /reports/{reportId}/results:
    get:
      parameters:
        - { name: reportId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The report
          content:
            application/json:
              schema:
                type: object
                properties:
                  report_id: { type: string }
                  results: { type: array, items: { type: object } }
  /reports/{reportId}/rows:
    get:
      parameters:
        - { name: reportId, in: path, required: true, schema: { type: string } }
        - { name: limit, in: query, schema: { type: integer } }
      responses:
        '200':
          description: The rows
          content:
            application/json:
              schema:
                type: object
                properties:
                  reportId: { type: string }
                  results: { type: array, items: { type: object } }
`,
    errors: [
      {
        path: ['paths', '/reports/{reportId}/rows', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: 'List envelope does not require "results"; expected "results" in required',
      },
    ],
  },
  {
    name: "Azure's list paged by nextLink (StorageAccounts_List, no paging parameter): a list in the wrong envelope",
    document: `
openapi: 3.0.0
info: { title: StorageManagementClient, version: '2019-04-01' }
servers: [{ url: 'https://management.azure.com' }]
paths:
  /subscriptions/{subscriptionId}/providers/Microsoft.Storage/storageAccounts:
    get:
      operationId: StorageAccounts_List
      parameters:
        - { name: api-version, in: query, required: true, schema: { type: string, minLength: 1 } }
        - { name: subscriptionId, in: path, required: true, schema: { type: string, minLength: 1 } }
      responses:
        '200':
          description: OK -- List of storage accounts was retrieved and returned successfully.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/StorageAccountListResult' }
      x-ms-pageable: { nextLinkName: nextLink }
components:
  schemas:
    StorageAccountListResult:
      description: The response from the List Storage Accounts operation.
      properties:
        nextLink: { description: Request URL that can be used to query next page of storage accounts., readOnly: true, type: string }
        value:
          description: Gets the list of storage accounts and their properties.
          items: { $ref: '#/components/schemas/StorageAccount' }
          readOnly: true
          type: array
    StorageAccount:
      properties:
        id: { readOnly: true, type: string }
        name: { readOnly: true, type: string }
        location: { type: string }
`,
    errors: [
      {
        path: ['components', 'schemas', 'StorageAccountListResult', 'properties', 'value'],
        message:
          'List response holds its items in "value"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: "Box's Collections: entries beside an order array of sort objects; the items are in entries",
    document: `
openapi: 3.0.2
info: { title: Box Platform API, version: 2.0.0 }
servers: [{ url: 'https://api.box.com/2.0' }]
paths:
  /collections:
    get:
      operationId: get_collections
      parameters:
        - { in: query, name: fields, required: false, explode: false, schema: { items: { type: string }, type: array } }
        - { in: query, name: offset, required: false, schema: { default: 0, format: int64, type: integer } }
        - { in: query, name: limit, required: false, schema: { format: int64, maximum: 1000, type: integer } }
      responses:
        '200':
          description: Returns all collections for the given user
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Collections' }
components:
  schemas:
    Collections:
      title: Collections
      type: object
      allOf:
        - type: object
          description: The part of an API response that describes pagination
          properties:
            limit: { format: int64, type: integer }
            offset: { format: int64, type: integer }
            order:
              description: The order by which items are returned.
              type: array
              items:
                type: object
                properties:
                  by: { type: string }
                  direction: { enum: [ASC, DESC], type: string }
            total_count: { format: int64, type: integer }
        - properties:
            entries: { items: { $ref: '#/components/schemas/Collection' }, type: array }
    Collection:
      title: Collection
      type: object
      properties:
        collection_type: { enum: [favorites], type: string }
        id: { type: string }
        name: { enum: [Favorites], type: string }
        type: { enum: [collection], type: string }
`,
    errors: [
      {
        path: ['components', 'schemas', 'Collections', 'allOf', '1', 'properties', 'entries'],
        message:
          'List response holds its items in "entries"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: "Mastodon's search paged by limit and offset: three arrays, none of which is the items; the finding names them",
    document: `
openapi: 3.0.3
info: { title: Mastodon API, version: 1.0.0 }
servers: [{ url: 'https://mastodon.social' }]
paths:
  /api/v2/search:
    get:
      description: Search results
      parameters:
        - { in: query, name: q, required: true, schema: { type: string } }
        - { in: query, name: limit, schema: { default: 20, type: integer } }
        - { in: query, name: type, schema: { enum: [accounts, hashtags, statuses], type: string } }
        - { in: query, name: offset, schema: { type: integer } }
      responses:
        '200':
          description: Result
          content:
            application/json:
              schema:
                type: object
                properties:
                  accounts: { type: array, items: { type: object, properties: { id: { type: string }, acct: { type: string } } } }
                  hashtags: { type: array, items: { type: object, properties: { id: { type: string }, content: { type: string } } } }
                  statuses: { type: array, items: { type: object, properties: { name: { type: string }, url: { type: string } } } }
`,
    errors: [
      {
        path: ['paths', '/api/v2/search', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message:
          'List response holds its items in one of "accounts", "hashtags", "statuses"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: "Slack's conversations.history and users.list: an array of scalars (anyOf) and the paging response_metadata are not the items",
    document: `
openapi: 3.0.0
info: { title: Slack Web API, version: 1.7.0 }
servers: [{ url: 'https://slack.com/api' }]
paths:
  /conversations.history:
    get:
      parameters:
        - { in: query, name: channel, schema: { type: string } }
        - { in: query, name: cursor, schema: { type: string } }
        - { in: query, name: limit, schema: { type: integer } }
      responses:
        '200':
          description: Typical success response
          content:
            application/json:
              schema:
                type: object
                properties:
                  channel_actions_ts:
                    items: { anyOf: [{ type: integer }, { nullable: true }] }
                  has_more: { type: boolean }
                  messages:
                    type: array
                    items: { type: object, properties: { text: { type: string }, ts: { type: string } } }
                  response_metadata:
                    items: { type: object, properties: { next_cursor: { type: string } } }
  /users.list:
    get:
      parameters:
        - { in: query, name: cursor, schema: { type: string } }
        - { in: query, name: limit, schema: { type: integer } }
      responses:
        '200':
          description: Typical success response
          content:
            application/json:
              schema:
                type: object
                properties:
                  members:
                    type: array
                    items: { type: object, properties: { id: { type: string }, name: { type: string } } }
                  response_metadata:
                    items: { type: object, properties: { next_cursor: { type: string } } }
`,
    errors: [
      {
        path: [
          'paths',
          '/conversations.history',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'messages',
        ],
        message:
          'List response holds its items in "messages"; expected them in a required "results" array, beside "metadata"',
      },
      {
        path: [
          'paths',
          '/users.list',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'members',
        ],
        message:
          'List response holds its items in "members"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: "Getty Images' search: the deprecated related_searches beside images is not the items",
    document: `
openapi: 3.0.1
info: { title: Getty Images API, version: '3' }
servers: [{ url: 'https://api.gettyimages.com' }]
paths:
  /v3/search/images/creative:
    get:
      parameters:
        - { in: query, name: phrase, schema: { type: string } }
        - { in: query, name: page, schema: { format: int32, type: integer } }
        - { in: query, name: page_size, schema: { format: int32, type: integer } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreativeImageSearchResults' }
components:
  schemas:
    CreativeImageSearchResults:
      additionalProperties: false
      type: object
      properties:
        images: { items: { $ref: '#/components/schemas/ImageSearchItemCreative' }, nullable: true, type: array }
        related_searches:
          deprecated: true
          items: { $ref: '#/components/schemas/RelatedSearch' }
          nullable: true
          type: array
        result_count: { format: int32, type: integer }
    ImageSearchItemCreative:
      type: object
      properties:
        id: { type: string, nullable: true }
        title: { type: string, nullable: true }
        caption: { type: string, nullable: true }
    RelatedSearch:
      additionalProperties: false
      type: object
      properties:
        phrase: { nullable: true, type: string }
        url: { nullable: true, type: string }
`,
    errors: [
      {
        path: ['components', 'schemas', 'CreativeImageSearchResults', 'properties', 'images'],
        message:
          'List response holds its items in "images"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: "IBM's array response: a response schema with items and no type is a bare array",
    document: `
openapi: 3.0.3
info: { title: Drinks, version: 1.0.0 }
paths:
  /v1/drinks:
    get:
      operationId: list_drinks
      responses:
        '200':
          description: The drinks
          content:
            application/json:
              schema:
                items: { $ref: '#/components/schemas/Drink' }
components:
  schemas:
    Drink:
      type: object
      properties:
        id: { type: string }
        name: { type: string }
`,
    errors: [
      {
        path: ['paths', '/v1/drinks', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        message: BARE,
      },
    ],
  },
  {
    name: "next-page links compared as paging names, at the top or one level down: Amadeus's meta.links.next, pagination.nextPage, paging.next; a lookup with a nextRun is no list",
    document: `
openapi: 3.0.0
info: { title: Next-page links, version: '1.0' }
paths:
  /v1/shopping/activities:
    get:
      parameters:
        - { in: query, name: latitude, required: true, schema: { type: number } }
      responses:
        '200':
          description: Successful Operation
          content:
            application/json:
              schema:
                type: object
                properties:
                  meta:
                    type: object
                    properties:
                      count: { type: integer }
                      links: { type: object, properties: { self: { type: string }, next: { type: string } } }
                  data: { type: array, items: { type: object, properties: { id: { type: string }, name: { type: string } } } }
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  orders: { type: array, items: { type: object, properties: { id: { type: string } } } }
                  pagination: { type: object, properties: { nextPage: { type: string } } }
  /posts:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  paging: { type: object, properties: { cursors: { type: object }, next: { type: string } } }
                  data: { type: array, items: { type: object, properties: { id: { type: string } } } }
  /schedule:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  nextRun: { type: string }
                  jobs: { type: array, items: { type: object, properties: { id: { type: string } } } }
`,
    errors: [
      {
        path: [
          'paths',
          '/v1/shopping/activities',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
        ],
        message:
          'List response holds its items in "data"; expected them in a required "results" array, beside "metadata"',
      },
      {
        path: [
          'paths',
          '/orders',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'orders',
        ],
        message:
          'List response holds its items in "orders"; expected them in a required "results" array, beside "metadata"',
      },
      {
        path: [
          'paths',
          '/posts',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'data',
        ],
        message:
          'List response holds its items in "data"; expected them in a required "results" array, beside "metadata"',
      },
    ],
  },
  {
    name: "Spotify's /me/tracks/contains answers an array of booleans, one per id asked: no list; an array of strings (Spotify's genre seeds) is",
    document: `
openapi: 3.0.3
info: { title: Spotify Web API, version: 2023.2.27 }
paths:
  /me/tracks/contains:
    get:
      operationId: check-users-saved-tracks
      parameters:
        - { name: ids, in: query, required: true, schema: { type: string } }
      responses:
        '200':
          description: Array of booleans
          content:
            application/json:
              schema: { type: array, items: { type: boolean }, example: [false, true] }
  /recommendations/available-genre-seeds:
    get:
      responses:
        '200':
          description: A set of genres
          content:
            application/json:
              schema: { type: array, items: { type: string } }
`,
    errors: [
      {
        path: [
          'paths',
          '/recommendations/available-genre-seeds',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'type',
        ],
        message: BARE,
      },
    ],
  },
  {
    name: "transitfeeds' getFeeds: results is an object holding feeds beside page and total, on a paged GET: one finding at results; without paging, no list",
    document: `
openapi: 3.0.0
info: { title: TransitFeeds, version: 1.0.0 }
paths:
  /getFeeds:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer, default: 1 } }
        - { name: limit, in: query, schema: { type: integer, default: 10, maximum: 100 } }
        - { name: location, in: query, schema: { type: integer } }
      responses:
        '200':
          description: Success
          content:
            application/json:
              schema: { $ref: '#/components/schemas/FeedsResponse' }
  /getFeedVersions:
    get:
      parameters:
        - { name: feed, in: query, schema: { type: string } }
      responses:
        '200':
          description: Success
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: { type: string }
                  results: { type: object, properties: { versions: { type: array, items: { type: object, properties: { id: { type: string } } } } } }
components:
  schemas:
    FeedsResponse:
      type: object
      properties:
        status: { type: string, enum: [OK, WARNING, ERROR] }
        ts: { type: integer }
        results:
          type: object
          properties:
            input: { type: string }
            total: { type: integer }
            limit: { type: integer }
            page: { type: integer }
            numPages: { type: integer }
            feeds: { type: array, items: { type: object, properties: { id: { type: string }, ty: { type: string }, t: { type: string } } } }
`,
    errors: [
      {
        path: ['components', 'schemas', 'FeedsResponse', 'properties', 'results'],
        message:
          'List response\'s "results" is an object holding "feeds"; expected "results" to be the array of items, beside "metadata"',
      },
    ],
  },
  {
    name: "BBC's MusicExportJob: one job, right for GET /jobs/{jobId}, answered by paged GETs: the pairing is the defect, at each paged use",
    document: `
openapi: 3.0.0
info: { title: BBC Music, version: '1.0' }
paths:
  /my/music/export:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
        - { name: offset, in: query, schema: { type: integer } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/MusicExportJob' } } } }
  /my/music/exports/jobs/{jobId}:
    get:
      parameters:
        - { name: jobId, in: path, required: true, schema: { type: string } }
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/MusicExportJob' } } } }
components:
  schemas:
    MusicExportJob:
      type: object
      properties:
        jobId: { type: string }
        status: { type: string }
        tracks: { type: integer }
`,
    errors: [
      {
        path: ['paths', '/my/music/export', 'get', 'responses', '200', 'content', 'application/json', 'schema', '$ref'],
        message:
          'MusicExportJob, the answer of this paged list, declares no array of items; expected an object whose required "results" array holds the items, beside "metadata"',
      },
    ],
  },
]);
