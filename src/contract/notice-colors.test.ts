import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deriveBrandingColors } from './branding'
import { contrastRatio, parseColor, type Rgb } from './colors'
import { deriveNoticeColors, NON_TEXT_CONTRAST, PAGE_BACKGROUND } from './notice-colors'

function rgb(hex: string): Rgb {
  const parsed = parseColor(hex)
  if (!parsed) throw new Error(hex)
  return parsed
}

function noticeFor(primario: string, secundario: string) {
  const colors = deriveBrandingColors(rgb(primario), rgb(secundario))
  return { colors, notice: deriveNoticeColors(colors) }
}

const channel = fc.integer({ min: 0, max: 255 })
const anyColor = fc.record({ r: channel, g: channel, b: channel })

describe('deriveNoticeColors', () => {
  it('gives a pale yellow header (clinica-sol) a banner of its own, 3:1 from header and page', () => {
    const { notice } = noticeFor('#fff59d', '#fffde7')
    expect(notice.borde).toBe(notice.fondo)
    expect(contrastRatio(rgb(notice.fondo), rgb('#fff59d'))).toBeGreaterThanOrEqual(3)
    expect(contrastRatio(rgb(notice.fondo), PAGE_BACKGROUND)).toBeGreaterThanOrEqual(3)
    expect(contrastRatio(rgb(notice.texto), rgb(notice.fondo))).toBeGreaterThanOrEqual(4.5)
    // Not the old fixed pale yellow: a dark banner with light text.
    expect(notice.texto).toBe('#ffffff')
  })

  it('keeps the hue of the hospital: a purple one gets a purple-family banner', () => {
    const { notice } = noticeFor('#fffde7', '#6a1b9a')
    expect(notice.fondo).toBe('#6a1b9a')
  })

  it('rings a mid-dark header (hospital-central) in its own text colour when no colour fits both', () => {
    const { colors, notice } = noticeFor('#0b5394', '#38761d')
    expect(contrastRatio(rgb(notice.fondo), rgb('#0b5394'))).toBeLessThan(3)
    expect(notice.borde).toBe(colors.sobrePrimario)
    expect(contrastRatio(rgb(notice.borde), rgb('#0b5394'))).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(rgb(notice.fondo), PAGE_BACKGROUND)).toBeGreaterThanOrEqual(3)
  })

  it('on any colours: edge 3:1 from the header, background 3:1 from the page, text 4.5:1', () => {
    fc.assert(
      fc.property(anyColor, anyColor, (primario, secundario) => {
        const colors = deriveBrandingColors(primario, secundario)
        const notice = deriveNoticeColors(colors)
        const header = rgb(colors.primario)
        expect(contrastRatio(rgb(notice.borde), header)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST)
        expect(contrastRatio(rgb(notice.fondo), PAGE_BACKGROUND)).toBeGreaterThanOrEqual(
          NON_TEXT_CONTRAST,
        )
        expect(contrastRatio(rgb(notice.texto), rgb(notice.fondo))).toBeGreaterThanOrEqual(4.5)
        // Where one colour does both jobs, it does both.
        if (notice.borde === notice.fondo) {
          expect(contrastRatio(rgb(notice.fondo), header)).toBeGreaterThanOrEqual(3)
        }
      }),
    )
  })
})
