import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, MAX_RESPONSE_BYTES, type ApiClientOptions } from './api-client'
import {
  ApiError,
  InvalidRequestError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  UnauthorizedError,
} from './api-errors'

const API = 'https://api.example'

afterEach(() => {
  vi.useRealTimers()
})

function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })
}

function setup(overrides: Partial<ApiClientOptions> = {}) {
  const state = { token: null as string | null }
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(json({ ok: true })))
  const client = createApiClient({
    baseUrl: API,
    apiOrigins: [API, 'https://api-eu.example'],
    timeoutMs: 5_000,
    readToken: () => state.token,
    fetch: fetchMock,
    ...overrides,
  })
  const handlers = { onUnauthorized: vi.fn(), onReachable: vi.fn(), onUnreachable: vi.fn() }
  client.setEventHandlers(handlers)
  return { client, fetchMock, handlers, state }
}

/** A fetch that never answers, rejecting only when its signal aborts (as a real fetch does). */
function neverAnswering(init: RequestInit | undefined) {
  return new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => {
      reject(init.signal?.reason as Error)
    })
  })
}

/** A body that sends `start` and then nothing, ever; tells whether the reader gave up on it. */
function stalledBody(start: string) {
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(start))
    },
    cancel() {
      cancelled = true
    },
  })
  return { stream, wasCancelled: () => cancelled }
}

/** A body of `totalBytes` in 64 KiB chunks, produced on demand; counts the chunks pulled. */
function chunkedBody(totalBytes: number) {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled * chunk.byteLength >= totalBytes) {
        controller.close()
        return
      }
      pulled += 1
      controller.enqueue(chunk)
    },
  })
  return { stream, pulledBytes: () => pulled * chunk.byteLength }
}

/** The URL and init of the only fetch call, headers as a plain lower-cased record. */
function sentRequest(fetchMock: ReturnType<typeof setup>['fetchMock']) {
  expect(fetchMock).toHaveBeenCalledOnce()
  const [url, init = {}] = fetchMock.mock.calls[0] ?? []
  return {
    url,
    method: init.method,
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    body: init.body,
    credentials: init.credentials,
    signal: init.signal,
  }
}

