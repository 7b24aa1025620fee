import { beforeEach, describe, expect, test, vi } from 'vitest'
import { CACHE_NAMES } from '../config/cache-names'
import type { Branding } from '../contract/branding'
import { isServedFromWorkerCache } from '../config/sw-messages'
import {
  BRANDING_MAX_ENTRIES,
  createBrandingAnswerPlugin,
  createBrandingStrategy,
  isHospitalesRequest,
  markServedFromCache,
  notifyBrandingUpdated,
  type BrandingAnswerEffects,
  type WarmLogo,
} from './branding-route'
import {
  fakeClients,
  installWorkerGlobals,
  toFetchEvent,
  type FakeCacheStorage,
} from './testing/worker-fakes'

// The expiration bookkeeping lives in IndexedDB, which jsdom lacks; its options are asserted.
vi.mock('workbox-expiration', () => ({
  ExpirationPlugin: class {
    constructor(readonly config: unknown) {}
  },
}))

const URL_CENTRAL = 'https://api.example/api/hospitales?tenant=hospital-central'

function hospitalesAnswer(nombre: string, status = 200): Response {
  return new Response(JSON.stringify([{ tenant: 'hospital-central', nombre }]), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function answerWithLogo(imagen: unknown, status = 200): Response {
  const record = {
    tenant: 'hospital-central',
    nombre: 'Central',
    color_primario: '#0b5394',
    color_secundario: '#38761d',
    imagen,
  }
  return new Response(JSON.stringify([record]), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

let storage: FakeCacheStorage
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>
let notify: ReturnType<typeof vi.fn<(tenant: string, answer: unknown) => void>>

beforeEach(() => {
  storage = installWorkerGlobals()
  fetchMock = vi.fn<(request: Request) => Promise<Response>>()
  vi.stubGlobal('fetch', fetchMock)
  notify = vi.fn<(tenant: string, answer: unknown) => void>()
})

// One request through the strategy, waiting for the background refresh as the worker would.
async function requestBrandingResponse(url = URL_CENTRAL): Promise<Response> {
  const request = new Request(url)
  const [response, done] = createBrandingStrategy({ notify }).handleAll({
    request,
    event: toFetchEvent(request),
  })
  await done
  return response
}

async function requestBranding(url = URL_CENTRAL): Promise<string> {
  return (await requestBrandingResponse(url)).text()
}

async function cachedBody(url = URL_CENTRAL): Promise<string | undefined> {
  return (await storage.get(CACHE_NAMES.branding)?.match(url))?.text()
}

describe('isHospitalesRequest', () => {
  test.each([
    ['GET', 'https://api.example/api/hospitales?tenant=x', true],
    ['GET', 'http://localhost:3000/api/hospitales', true],
    ['GET', 'https://clinica.example/backend/api/hospitales?tenant=x', true],
    ['POST', 'http://localhost:3000/api/hospitales', false],
    ['GET', 'http://localhost:3000/api/me', false],
    ['GET', 'http://localhost:3000/api/hospitales/1', false],
  ])('%s %s → %s', (method, url, expected) => {
    expect(isHospitalesRequest({ request: new Request(url, { method }), url: new URL(url) })).toBe(
      expected,
    )
  })
})

describe('stale-while-revalidate with change detection', () => {
  test('the first answer comes from the network, is cached and notifies nobody', async () => {
    fetchMock.mockResolvedValueOnce(hospitalesAnswer('Central'))
    expect(await requestBranding()).toContain('Central')
    expect(await cachedBody()).toContain('Central')
    expect(notify).not.toHaveBeenCalled()
  })

  test('only an answer from the cache is marked as such', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(hospitalesAnswer('Central')))
    const fromNetwork = await requestBrandingResponse()
    const fromCache = await requestBrandingResponse()

    expect(isServedFromWorkerCache(fromNetwork)).toBe(false)
    expect(isServedFromWorkerCache(fromCache)).toBe(true)
    expect(fromCache.headers.get('Access-Control-Expose-Headers')).toBe('X-Clinica-Cache')
    expect(fromCache.headers.get('Content-Type')).toBe('application/json')
    expect(await fromCache.text()).toContain('Central')
  })

  test('markServedFromCache keeps the headers the API already exposes', () => {
    const marked = markServedFromCache(
      new Response('[]', { headers: { 'Access-Control-Expose-Headers': 'ETag' } }),
    )
    expect(marked.headers.get('Access-Control-Expose-Headers')).toBe('ETag, X-Clinica-Cache')
  })

  test('a later visit gets the cached answer at once, refreshed in the background', async () => {
    fetchMock.mockResolvedValueOnce(hospitalesAnswer('Central'))
    await requestBranding()
    fetchMock.mockResolvedValueOnce(hospitalesAnswer('Central renovado'))

    expect(await requestBranding()).toContain('"Central"')
    expect(await cachedBody()).toContain('Central renovado')
  })

  test('notifies exactly when the body changes', async () => {
    fetchMock
      .mockResolvedValueOnce(hospitalesAnswer('Central'))
      .mockResolvedValueOnce(hospitalesAnswer('Central'))
      .mockResolvedValueOnce(hospitalesAnswer('Central renovado'))
      .mockResolvedValueOnce(hospitalesAnswer('Central renovado'))

    await requestBranding()
    await requestBranding()
    expect(notify).not.toHaveBeenCalled()
    await requestBranding()
    // With the new answer itself: the page applies it without fetching it again.
    expect(notify).toHaveBeenCalledExactlyOnceWith('hospital-central', [
      { tenant: 'hospital-central', nombre: 'Central renovado' },
    ])
    await requestBranding()
    expect(notify).toHaveBeenCalledOnce()
  })

  test('error answers are never cached and never notify', async () => {
    fetchMock.mockResolvedValueOnce(hospitalesAnswer('Central'))
    await requestBranding()
    fetchMock.mockResolvedValueOnce(hospitalesAnswer('error', 500))

    await requestBranding()

    expect(await cachedBody()).toContain('"Central"')
    expect(notify).not.toHaveBeenCalled()
  })

  test('a 500 with nothing cached reaches the page as it is, uncached', async () => {
    fetchMock.mockResolvedValueOnce(hospitalesAnswer('error', 500))
    expect(await requestBranding()).toContain('error')
    expect(await cachedBody()).toBeUndefined()
  })

  test('offline, the cached answer is still served', async () => {
    fetchMock.mockResolvedValueOnce(hospitalesAnswer('Central'))
    await requestBranding()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect(await requestBranding()).toContain('Central')
  })

  test('the stored request never carries the user’s token', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(hospitalesAnswer('Central')))
    const request = new Request(URL_CENTRAL, {
      headers: { Accept: 'application/json', 'X-Authorization': 'Bearer secreto' },
    })
    const [, done] = createBrandingStrategy({ notify }).handleAll({
      request,
      event: toFetchEvent(request),
    })
    await done
    const [stored] = (await storage.get(CACHE_NAMES.branding)?.keys()) ?? []
    expect(stored?.url).toBe(URL_CENTRAL)
    expect(stored?.headers.has('X-Authorization')).toBe(false)
    expect(stored?.headers.get('Accept')).toBe('application/json')
    // A later request with another token (or none) finds the same entry.
    expect(await requestBranding()).toContain('Central')
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(storage.get(CACHE_NAMES.branding)?.entries.size).toBe(1)
  })

  test('each tenant has its own entry', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(hospitalesAnswer('Central')))
    await requestBranding()
    await requestBranding('https://api.example/api/hospitales?tenant=clinica-norte')
    expect(storage.get(CACHE_NAMES.branding)?.entries.size).toBe(2)
  })

  test('the cache is bounded', () => {
    const strategy = createBrandingStrategy({ notify })
    expect(strategy.cacheName).toBe('clinica-pwa-branding-v1')
    expect(strategy.plugins).toContainEqual(
      expect.objectContaining({ config: { maxEntries: BRANDING_MAX_ENTRIES } }),
    )
  })
})

