import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { Branding } from '../../contract/branding'
import { DEFAULT_COLORS, deriveBrandingColors } from '../../contract/branding'
import { parseColor, type Rgb } from '../../contract/colors'
import type * as ControllerModule from './branding-controller'
import { brandingQuery } from './branding-query'

// The same mock functions survive `vi.resetModules()`, which gives each test a fresh controller.
const mocks = vi.hoisted(() => ({
  request: vi.fn<(path: string) => Promise<unknown>>(),
  readBranding: vi.fn<(tenant: string) => Promise<Branding | null>>(),
  writeBranding: vi.fn<(branding: Branding) => Promise<void>>(),
}))

vi.mock('../../lib/api', () => ({ api: { request: mocks.request } }))
vi.mock('../../shared/branding-db', () => ({
  readBranding: mocks.readBranding,
  writeBranding: mocks.writeBranding,
}))

let controller: typeof ControllerModule
let client: QueryClient
let warn: MockInstance<typeof console.warn>

function rgb(value: string): Rgb {
  const parsed = parseColor(value)
  if (!parsed) throw new Error(`test colour ${value} is invalid`)
  return parsed
}

const CENTRAL = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  color_primario: '#0A5',
  color_secundario: 'rgb(200, 30, 40)',
  imagen: 'https://logos.example/central.png',
}
const CENTRAL_COLORS = deriveBrandingColors(rgb('#00aa55'), rgb('#c81e28'))

const NORTE = {
  tenant: 'clinica-norte',
  nombre: 'Clínica Norte',
  color_primario: '#fff59d',
  color_secundario: '#333333',
  imagen: '/logos/norte.png',
}
const NORTE_COLORS = deriveBrandingColors(rgb('#fff59d'), rgb('#333333'))
// Norte's colours under Central's address: a changed answer for the tenant on screen.
const NORTE_AS_CENTRAL = { ...NORTE, tenant: 'hospital-central' }

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/** Answers `verHospitales` per tenant from a table. */
function answerHospitales(answers: Record<string, unknown>) {
  mocks.request.mockImplementation((path) => {
    const tenant = new URL(path, 'https://x.example').searchParams.get('tenant') ?? ''
    const answer = answers[tenant]
    return answer instanceof Promise ? answer : Promise.resolve(answer)
  })
}

/** What the cache holds of `tenant`'s branding, which the layout shows for the hospital on screen. */
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

beforeEach(async () => {
  mocks.request.mockReset()
  mocks.readBranding.mockReset().mockResolvedValue(null)
  mocks.writeBranding.mockReset().mockResolvedValue(undefined)
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.resetModules()
  controller = await import('./branding-controller')
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})

afterEach(() => {
  // Everything goes through the mocked API client: the real network is never reached.
  expect(fetch).not.toHaveBeenCalled()
})

describe('loadBranding for a hospital', () => {
  it('keeps a valid answer as the hospital’s branding, leaving the stored copy to the worker', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    localStorage.setItem('refresh', '1')

    await loadBranding('hospital-central')

    expect(mocks.request).toHaveBeenCalledExactlyOnceWith('/api/hospitales?tenant=hospital-central')
    expect(known('hospital-central')).toEqual({
      tenant: 'hospital-central',
      nombre: 'Hospital Central',
      colors: CENTRAL_COLORS,
      logoUrl: 'https://logos.example/central.png',
    })
    expect(localStorage.getItem('logo')).toBe('https://logos.example/central.png')
    expect(localStorage.getItem('refresh')).toBeNull()
    expect(mocks.writeBranding).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()
  })

  it('stores imagen as sent, even when it is a path', async () => {
    answerHospitales({ 'clinica-norte': [NORTE] })

    await loadBranding('clinica-norte')

    expect(localStorage.getItem('logo')).toBe('/logos/norte.png')
    expect(known('clinica-norte')?.colors).toEqual(NORTE_COLORS)
  })

  it('the same answer again (every navigation asks) changes nothing on screen', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await loadBranding('hospital-central')
    const shown = known('hospital-central')

    await loadBranding('hospital-central')

    expect(mocks.request).toHaveBeenCalledTimes(2)
    expect(known('hospital-central')).toBe(shown)
  })

  it("stores no logo for a hospital the device no longer has (another tab's wipe chose main)", async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    localStorage.setItem('tenant', 'main')

    await loadBranding('hospital-central')

    expect(localStorage.getItem('logo')).toBeNull()
    expect(localStorage.getItem('tenant')).toBe('main')
  })

  it('keeps the colours but drops an unsafe logo, with a warning', async () => {
    answerHospitales({ 'hospital-central': [{ ...CENTRAL, imagen: 'javascript:alert(1)' }] })
    localStorage.setItem('logo', 'https://logos.example/old.png')

    await loadBranding('hospital-central')

    expect(known('hospital-central')).toMatchObject({ colors: CENTRAL_COLORS, logoUrl: null })
    expect(localStorage.getItem('logo')).toBeNull()
    expect(warn).toHaveBeenCalledOnce()
  })
})