describe('the request it sends', () => {
  it('GETs the API path with JSON accept, no token and no cookies', async () => {
    const { client, fetchMock } = setup()

    await client.request('/api/hospitales?tenant=hospital-x')

    const sent = sentRequest(fetchMock)
    expect(sent).toMatchObject({
      url: 'https://api.example/api/hospitales?tenant=hospital-x',
      method: 'GET',
      headers: { accept: 'application/json' },
      body: undefined,
      credentials: 'omit',
    })
    expect(sent.signal).toBeInstanceOf(AbortSignal)
  })

  it('adds X-Authorization: Bearer <token> to the API when a token is stored', async () => {
    const { client, fetchMock, state } = setup()
    state.token = 'abc.def'

    await client.request('/api/me')

    expect(sentRequest(fetchMock)).toMatchObject({
      url: 'https://api.example/api/me',
      method: 'GET',
      headers: { accept: 'application/json', 'x-authorization': 'Bearer abc.def' },
      credentials: 'omit',
    })
  })

  it.each([
    ['the API by absolute URL', 'https://api.example/api/me', 'https://api.example/api/me'],
    [
      'a second configured API origin',
      'https://api-eu.example/api/me',
      'https://api-eu.example/api/me',
    ],
  ])('adds the token to %s', async (_, path, url) => {
    const { client, fetchMock, state } = setup()
    state.token = 'secret'

    await client.request(path)

    expect(sentRequest(fetchMock)).toMatchObject({
      url,
      headers: { 'x-authorization': 'Bearer secret' },
    })
  })

  it.each([
    ['a third-party host', 'https://evil.example/steal', 'https://evil.example/steal'],
    [
      'the logo host',
      'https://logos.example/hospital-x.png',
      'https://logos.example/hospital-x.png',
    ],
    [
      'another port of the API host',
      'https://api.example:8443/api/me',
      'https://api.example:8443/api/me',
    ],
    ['plain http to the API host', 'http://api.example/api/me', 'http://api.example/api/me'],
    [
      'a look-alike subdomain',
      'https://api.example.evil.example/api/me',
      'https://api.example.evil.example/api/me',
    ],
  ])('never sends the token to %s', async (_, path, url) => {
    const { client, fetchMock, state } = setup()
    state.token = 'secret'

    await client.request(path)

    const sent = sentRequest(fetchMock)
    expect(sent.url).toBe(url)
    expect(sent.headers).toEqual({ accept: 'application/json' })
    expect(sent.credentials).toBe('omit')
  })

  it('sends no X-Authorization header when the stored token is empty', async () => {
    const { client, fetchMock, state } = setup()
    state.token = ''

    await client.request('/api/me')

    expect(sentRequest(fetchMock).headers).toEqual({ accept: 'application/json' })
  })

  it.each([
    ['//evil.example/x'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['file:///etc/passwd'],
    ['http://'],
    ['api/me'],
    [''],
  ])('refuses %j with InvalidRequestError without calling fetch', async (path) => {
    const { client, fetchMock, handlers } = setup()

    await expect(client.request(path)).rejects.toBeInstanceOf(InvalidRequestError)

    expect(fetchMock).not.toHaveBeenCalled()
    expect(handlers.onUnreachable).not.toHaveBeenCalled()
  })

  it('keeps the path prefix of a base URL', async () => {
    const { client, fetchMock, state } = setup({
      baseUrl: 'https://api.example/v1',
      apiOrigins: ['https://api.example'],
    })
    state.token = 't'

    await client.request('/api/me')

    expect(sentRequest(fetchMock)).toMatchObject({
      url: 'https://api.example/v1/api/me',
      headers: { 'x-authorization': 'Bearer t' },
    })
  })

  it('serialises a body as JSON with its Content-Type', async () => {
    const { client, fetchMock } = setup()
    const credentials = { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'h' }

    await client.request('/api/auth/login', { method: 'POST', body: credentials })

    expect(sentRequest(fetchMock)).toMatchObject({
      url: 'https://api.example/api/auth/login',
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
      credentials: 'omit',
    })
  })
})

describe('reading the answer', () => {
  it('returns the parsed JSON body', async () => {
    const { client, fetchMock } = setup()
    fetchMock.mockResolvedValue(json([{ tenant: 'hospital-x', nombre: 'Hospital X' }]))

    await expect(client.request('/api/hospitales')).resolves.toEqual([
      { tenant: 'hospital-x', nombre: 'Hospital X' },
    ])
  })

  it.each([
    ['204 without body', () => new Response(null, { status: 204 })],
    ['200 with an empty body', () => new Response('', { status: 200 })],
  ])('returns null for %s', async (_, answer) => {
    const { client, fetchMock } = setup()
    fetchMock.mockResolvedValue(answer())

    await expect(client.request('/api/x')).resolves.toBeNull()
  })

  it('rejects a non-JSON 2xx answer with InvalidResponseError', async () => {
    const { client, fetchMock } = setup()
    fetchMock.mockResolvedValue(
      new Response('<!doctype html><title>Portal</title>', {
        headers: { 'Content-Type': 'text/html' },
      }),
    )

    await expect(client.request('/api/hospitales')).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('rejects an answer declared larger than MAX_RESPONSE_BYTES', async () => {
    const { client, fetchMock } = setup()
    fetchMock.mockResolvedValue(
      new Response('[]', { headers: { 'Content-Length': String(MAX_RESPONSE_BYTES + 1) } }),
    )

    await expect(client.request('/api/hospitales')).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('rejects an answer actually larger than MAX_RESPONSE_BYTES (no Content-Length)', async () => {
    const { client, fetchMock } = setup()
    const huge = JSON.stringify(['x'.repeat(MAX_RESPONSE_BYTES)])
    fetchMock.mockResolvedValue(new Response(huge))

    await expect(client.request('/api/hospitales')).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('stops reading a 5 MB answer as soon as it passes the limit', async () => {
    const { client, fetchMock } = setup()
    const body = chunkedBody(5 * 1024 * 1024)
    fetchMock.mockResolvedValue(new Response(body.stream))

    await expect(client.request('/api/hospitales')).rejects.toBeInstanceOf(InvalidResponseError)

    expect(body.pulledBytes()).toBeLessThan(MAX_RESPONSE_BYTES + 256 * 1024)
  })

  it('counts the limit in bytes, not characters', async () => {
    const { client, fetchMock } = setup()
    // Two bytes per character in UTF-8: fewer characters than the limit, more bytes.
    const body = JSON.stringify('é'.repeat(MAX_RESPONSE_BYTES / 2 + 1))
    expect(body.length).toBeLessThan(MAX_RESPONSE_BYTES)
    fetchMock.mockResolvedValue(new Response(body))

    await expect(client.request('/api/hospitales')).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('decodes UTF-8 split across chunks', async () => {
    const { client, fetchMock } = setup()
    const bytes = new TextEncoder().encode(JSON.stringify([{ nombre: 'Clínica Peñalara' }]))
    const split = bytes.indexOf(0xc3) + 1 // inside the two bytes of «í»
    fetchMock.mockResolvedValue(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, split))
            controller.enqueue(bytes.slice(split))
            controller.close()
          },
        }),
      ),
    )

    await expect(client.request('/api/hospitales')).resolves.toEqual([
      { nombre: 'Clínica Peñalara' },
    ])
  })

  it('accepts an answer of exactly MAX_RESPONSE_BYTES', async () => {
    const { client, fetchMock } = setup()
    const body = JSON.stringify('x'.repeat(MAX_RESPONSE_BYTES - 2))
    fetchMock.mockResolvedValue(new Response(body))

    await expect(client.request<string>('/api/x')).resolves.toHaveLength(MAX_RESPONSE_BYTES - 2)
  })

  it.each([
    [400, { error: 'malformed' }, 'malformed'],
    [403, { error: 'forbidden' }, 'forbidden'],
    [404, {}, null],
    [429, { error: 'rate_limited' }, 'rate_limited'],
    [500, 'not json', null],
    [503, { error: 42 }, null],
  ])(
    'rejects status %i with ApiError carrying the status and code %j',
    async (status, body, code) => {
      const { client, fetchMock, handlers } = setup()
      fetchMock.mockResolvedValue(
        typeof body === 'string' ? new Response(body, { status }) : json(body, { status }),
      )

      const error: unknown = await client.request('/api/x').catch((caught: unknown) => caught)

      expect(error).toBeInstanceOf(ApiError)
      expect(error).not.toBeInstanceOf(UnauthorizedError)
      expect(error).toMatchObject({ status, code })
      expect(handlers.onReachable).toHaveBeenCalledOnce()
      expect(handlers.onUnauthorized).not.toHaveBeenCalled()
    },
  )
})

describe('reachability', () => {
  it.each([200, 401, 404, 500])('reports onReachable for an HTTP %i answer', async (status) => {
    const { client, fetchMock, handlers } = setup()
    fetchMock.mockResolvedValue(json({}, { status }))

    await client.request('/api/x').catch(() => undefined)

    expect(handlers.onReachable).toHaveBeenCalledOnce()
    expect(handlers.onUnreachable).not.toHaveBeenCalled()
  })

  it('never counts an answer the service worker served from its cache as the API answering', async () => {
    const { client, fetchMock, handlers } = setup()
    fetchMock.mockResolvedValue(new Response('[]', { headers: { 'X-Clinica-Cache': 'hit' } }))

    await expect(client.request('/api/hospitales?tenant=x')).resolves.toEqual([])

    expect(handlers.onReachable).not.toHaveBeenCalled()
    expect(handlers.onUnreachable).not.toHaveBeenCalled()
  })

  it('turns a failed fetch into NetworkError and reports onUnreachable', async () => {
    const { client, fetchMock, handlers } = setup()
    const cause = new TypeError('Failed to fetch')
    fetchMock.mockRejectedValue(cause)

    const error: unknown = await client.request('/api/me').catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ cause })
    expect(handlers.onUnreachable).toHaveBeenCalledOnce()
    expect(handlers.onReachable).not.toHaveBeenCalled()
  })

  it('gives up after timeoutMs with TimeoutError and reports onUnreachable', async () => {
    vi.useFakeTimers()
    const { client, fetchMock, handlers } = setup({ timeoutMs: 30_000 })
    fetchMock.mockImplementation((_, init) => neverAnswering(init))

    const pending = client.request('/api/hospitales').catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(handlers.onUnreachable).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)

    expect(await pending).toBeInstanceOf(TimeoutError)
    expect(handlers.onUnreachable).toHaveBeenCalledOnce()
  })

  it('gives up at the same deadline when the headers arrive but the body never ends', async () => {
    vi.useFakeTimers()
    const { client, fetchMock, handlers } = setup({ timeoutMs: 30_000 })
    const body = stalledBody('[{"tenant":')
    fetchMock.mockResolvedValue(new Response(body.stream))

    const pending = client.request('/api/hospitales').catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(30_000)

    expect(await pending).toBeInstanceOf(TimeoutError)
    expect(handlers.onReachable).toHaveBeenCalledOnce()
    expect(handlers.onUnreachable).toHaveBeenCalledOnce()
    expect(body.wasCancelled()).toBe(true)
  })

  it('leaves no timer behind once an answer has been read', async () => {
    vi.useFakeTimers()
    const { client } = setup({ timeoutMs: 30_000 })

    await client.request('/api/hospitales')

    expect(vi.getTimerCount()).toBe(0)
  })

  it("rejects with the caller's abort while the body streams, without onUnreachable", async () => {
    const { client, fetchMock, handlers } = setup()
    fetchMock.mockResolvedValue(new Response(stalledBody('[').stream))
    const controller = new AbortController()

    const pending = client.request('/api/hospitales', { signal: controller.signal })
    await vi.waitFor(() => {
      expect(handlers.onReachable).toHaveBeenCalledOnce()
    })
    controller.abort()

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(handlers.onUnreachable).not.toHaveBeenCalled()
  })

  it("rethrows the caller's AbortError as is, without reporting onUnreachable", async () => {
    const { client, fetchMock, handlers } = setup()
    fetchMock.mockImplementation(
      (_, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('The operation was aborted.', 'AbortError'))
          })
        }),
    )
    const controller = new AbortController()

    const pending = client.request('/api/hospitales', { signal: controller.signal })
    controller.abort()

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(handlers.onUnreachable).not.toHaveBeenCalled()
  })
})