describe('createBrandingAnswerPlugin', () => {
  const request = new Request(URL_CENTRAL)
  const event = toFetchEvent(request)
  const cacheName = CACHE_NAMES.branding

  test('needs a tenant in the URL', async () => {
    const plugin = createBrandingAnswerPlugin({ notify })
    await plugin.cacheDidUpdate?.({
      cacheName,
      event,
      request: new Request('https://api.example/api/hospitales'),
      oldResponse: hospitalesAnswer('a'),
      newResponse: hospitalesAnswer('b'),
    })
    expect(notify).not.toHaveBeenCalled()
  })

  test('compares bodies, not headers', async () => {
    const plugin = createBrandingAnswerPlugin({ notify })
    const older = hospitalesAnswer('a')
    const newer = new Response(await hospitalesAnswer('a').text(), { headers: { ETag: 'W/"2"' } })
    await plugin.cacheDidUpdate?.({
      cacheName,
      event,
      request,
      oldResponse: older,
      newResponse: newer,
    })
    expect(notify).not.toHaveBeenCalled()
  })
})

describe('notifyBrandingUpdated', () => {
  test('posts the message to every window client', async () => {
    const { windows, clients, asClients } = fakeClients(2)
    await notifyBrandingUpdated(asClients(), 'clínica-añil', [{ nombre: 'Añil' }])
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window' })
    for (const client of windows) {
      expect(client.postMessage).toHaveBeenCalledExactlyOnceWith({
        type: 'BRANDING_UPDATED',
        tenant: 'clínica-añil',
        answer: [{ nombre: 'Añil' }],
      })
    }
  })
})

