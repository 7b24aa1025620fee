import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { databaseUnavailable, isDatabaseUnavailable } from './database-unavailable.js'
import { HttpError, MESSAGES } from './http-errors.js'
import { isApiUrl } from './request-path.js'

const JSON_BODY_ERRORS = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_CONTENT_TYPE',
])

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('code' in error || 'statusCode' in error)
}

function describeValidation(error: FastifyError): string {
  const [first] = error.validation ?? []
  if (!first) return MESSAGES.invalidRequest
  const params = first.params
  const field =
    first.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
    (typeof params.missingProperty === 'string' ? params.missingProperty : '')
  switch (first.keyword) {
    case 'required':
      return `Falta el campo «${String(params.missingProperty)}».`
    case 'additionalProperties':
      return `El campo «${String(params.additionalProperty)}» no está permitido.`
    case 'type':
      return field === ''
        ? 'El cuerpo de la solicitud no tiene el formato esperado.'
        : `El campo «${field}» tiene un tipo no válido.`
    case 'minLength':
    case 'maxLength':
      return `El campo «${field}» tiene una longitud no válida.`
    default:
      return field === '' ? MESSAGES.invalidRequest : `El campo «${field}» no es válido.`
  }
}

/** Turns anything thrown into an error that is safe to show; unknown errors become a 500. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  // Before the framework's errors: a database error carries a `code` too.
  if (isDatabaseUnavailable(error)) return databaseUnavailable()
  if (!isFastifyError(error)) return new HttpError(500, 'internal_error', MESSAGES.internalError)
  if (error.validation) return new HttpError(400, 'invalid_request', describeValidation(error))
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new HttpError(413, 'payload_too_large', MESSAGES.payloadTooLarge)
  }
  // The contract answers 400 to a body that is not JSON, whatever the reason (415 included).
  if (JSON_BODY_ERRORS.has(error.code) || error instanceof SyntaxError) {
    return new HttpError(400, 'invalid_json', MESSAGES.invalidJson)
  }
  const status = error.statusCode ?? 500
  if (status === 404) return new HttpError(404, 'not_found', MESSAGES.notFound)
  if (status >= 400 && status < 500) {
    return new HttpError(status, 'invalid_request', MESSAGES.invalidRequest)
  }
  return new HttpError(500, 'internal_error', MESSAGES.internalError)
}

/** Sends an error: JSON `{ error, message }` under `/api/`, a short Spanish text elsewhere. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  // Headers meant for the success answer (a year of caching for /assets/, an ETag) must not
  // stick to the error.
  reply.removeHeader('etag')
  reply.header('cache-control', 'no-store')
  reply.code(error.statusCode)
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds)
  if (isApiUrl(request.url)) {
    return reply.type('application/json; charset=utf-8').send(error.toBody())
  }
  return reply.type('text/plain; charset=utf-8').send(error.message)
}

/**
 * Installs the error handler (no stack trace or internal message ever leaves the server) and
 * the 404 handler.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const httpError = toHttpError(error)
    // A shed sign-in (503 server_busy) is load, not a fault: only unexpected errors are logged.
    if (httpError.code === 'internal_error') request.log.error({ err: error }, 'request failed')
    // An outage is logged once per answer, briefly: the cause, not a stack trace.
    if (httpError.code === 'database_unavailable') {
      request.log.warn(
        { cause: error instanceof Error ? error.message : String(error) },
        'database unavailable',
      )
    }
    return sendError(request, reply, httpError)
  })

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new HttpError(404, 'not_found', MESSAGES.notFound)),
  )
}

/**
 * Answers the errors Fastify raises before routing (an undecodable URL, an overlong parameter).
 * No hook has run, so the security headers are added by hand.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  securityHeaders: Record<string, string>,
) {
  const httpError =
    error.code === 'FST_ERR_BAD_URL'
      ? new HttpError(400, 'invalid_request', MESSAGES.invalidRequest)
      : new HttpError(404, 'not_found', MESSAGES.notFound)
  reply.headers(securityHeaders)
  if (isApiUrl(request.url)) reply.header('access-control-allow-origin', '*')
  return sendError(request, reply, httpError)
}
