/**
 * The only way the app calls its API. It adds `X-Authorization: Bearer <token>` to the API's own
 * origins only (docs/api-requests.md), speaks JSON, enforces a timeout and a size limit, and turns
 * a 401 into one reaction per credential (docs/api-requests.md). It knows no UI: the app registers
 * what a 401 means.
 */
import { TOKEN_HEADER } from '../config/api-paths'
import { isServedFromWorkerCache } from '../config/sw-messages'
import {
  ApiError,
  InvalidRequestError,
  InvalidResponseError,
  TimeoutError,
  UnauthorizedError,
} from './api-errors'
import { parseErrorBody, parseJson, readText } from './http/answer-body'
import { failureOf, startExchange, type Exchange } from './http/exchange'
import { sendMultipart, type RawAnswer } from './http/multipart-upload'

export interface ApiClientOptions {
  baseUrl: string
  apiOrigins: readonly string[]
  timeoutMs: number
  readToken: () => string | null
  fetch?: typeof fetch
}

export interface ApiEventHandlers {
  /**
   * A 401 arrived for a credential not yet reacted to: wipe and go to the login screen. `code`
   * is the answer's error code (`account_disabled` says why), when it has one.
   */
  onUnauthorized: (code: string | null) => void
  /** An HTTP answer came from the API itself (not the worker's cache): it is reachable. */
  onReachable: () => void
  /** The request got no answer at all. */
  onUnreachable: () => void
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Serialised as JSON. */
  body?: unknown
  /** Extra request headers (e.g. `If-Match`); the token header cannot be overridden. */
  headers?: Readonly<Record<string, string>>
  /** Receives the answer's headers of a successful call (e.g. its `ETag`). */
  onHeaders?: (headers: Headers) => void
  signal?: AbortSignal
  /**
   * Sign-in answers 401 for wrong credentials, which is not a lost session: the caller gets
   * the error without the wipe.
   */
  isCredentialCheck?: boolean
  /**
   * The reachability probe (`GET /api/health`): it tells the app nothing itself (its caller
   * reads the outcome) and no answer of it ends a session (health never answers 401).
   */
  isProbe?: boolean
}

export { MAX_RESPONSE_BYTES } from './http/answer-body'

/** Largest image the app reads through `blob` (photos are re-encoded by the API well below). */
export const MAX_BLOB_BYTES = 15 * 1024 * 1024

const NO_HANDLERS: ApiEventHandlers = {
  onUnauthorized: () => undefined,
  onReachable: () => undefined,
  onUnreachable: () => undefined,
}

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void
  signal?: AbortSignal
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>
  /**
   * POSTs a multipart form with upload progress (which `fetch` cannot report), under the same
   * rules as `request`: token to API origins only, timeout, the 401 reaction, typed errors.
   */
  upload<T = unknown>(path: string, form: FormData, options?: UploadOptions): Promise<T>
  /**
   * Opens a long-lived `GET` (Server-Sent Events) under the same rules as `request`: token to API
   * origins only, the 401 reaction, typed errors. The deadline covers the wait for the answer's
   * headers only; the caller reads the body and ends it with its signal.
   */
  stream(path: string, options?: StreamOptions): Promise<ReadableStream<Uint8Array>>
  /**
   * Reads a file the API serves only to the session (a consultation's photo, its record as a
   * PDF), under the same rules as `request`, up to MAX_BLOB_BYTES.
   */
  blob(path: string, options?: BlobOptions): Promise<Blob>
  setEventHandlers(handlers: Partial<ApiEventHandlers>): void
}

export interface StreamOptions {
  /** Extra request headers (e.g. `Last-Event-ID`); the token header cannot be overridden. */
  headers?: Readonly<Record<string, string>>
  signal?: AbortSignal
}

export interface BlobOptions extends StreamOptions {
  /** Largest file accepted; MAX_BLOB_BYTES (an image) by default. */
  maxBytes?: number
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  let handlers = NO_HANDLERS
  // The credential whose 401 has been handled: ten concurrent 401s for the same token wipe once.
  let handledCredential: string | null | undefined

