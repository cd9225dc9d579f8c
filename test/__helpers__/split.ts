/**
 * A description split by resource, one file per path item and shared responses and schemas in files
 * of their own, with the slips teams make: a file that only re-exports another, `$ref`s back to the
 * root, files naming themselves, fragments `#` and `#/`, a pointer or a file that leads nowhere.
 * Used by test/redocly/resolve.test.ts.
 */
export const SPLIT: Record<string, string> = {
  'openapi.yaml': `openapi: 3.0.3
info: {title: Vault, version: 1.0.0}
paths:
  /secrets:
    $ref: 'paths/secrets.yaml'
  /secrets/{id}:
    $ref: 'paths/secret.yaml#/item'
  /secrets/{id}/versions:
    $ref: '#/paths/~1secrets~1%7Bid%7D'
  /health:
    $ref: './openapi.yaml#/components/x-paths/health'
components:
  x-paths:
    health:
      get:
        responses:
          '200': {description: Healthy.}
          '500': {$ref: 'openapi.yaml#/components/responses/ServerError'}
  responses:
    NotFound:
      $ref: 'responses/not-found.yaml'
    ServerError:
      $ref: 'responses/common.yaml#/ServerError'
    Gone:
      $ref: 'responses/common.yaml#/Gone'
    Teapot:
      $ref: 'responses/teapot.yaml'
    Unavailable:
      $ref: 'https://registry.example.invalid/problems.yaml#/ServiceUnavailable'
  schemas:
    Problem:
      $ref: 'schemas/problem.yaml#'
    ProblemAgain:
      $ref: 'schemas/problem.yaml#/'
    Secret:
      type: object
      properties:
        id: {type: string}
        value: {type: string}
        owner: {$ref: 'schemas/owner.yaml#/Owner'}
`,
  'paths/secrets.yaml': `get:
  operationId: listSecrets
  responses:
    '200':
      description: The secrets.
      content:
        application/json:
          schema:
            type: array
            items: {$ref: '../openapi.yaml#/components/schemas/Secret'}
    '400': {$ref: '../responses/common.yaml#/BadRequest'}
    '404': {$ref: '../openapi.yaml#/components/responses/NotFound'}
    '500': {$ref: '../responses/common.yaml#/ServerError'}
post:
  operationId: createSecret
  responses:
    '201': {description: Created.}
    '400': {$ref: '../responses/common.yaml#/BadRequest'}
    '409': {$ref: '../responses/common.yaml#/Conflict'}
    '500': {$ref: '../responses/common.yaml#/ServerError'}
`,
  'paths/secret.yaml': `item:
  parameters:
    - $ref: '#/parameters/SecretId'
  get:
    operationId: getSecret
    responses:
      '200': {$ref: '#/responses/Secret'}
      '404': {$ref: '#/responses/Missing'}
      '500': {$ref: '../responses/common.yaml#/ServerError'}
  delete:
    operationId: deleteSecret
    responses:
      '204': {description: Deleted.}
      '404': {$ref: '#/responses/Missing'}
      '410': {$ref: '#/item/delete/responses/404'}
parameters:
  SecretId:
    name: id
    in: path
    required: true
    schema: {type: string}
responses:
  Secret:
    description: The secret.
    content:
      application/json:
        schema: {$ref: '../openapi.yaml#/components/schemas/Secret'}
  Missing:
    $ref: '../responses/not-found.yaml'
`,
  'responses/not-found.yaml': `$ref: './common.yaml#/NotFound'
`,
  'responses/common.yaml': `BadRequest:
  description: Bad Request
  content:
    application/problem+json:
      schema: {$ref: '../schemas/problem.yaml'}
Conflict:
  $ref: '#/BadRequest'
NotFound:
  description: Not Found
  content:
    application/problem+json:
      schema: {$ref: '../schemas/problem.yaml'}
      example: {$ref: '../examples/not-found.yaml'}
ServerError:
  $ref: '#/GenericError'
GenericError:
  description: Internal Server Error
  content:
    application/problem+json:
      schema: {$ref: './common.yaml#/Schemas/Problem'}
Schemas:
  Problem: {$ref: '../schemas/problem.yaml'}
`,
  'schemas/problem.yaml': `type: object
properties:
  type: {type: string, format: uri-reference}
  title: {type: string}
  status: {type: integer}
  detail: {type: string}
  instance: {type: string}
  errors:
    type: array
    items: {$ref: './problem.yaml#/definitions/FieldError'}
definitions:
  FieldError:
    type: object
    properties:
      pointer: {type: string}
      problem: {$ref: '#/properties/detail'}
`,
  'schemas/owner.yaml': `Owner:
  type: object
  properties:
    name: {type: string}
    team: {$ref: '#/Team'}
Team:
  type: object
  properties:
    lead: {$ref: '#/Owner'}
    parent: {$ref: '#/Team'}
`,
  'examples/not-found.yaml': `type: about:blank
title: Not Found
status: 404
detail: No secret with that id.
instance: GET /secrets/42
`,
};
