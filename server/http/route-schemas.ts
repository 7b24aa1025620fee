import { ErrorAnswer } from '../../src/contract/errors.js'
import { TenantId } from '../../src/contract/hospitals.js'

/** A tenant identifier in the API (query or body): the contract's schema. */
export const TENANT_SCHEMA = TenantId

/** Querystring schema of routes that take no parameters. */
export const NO_QUERY_SCHEMA = { type: 'object', additionalProperties: false } as const

/** Every error answer of the API: the contract's schema. */
export const ERROR_RESPONSE_SCHEMA = ErrorAnswer
