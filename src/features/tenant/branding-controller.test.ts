import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { Branding, BrandingColors } from '../../contract/branding'
import {
  BRANDING_CSS_VARIABLES,
  DEFAULT_COLORS,
  deriveBrandingColors,
} from '../../contract/branding'
import { parseColor, type Rgb } from '../../contract/colors'
import type * as ControllerModule from './branding-controller'

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

function cssVariables(): Record<string, string> {
  const style = getComputedStyle(document.documentElement)
  return Object.fromEntries(
    Object.values(BRANDING_CSS_VARIABLES).map((name) => [name, style.getPropertyValue(name)]),
  )
}

function expectedVariables(colors: BrandingColors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(BRANDING_CSS_VARIABLES).map(([key, name]) => [
      name,
      colors[key as keyof BrandingColors],
    ]),
  )
}

function themeColor() {
  return document.querySelector('meta[name="theme-color"]')?.getAttribute('content')
}

function manifestHref() {
  return document.querySelector('link[rel="manifest"]')?.getAttribute('href')
}

function expectDefaults() {
  expect(cssVariables()).toEqual(expectedVariables(DEFAULT_COLORS))
  expect(themeColor()).toBe(DEFAULT_COLORS.primario)
}

beforeEach(async () => {
  document.head.innerHTML =
    '<meta name="theme-color" content="#1f4e8c"><link rel="manifest" href="/manifest.webmanifest">'
  document.documentElement.removeAttribute('style')
  mocks.request.mockReset()
  mocks.readBranding.mockReset().mockResolvedValue(null)
  mocks.writeBranding.mockReset().mockResolvedValue(undefined)
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.resetModules()
  controller = await import('./branding-controller')
})

afterEach(() => {
  // Everything goes through the mocked API client: the real network is never reached.
  expect(fetch).not.toHaveBeenCalled()
  document.head.innerHTML = ''
  document.getElementById('tenant-branding')?.remove()
  window.history.replaceState(null, '', '/')
})

describe('loadBranding for a tenant', () => {
  it('applies a valid answer to the document, leaving the stored copy to the worker', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    localStorage.setItem('refresh', '1')

    await controller.loadBranding('hospital-central')

    expect(mocks.request).toHaveBeenCalledExactlyOnceWith('/api/hospitales?tenant=hospital-central')
    expect(cssVariables()).toEqual(expectedVariables(CENTRAL_COLORS))
    expect(cssVariables()).toMatchObject({
      '--color-primario': '#00aa55',
      '--color-secundario': '#c81e28',
    })
    expect(themeColor()).toBe('#00aa55')
    expect(manifestHref()).toBe('/hospital-central/manifest.webmanifest')
    expect(document.documentElement.dataset.tenant).toBe('hospital-central')
    expect(localStorage.getItem('logo')).toBe('https://logos.example/central.png')
    expect(localStorage.getItem('refresh')).toBeNull()
    expect(mocks.writeBranding).not.toHaveBeenCalled()
    expect(controller.getBrandingSnapshot()).toMatchObject({
      tenant: 'hospital-central',
      branding: { nombre: 'Hospital Central', logoUrl: 'https://logos.example/central.png' },
    })
    expect(warn).not.toHaveBeenCalled()
  })

  it('stores imagen as sent, even when it is a path', async () => {
    answerHospitales({ 'clinica-norte': [NORTE] })

    await controller.loadBranding('clinica-norte')

    expect(localStorage.getItem('logo')).toBe('/logos/norte.png')
    expect(cssVariables()).toEqual(expectedVariables(NORTE_COLORS))
  })

  it('notifies subscribers and stops after unsubscribing', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL], 'clinica-norte': [NORTE] })
    const listener = vi.fn()
    const unsubscribe = controller.subscribeToBranding(listener)

    await controller.loadBranding('hospital-central')
    expect(listener).toHaveBeenCalled()

    unsubscribe()
    listener.mockClear()
    await controller.loadBranding('clinica-norte')
    expect(listener).not.toHaveBeenCalled()
  })

  it("stores no logo for a hospital the device no longer has (another tab's wipe chose main)", async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    localStorage.setItem('tenant', 'main')

    await controller.loadBranding('hospital-central')

    expect(localStorage.getItem('logo')).toBeNull()
    expect(localStorage.getItem('tenant')).toBe('main')
  })

  it('keeps the colours but drops an unsafe logo, with a warning', async () => {
    answerHospitales({ 'hospital-central': [{ ...CENTRAL, imagen: 'javascript:alert(1)' }] })
    localStorage.setItem('logo', 'https://logos.example/old.png')

    await controller.loadBranding('hospital-central')

    expect(cssVariables()).toEqual(expectedVariables(CENTRAL_COLORS))
    expect(localStorage.getItem('logo')).toBeNull()
    expect(controller.getBrandingSnapshot().branding?.logoUrl).toBeNull()
    expect(warn).toHaveBeenCalledOnce()
  })
})