describe('401', () => {
  function answer401() {
    return json({ error: 'invalid_token' }, { status: 401 })
  }

  it('rejects with UnauthorizedError and reports onUnauthorized once', async () => {
    const { client, fetchMock, handlers, state } = setup()
    state.token = 'expired'
    fetchMock.mockResolvedValue(answer401())

    const error: unknown = await client.request('/api/me').catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(UnauthorizedError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_token' })
    expect(handlers.onUnauthorized).toHaveBeenCalledOnce()
  })

  it('reacts once to ten concurrent 401s for the same token; every caller rejects', async () => {
    const { client, fetchMock, handlers, state } = setup()
    state.token = 'expired'
    handlers.onUnauthorized.mockImplementation(() => {
      state.token = null // the app's wipe
    })
    fetchMock.mockImplementation(() => Promise.resolve(answer401()))

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => client.request('/api/me')),
    )

    expect(fetchMock).toHaveBeenCalledTimes(10)
    for (const result of results) {
      expect(result.status).toBe('rejected')
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(UnauthorizedError)
    }
    expect(handlers.onUnauthorized).toHaveBeenCalledOnce()
  })

  it('reacts again to a 401 for a newly stored token', async () => {
    const { client, fetchMock, handlers, state } = setup()
    fetchMock.mockImplementation(() => Promise.resolve(answer401()))
    state.token = 'first'
    await client.request('/api/me').catch(() => undefined)

    state.token = 'second'
    await expect(client.request('/api/me')).rejects.toBeInstanceOf(UnauthorizedError)

    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(2)
  })

  it('ignores a 401 from an old request whose token a newer sign-in replaced', async () => {
    const { client, fetchMock, handlers, state } = setup()
    let answerOld: (response: Response) => void = () => undefined
    fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answerOld = resolve
        }),
    )
    state.token = 'old'
    const oldRequest = client.request('/api/me')

    state.token = 'new' // signed in again meanwhile
    answerOld(answer401())

    await expect(oldRequest).rejects.toBeInstanceOf(UnauthorizedError)
    expect(sentRequest(fetchMock).headers['x-authorization']).toBe('Bearer old')
    expect(handlers.onUnauthorized).not.toHaveBeenCalled()
  })

  it('ignores a 401 to a call sent without a token once a sign-in has stored one', async () => {
    const { client, fetchMock, handlers, state } = setup()
    let answerAnonymous: (response: Response) => void = () => undefined
    fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answerAnonymous = resolve
        }),
    )
    const anonymousCall = client.request('/api/hospitales?tenant=hospital-central')

    state.token = 'fresh-from-sign-in'
    answerAnonymous(answer401())

    await expect(anonymousCall).rejects.toBeInstanceOf(UnauthorizedError)
    expect(sentRequest(fetchMock).headers['x-authorization']).toBeUndefined()
    expect(handlers.onUnauthorized).not.toHaveBeenCalled()
  })

  it('reacts once to a 401 for a call sent without a token while none is stored', async () => {
    const { client, fetchMock, handlers } = setup()
    fetchMock.mockImplementation(() => Promise.resolve(answer401()))

    await expect(client.request('/api/me')).rejects.toBeInstanceOf(UnauthorizedError)
    await expect(client.request('/api/me')).rejects.toBeInstanceOf(UnauthorizedError)

    expect(handlers.onUnauthorized).toHaveBeenCalledOnce()
  })

  it('treats a 401 to a credential check (sign-in) as ApiError(401) without the wipe', async () => {
    const { client, fetchMock, handlers } = setup()
    fetchMock.mockResolvedValue(json({ error: 'invalid_credentials' }, { status: 401 }))

    const error: unknown = await client
      .request('/api/auth/login', { method: 'POST', body: {}, isCredentialCheck: true })
      .catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).not.toBeInstanceOf(UnauthorizedError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials' })
    expect(handlers.onUnauthorized).not.toHaveBeenCalled()
  })

  it('does not react to a 401 from a host that is not the API', async () => {
    const { client, fetchMock, handlers, state } = setup()
    state.token = 'valid'
    fetchMock.mockResolvedValue(answer401())

    const error: unknown = await client
      .request('https://logos.example/private.png')
      .catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).not.toBeInstanceOf(UnauthorizedError)
    expect(error).toMatchObject({ status: 401 })
    expect(handlers.onUnauthorized).not.toHaveBeenCalled()
  })
})

