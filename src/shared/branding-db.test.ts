import { afterEach, describe, expect, test, vi } from 'vitest'
import { DEFAULT_COLORS, type Branding } from '../contract/branding'

const BRANDING: Branding = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  colors: DEFAULT_COLORS,
  logoUrl: 'https://logos.example/central.png',
}

type Entries = Map<unknown, unknown>

// An in-memory idb-keyval: one Map per named store, optionally failing like a full disk.
function fakeIdbKeyval(entries: Entries, failure: Error | null = null) {
  return {
    get: vi.fn((key: unknown) =>
      failure ? Promise.reject(failure) : Promise.resolve(entries.get(key)),
    ),
    set: vi.fn((key: unknown, value: unknown) => {
      if (failure) return Promise.reject(failure)
      entries.set(key, structuredClone(value))
      return Promise.resolve()
    }),
  }
}

async function importWithFake(fake: ReturnType<typeof fakeIdbKeyval>) {
  vi.resetModules()
  vi.doMock('idb-keyval', () => fake)
  return import('./branding-db')
}

afterEach(() => {
  vi.doUnmock('idb-keyval')
  vi.useRealTimers()
})

describe('without IndexedDB (jsdom has none)', () => {
  test('reads resolve null and writes resolve without throwing', async () => {
    vi.resetModules()
    const { readBranding, writeBranding } = await import('./branding-db')
    expect(typeof indexedDB).toBe('undefined')
    await expect(readBranding('hospital-central')).resolves.toBeNull()
    await expect(writeBranding(BRANDING)).resolves.toBeUndefined()
  })
})

describe('with a working store', () => {
  test('a written branding is read back for its tenant only', async () => {
    const entries: Entries = new Map()
    const fake = fakeIdbKeyval(entries)
    const { readBranding, writeBranding } = await importWithFake(fake)

    await writeBranding(BRANDING)

    await expect(readBranding('hospital-central')).resolves.toEqual(BRANDING)
    await expect(readBranding('clinica-norte')).resolves.toBeNull()
  })

  test('merely importing the module opens no database', async () => {
    const open = vi.fn()
    vi.stubGlobal('indexedDB', { open })
    await importWithFake(fakeIdbKeyval(new Map()))
    expect(open).not.toHaveBeenCalled()
  })

  test('only the known fields are stored', async () => {
    const entries: Entries = new Map()
    const { writeBranding } = await importWithFake(fakeIdbKeyval(entries))
    await writeBranding({ ...BRANDING, extra: '<script>' } as Branding)
    expect(entries.get('hospital-central')).toEqual(BRANDING)
  })

  test('an invalid branding is not written', async () => {
    const entries: Entries = new Map()
    const { writeBranding } = await importWithFake(fakeIdbKeyval(entries))
    await writeBranding({ ...BRANDING, colors: { ...BRANDING.colors, primario: 'red;}' } })
    expect(entries.size).toBe(0)
  })

  test.each([
    ['garbage', 'not a branding'],
    ['another tenant', { ...BRANDING, tenant: 'clinica-norte' }],
    ['an unsafe colour', { ...BRANDING, colors: { ...BRANDING.colors, primario: 'url(x)' } }],
  ])('a stored %s reads as null', async (_name, stored) => {
    const entries: Entries = new Map([['hospital-central', stored]])
    const { readBranding } = await importWithFake(fakeIdbKeyval(entries))
    await expect(readBranding('hospital-central')).resolves.toBeNull()
  })

  test('when the branding was last received is kept beside it, never as a tenant', async () => {
    const entries: Entries = new Map()
    const { readBranding, readBrandingRefreshedAt, writeBranding } = await importWithFake(
      fakeIdbKeyval(entries),
    )
    await expect(readBrandingRefreshedAt('hospital-central')).resolves.toBeNull()

    await writeBranding(BRANDING, 1_700_000_000_000)

    await expect(readBrandingRefreshedAt('hospital-central')).resolves.toBe(1_700_000_000_000)
    await expect(readBrandingRefreshedAt('clinica-norte')).resolves.toBeNull()
    await expect(readBranding('hospital-central')).resolves.toEqual(BRANDING)
    await expect(readBranding('actualizado:hospital-central')).resolves.toBeNull()
    entries.set('actualizado:clinica-sol', 'ayer')
    await expect(readBrandingRefreshedAt('clinica-sol')).resolves.toBeNull()
  })
})

describe('with a failing store', () => {
  test('quota and other errors are swallowed', async () => {
    const quota = new DOMException('full', 'QuotaExceededError')
    const { readBranding, writeBranding } = await importWithFake(fakeIdbKeyval(new Map(), quota))
    await expect(writeBranding(BRANDING)).resolves.toBeUndefined()
    await expect(readBranding('hospital-central')).resolves.toBeNull()
  })

  test('a store that never answers reads as null after the timeout', async () => {
    vi.useFakeTimers()
    const fake = fakeIdbKeyval(new Map())
    fake.get.mockImplementation(() => new Promise<never>(() => undefined))
    const { readBranding } = await importWithFake(fake)

    const read = readBranding('hospital-central', { timeoutMs: 50 })
    await vi.advanceTimersByTimeAsync(50)

    await expect(read).resolves.toBeNull()
  })
})