  function buildUrl(path: string): URL {
    try {
      const url =
        path.startsWith('/') && !path.startsWith('//')
          ? new URL(options.baseUrl + path)
          : new URL(path)
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol)
      return url
    } catch {
      throw new InvalidRequestError(`Cannot request ${JSON.stringify(path)}`)
    }
  }

  async function send(exchange: Exchange, init: RequestInit, events = handlers) {
    try {
      return await fetchImpl(exchange.url.href, { ...init, signal: exchange.signal })
    } catch (error) {
      if (exchange.callerSignal?.aborted) throw error
      events.onUnreachable()
      throw failureOf(exchange, error)
    }
  }

  async function read(response: Response, exchange: Exchange, events = handlers): Promise<string> {
    try {
      return await readText(response, exchange)
    } catch (error) {
      if (error instanceof TimeoutError) events.onUnreachable()
      throw error
    }
  }

  /**
   * The typed error of an answer that is not a success; a 401 that means the session is lost
   * (from the API, not a credential check) runs the app's reaction first.
   */
  function failedAnswer(
    { status, text }: RawAnswer,
    url: URL,
    lostSession: { sentToken: string | null } | null,
  ): Error {
    const { code, body } = parseErrorBody(text)
    if (status === 401 && lostSession) {
      reactToUnauthorized(lostSession.sentToken, code)
      return new UnauthorizedError(code)
    }
    return new ApiError(status, code, `${url.pathname} answered ${status}`, body)
  }

  /** The token to send to `url`: only the API's own origins ever see it (docs/api-requests.md). */
  function tokenFor(url: URL): string | null {
    return options.apiOrigins.includes(url.origin) ? options.readToken() : null
  }

  function reactToUnauthorized(sentToken: string | null, code: string | null) {
    // Already handled, or a request sent with another credential than the one stored now: an
    // old token a new sign-in replaced, or no token at all while a sign-in stored one meanwhile.
    // That 401 says nothing about the current session, so it must not wipe it.
    if (handledCredential === sentToken) return
    if (sentToken !== options.readToken()) return
    handledCredential = sentToken
    handlers.onUnauthorized(code)
  }

  return {
    setEventHandlers(next) {
      handlers = { ...handlers, ...next }
    },

    async request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
      const url = buildUrl(path)
      const headers = new Headers(requestOptions.headers)
      headers.set('Accept', 'application/json')
      const isApiOrigin = options.apiOrigins.includes(url.origin)
      const token = tokenFor(url)
      if (token) headers.set(TOKEN_HEADER, `Bearer ${token}`)
      const init: RequestInit = {
        method: requestOptions.method ?? 'GET',
        headers,
        // Cookies are not how this app authenticates; never send them to any host.
        credentials: 'omit',
      }
      if (requestOptions.body !== undefined) {
        headers.set('Content-Type', 'application/json')
        init.body = JSON.stringify(requestOptions.body)
      }

      const exchange = startExchange(url, requestOptions.signal, options.timeoutMs)
      const events = requestOptions.isProbe ? NO_HANDLERS : handlers
      try {
        const response = await send(exchange, init, events)
        // An answer the worker kept (stale-while-revalidate) says nothing about the API.
        if (!isServedFromWorkerCache(response)) events.onReachable()
        if (!response.ok) {
          const text = await read(response, exchange, events).catch(() => '')
          // A wrong password at sign-in answers 401 too, which is not a lost session.
          const isLostSession =
            response.status === 401 &&
            isApiOrigin &&
            !requestOptions.isCredentialCheck &&
            !requestOptions.isProbe
          throw failedAnswer(
            { status: response.status, text },
            url,
            isLostSession ? { sentToken: token } : null,
          )
        }
        requestOptions.onHeaders?.(response.headers)
        return parseJson(await read(response, exchange, events)) as T
      } finally {
        exchange.finish()
      }
    },

    async stream(path: string, streamOptions: StreamOptions = {}) {
      const url = buildUrl(path)
      const headers = new Headers(streamOptions.headers)
      headers.set('Accept', 'text/event-stream')
      const token = tokenFor(url)
      if (token) headers.set(TOKEN_HEADER, `Bearer ${token}`)
      const exchange = startExchange(url, streamOptions.signal, options.timeoutMs)
      let response: Response
      try {
        response = await send(exchange, {
          method: 'GET',
          headers,
          credentials: 'omit',
          cache: 'no-store',
        })
      } finally {
        // Headers are in (or nothing came): from here on only the caller's signal ends it.
        exchange.finish()
      }
      handlers.onReachable()
      if (!response.ok || response.body === null) {
        const text = response.ok ? '' : await response.text().catch(() => '')
        const isLostSession = response.status === 401 && options.apiOrigins.includes(url.origin)
        if (response.ok) throw new InvalidResponseError(`${url.pathname} sent no stream`)
        throw failedAnswer(
          { status: response.status, text },
          url,
          isLostSession ? { sentToken: token } : null,
        )
      }
      return response.body
    },

    async blob(path: string, blobOptions: BlobOptions = {}) {
      const url = buildUrl(path)
      const headers = new Headers(blobOptions.headers)
      const token = tokenFor(url)
      if (token) headers.set(TOKEN_HEADER, `Bearer ${token}`)
      const exchange = startExchange(url, blobOptions.signal, options.timeoutMs)
      try {
        const response = await send(exchange, { method: 'GET', headers, credentials: 'omit' })
        handlers.onReachable()
        if (!response.ok) {
          const text = await response.text().catch(() => '')
          const isLostSession = response.status === 401 && options.apiOrigins.includes(url.origin)
          throw failedAnswer(
            { status: response.status, text },
            url,
            isLostSession ? { sentToken: token } : null,
          )
        }
        if (
          Number(response.headers.get('Content-Length') ?? 0) >
          (blobOptions.maxBytes ?? MAX_BLOB_BYTES)
        ) {
          throw new InvalidResponseError('File too large')
        }
        try {
          return await response.blob()
        } catch (error) {
          throw failureOf(exchange, error)
        }
      } finally {
        exchange.finish()
      }
    },

    async upload<T>(path: string, form: FormData, uploadOptions: UploadOptions = {}): Promise<T> {
      const url = buildUrl(path)
      const token = tokenFor(url)
      let answer: RawAnswer
      try {
        answer = await sendMultipart({
          url,
          form,
          headers: {
            Accept: 'application/json',
            ...(token ? { [TOKEN_HEADER]: `Bearer ${token}` } : {}),
          },
          timeoutMs: options.timeoutMs,
          onProgress: uploadOptions.onProgress,
          signal: uploadOptions.signal,
        })
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          handlers.onUnreachable()
        }
        throw error
      }
      handlers.onReachable()
      if (answer.status < 200 || answer.status >= 300) {
        const isLostSession = answer.status === 401 && options.apiOrigins.includes(url.origin)
        throw failedAnswer(answer, url, isLostSession ? { sentToken: token } : null)
      }
      return parseJson(answer.text) as T
    },
  }
}
