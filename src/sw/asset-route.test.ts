import { beforeEach, describe, expect, test, vi } from 'vitest'
import { CACHE_NAMES } from '../config/cache-names'
import { createAssetStrategy, isBuildAssetRequest } from './asset-route'
import {
  installWorkerGlobals,
  requestFor,
  toFetchEvent,
  type FakeCacheStorage,
} from './testing/worker-fakes'

vi.mock('workbox-expiration', () => ({
  ExpirationPlugin: class {
    constructor(readonly config: unknown) {}
  },
}))

const CHUNK = `${self.location.origin}/assets/profesional-Ab12Cd.js`

let storage: FakeCacheStorage
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>

beforeEach(() => {
  storage = installWorkerGlobals()
  fetchMock = vi.fn<(request: Request) => Promise<Response>>()
  vi.stubGlobal('fetch', fetchMock)
})

async function load(url = CHUNK): Promise<Response> {
  const request = requestFor(url, 'script')
  const [response, done] = createAssetStrategy().handleAll({
    request,
    event: toFetchEvent(request),
  })
  await done
  return response
}

describe('isBuildAssetRequest', () => {
  test.each([
    ['/assets/profesional-Ab12Cd.js', 'script', true, true],
    ['/assets/admin-Ab12Cd.css', 'style', true, true],
    // A page's CACHE_URLS list arrives without a destination.
    ['/assets/referidos-Ab12Cd.js', '', true, true],
    ['/assets/profesional-Ab12Cd.js', 'script', false, false],
    ['/assets/logo.png', 'image', true, false],
    ['/api/asistencias', '', true, false],
    ['/hospital-central/profesional', 'document', true, false],
  ] as const)('%s as %s, same origin %s → %s', (path, destination, sameOrigin, expected) => {
    const url = new URL(path, self.location.origin)
    expect(
      isBuildAssetRequest({ request: requestFor(url.href, destination), url, sameOrigin }),
    ).toBe(expected)
  })
})

describe('the build asset strategy', () => {
  test('keeps a chunk the first time it loads and answers from the cache after, offline too', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('export const screen = 1', { headers: { 'Content-Type': 'text/javascript' } }),
    )
    expect(await (await load()).text()).toBe('export const screen = 1')
    expect(await storage.get(CACHE_NAMES.assets)?.match(CHUNK)).toBeDefined()

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await (await load()).text()).toBe('export const screen = 1')
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  test('never keeps an error answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Not found', { status: 404 }))
    expect((await load()).status).toBe(404)
    expect(await storage.get(CACHE_NAMES.assets)?.match(CHUNK)).toBeUndefined()
  })
})