describe('loadBranding for main', () => {
  it('removes the logo: the portal has the defaults', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await loadBranding('hospital-central')
    expect(localStorage.getItem('logo')).not.toBeNull()

    await loadBranding('main')

    expect(known('main')).toBeNull()
    expect(localStorage.getItem('logo')).toBeNull()
    expect(mocks.request).toHaveBeenCalledOnce()
  })

  it('never calls verHospitales', async () => {
    await loadBranding('main')

    expect(mocks.request).not.toHaveBeenCalled()
  })
})

describe('loadBranding failures', () => {
  it.each<[string, () => Promise<unknown>]>([
    ['the API rejects', () => Promise.reject(new Error('offline'))],
    ['the answer is not an array', () => Promise.resolve({ tenant: 'clinica-norte' })],
    ['the answer is an HTML page', () => Promise.resolve('<!doctype html><p>Portal</p>')],
    ['the answer is empty', () => Promise.resolve([])],
    ['a colour is invalid', () => Promise.resolve([{ ...NORTE, color_primario: 'red;}body{x:y' }])],
    ["the answer is another tenant's", () => Promise.resolve([{ ...CENTRAL }])],
  ])(
    'when %s, logs a warning and knows no branding for it: the defaults, never the previous one',
    async (_, answer) => {
      answerHospitales({ 'hospital-central': [CENTRAL] })
      await loadBranding('hospital-central')
      mocks.writeBranding.mockClear()
      mocks.request.mockImplementation(answer)
      localStorage.setItem('refresh', '1')

      await loadBranding('clinica-norte')

      expect(known('clinica-norte')).toBeNull()
      expect(warn).toHaveBeenCalledOnce()
      expect(String(warn.mock.calls[0]?.[0])).toContain('clinica-norte')
      expect(localStorage.getItem('refresh')).toBe('1')
      expect(mocks.writeBranding).not.toHaveBeenCalled()
    },
  )

  it('keeps the branding shown for the hospital, whatever the failure', async () => {
    answerHospitales({ 'clinica-norte': [NORTE] })
    await loadBranding('clinica-norte')
    mocks.request.mockRejectedValue(new TypeError('Failed to fetch'))

    await expect(loadBranding('clinica-norte')).resolves.toBeUndefined()

    expect(known('clinica-norte')?.colors).toEqual(NORTE_COLORS)
  })
})

