import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BRANDING_CSS_VARIABLES,
  NOTICE_CSS_VARIABLES,
  DEFAULT_COLORS,
  deriveBrandingColors,
  isBranding,
  toCssDeclarations,
  type Branding,
} from './branding'
import { parseHospitalesAnswer, sanitizeLogoUrl } from './branding-answer'
import { AA_TEXT_CONTRAST, contrastRatio, parseColor, type Rgb } from './colors'

const API_BASE = 'https://api.example/v1'
const TENANT = 'hospital-central'
const WHITE: Rgb = { r: 255, g: 255, b: 255 }

const rgbArbitrary = fc.record({
  r: fc.integer({ min: 0, max: 255 }),
  g: fc.integer({ min: 0, max: 255 }),
  b: fc.integer({ min: 0, max: 255 }),
})

function rgb(hex: string): Rgb {
  const parsed = parseColor(hex)
  if (!parsed) throw new Error(`test colour ${hex} is invalid`)
  return parsed
}

function record(overrides: Record<string, unknown> = {}) {
  return {
    tenant: TENANT,
    nombre: 'Hospital Central',
    color_primario: '#1F4E8C',
    color_secundario: 'rgb(15, 107, 92)',
    imagen: 'https://logos.example/central.png',
    ...overrides,
  }
}

