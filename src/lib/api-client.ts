/**
 * The only way the app calls its API. It adds `X-Authorization: Bearer <token>` to the API's own
 * origins only (SPEC §7), speaks JSON, enforces a timeout and a size limit, and turns a 401 into
 * one reaction per credential (SPEC §8). It knows no UI: the app registers what a 401 means.
 */
import { TOKEN_HEADER } from '../config/api-paths'
import { isServedFromWorkerCache } from '../config/sw-messages'
import {
  ApiError,
  InvalidRequestError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  UnauthorizedError,
} from './api-errors'

export interface ApiClientOptions {
  baseUrl: string
  apiOrigins: readonly string[]
  timeoutMs: number
  readToken: () => string | null
  fetch?: typeof fetch
}

export interface ApiEventHandlers {
  /** A 401 arrived for a credential not yet reacted to: wipe and go to the login screen. */
  onUnauthorized: () => void
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
}

/** Largest JSON answer the app reads (a hospital listing is a few hundred bytes). */
export const MAX_RESPONSE_BYTES = 1024 * 1024

const NO_HANDLERS: ApiEventHandlers = {
  onUnauthorized: () => undefined,
  onReachable: () => undefined,
  onUnreachable: () => undefined,
}

interface Exchange {
  url: URL
  callerSignal: AbortSignal | undefined
  /** Aborts when the caller aborts or the deadline passes. */
  signal: AbortSignal
  isPastDeadline: () => boolean
  /** Stops the deadline's timer once the exchange is over. */
  finish: () => void
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
  setEventHandlers(handlers: Partial<ApiEventHandlers>): void
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

  /**
   * One exchange's abort signal: the caller's, plus a deadline for the whole exchange, answer
   * body included, so a server that sends headers and then stalls is abandoned too. A plain timer
   * (not `AbortSignal.timeout`) so tests can drive it with fake timers.
   */
  function startExchange(url: URL, callerSignal: AbortSignal | undefined): Exchange {
    const deadline = new AbortController()
    const timer = setTimeout(() => {
      deadline.abort(new TimeoutError(`No answer from ${url.pathname}`))
    }, options.timeoutMs)
    return {
      url,
      callerSignal,
      signal: callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal,
      isPastDeadline: () => deadline.signal.aborted,
      finish: () => {
        clearTimeout(timer)
      },
    }
  }

  /** Why an exchange ended without an answer: the caller's abort, the deadline, or the network. */
  function failureOf(exchange: Exchange, cause?: unknown): Error {
    if (exchange.callerSignal?.aborted) {
      const reason: unknown = exchange.callerSignal.reason
      return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError')
    }
    if (exchange.isPastDeadline())
      return new TimeoutError(`No answer from ${exchange.url.pathname}`)
    return new NetworkError(`No answer from ${exchange.url.pathname}`, { cause })
  }

  async function send(exchange: Exchange, init: RequestInit) {
    try {
      return await fetchImpl(exchange.url.href, { ...init, signal: exchange.signal })
    } catch (error) {
      if (exchange.callerSignal?.aborted) throw error
      handlers.onUnreachable()
      throw failureOf(exchange, error)
    }
  }

