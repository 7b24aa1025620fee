import { beforeEach, describe, expect, test, vi } from 'vitest'
import { CACHE_NAMES } from '../config/cache-names'
import { createLogoStrategy, isLogoRequest, LOGO_EXPIRATION, warmLogoCache } from './logo-route'
import {
  installWorkerGlobals,
  opaqueResponse,
  requestFor,
  toFetchEvent,
  type FakeCacheStorage,
} from './testing/worker-fakes'

vi.mock('workbox-expiration', () => ({
  ExpirationPlugin: class {
    constructor(readonly config: unknown) {}
  },
}))

const LOGO_URL = 'https://logos.example/central.png'

let storage: FakeCacheStorage
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>

beforeEach(() => {
  storage = installWorkerGlobals()
  fetchMock = vi.fn<(request: Request) => Promise<Response>>()
  vi.stubGlobal('fetch', fetchMock)
})

function png(status = 200): Response {
  return new Response(new Uint8Array([137, 80, 78, 71]), {
    status,
    headers: { 'Content-Type': 'image/png' },
  })
}

// As an <img> without crossorigin asks for it.
async function requestLogo(mode: RequestMode = 'no-cors'): Promise<Response> {
  const request = requestFor(LOGO_URL, 'image', { mode })
  const [response, done] = createLogoStrategy().handleAll({ request, event: toFetchEvent(request) })
  await done
  return response
}

function cachedLogo(): Promise<Response | undefined> {
  return storage.get(CACHE_NAMES.logos)?.match(LOGO_URL) ?? Promise.resolve(undefined)
}

function fetchedModes(): string[] {
  return fetchMock.mock.calls.map(([request]) => `${request.mode}/${request.credentials}`)
}

describe('isLogoRequest', () => {
  test.each([
    ['https://logos.example/a.png', 'image', true],
    ['http://localhost:3000/logos/a.png', 'image', true],
    ['http://localhost:3000/api/usuarios/1/foto', 'image', false],
    ['https://api.example/api/avatar', 'image', false],
    ['https://logos.example/a.png', 'script', false],
    ['https://logos.example/a.png', '', false],
  ] as const)('%s as %s → %s', (url, destination, expected) => {
    expect(isLogoRequest({ request: requestFor(url, destination), url: new URL(url) })).toBe(
      expected,
    )
  })
})

describe('LogoStrategy', () => {
  test('a CORS answer is cached and later served without the network', async () => {
    fetchMock.mockResolvedValueOnce(png())

    expect((await requestLogo()).status).toBe(200)
    expect(fetchedModes()).toEqual(['cors/omit'])
    expect(await cachedLogo()).toBeDefined()

    expect((await requestLogo()).status).toBe(200)
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  test('a host without CORS falls back to an opaque answer, which is cached', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(opaqueResponse())

    const response = await requestLogo()

    expect(response.type).toBe('opaque')
    expect(fetchedModes()).toEqual(['cors/omit', 'no-cors/omit'])
    expect((await cachedLogo())?.type).toBe('opaque')
  })

  test.each([404, 500])('a CORS %i is returned but never cached', async (status) => {
    fetchMock.mockResolvedValueOnce(png(status)).mockResolvedValueOnce(png())

    expect((await requestLogo()).status).toBe(status)
    expect(await cachedLogo()).toBeUndefined()
    expect(fetchedModes()).toEqual(['cors/omit'])

    expect((await requestLogo()).status).toBe(200)
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  test('an error from the no-cors fallback on the own origin is not cached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('CORS')).mockResolvedValueOnce(png(404))
    expect((await requestLogo()).status).toBe(404)
    expect(await cachedLogo()).toBeUndefined()
  })

  test('a page asking for CORS gets no opaque fallback', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(requestLogo('cors')).rejects.toThrow()
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  test('offline with nothing cached the request fails (the page hides the logo)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(requestLogo()).rejects.toThrow()
    expect(await cachedLogo()).toBeUndefined()
  })

  test('offline, a cached logo is served', async () => {
    fetchMock.mockResolvedValueOnce(png()).mockRejectedValue(new TypeError('Failed to fetch'))
    await requestLogo()
    expect((await requestLogo()).status).toBe(200)
  })

  test('the cache is bounded in entries and age and purged on quota errors', () => {
    const strategy = createLogoStrategy()
    expect(strategy.cacheName).toBe('clinica-pwa-logos-v1')
    expect(strategy.plugins).toContainEqual(expect.objectContaining({ config: LOGO_EXPIRATION }))
    expect(LOGO_EXPIRATION).toEqual({
      maxEntries: 30,
      maxAgeSeconds: 2_592_000,
      purgeOnQuotaError: true,
    })
  })
})

describe('warmLogoCache', () => {
  const warm = (url: string) =>
    warmLogoCache(createLogoStrategy(), url, toFetchEvent(new Request(LOGO_URL)))

  test('fetches a logo not cached yet as an <img> would, and keeps it', async () => {
    fetchMock.mockResolvedValueOnce(png())
    expect(await warm(LOGO_URL)).toBe(true)
    expect(fetchedModes()).toEqual(['cors/omit'])
    expect(fetchMock.mock.calls[0]?.[0].referrerPolicy).toBe('no-referrer')
    expect(await cachedLogo()).toBeDefined()
  })

  test('a logo already cached costs no request', async () => {
    fetchMock.mockResolvedValueOnce(png())
    await warm(LOGO_URL)
    expect(await warm(LOGO_URL)).toBe(true)
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  test('a host without CORS still gives an opaque logo to keep', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(opaqueResponse())
    expect(await warm(LOGO_URL)).toBe(true)
    expect((await cachedLogo())?.type).toBe('opaque')
  })

  test.each([
    ['offline', () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))],
    ['a 404', () => fetchMock.mockResolvedValue(png(404))],
  ])('%s: resolves false, keeps nothing, never rejects', async (_case, arrange) => {
    arrange()
    expect(await warm(LOGO_URL)).toBe(false)
    expect(await cachedLogo()).toBeUndefined()
  })

  test.each([
    'https://api.example/api/me',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '::',
  ])('never fetches %s', async (url) => {
    expect(await warm(url)).toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