describe('deriveBrandingColors', () => {
  it('keeps the tenant colours as #rrggbb and derives readable foregrounds', () => {
    expect(deriveBrandingColors(rgb('#1f4e8c'), rgb('#fff59d'))).toEqual({
      primario: '#1f4e8c',
      secundario: '#fff59d',
      sobrePrimario: '#ffffff',
      sobreSecundario: '#000000',
      primarioTexto: '#1f4e8c',
      secundarioTexto: expect.stringMatching(/^#[0-9a-f]{6}$/) as unknown,
    })
  })

  it('keeps WCAG AA contrast for text on and with any pair of tenant colours', () => {
    fc.assert(
      fc.property(rgbArbitrary, rgbArbitrary, (primario, secundario) => {
        const colors = deriveBrandingColors(primario, secundario)
        for (const value of Object.values(colors)) expect(value).toMatch(/^#[0-9a-f]{6}$/)
        const ratio = (first: string, second: string) => contrastRatio(rgb(first), rgb(second))
        expect(ratio(colors.sobrePrimario, colors.primario)).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        )
        expect(ratio(colors.sobreSecundario, colors.secundario)).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        )
        expect(ratio(colors.primarioTexto, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
        expect(ratio(colors.secundarioTexto, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
      }),
      { numRuns: 1_000 },
    )
  })

  it('gives the defaults AA contrast too', () => {
    expect(DEFAULT_COLORS.primario).toBe('#1f4e8c')
    expect(DEFAULT_COLORS.secundario).toBe('#0f6b5c')
    expect(
      contrastRatio(rgb(DEFAULT_COLORS.sobrePrimario), rgb(DEFAULT_COLORS.primario)),
    ).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    expect(contrastRatio(rgb(DEFAULT_COLORS.primarioTexto), WHITE)).toBeGreaterThanOrEqual(
      AA_TEXT_CONTRAST,
    )
  })
})

describe('parseHospitalesAnswer', () => {
  it('turns a valid answer into a branding', () => {
    const result = parseHospitalesAnswer([record(), record({ tenant: 'other' })], TENANT, API_BASE)

    expect(result).toEqual({
      ok: true,
      warnings: [],
      imagen: 'https://logos.example/central.png',
      branding: {
        tenant: TENANT,
        nombre: 'Hospital Central',
        colors: deriveBrandingColors(rgb('#1f4e8c'), rgb('#0f6b5c')),
        logoUrl: 'https://logos.example/central.png',
      },
    })
  })

  it('accepts the low-contrast demo tenant and makes its text readable', () => {
    const result = parseHospitalesAnswer(
      [record({ tenant: 'clinica-sol', color_primario: '#fff59d', color_secundario: '#ffffff' })],
      'clinica-sol',
      API_BASE,
    )

    expect(result.ok).toBe(true)
    if (!result.ok) return
    const { colors } = result.branding
    expect(colors.primario).toBe('#fff59d')
    expect(contrastRatio(rgb(colors.primarioTexto), WHITE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    expect(contrastRatio(rgb(colors.sobrePrimario), rgb('#fff59d'))).toBeGreaterThanOrEqual(
      AA_TEXT_CONTRAST,
    )
  })

  it('accepts a record without a tenant field', () => {
    const withoutTenant = Object.fromEntries(
      Object.entries(record()).filter(([key]) => key !== 'tenant'),
    )

    expect(parseHospitalesAnswer([withoutTenant], TENANT, API_BASE)).toMatchObject({
      ok: true,
      branding: { tenant: TENANT },
    })
  })

  it.each([
    ['an object', record()],
    ['null', null],
    ['an HTML string', '<!doctype html><html><body>Portal cautivo</body></html>'],
    ['a number', 42],
    ['an empty array', []],
    ['a null first element', [null, record()]],
    ['a number first element', [7]],
    ['an array first element', [[record()]]],
    ['a string first element', ['hospital-central']],
    ["another tenant's record", [record({ tenant: 'clinica-norte' })]],
    ['a missing color_primario', [record({ color_primario: undefined })]],
    ['an injected color_primario', [record({ color_primario: 'red;}body{display:none' })]],
    ['a url() color_secundario', [record({ color_secundario: 'url(https://evil.example/x)' })]],
    ['a named colour', [record({ color_secundario: 'red' })]],
    ['a numeric colour', [record({ color_primario: 0x1f4e8c })]],
  ])('rejects %s with a reason', (_, body) => {
    const result = parseHospitalesAnswer(body, TENANT, API_BASE)

    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.reason).toEqual(expect.any(String))
    expect(result.reason).not.toBe('')
  })

  describe('imagen', () => {
    it.each([
      ['an https URL', 'https://logos.example/a.png', 'https://logos.example/a.png'],
      [
        'a same-origin path, against the API base',
        '/logos/central.png',
        'https://api.example/logos/central.png',
      ],
      ['a protocol-relative URL, as https', '//cdn.example/a.png', 'https://cdn.example/a.png'],
      [
        'a raster data URL',
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==',
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==',
      ],
    ])('accepts %s', (_, imagen, logoUrl) => {
      const result = parseHospitalesAnswer([record({ imagen })], TENANT, API_BASE)

      expect(result).toMatchObject({ ok: true, warnings: [], imagen, branding: { logoUrl } })
    })

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['mixed-case JavaScript:', 'JavaScript:alert(1)'],
      ['a tab inside the scheme', 'java\tscript:alert(1)'],
      ['a newline inside the scheme', 'java\nscript:alert(1)'],
      ['a leading space', ' javascript:alert(1)'],
      ['vbscript:', 'vbscript:msgbox(1)'],
      ['an SVG data URL', 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+'],
      ['an HTML data URL', 'data:text/html,<script>alert(1)</script>'],
      ['a non-base64 raster data URL', 'data:image/png,<svg onload=alert(1)>'],
      ['an oversized data URL', `data:image/png;base64,${'A'.repeat(300 * 1024)}`],
      ['credentials in the URL', 'https://user:pass@logos.example/x.png'],
      ['a 3000-character URL', `https://logos.example/${'a'.repeat(3000)}.png`],
      ['ftp:', 'ftp://logos.example/a.png'],
      // Mixed content on an https page, and outside the page's CSP: it could never show.
      ['an http URL on another host', 'http://logos.example/a.png'],
      ['a path that climbs into the API', '/logos/../api/me'],
      ['an encoded climb', '/logos/%2e%2e/api/me'],
      ['a backslash climb', '/logos\\..\\api/me'],
      ['a dot segment', '/logos/./a.png'],
      ['a number', 42],
      ['an object', { url: 'https://logos.example/a.png' }],
      ['an array', ['https://logos.example/a.png']],
      ['true', true],
    ])('drops %s with a warning but keeps the colours', (_, imagen) => {
      const result = parseHospitalesAnswer([record({ imagen })], TENANT, API_BASE)

      expect(result.ok).toBe(true)
      if (!result.ok) return
      expect(result.branding.logoUrl).toBeNull()
      expect(result.imagen).toBeNull()
      expect(result.warnings).toHaveLength(1)
      expect(result.branding.colors.primario).toBe('#1f4e8c')
    })

    it.each([
      ['absent', undefined],
      ['null', null],
      ['empty', ''],
    ])('shows no logo and warns nothing when imagen is %s', (_, imagen) => {
      const result = parseHospitalesAnswer([record({ imagen })], TENANT, API_BASE)

      expect(result).toMatchObject({
        ok: true,
        warnings: [],
        imagen: null,
        branding: { logoUrl: null },
      })
    })
  })

  describe('nombre', () => {
    it.each([
      ['trimmed and its spaces collapsed', '  Hospital \n  Central  ', 'Hospital Central'],
      ['kept up to 80 graphemes', 'H'.repeat(80), 'H'.repeat(80)],
      ['cut with an ellipsis past 80 graphemes', 'H'.repeat(100_000), `${'H'.repeat(79)}…`],
      ['counted in graphemes, not code units', '👩‍⚕️'.repeat(80), '👩‍⚕️'.repeat(80)],
      ['cleaned of a right-to-left override', 'Hospital\u202e Central', 'Hospital Central'],
      ['cleaned of NUL and other controls', 'Hospital\u0000Cen\u0007tral', 'Hospital Cen tral'],
      ['composed (NFC)', 'Cli\u0301nica', 'Clínica'],
      ['dropped when nothing printable is left', '\u202e\u0000 ', null],
      ['dropped when blank', '   ', null],
      ['dropped when not a string', 42, null],
      ['dropped when absent', undefined, null],
    ])('is %s', (_, nombre, expected) => {
      expect(parseHospitalesAnswer([record({ nombre })], TENANT, API_BASE)).toMatchObject({
        ok: true,
        branding: { nombre: expected },
      })
    })
  })
})

describe('telefono (contact phone)', () => {
  it.each([
    ['kept, trimmed', ' +34 91 123 45 67 ', '+34 91 123 45 67'],
    ['kept with brackets, dots and dashes', '(91) 123.45-67', '(91) 123.45-67'],
  ])('is %s', (_, telefono, expected) => {
    const answer = parseHospitalesAnswer([record({ telefono })], TENANT, API_BASE)
    expect(answer.ok && answer.branding.telefono).toBe(expected)
  })

  it.each([
    ['empty', ''],
    ['words', 'llámanos'],
    ['markup', '<a href=x>1</a>'],
    ['too long', '1'.repeat(31)],
    ['not a string', 911234567],
    ['absent', undefined],
  ])('is left out when %s, and the branding still applies', (_, telefono) => {
    const answer = parseHospitalesAnswer([record({ telefono })], TENANT, API_BASE)
    expect(answer.ok).toBe(true)
    expect(answer.ok && 'telefono' in answer.branding).toBe(false)
  })
})

describe('sanitizeLogoUrl', () => {
  it.each([
    ['a relative path, under the base path', 'logos/a.png', 'https://api.example/v1/logos/a.png'],
    ['an https URL with a query', 'https://cdn.example/a.png?v=2', 'https://cdn.example/a.png?v=2'],
  ])('resolves %s', (_, value, expected) => {
    expect(sanitizeLogoUrl(value, `${API_BASE}/`)).toBe(expected)
  })

  it('accepts http only on the API origin itself, as in local development', () => {
    expect(sanitizeLogoUrl('/logos/a.png', 'http://localhost:4173')).toBe(
      'http://localhost:4173/logos/a.png',
    )
    expect(sanitizeLogoUrl('http://localhost:4173/logos/a.png', 'http://localhost:4173')).toBe(
      'http://localhost:4173/logos/a.png',
    )
    expect(sanitizeLogoUrl('http://127.0.0.2/logo.png', 'http://localhost:4173')).toBeNull()
  })

  it("refuses the API origin's own API paths, which may answer a user's data", () => {
    expect(sanitizeLogoUrl('/api/me', API_BASE)).toBeNull()
    expect(sanitizeLogoUrl('/%61pi/me', API_BASE)).toBeNull()
    expect(sanitizeLogoUrl('https://cdn.example/api/logo.png', API_BASE)).toBe(
      'https://cdn.example/api/logo.png',
    )
  })

  it.each([null, undefined, '', 'javascript:alert(1)', '\u0000https://a.example/x.png'])(
    'refuses %j',
    (value) => {
      expect(sanitizeLogoUrl(value, API_BASE)).toBeNull()
    },
  )
})

describe('toCssDeclarations', () => {
  it('emits only --name:#rrggbb pairs for every branding variable', () => {
    const css = toCssDeclarations(DEFAULT_COLORS)
    const declarations = css.split(';')

    expect(declarations).toHaveLength(
      Object.keys(BRANDING_CSS_VARIABLES).length + Object.keys(NOTICE_CSS_VARIABLES).length,
    )
    for (const declaration of declarations) {
      expect(declaration).toMatch(/^--[a-z-]+:#[0-9a-f]{6}$/)
    }
    expect(declarations).toContain('--color-primario:#1f4e8c')
    expect(declarations).toContain('--color-secundario:#0f6b5c')
    expect(declarations.map((declaration) => declaration.split(':')[0])).toEqual(
      expect.arrayContaining(['--color-aviso-fondo', '--color-aviso-texto']),
    )
  })

  it('stays --name:#rrggbb for any derived colours', () => {
    fc.assert(
      fc.property(rgbArbitrary, rgbArbitrary, (primario, secundario) => {
        const css = toCssDeclarations(deriveBrandingColors(primario, secundario))
        expect(css).toMatch(/^--[a-z-]+:#[0-9a-f]{6}(;--[a-z-]+:#[0-9a-f]{6})*$/)
      }),
    )
  })
})

describe('isBranding', () => {
  const stored: Branding = {
    tenant: TENANT,
    nombre: 'Hospital Central',
    colors: DEFAULT_COLORS,
    logoUrl: 'https://logos.example/central.png',
  }

  it('accepts a branding as written', () => {
    expect(isBranding(stored)).toBe(true)
    expect(isBranding({ ...stored, nombre: null, logoUrl: null })).toBe(true)
  })

  it.each([
    ['a colour smuggling CSS', { ...stored, colors: { ...DEFAULT_COLORS, primario: 'red;}' } }],
    ['an upper-case hex', { ...stored, colors: { ...DEFAULT_COLORS, primario: '#1F4E8C' } }],
    ['a short hex', { ...stored, colors: { ...DEFAULT_COLORS, secundario: '#fff' } }],
    [
      'a missing derived colour',
      { ...stored, colors: { primario: '#1f4e8c', secundario: '#0f6b5c' } },
    ],
    ['a numeric tenant', { ...stored, tenant: 1 }],
    ['no colours', { ...stored, colors: null }],
    ['a numeric logoUrl', { ...stored, logoUrl: 1 }],
    ['an undefined logoUrl', { ...stored, logoUrl: undefined }],
    ['an object nombre', { ...stored, nombre: {} }],
    ['null', null],
    ['a string', JSON.stringify(stored)],
    ['an array', [stored]],
  ])('rejects %s', (_, value) => {
    expect(isBranding(value)).toBe(false)
  })
})

describe('nombre_corto (home-screen label)', () => {
  it.each([
    ['kept when set', 'C. Norte', 'C. Norte'],
    ['cleaned of controls and cut to 12 characters', 'Norte\u0000 Clínica Grande', 'Norte Clíni…'],
  ])('is %s', (_, nombre_corto, expected) => {
    const answer = parseHospitalesAnswer([record({ nombre_corto })], TENANT, API_BASE)
    expect(answer.ok && answer.branding.nombreCorto).toBe(expected)
  })

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['not text', 42],
  ])('is left out when %s: the name is shortened instead', (_, nombre_corto) => {
    const answer = parseHospitalesAnswer([record({ nombre_corto })], TENANT, API_BASE)
    expect(answer.ok).toBe(true)
    expect(answer.ok && 'nombreCorto' in answer.branding).toBe(false)
  })
})