describe('loadBranding for main', () => {
  it('removes the logo and restores the defaults after a tenant had been applied', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await controller.loadBranding('hospital-central')
    expect(localStorage.getItem('logo')).not.toBeNull()

    await controller.loadBranding('main')

    expectDefaults()
    expect(manifestHref()).toBe('/main/manifest.webmanifest')
    expect(localStorage.getItem('logo')).toBeNull()
    expect(controller.getBrandingSnapshot()).toEqual({ tenant: 'main', branding: null })
    expect(mocks.request).toHaveBeenCalledOnce()
  })

  it('never calls verHospitales', async () => {
    await controller.loadBranding('main')

    expect(mocks.request).not.toHaveBeenCalled()
    expectDefaults()
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
    'when %s, logs a warning and shows the defaults, not the previous tenant',
    async (_, answer) => {
      answerHospitales({ 'hospital-central': [CENTRAL] })
      await controller.loadBranding('hospital-central')
      mocks.writeBranding.mockClear()
      mocks.request.mockImplementation(answer)
      localStorage.setItem('refresh', '1')

      await controller.loadBranding('clinica-norte')

      expectDefaults()
      expect(manifestHref()).toBe('/clinica-norte/manifest.webmanifest')
      expect(controller.getBrandingSnapshot()).toEqual({ tenant: 'clinica-norte', branding: null })
      expect(warn).toHaveBeenCalledOnce()
      expect(String(warn.mock.calls[0]?.[0])).toContain('clinica-norte')
      expect(localStorage.getItem('refresh')).toBe('1')
      expect(mocks.writeBranding).not.toHaveBeenCalled()
    },
  )

  it('never throws to its caller', async () => {
    mocks.request.mockRejectedValue(new TypeError('Failed to fetch'))

    await expect(controller.loadBranding('clinica-norte')).resolves.toBeUndefined()
  })
})

describe('loadBranding races', () => {
  it('ignores a slow answer for a tenant the user has already left', async () => {
    const slowCentral = deferred<unknown>()
    answerHospitales({ 'hospital-central': slowCentral.promise, 'clinica-norte': [NORTE] })

    const loadingCentral = controller.loadBranding('hospital-central')
    await controller.loadBranding('clinica-norte')
    slowCentral.resolve([CENTRAL])
    await loadingCentral

    expect(cssVariables()).toEqual(expectedVariables(NORTE_COLORS))
    expect(controller.getBrandingSnapshot().tenant).toBe('clinica-norte')
    expect(localStorage.getItem('logo')).toBe('/logos/norte.png')
  })

  it('ignores a slow failure for a tenant the user has already left', async () => {
    const slowCentral = deferred<unknown>()
    answerHospitales({ 'hospital-central': slowCentral.promise, 'clinica-norte': [NORTE] })

    const loadingCentral = controller.loadBranding('hospital-central')
    await controller.loadBranding('clinica-norte')
    slowCentral.resolve('not an array')
    await loadingCentral

    expect(cssVariables()).toEqual(expectedVariables(NORTE_COLORS))
    expect(warn).not.toHaveBeenCalled()
  })

  it('applies the remembered branding of the same tenant while the answer is pending', async () => {
    const remembered: Branding = {
      tenant: 'hospital-central',
      nombre: 'Hospital Central',
      colors: deriveBrandingColors(rgb('#123456'), rgb('#654321')),
      logoUrl: 'https://logos.example/central-old.png',
    }
    mocks.readBranding.mockResolvedValue(remembered)
    const answer = deferred<unknown>()
    answerHospitales({ 'hospital-central': answer.promise })

    const loading = controller.loadBranding('hospital-central')

    await vi.waitFor(() => {
      expect(cssVariables()['--color-primario']).toBe('#123456')
    })
    expect(mocks.readBranding).toHaveBeenCalledWith('hospital-central')
    expect(controller.getBrandingSnapshot().branding).toEqual(remembered)

    answer.resolve([CENTRAL])
    await loading

    expect(cssVariables()).toEqual(expectedVariables(CENTRAL_COLORS))
  })

  it("never applies a remembered branding once another tenant's load has started", async () => {
    const rememberedCentral = deferred<Branding | null>()
    mocks.readBranding.mockImplementation((tenant) =>
      tenant === 'hospital-central' ? rememberedCentral.promise : Promise.resolve(null),
    )
    answerHospitales({ 'hospital-central': [CENTRAL], 'clinica-norte': [NORTE] })

    const loadingCentral = controller.loadBranding('hospital-central')
    await controller.loadBranding('clinica-norte')
    rememberedCentral.resolve({
      tenant: 'hospital-central',
      nombre: null,
      colors: CENTRAL_COLORS,
      logoUrl: null,
    })
    await loadingCentral

    expect(cssVariables()).toEqual(expectedVariables(NORTE_COLORS))
    expect(controller.getBrandingSnapshot().tenant).toBe('clinica-norte')
  })
})