describe('stream', () => {
  it('opens an event stream with the token and extra headers, and hands its body over', async () => {
    const { client, fetchMock, state } = setup()
    state.token = 'tok'
    fetchMock.mockResolvedValueOnce(
      new Response('id: 1\ndata: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }),
    )
    const body = await client.stream('/api/eventos', { headers: { 'Last-Event-ID': '9' } })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    const headers = new Headers(init?.headers)
    expect(url).toBe(`${API}/api/eventos`)
    expect(headers.get('X-Authorization')).toBe('Bearer tok')
    expect(headers.get('Last-Event-ID')).toBe('9')
    expect(headers.get('Accept')).toBe('text/event-stream')
    expect(await new Response(body).text()).toBe('id: 1\ndata: {}\n\n')
  })

  it('runs the 401 reaction once and rejects with UnauthorizedError', async () => {
    const { client, fetchMock, handlers, state } = setup()
    state.token = 'old'
    fetchMock.mockResolvedValueOnce(json({ error: 'unauthorized' }, { status: 401 }))
    await expect(client.stream('/api/eventos')).rejects.toBeInstanceOf(UnauthorizedError)
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('keeps a stream open past the request deadline: only the caller ends it', async () => {
    vi.useFakeTimers()
    const { client, fetchMock } = setup()
    let aborted = false
    fetchMock.mockImplementationOnce((_url, init) => {
      init?.signal?.addEventListener('abort', () => {
        aborted = true
      })
      return Promise.resolve(new Response(stalledBody('data: x\n\n').stream))
    })
    const stop = new AbortController()
    await client.stream('/api/eventos', { signal: stop.signal })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(aborted).toBe(false)
    stop.abort()
    expect(aborted).toBe(true)
  })

  it('gives up on a server that sends no headers in time', async () => {
    vi.useFakeTimers()
    const { client, fetchMock, handlers } = setup()
    fetchMock.mockImplementationOnce((_url, init) => neverAnswering(init))
    const opening = client.stream('/api/eventos')
    const outcome = expect(opening).rejects.toBeInstanceOf(TimeoutError)
    await vi.advanceTimersByTimeAsync(5_000)
    await outcome
    expect(handlers.onUnreachable).toHaveBeenCalled()
  })
})
