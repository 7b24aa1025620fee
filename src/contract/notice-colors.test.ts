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

// The footer's surface (styles.css `--color-superficie`): the banner lies over it at the page's end.
const FOOTER_SURFACE = rgb('#f4f5f7')

const channel = fc.integer({ min: 0, max: 255 })
const anyColor = fc.record({ r: channel, g: channel, b: channel })

describe('deriveNoticeColors', () => {
  it('gives a pale yellow hospital (clinica-sol) a dark banner of its own, under white text', () => {
    const { notice } = noticeFor('#fff59d', '#fffde7')
    expect(contrastRatio(rgb(notice.fondo), PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(rgb(notice.texto), rgb(notice.fondo))).toBeGreaterThanOrEqual(4.5)
    // Not the old fixed pale yellow: a dark banner with light text.
    expect(notice.texto).toBe('#ffffff')
  })

  it('keeps the hue of the hospital: a purple one gets a purple-family banner', () => {
    const { notice } = noticeFor('#fffde7', '#6a1b9a')
    expect(notice.fondo).toBe('#6a1b9a')
  })

  it("takes a secondary colour already dark enough as it is (hospital-central's green)", () => {
    expect(noticeFor('#0b5394', '#38761d').notice.fondo).toBe('#38761d')
  })

  it('on any colours: 4.5:1 from the page under 4.5:1 text, 3:1 from the footer', () => {
    fc.assert(
      fc.property(anyColor, anyColor, (primario, secundario) => {
        const notice = deriveNoticeColors(deriveBrandingColors(primario, secundario))
        const fondo = rgb(notice.fondo)
        expect(contrastRatio(fondo, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5)
        expect(contrastRatio(fondo, FOOTER_SURFACE)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST)
        expect(contrastRatio(rgb(notice.texto), fondo)).toBeGreaterThanOrEqual(4.5)
      }),
    )
  })
})