  /**
   * The answer's body as text. Refused as soon as it passes MAX_RESPONSE_BYTES (counted in bytes
   * while it streams: a huge answer is never held in memory); abandoned at the deadline or the
   * caller's abort, even when the body never ends.
   */
  async function readText(response: Response, exchange: Exchange): Promise<string> {
    const declared = Number(response.headers.get('Content-Length') ?? 0)
    if (declared > MAX_RESPONSE_BYTES) throw new InvalidResponseError('Answer too large')
    if (response.body === null) return ''
    const reader = response.body.getReader()
    let stopWaiting: () => void = () => undefined
    const aborted = new Promise<never>((_resolve, reject) => {
      const onAbort = () => {
        reject(failureOf(exchange))
      }
      if (exchange.signal.aborted) {
        onAbort()
        return
      }
      exchange.signal.addEventListener('abort', onAbort, { once: true })
      stopWaiting = () => {
        exchange.signal.removeEventListener('abort', onAbort)
      }
    })
    const chunks: Uint8Array[] = []
    let size = 0
    try {
      for (;;) {
        const chunk = await Promise.race([reader.read(), aborted])
        if (chunk.done) break
        size += chunk.value.byteLength
        if (size > MAX_RESPONSE_BYTES) throw new InvalidResponseError('Answer too large')
        chunks.push(chunk.value)
      }
    } catch (error) {
      reader.cancel().catch(() => undefined)
      if (error instanceof TimeoutError) handlers.onUnreachable()
      throw error
    } finally {
      stopWaiting()
    }
    const bytes = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.byteLength
    }
    return new TextDecoder().decode(bytes)
  }

  function parseJson(text: string): unknown {
    if (text === '') return null
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new InvalidResponseError('Answer is not JSON')
    }
  }

  async function readErrorBody(
    read: () => Promise<string>,
  ): Promise<{ code: string | null; body: unknown }> {
    try {
      const body = parseJson(await read())
      const code = (body as { error?: unknown } | null)?.error
      return { code: typeof code === 'string' ? code : null, body }
    } catch {
      return { code: null, body: null }
    }
  }

  function readCode(text: string): string | null {
    try {
      const code = (parseJson(text) as { error?: unknown } | null)?.error
      return typeof code === 'string' ? code : null
    } catch {
      return null
    }
  }

  function reactToUnauthorized(sentToken: string | null) {
    // Already handled, or a request sent with another credential than the one stored now: an
    // old token a new sign-in replaced, or no token at all while a sign-in stored one meanwhile.
    // That 401 says nothing about the current session, so it must not wipe it.
    if (handledCredential === sentToken) return
    if (sentToken !== options.readToken()) return
    handledCredential = sentToken
    handlers.onUnauthorized()
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
      const token = isApiOrigin ? options.readToken() : null
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

      const exchange = startExchange(url, requestOptions.signal)
      try {
        const response = await send(exchange, init)
        // An answer the worker kept (stale-while-revalidate) says nothing about the API.
        if (!isServedFromWorkerCache(response)) handlers.onReachable()
        const read = () => readText(response, exchange)

        if (response.status === 401 && isApiOrigin && !requestOptions.isCredentialCheck) {
          const { code } = await readErrorBody(read)
          reactToUnauthorized(token)
          throw new UnauthorizedError(code)
        }
        if (!response.ok) {
          const { code, body } = await readErrorBody(read)
          throw new ApiError(
            response.status,
            code,
            `${url.pathname} answered ${response.status}`,
            body,
          )
        }
        requestOptions.onHeaders?.(response.headers)
        return parseJson(await read()) as T
      } finally {
        exchange.finish()
      }
    },

    upload<T>(path: string, form: FormData, uploadOptions: UploadOptions = {}): Promise<T> {
      const url = buildUrl(path)
      const isApiOrigin = options.apiOrigins.includes(url.origin)
      const token = isApiOrigin ? options.readToken() : null
      return new Promise<T>((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        xhr.open('POST', url.href)
        xhr.timeout = options.timeoutMs
        xhr.setRequestHeader('Accept', 'application/json')
        if (token) xhr.setRequestHeader(TOKEN_HEADER, `Bearer ${token}`)
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) uploadOptions.onProgress?.(event.loaded / event.total)
        }
        const fail = (error: Error) => {
          handlers.onUnreachable()
          reject(error)
        }
        xhr.onerror = () => {
          fail(new NetworkError(`No answer from ${url.pathname}`))
        }
        xhr.ontimeout = () => {
          fail(new TimeoutError(`No answer from ${url.pathname}`))
        }
        xhr.onabort = () => {
          reject(new DOMException('Aborted', 'AbortError'))
        }
        uploadOptions.signal?.addEventListener('abort', () => {
          xhr.abort()
        })
        xhr.onload = () => {
          handlers.onReachable()
          const text = xhr.responseText
          if (xhr.status === 401 && isApiOrigin) {
            reactToUnauthorized(token)
            reject(new UnauthorizedError(readCode(text)))
            return
          }
          if (xhr.status < 200 || xhr.status >= 300) {
            reject(
              new ApiError(xhr.status, readCode(text), `${url.pathname} answered ${xhr.status}`),
            )
            return
          }
          try {
            resolve(parseJson(text) as T)
          } catch (error) {
            reject(error instanceof Error ? error : new InvalidResponseError('Unreadable answer'))
          }
        }
        xhr.send(form)
      })
    },
  }
}
