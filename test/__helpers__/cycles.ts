/** Shared by the Redocly adapter's tests and the parity suite. */
/** Documents whose `$ref`s close cycles, within one document and across two. */
export const CYCLES: Record<string, string> = {
  'cycles.yaml': `openapi: 3.0.3
info: {title: Cycles, version: '1'}
servers: [{url: 'https://api.example.com/clinical/labs/v1'}]
paths:
  /clinical/labs/v1/nodes:
    get:
      responses:
        '200':
          description: A node.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Node'}
        '400': {$ref: 'cycles-registry.yaml#/components/responses/BadRequest'}
        '404': {$ref: 'cycles-registry.yaml#/components/responses/NotFound'}
        '500':
          description: Internal Server Error
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
              example: {status: 500, title: Internal Server Error, detail: x, type: 'about:blank', instance: GET /nodes}
components:
  schemas:
    Node:
      type: object
      properties:
        child: {$ref: '#/components/schemas/Node'}
        other: {$ref: '#/components/schemas/Other'}
    Other:
      type: object
      properties:
        back: {$ref: '#/components/schemas/Node'}
        problem: {$ref: 'cycles-registry.yaml#/components/schemas/ProblemDetails'}
    Problem:
      type: object
      required: [status]
      properties:
        status: {type: string}
        cause: {$ref: '#/components/schemas/Problem'}
`,
  'cycles-registry.yaml': `components:
  responses:
    BadRequest:
      description: Bad Request
      content:
        application/problem+json:
          schema: {$ref: '#/components/schemas/ProblemDetails'}
    NotFound:
      description: Not Found
      content:
        application/json:
          schema: {$ref: 'cycles.yaml#/components/schemas/Problem'}
  schemas:
    ProblemDetails:
      type: object
      properties:
        status: {type: integer}
        title: {type: string}
        errors:
          type: array
          items: {$ref: '#/components/schemas/ProblemDetails'}
        back: {$ref: 'cycles.yaml#/components/schemas/Other'}
`,
};