describe('the logo a kept answer warms', () => {
  async function warmedBy(request: Request, answer: Response): Promise<string[]> {
    const warmLogo = vi.fn<WarmLogo>(() => Promise.resolve(true))
    await createBrandingAnswerPlugin({ notify, warmLogo }).cacheDidUpdate?.({
      cacheName: CACHE_NAMES.branding,
      event: toFetchEvent(request),
      request,
      newResponse: answer,
      state: {},
    })
    return warmLogo.mock.calls.map(([logoUrl]) => logoUrl)
  }
  const request = new Request(URL_CENTRAL)

  test.each([
    ['/logos/central.png', ['https://api.example/logos/central.png']],
    ['https://cdn.example/central.png', ['https://cdn.example/central.png']],
    ['data:image/png;base64,AAAA', []],
    ['javascript:alert(1)', []],
    [null, []],
  ])('imagen %j → %j', async (imagen, expected) => {
    expect(await warmedBy(request, answerWithLogo(imagen))).toEqual(expected)
  })

  test('an invalid answer or a request without tenant warms nothing', async () => {
    expect(await warmedBy(request, new Response('not json'))).toEqual([])
    expect(await warmedBy(request, new Response('[]'))).toEqual([])
    expect(
      await warmedBy(
        new Request('https://api.example/api/hospitales'),
        answerWithLogo('/logos/central.png'),
      ),
    ).toEqual([])
  })
})

describe('the logo of every kept answer is warmed', () => {
  async function requestWithWarming(warmLogo: ReturnType<typeof vi.fn>) {
    const request = new Request(URL_CENTRAL)
    const effects: BrandingAnswerEffects = {
      notify,
      warmLogo: warmLogo as (logoUrl: string, event: ExtendableEvent) => Promise<unknown>,
    }
    const [response, done] = createBrandingStrategy(effects).handleAll({
      request,
      event: toFetchEvent(request),
    })
    await done
    return response
  }

  test('on the first answer and on every refresh, resolved against the API', async () => {
    const warmLogo = vi.fn(() => Promise.resolve(true))
    fetchMock.mockImplementation(() => Promise.resolve(answerWithLogo('/logos/central.png')))
    await requestWithWarming(warmLogo)
    await requestWithWarming(warmLogo)
    expect(warmLogo).toHaveBeenCalledTimes(2)
    expect(warmLogo).toHaveBeenCalledWith(
      'https://api.example/logos/central.png',
      expect.anything(),
    )
  })

  test('an answer not kept warms nothing', async () => {
    const warmLogo = vi.fn(() => Promise.resolve(true))
    fetchMock.mockResolvedValueOnce(answerWithLogo('/logos/central.png', 500))
    await requestWithWarming(warmLogo)
    expect(warmLogo).not.toHaveBeenCalled()
  })

  test('a failed warm-up leaves the answer alone', async () => {
    const warmLogo = vi.fn(() => Promise.resolve(false))
    fetchMock.mockResolvedValueOnce(answerWithLogo('/logos/central.png'))
    const response = await requestWithWarming(warmLogo)
    expect(await response.json()).toEqual([expect.objectContaining({ nombre: 'Central' })])
    expect(await cachedBody()).toContain('Central')
  })
})

