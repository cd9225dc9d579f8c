/**
 * SmartBear's Problem Details registry (SmartBear-DevRel/problems-registry, openapi.yaml), shortened
 * to what the problem rules read: a components file (no operations) whose schemas extend
 * ProblemDetails with a `status` enum, and whose `service-unavailable` example says 500 where its
 * schema allows only 503. It has no UnexpectedError.
 */
export const SMARTBEAR_REGISTRY = `
openapi: 3.0.0
info:
  title: ProblemDetailsRegistry
  version: 1.0.0
components:
  schemas:
    ProblemDetails:
      type: object
      required:
        - detail
      properties:
        title: { type: string, maxLength: 1024 }
        detail: { type: string, maxLength: 4096 }
        instance: { type: string, maxLength: 1024 }
        code: { type: string, maxLength: 50 }
    NotFound:
      type: object
      allOf:
      - $ref: "#/components/schemas/ProblemDetails"
      properties:
        type:
          type: string
          format: uri
          enum:
          - 'https://problems-registry.smartbear.com/not-found'
        status:
          type: integer
          format: int32
          enum:
          - 404
    ServiceUnavailable:
      type: object
      allOf:
      - $ref: "#/components/schemas/ProblemDetails"
      properties:
        type:
          type: string
          format: uri
          enum:
          - 'https://problems-registry.smartbear.com/service-unavailable'
        status:
          type: integer
          format: int32
          enum:
          - 503
  responses:
    NotFound:
      description: The requested resource was not found.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/NotFound'
          examples:
            notFound:
              $ref: '#/components/examples/not-found'
    ServiceUnavailable:
      description: The service requested is unavailable
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/ServiceUnavailable'
          examples:
            serviceUnavailable:
              $ref: '#/components/examples/service-unavailable'
            licenseExpired:
              $ref: '#/components/examples/license-expired'
  examples:
    not-found:
      value:
        type: 'https://problems-registry.smartbear.com/not-found'
        title: Not Found
        detail: The requested resource was not found
        status: 404
    license-expired:
      value:
        type: 'https://problems-registry.smartbear.com/license-expired'
        status: 503
        title: License Expired
        detail: >-
          The service is unavailable as the license associated with your client
          or organization has expired.
    service-unavailable:
      value:
        type: 'https://problems-registry.smartbear.com/service-unavailable'
        title: Service Unavailable
        detail: The service is currently unavailable
        status: 500
`;
