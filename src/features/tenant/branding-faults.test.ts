/**
 * Branding against a faulty network and hostile answers, end to end through the real API client
 * and answer parser to what the page knows of each hospital (which the router shows for the one on
 * screen): only `fetch` is faked. Whatever happens, a hospital has the default branding or its own
 * (never another's), nothing throws, nothing is half-stored.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { DEFAULT_COLORS } from '../../contract/branding'
import type * as ControllerModule from './branding-controller'
import type * as KnownBrandingModule from './known-branding'

let controller: typeof ControllerModule
let knownBranding: typeof KnownBrandingModule
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
  return (knownBranding.knownBranding(tenant)?.colors ?? DEFAULT_COLORS).primario
}

function expectDefaultBranding(tenant: string) {
  expect(knownBranding.knownBranding(tenant)).toBeNull()
}

function expectOneWarningAbout(tenant: string) {
  expect(warn).toHaveBeenCalledOnce()
  expect(String(warn.mock.calls[0]?.[0])).toContain(tenant)
}

beforeEach(async () => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.resetModules()
  controller = await import('./branding-controller')
  knownBranding = await import('./known-branding')
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

    await controller.loadBranding('hospital-central')

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

    await controller.loadBranding('hospital-central')

    expectDefaultBranding('hospital-central')
    expectOneWarningAbout('hospital-central')
  })

  it('gives up on an API that does not answer for 30 s, with the defaults shown', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation((_url, init) => neverAnswering(init))

    const loading = controller.loadBranding('hospital-central')
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

    await controller.loadBranding('hospital-central')

    expect(primario()).toBe('#0b5394')
    expect(warn).not.toHaveBeenCalled()
  })

  it('applies the branding when localStorage cannot even be read', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError')
    })
    fetchMock.mockResolvedValue(json([CENTRAL]))

    await controller.loadBranding('hospital-central')

    expect(primario()).toBe('#0b5394')
  })

  it('applies the branding without IndexedDB (private mode, old browsers)', async () => {
    expect(typeof indexedDB).toBe('undefined')
    fetchMock.mockResolvedValue(json([CENTRAL]))

    await controller.loadBranding('hospital-central')

    expect(primario()).toBe('#0b5394')
    expect(knownBranding.knownBranding('hospital-central')?.nombre).toBe('Hospital Central')
  })
})

describe('the network dropping while the branding loads', () => {
  it('knows nothing of the hospital while down: the defaults, with one warning', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))

    await controller.loadBranding('hospital-central')

    expectDefaultBranding('hospital-central')
    expectOneWarningAbout('hospital-central')
    expect(localStorage.getItem('logo')).toBeNull()
  })

  it('gives up on an answer that never comes, without throwing', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementationOnce((_url, init) => neverAnswering(init))
    const loading = controller.loadBranding('hospital-central')
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

    const loadingCentral = controller.loadBranding('hospital-central')
    await controller.loadBranding('clinica-norte')
    answerCentral(json([CENTRAL]))
    await loadingCentral

    expect(primario('clinica-norte')).toBe('#123456')
    expect(primario('hospital-central')).toBe('#0b5394')
  })
})
