import { describe, expect, it, vi } from 'vitest'
import { repairPrecache } from './precache-repair'
import { installWorkerGlobals } from './testing/worker-fakes'

const PRECACHE = 'clinica-pwa-precache-v2-https://clinica.example/'
const SHELL = 'https://clinica.example/index.html?__WB_REVISION__=abc'
const ENTRY = 'https://clinica.example/assets/index-123.js'

describe('repairPrecache', () => {
  it('puts back every missing entry, fetched past the HTTP cache, and keeps what is there', async () => {
    const storage = installWorkerGlobals()
    const cache = await storage.open(PRECACHE)
    await cache.put(ENTRY, new Response('kept'))
    const fetch = vi.fn((url: string) => Promise.resolve(new Response(`fresh ${url}`)))

    const repaired = await repairPrecache({ cacheName: PRECACHE, cacheKeys: [SHELL, ENTRY], fetch })

    expect(repaired).toBe(1)
    expect(fetch).toHaveBeenCalledExactlyOnceWith(SHELL, { cache: 'reload' })
    expect(await (await cache.match(SHELL))?.text()).toBe(`fresh ${SHELL}`)
    expect(await (await cache.match(ENTRY))?.text()).toBe('kept')
  })

  it('stores no error answer and survives the network being down', async () => {
    const storage = installWorkerGlobals()
    const fetch = vi
      .fn<(url: string) => Promise<Response>>()
      .mockResolvedValueOnce(new Response('missing', { status: 404 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))

    const repaired = await repairPrecache({ cacheName: PRECACHE, cacheKeys: [SHELL, ENTRY], fetch })

    expect(repaired).toBe(0)
    expect(await (await storage.open(PRECACHE)).keys()).toEqual([])
  })

  it('does nothing when storage itself is unavailable', async () => {
    vi.stubGlobal('caches', {
      open: () => Promise.reject(new DOMException('denied', 'SecurityError')),
    })
    const fetch = vi.fn()

    await expect(repairPrecache({ cacheName: PRECACHE, cacheKeys: [SHELL], fetch })).resolves.toBe(
      0,
    )
    expect(fetch).not.toHaveBeenCalled()
  })
})
