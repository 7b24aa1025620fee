/**
 * The only way the app calls its API. It adds `X-Authorization: Bearer <token>` to the API's own
 * origins only (SPEC §7), speaks JSON, enforces a timeout and a size limit, and turns a 401 into
 * one reaction per credential (SPEC §8). It knows no UI: the app registers what a 401 means.
 */
import { TOKEN_HEADER } from '../config/api-paths'
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
  /** Any HTTP answer arrived: the API is reachable. */
  onReachable: () => void
  /** The request got no answer at all. */
  onUnreachable: () => void
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Serialised as JSON. */
  body?: unknown
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

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>
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

  async function send(url: URL, init: RequestInit, signal: AbortSignal | undefined) {
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
    try {
      return await fetchImpl(url.href, { ...init, signal: combined })
    } catch (error) {
      if (signal?.aborted) throw error
      handlers.onUnreachable()
      if (timeout.aborted) throw new TimeoutError(`No answer from ${url.pathname}`)
      throw new NetworkError(`No answer from ${url.pathname}`, { cause: error })
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const declared = Number(response.headers.get('Content-Length') ?? 0)
    if (declared > MAX_RESPONSE_BYTES) throw new InvalidResponseError('Answer too large')
    const text = await response.text()
    if (text.length > MAX_RESPONSE_BYTES) throw new InvalidResponseError('Answer too large')
    if (text === '') return null
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new InvalidResponseError('Answer is not JSON')
    }
  }

  async function readErrorCode(response: Response): Promise<string | null> {
    try {
      const body = await readJson(response)
      const code = (body as { error?: unknown } | null)?.error
      return typeof code === 'string' ? code : null
    } catch {
      return null
    }
  }

  function reactToUnauthorized(sentToken: string | null) {
    // Already handled, or an old request whose credential was replaced by a new sign-in.
    if (handledCredential === sentToken) return
    if (sentToken !== null && sentToken !== options.readToken()) return
    handledCredential = sentToken
    handlers.onUnauthorized()
  }

  return {
    setEventHandlers(next) {
      handlers = { ...handlers, ...next }
    },

    async request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
      const url = buildUrl(path)
      const headers = new Headers({ Accept: 'application/json' })
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

      const response = await send(url, init, requestOptions.signal)
      handlers.onReachable()

      if (response.status === 401 && isApiOrigin && !requestOptions.isCredentialCheck) {
        const code = await readErrorCode(response)
        reactToUnauthorized(token)
        throw new UnauthorizedError(code)
      }
      if (!response.ok) {
        const code = await readErrorCode(response)
        throw new ApiError(response.status, code, `${url.pathname} answered ${response.status}`)
      }
      return (await readJson(response)) as T
    },
  }
}
