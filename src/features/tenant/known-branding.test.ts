import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_COLORS, type Branding } from '../../contract/branding'
import type * as KnownBrandingModule from './known-branding'

let known: typeof KnownBrandingModule

const PAINTED: Branding = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  colors: { ...DEFAULT_COLORS, primario: '#0b5394' },
  logoUrl: 'https://logos.example/central.png',
}

function paintDataBlock(content: string) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'tenant-branding'
  script.textContent = content
  document.body.append(script)
}

beforeEach(async () => {
  vi.resetModules()
  known = await import('./known-branding')
})

afterEach(() => {
  document.getElementById('tenant-branding')?.remove()
})

describe('brandingFromShell', () => {
  it("starts from the shell's branding when it belongs to the page's hospital, and keeps it", () => {
    paintDataBlock(JSON.stringify(PAINTED))

    expect(known.brandingFromShell(document, 'hospital-central')).toEqual(PAINTED)
    expect(known.knownBranding('hospital-central')).toEqual(PAINTED)
    expect(known.isBrandingKnown('hospital-central')).toBe(true)
  })

  it.each([
    ['another hospital', JSON.stringify({ ...PAINTED, tenant: 'clinica-norte' })],
    ['broken JSON', '{"tenant": "hospital-central", '],
    [
      'a tampered colour',
      JSON.stringify({ ...PAINTED, colors: { ...DEFAULT_COLORS, primario: 'red;}' } }),
    ],
    ['an array', JSON.stringify([PAINTED])],
    ['nothing', ''],
  ])('ignores a data block holding %s: nothing is known yet', (_, content) => {
    paintDataBlock(content)

    expect(known.brandingFromShell(document, 'hospital-central')).toBeNull()
    expect(known.isBrandingKnown('hospital-central')).toBe(false)
  })

  it("gives the product's defaults for main, whatever the data block says", () => {
    paintDataBlock(JSON.stringify({ ...PAINTED, tenant: 'main' }))

    expect(known.brandingFromShell(document, 'main')).toBeNull()
  })
})

describe('keepBranding', () => {
  it('tells listeners of a change only, with the hospital it concerns', () => {
    const listener = vi.fn()
    known.subscribeToKnownBranding(listener)

    known.keepBranding('hospital-central', PAINTED)
    known.keepBranding('hospital-central', { ...PAINTED })
    expect(listener).toHaveBeenCalledExactlyOnceWith('hospital-central')

    known.keepBranding('hospital-central', null)
    expect(listener).toHaveBeenCalledTimes(2)
    expect(known.knownBranding('hospital-central')).toBeNull()
    expect(known.isBrandingKnown('hospital-central')).toBe(true)
  })
})
