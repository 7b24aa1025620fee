import { beforeEach, describe, expect, test, vi } from 'vitest'
import { CACHE_NAMES } from '../config/cache-names'
import {
  createIconStrategy,
  isProductIconRequest,
  isTenantIconRequest,
  warmTenantIcons,
} from './icon-route'
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

const ORIGIN = self.location.origin

let storage: FakeCacheStorage
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>

beforeEach(() => {
  storage = installWorkerGlobals()
  fetchMock = vi.fn<(request: Request) => Promise<Response>>(() =>
    Promise.resolve(new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 })),
  )
  vi.stubGlobal('fetch', fetchMock)
})

describe('isTenantIconRequest', () => {
  test.each([
    ['/hospital-central/iconos/icon-192.png', true],
    ['/cl%C3%ADnica-a%C3%B1il/iconos/icon-maskable-512.png', true],
    ['/hospital-central/iconos/favicon.png?v=2', true],
    ['/hospital-central/iconos/icon-64.png', false],
    ['/hospital-central/iconos/favicon.svg', false],
    ['/hospital-central/iconos/icon-192.png/x', false],
    ['/api/iconos/icon-192.png', false],
    ['/%3Cscript%3E/iconos/icon-192.png', false],
    ['/icons/icon-192.png', false],
    ['https://cdn.example/hospital-central/iconos/icon-192.png', false],
  ])('%s → %s', (path, expected) => {
    const url = new URL(path, ORIGIN)
    expect(isTenantIconRequest({ request: requestFor(url.href, 'image'), url })).toBe(expected)
  })
})

describe('isProductIconRequest', () => {
  test.each([
    ['/icons/icon-192.png', true],
    ['/icons/icon-maskable-512.png', true],
    ['/favicon.png', true],
    ['/apple-touch-icon.png', true],
    ['/icons/other.png', false],
    ['/hospital-central/iconos/icon-192.png', false],
    ['https://cdn.example/favicon.png', false],
  ])('%s → %s', (path, expected) => {
    const url = new URL(path, ORIGIN)
    expect(isProductIconRequest({ request: requestFor(url.href, 'image'), url })).toBe(expected)
  })
})

describe('warmTenantIcons', () => {
  test('caches every icon of the hospital it lacks, and keeps them for offline use', async () => {
    const strategy = createIconStrategy()
    const cache = await storage.open(CACHE_NAMES.icons)
    await cache.put(`${ORIGIN}/clinica-sol/iconos/favicon.png`, new Response('kept'))
    const event = toFetchEvent(new Request(`${ORIGIN}/api/hospitales?tenant=clinica-sol`))

    const cached = await warmTenantIcons(strategy, 'clinica-sol', event)

    expect(cached).toEqual([
      `${ORIGIN}/clinica-sol/iconos/icon-192.png`,
      `${ORIGIN}/clinica-sol/iconos/icon-512.png`,
      `${ORIGIN}/clinica-sol/iconos/icon-maskable-512.png`,
      `${ORIGIN}/clinica-sol/iconos/apple-touch-icon.png`,
    ])
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(await (await cache.match(`${ORIGIN}/clinica-sol/iconos/favicon.png`))?.text()).toBe(
      'kept',
    )
    expect(await cache.match(`${ORIGIN}/clinica-sol/iconos/icon-512.png`)).toBeDefined()
  })

  test('fetches every icon again when the branding they are drawn from changed', async () => {
    const strategy = createIconStrategy()
    const cache = await storage.open(CACHE_NAMES.icons)
    await cache.put(`${ORIGIN}/clinica-sol/iconos/favicon.png`, new Response('old colours'))
    const event = toFetchEvent(new Request(`${ORIGIN}/api/hospitales?tenant=clinica-sol`))

    const cached = await warmTenantIcons(strategy, 'clinica-sol', event, { refresh: true })

    expect(cached).toHaveLength(5)
    expect(fetchMock).toHaveBeenCalledTimes(5)
    const favicon = await cache.match(`${ORIGIN}/clinica-sol/iconos/favicon.png`)
    expect(await favicon?.arrayBuffer()).toEqual(new Uint8Array([137, 80, 78, 71]).buffer)
  })

  test('keeps nothing the server refused, and fails no one when offline', async () => {
    fetchMock.mockImplementation((request) =>
      request.url.endsWith('icon-192.png')
        ? Promise.resolve(new Response('no', { status: 500 }))
        : Promise.reject(new TypeError('offline')),
    )
    const event = toFetchEvent(new Request(`${ORIGIN}/api/hospitales?tenant=clinica-sol`))

    await expect(warmTenantIcons(createIconStrategy(), 'clinica-sol', event)).resolves.toEqual([])
    const cache = await storage.open(CACHE_NAMES.icons)
    expect(await cache.match(`${ORIGIN}/clinica-sol/iconos/icon-192.png`)).toBeUndefined()
  })
})
