/** JSON schema of a tenant identifier in the API (query or body): 1 to 200 characters. */
export const TENANT_SCHEMA = { type: 'string', minLength: 1, maxLength: 200 } as const

/** Querystring schema of routes that take no parameters. */
export const NO_QUERY_SCHEMA = { type: 'object', additionalProperties: false } as const

/** JSON schema of every error answer of the API. */
export const ERROR_RESPONSE_SCHEMA = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    // Only with `other_hospital`: the hospital whose sign-in the account belongs to.
    tenant: { type: 'string' },
  },
} as const
