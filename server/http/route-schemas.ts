import { ErrorAnswer } from '../../src/contract/errors.js'
import { TenantId } from '../../src/contract/hospitals.js'

/** A tenant identifier in the API (query or body): the contract's schema. */
export const TENANT_SCHEMA = TenantId

/** Querystring schema of routes that take no parameters. */
export const NO_QUERY_SCHEMA = { type: 'object', additionalProperties: false } as const

/** Every error answer of the API: the contract's schema. */
export const ERROR_RESPONSE_SCHEMA = ErrorAnswer

// What a multipart request carries beside its one file: the boundaries and the part's headers.
const MULTIPART_ENVELOPE_BYTES = 64 * 1024

/**
 * The body limit of a request carrying one file of at most `fileBytes` as multipart: the
 * multipart plugin limits the file itself, this bounds the whole request.
 */
export function multipartBodyLimit(fileBytes: number): number {
  return fileBytes + MULTIPART_ENVELOPE_BYTES
}