describe('the worker keeps the last known branding of every tenant', () => {
  function memoryStore(initial: Branding[] = []) {
    const kept = new Map(initial.map((branding) => [branding.tenant, branding]))
    return {
      kept,
      write: vi.fn((branding: Branding) => {
        kept.set(branding.tenant, branding)
        return Promise.resolve()
      }),
    }
  }

  async function requestWithStore(store: ReturnType<typeof memoryStore>) {
    const request = new Request(URL_CENTRAL)
    const [response, done] = createBrandingStrategy({ notify, store }).handleAll({
      request,
      event: toFetchEvent(request),
    })
    await done
    return response
  }

  test('stores each kept answer as the page would read it, and the page still gets the answer', async () => {
    const store = memoryStore()
    fetchMock.mockResolvedValueOnce(answerWithLogo('/logos/central.png'))

    const response = await requestWithStore(store)

    expect(await response.json()).toEqual([expect.objectContaining({ nombre: 'Central' })])
    expect(store.kept.get('hospital-central')).toEqual({
      tenant: 'hospital-central',
      nombre: 'Central',
      colors: expect.objectContaining({ primario: '#0b5394', secundario: '#38761d' }) as unknown,
      logoUrl: 'https://api.example/logos/central.png',
    })
  })

  test.each([
    ['an error answer', () => answerWithLogo('/logos/central.png', 500)],
    ['a hostile colour', () => new Response(JSON.stringify([{ color_primario: 'red;}' }]))],
    ['a body that is not JSON', () => new Response('<!doctype html>')],
  ])('stores nothing from %s', async (_, answer) => {
    const store = memoryStore()
    fetchMock.mockResolvedValueOnce(answer())
    await requestWithStore(store)
    expect(store.write).not.toHaveBeenCalled()
  })
})

describe("every kept answer brings its hospital's icons", () => {
  function keep(tenant: string, oldBody: string | null, newBody: string) {
    const warm = vi.fn<
      (tenant: string, event: ExtendableEvent, options: { refresh: boolean }) => Promise<void>
    >(() => Promise.resolve())
    const request = new Request(
      `https://api.example/api/hospitales?tenant=${encodeURIComponent(tenant)}`,
    )
    const done = createBrandingAnswerPlugin({ notify, warmIcons: warm }).cacheDidUpdate?.({
      request,
      event: toFetchEvent(request),
      cacheName: CACHE_NAMES.branding,
      oldResponse: oldBody === null ? undefined : new Response(oldBody),
      newResponse: new Response(newBody),
      state: {},
    })
    return { warm, done }
  }

  test.each([
    ['hospital-central', ['hospital-central']],
    ['clínica-añil', ['clínica-añil']],
    ['main', []],
    ['api', []],
    ['<script>', []],
  ])('a kept answer for tenant=%s warms %j', async (tenant, expected) => {
    const { warm, done } = keep(tenant, null, '[]')
    await done
    expect(warm.mock.calls.map(([warmed]) => warmed)).toEqual(expected)
  })

  test('only the missing icons while the answer stays the same, all of them once it changes', async () => {
    const same = keep('clinica-sol', '[{"nombre":"Sol"}]', '[{"nombre":"Sol"}]')
    await same.done
    expect(same.warm.mock.calls[0]?.[2]).toEqual({ refresh: false })

    const changed = keep('clinica-sol', '[{"nombre":"Sol"}]', '[{"nombre":"Sol Nueva"}]')
    await changed.done
    expect(changed.warm.mock.calls[0]?.[2]).toEqual({ refresh: true })
  })
})