describe('initBrandingFromDocument', () => {
  const painted: Branding = {
    tenant: 'hospital-central',
    nombre: 'Hospital Central',
    colors: CENTRAL_COLORS,
    logoUrl: 'https://logos.example/central.png',
  }

  function paintDataBlock(content: string) {
    const script = document.createElement('script')
    script.type = 'application/json'
    script.id = 'tenant-branding'
    script.textContent = content
    document.body.append(script)
  }

  it("starts from the shell's branding when it belongs to the page's tenant", () => {
    paintDataBlock(JSON.stringify(painted))

    controller.initBrandingFromDocument(document, 'hospital-central')

    expect(controller.getBrandingSnapshot()).toEqual({
      tenant: 'hospital-central',
      branding: painted,
    })
    expect(cssVariables()).toEqual(expectedVariables(CENTRAL_COLORS))
  })

  it.each([
    ['another tenant', JSON.stringify({ ...painted, tenant: 'clinica-norte' })],
    ['broken JSON', '{"tenant": "hospital-central", '],
    [
      'a tampered colour',
      JSON.stringify({ ...painted, colors: { ...CENTRAL_COLORS, primario: 'red;}' } }),
    ],
    ['an array', JSON.stringify([painted])],
    ['nothing', ''],
  ])('ignores a data block holding %s', (_, content) => {
    paintDataBlock(content)

    controller.initBrandingFromDocument(document, 'hospital-central')

    expect(controller.getBrandingSnapshot()).toEqual({ tenant: 'hospital-central', branding: null })
    expectDefaults()
  })

  it('starts with the defaults without a data block', () => {
    controller.initBrandingFromDocument(document, 'hospital-central')

    expect(controller.getBrandingSnapshot()).toEqual({ tenant: 'hospital-central', branding: null })
    expectDefaults()
  })

  it("uses the product's defaults for main, whatever the data block says", () => {
    paintDataBlock(JSON.stringify({ ...painted, tenant: 'main' }))

    controller.initBrandingFromDocument(document, 'main')

    expect(controller.getBrandingSnapshot()).toEqual({ tenant: 'main', branding: null })
    expectDefaults()
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
  it('applies the shown tenant’s new answer at once, with no fetch of its own', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await controller.loadBranding('hospital-central')
    mocks.request.mockClear()

    controller.applyBrandingAnswer('hospital-central', [{ ...CENTRAL, color_primario: '#fff59d' }])

    expect(mocks.request).not.toHaveBeenCalled()
    expect(cssVariables()).toMatchObject({ '--color-primario': '#fff59d' })
    expect(themeColor()).toBe('#fff59d')
  })

  it('leaves the screen alone for another tenant’s answer, and keeps it for an invalid one', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await controller.loadBranding('hospital-central')

    controller.applyBrandingAnswer('clinica-norte', [NORTE])
    controller.applyBrandingAnswer('hospital-central', [{ ...CENTRAL, color_primario: 'red;}' }])

    expect(cssVariables()).toEqual(expectedVariables(CENTRAL_COLORS))
    expect(controller.getBrandingSnapshot().tenant).toBe('hospital-central')
  })

  it('wins over a load still on its way with the older answer', async () => {
    answerHospitales({ 'hospital-central': [CENTRAL] })
    await controller.loadBranding('hospital-central')
    const older = deferred<unknown>()
    mocks.request.mockImplementationOnce(() => older.promise)
    const loading = controller.loadBranding('hospital-central')

    controller.applyBrandingAnswer('hospital-central', [NORTE_AS_CENTRAL])
    older.resolve([CENTRAL])
    await loading

    expect(cssVariables()).toEqual(expectedVariables(NORTE_COLORS))
  })
})
