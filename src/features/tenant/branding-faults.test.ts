/**
 * Branding against a faulty network and hostile answers, end to end through the real API client,
 * answer parser and document writer: only `fetch` is faked. Whatever happens, the user sees the
 * default branding or the tenant's own (never another's), nothing throws, nothing is half-stored.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { DEFAULT_COLORS } from '../../contract/branding'
import type * as ControllerModule from './branding-controller'

let controller: typeof ControllerModule
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

function primario() {
  return getComputedStyle(document.documentElement).getPropertyValue('--color-primario')
}

function expectDefaultBranding(tenant: string) {
  expect(primario()).toBe(DEFAULT_COLORS.primario)
  expect(getComputedStyle(document.documentElement).getPropertyValue('--color-secundario')).toBe(
    DEFAULT_COLORS.secundario,
  )
  expect(controller.getBrandingSnapshot()).toEqual({ tenant, branding: null })
}

function expectOneWarningAbout(tenant: string) {
  expect(warn).toHaveBeenCalledOnce()
  expect(String(warn.mock.calls[0]?.[0])).toContain(tenant)
}

beforeEach(async () => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  document.documentElement.removeAttribute('style')
  vi.resetModules()
  controller = await import('./branding-controller')
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
    expect(controller.getBrandingSnapshot().branding?.nombre).toBe('Hospital Central')
  })
})

describe('the network dropping and coming back while the branding loads', () => {
  it('shows the defaults while down, then the tenant once the API is back', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))

    await controller.loadBranding('hospital-central')
    expectDefaultBranding('hospital-central')
    expectOneWarningAbout('hospital-central')

    fetchMock.mockResolvedValue(json([CENTRAL]))
    await controller.retryInterruptedBranding()

    expect(primario()).toBe('#0b5394')
    expect(localStorage.getItem('logo')).toBe('/logos/hospital-central.png')
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('retries after a time-out too, once', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementationOnce((_url, init) => neverAnswering(init))
    const loading = controller.loadBranding('hospital-central')
    await vi.advanceTimersByTimeAsync(30_000)
    await loading
    fetchMock.mockResolvedValue(json([CENTRAL]))

    await controller.retryInterruptedBranding()
    await controller.retryInterruptedBranding()

    expect(primario()).toBe('#0b5394')
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('does not retry for a tenant the user has left meanwhile', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await controller.loadBranding('hospital-central')
    await controller.loadBranding('main')

    await controller.retryInterruptedBranding()

    expect(fetchMock).toHaveBeenCalledOnce()
    expectDefaultBranding('main')
  })

  it('does not retry a load the server refused (not an outage)', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'nope' }))
    await controller.loadBranding('hospital-central')

    await controller.retryInterruptedBranding()

    expect(fetchMock).toHaveBeenCalledOnce()
  })

  it('drops the answer of a load that came back after the user changed tenant', async () => {
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

    expect(primario()).toBe('#123456')
    expect(controller.getBrandingSnapshot().tenant).toBe('clinica-norte')
  })
})
