/**
 * Branding against a faulty network and hostile answers, end to end through the real API client
 * and answer parser to what the page's cache holds for each hospital (which the layout shows for
 * the one on screen): only `fetch` is faked. Whatever happens, a hospital has the default branding or its own
 * (never another's), nothing throws, nothing is half-stored.
 */
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { DEFAULT_COLORS, type Branding } from '../../contract/branding'
import { brandingQuery } from './branding-query'

let client: QueryClient
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>
let warn: MockInstance<typeof console.warn>

const CENTRAL = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  color_primario: '#0b5394',
  color_secundario: '#38761d',
  imagen: '/logos/hospital-central.png',
}

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}

/** A fetch that never answers, rejecting only when its signal aborts (as a real fetch does). */
function neverAnswering(init: RequestInit | undefined) {
  return new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => {
      reject(init.signal?.reason as Error)
    })
  })
}

/** The primary colour the page shows for `tenant`: its known branding's, else the default. */
function primario(tenant = 'hospital-central') {
  return (known(tenant)?.colors ?? DEFAULT_COLORS).primario
}

/** What the cache holds for `tenant`; null: the product's defaults. */
function known(tenant: string): Branding | null {
  return client.getQueryData(brandingQuery(tenant).queryKey) ?? null
}

/** A navigation's ask for `tenant`'s branding, as the hospital route's loader makes it. */
function loadBranding(tenant: string): Promise<void> {
  return client.query(brandingQuery(tenant)).then(
    () => undefined,
    () => undefined,
  )
}

function expectDefaultBranding(tenant: string) {
  expect(known(tenant)).toBeNull()
}

function expectOneWarningAbout(tenant: string) {
  expect(warn).toHaveBeenCalledOnce()
  expect(String(warn.mock.calls[0]?.[0])).toContain(tenant)
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.resetModules()
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('hostile or broken verHospitales answers', () => {
  it('refuses a 5 MB answer without applying or storing anything', async () => {
    const huge = JSON.stringify([{ ...CENTRAL, nombre: 'x'.repeat(5 * 1024 * 1024) }])
    fetchMock.mockResolvedValue(
      new Response(huge, { headers: { 'Content-Type': 'application/json' } }),
    )
    localStorage.setItem('refresh', '1')

    await loadBranding('hospital-central')

    expectDefaultBranding('hospital-central')
    expectOneWarningAbout('hospital-central')
    expect(localStorage.getItem('logo')).toBeNull()
    expect(localStorage.getItem('refresh')).toBe('1')
  })

  it('refuses an HTML page answered with 200 (a captive portal)', async () => {
    fetchMock.mockResolvedValue(
      new Response('<!doctype html><title>Wi-Fi del hospital</title><p>Acepta las condiciones', {
        headers: { 'Content-Type': 'text/html' },
      }),
    )

    await loadBranding('hospital-central')

    expectDefaultBranding('hospital-central')
    expectOneWarningAbout('hospital-central')
  })

  it('gives up on an API that does not answer for 30 s, with the defaults shown', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation((_url, init) => neverAnswering(init))

    const loading = loadBranding('hospital-central')
    await vi.advanceTimersByTimeAsync(30_000)
    await loading

    expectDefaultBranding('hospital-central')
    expectOneWarningAbout('hospital-central')
    const signal = fetchMock.mock.calls[0]?.[1]?.signal
    expect(signal?.aborted).toBe(true)
  })

  it('applies the branding even when localStorage refuses every write', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    fetchMock.mockResolvedValue(json([CENTRAL]))

    await loadBranding('hospital-central')

    expect(primario()).toBe('#0b5394')
    expect(warn).not.toHaveBeenCalled()
  })

  it('applies the branding when localStorage cannot even be read', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError')
    })
    fetchMock.mockResolvedValue(json([CENTRAL]))

    await loadBranding('hospital-central')

    expect(primario()).toBe('#0b5394')
  })

  it('applies the branding without IndexedDB (private mode, old browsers)', async () => {
    expect(typeof indexedDB).toBe('undefined')
    fetchMock.mockResolvedValue(json([CENTRAL]))

    await loadBranding('hospital-central')

    expect(primario()).toBe('#0b5394')
    expect(known('hospital-central')?.nombre).toBe('Hospital Central')
  })
})

describe('the network dropping while the branding loads', () => {
  it('knows nothing of the hospital while down: the defaults, with one warning', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))

    await loadBranding('hospital-central')

    expectDefaultBranding('hospital-central')
    expectOneWarningAbout('hospital-central')
    expect(localStorage.getItem('logo')).toBeNull()
  })

  it('gives up on an answer that never comes, without throwing', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementationOnce((_url, init) => neverAnswering(init))
    const loading = loadBranding('hospital-central')
    await vi.advanceTimersByTimeAsync(30_000)

    await expect(loading).resolves.toBeUndefined()
    expectDefaultBranding('hospital-central')
  })

  it('keeps a hospital’s late answer as its own, never as the hospital on screen’s', async () => {
    let answerCentral: (response: Response) => void = () => undefined
    fetchMock.mockImplementation((url) => {
      if ((url instanceof Request ? url.url : url.toString()).includes('hospital-central')) {
        return new Promise((resolve) => {
          answerCentral = resolve
        })
      }
      return Promise.resolve(
        json([{ ...CENTRAL, tenant: 'clinica-norte', color_primario: '#123456' }]),
      )
    })

    const loadingCentral = loadBranding('hospital-central')
    await loadBranding('clinica-norte')
    answerCentral(json([CENTRAL]))
    await loadingCentral

    expect(primario('clinica-norte')).toBe('#123456')
    expect(primario('hospital-central')).toBe('#0b5394')
  })
})
