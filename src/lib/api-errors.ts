/** Typed failures of an API call, so callers branch on `instanceof`, never on message text. */

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    /** The `error` code of the JSON body, when the server sent one. */
    readonly code: string | null,
    message: string,
    /** The whole JSON body, untrusted: for the rare answer that carries more than a code. */
    readonly body: unknown = null,
  ) {
    super(message)
  }
}

/** 401: the session is gone; storage has been wiped and the app sent to the login screen. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError'
  constructor(code: string | null) {
    super(401, code, 'No autorizado')
  }
}

/** The request never got an answer: offline, DNS, CORS refusal, connection reset. */
export class NetworkError extends Error {
  override name = 'NetworkError'
}

/** No answer within the configured time. */
export class TimeoutError extends Error {
  override name = 'TimeoutError'
}

/** A 2xx answer the app cannot read: not JSON, too large, wrong shape. */
export class InvalidResponseError extends Error {
  override name = 'InvalidResponseError'
}

/** The URL could not be built (unparsable, not http/https). Nothing was sent. */
export class InvalidRequestError extends Error {
  override name = 'InvalidRequestError'
}