describe('loadBranding races', () => {
  it('keeps a slow answer for a hospital left as its own, never storing its logo', async () => {
    const slowCentral = deferred<unknown>()
    answerHospitales({ 'hospital-central': slowCentral.promise, 'clinica-norte': [NORTE] })

    localStorage.setItem('tenant', 'hospital-central')
    const loadingCentral = loadBranding('hospital-central')
    localStorage.setItem('tenant', 'clinica-norte')
    await loadBranding('clinica-norte')
    slowCentral.resolve([CENTRAL])
    await loadingCentral

    expect(known('clinica-norte')?.colors).toEqual(NORTE_COLORS)
    expect(known('hospital-central')?.colors).toEqual(CENTRAL_COLORS)
    expect(localStorage.getItem('logo')).toBe('/logos/norte.png')
  })

  it('asks once when a navigation comes while an answer is on its way', async () => {
    const answer = deferred<unknown>()
    mocks.request.mockImplementationOnce(() => answer.promise)
    const first = loadBranding('hospital-central')
    const second = loadBranding('hospital-central')

    answer.resolve([CENTRAL])
    await Promise.all([first, second])

    expect(mocks.request).toHaveBeenCalledOnce()
    expect(known('hospital-central')?.colors).toEqual(CENTRAL_COLORS)
  })

  it('knows the remembered branding of a hospital met for the first time while the answer is pending', async () => {
    const remembered: Branding = {
      tenant: 'hospital-central',
      nombre: 'Hospital Central',
      colors: deriveBrandingColors(rgb('#123456'), rgb('#654321')),
      logoUrl: 'https://logos.example/central-old.png',
    }
    mocks.readBranding.mockResolvedValue(remembered)
    const answer = deferred<unknown>()
    answerHospitales({ 'hospital-central': answer.promise })

    const loading = loadBranding('hospital-central')

    await vi.waitFor(() => {
      expect(known('hospital-central')).toEqual(remembered)
    })
    expect(mocks.readBranding).toHaveBeenCalledWith('hospital-central')

    answer.resolve([CENTRAL])
    await loading

    expect(known('hospital-central')?.colors).toEqual(CENTRAL_COLORS)
  })

  it('reads no remembered copy for a hospital whose branding is already known (the shell’s)', async () => {
    const fromShell: Branding = {
      tenant: 'hospital-central',
      nombre: 'Hospital Central',
      colors: CENTRAL_COLORS,
      logoUrl: null,
    }
    client.setQueryData(brandingQuery('hospital-central').queryKey, fromShell)
    answerHospitales({ 'hospital-central': [CENTRAL] })

    await loadBranding('hospital-central')

    expect(mocks.readBranding).not.toHaveBeenCalled()
    expect(known('hospital-central')?.logoUrl).toBe('https://logos.example/central.png')
  })
})

describe('readHospitalName', () => {
  it('names a hospital from the branding the device keeps, without asking the API', async () => {
    mocks.readBranding.mockResolvedValue({
      tenant: 'clinica-norte',
      nombre: 'Clínica Norte',
      colors: DEFAULT_COLORS,
      logoUrl: null,
    })

    await expect(controller.readHospitalName('clinica-norte')).resolves.toBe('Clínica Norte')
    expect(mocks.request).not.toHaveBeenCalled()
  })

  it('asks verHospitales when the device never saw the hospital', async () => {
    mocks.readBranding.mockResolvedValue(null)
    answerHospitales({ 'hospital-central': [CENTRAL] })

    await expect(controller.readHospitalName('hospital-central')).resolves.toBe('Hospital Central')
  })

  it.each([
    ['the API is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the answer is not a hospital', () => Promise.resolve('not an array')],
  ])('gives null when %s', async (_, answer) => {
    mocks.readBranding.mockResolvedValue(null)
    mocks.request.mockImplementation(answer)

    await expect(controller.readHospitalName('hospital-central')).resolves.toBeNull()
  })
})

describe("applyBrandingAnswer (the worker's fresher answer)", () => {
  it('keeps the new answer at once, with no fetch of its own', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await loadBranding('hospital-central')
    mocks.request.mockClear()

    controller.applyBrandingAnswer(client, 'hospital-central', [
      { ...CENTRAL, color_primario: '#fff59d' },
    ])

    expect(mocks.request).not.toHaveBeenCalled()
    expect(known('hospital-central')?.colors.primario).toBe('#fff59d')
  })

  it('keeps another hospital’s answer as its own, and changes nothing for an invalid one', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await loadBranding('hospital-central')

    controller.applyBrandingAnswer(client, 'clinica-norte', [NORTE])
    controller.applyBrandingAnswer(client, 'hospital-central', [
      { ...CENTRAL, color_primario: 'red;}' },
    ])

    expect(known('hospital-central')?.colors).toEqual(CENTRAL_COLORS)
    expect(known('clinica-norte')?.colors).toEqual(NORTE_COLORS)
  })

  it('wins over a load still on its way with the older answer', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await loadBranding('hospital-central')
    const older = deferred<unknown>()
    mocks.request.mockImplementationOnce(() => older.promise)
    const loading = loadBranding('hospital-central')

    controller.applyBrandingAnswer(client, 'hospital-central', [NORTE_AS_CENTRAL])
    older.resolve([CENTRAL])
    await loading

    expect(known('hospital-central')?.colors).toEqual(NORTE_COLORS)
  })
})
