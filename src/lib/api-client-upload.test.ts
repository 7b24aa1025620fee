import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client'
import { ApiError, NetworkError, TimeoutError, UnauthorizedError } from './api-errors'

const API = 'https://api.example'

/** Stands in for XMLHttpRequest: records what is sent, and lets the test answer or fail it. */
class FakeXhr {
  static last: FakeXhr | null = null
  method = ''
  url = ''
  timeout = 0
  status = 0
  responseText = ''
  headers: Record<string, string> = {}
  body: unknown = null
  upload: {
    onprogress: ((event: ProgressEvent) => void) | null
    onload: (() => void) | null
  } = { onprogress: null, onload: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

function setup(token: string | null = 'tok') {
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  const client = createApiClient({
    baseUrl: API,
    apiOrigins: [API],
    timeoutMs: 5_000,
    readToken: () => token,
    fetch: () => Promise.reject(new Error('uploads do not use fetch')),
  })
  const handlers = { onUnauthorized: vi.fn(), onReachable: vi.fn(), onUnreachable: vi.fn() }
  client.setEventHandlers(handlers)
  return { client, handlers }
}

function sent(): FakeXhr {
  if (!FakeXhr.last) throw new Error('nothing was sent')
  return FakeXhr.last
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeXhr.last = null
})

describe('upload', () => {
  it('posts the form to the API with the token, reports progress, and reads the JSON answer', async () => {
    const { client, handlers } = setup()
    const form = new FormData()
    const progress: number[] = []
    const result = client.upload('/api/logo', form, { onProgress: (share) => progress.push(share) })

    const xhr = sent()
    // No overall `timeout`: the deadline is on silence (below), not on the whole upload.
    expect([xhr.method, xhr.url, xhr.timeout, xhr.body]).toEqual([
      'POST',
      `${API}/api/logo`,
      0,
      form,
    ])
    expect(xhr.headers).toEqual({ Accept: 'application/json', 'X-Authorization': 'Bearer tok' })
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent)
    xhr.answer(200, { imagen: '/logos/x.png' })

    await expect(result).resolves.toEqual({ imagen: '/logos/x.png' })
    expect(progress).toEqual([0.25])
    expect(handlers.onReachable).toHaveBeenCalledOnce()
  })

  it('never sends the token to another origin', () => {
    const { client } = setup()
    void client.upload('https://elsewhere.example/subir', new FormData()).catch(() => undefined)
    expect(sent().headers).toEqual({ Accept: 'application/json' })
  })

  it('a 401 from the API runs the lost-session reaction and rejects with UnauthorizedError', async () => {
    const { client, handlers } = setup()
    const result = client.upload('/api/logo', new FormData())
    sent().answer(401, { error: 'invalid_token' })

    await expect(result).rejects.toEqual(new UnauthorizedError('invalid_token'))
    expect(handlers.onUnauthorized).toHaveBeenCalledOnce()
  })

  it('an error answer rejects with its status, code and body', async () => {
    const { client, handlers } = setup()
    const result = client.upload('/api/logo', new FormData())
    sent().answer(415, { error: 'unsupported_media_type', message: 'Sube PNG, JPEG o WebP.' })

    const error: unknown = await result.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      body: { error: 'unsupported_media_type', message: 'Sube PNG, JPEG o WebP.' },
    })
    expect(handlers.onUnauthorized).not.toHaveBeenCalled()
  })

  it('rejects and reports the API unreachable when the network fails', async () => {
    const { client, handlers } = setup()
    const result = client.upload('/api/logo', new FormData())
    sent().onerror?.()

    await expect(result).rejects.toBeInstanceOf(NetworkError)
    expect(handlers.onUnreachable).toHaveBeenCalledOnce()
  })

  it('a slow upload that keeps moving is never cut, however long it takes in all', async () => {
    vi.useFakeTimers()
    try {
      const { client, handlers } = setup()
      const result = client.upload('/api/logo', new FormData())
      // 900 KB at 48 KB/s: about 19 s in all, progress every 4 s; the deadline is 5 s of silence.
      for (let loaded = 192; loaded < 900; loaded += 192) {
        await vi.advanceTimersByTimeAsync(4_000)
        sent().upload.onprogress?.({ lengthComputable: true, loaded, total: 900 } as ProgressEvent)
      }
      await vi.advanceTimersByTimeAsync(4_000)
      sent().upload.onload?.()
      await vi.advanceTimersByTimeAsync(4_000)
      sent().answer(200, { imagen: '/logos/h/abc.png' })

      await expect(result).resolves.toEqual({ imagen: '/logos/h/abc.png' })
      expect(handlers.onUnreachable).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it.each([
    [
      'while the body goes out',
      (xhr: FakeXhr) =>
        xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 900 } as ProgressEvent),
    ],
    ['while waiting for the answer', (xhr: FakeXhr) => xhr.upload.onload?.()],
  ])('times out after the deadline of silence %s', async (_, stage) => {
    vi.useFakeTimers()
    try {
      const { client, handlers } = setup()
      const result = client.upload('/api/logo', new FormData())
      const settled = result.catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(4_000)
      stage(sent())
      await vi.advanceTimersByTimeAsync(4_999)
      expect(handlers.onUnreachable).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)

      expect(await settled).toBeInstanceOf(TimeoutError)
      expect(handlers.onUnreachable).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a cancelled upload rejects with AbortError and says nothing about the API', async () => {
    const { client, handlers } = setup()
    const controller = new AbortController()
    const result = client.upload('/api/logo', new FormData(), { signal: controller.signal })
    controller.abort()

    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
    expect(handlers.onUnreachable).not.toHaveBeenCalled()
    expect(handlers.onReachable).not.toHaveBeenCalled()
  })
})
