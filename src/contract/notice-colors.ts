/**
 * Colours of the banner that sits between the hospital's header and the white page (the
 * connection notice): it must read as its own element on any hospital's colours, not as part of
 * a pale header or of the page.
 */
import { AA_TEXT_CONTRAST, contrastRatio, parseColor, toHex, type Rgb } from './colors.js'

/** WCAG 2.2 AA minimum for the edge of a component against what surrounds it (1.4.11). */
export const NON_TEXT_CONTRAST = 3

/** The page behind every screen (styles.css paints `body` white). */
export const PAGE_BACKGROUND: Rgb = { r: 255, g: 255, b: 255 }

export interface NoticeColors {
  /** Background of the banner: at least 4.5:1 against the page, so it is dark under light text. */
  fondo: string
  /** Text on `fondo`: the page's white, at least 4.5:1 on it. */
  texto: string
  /** The banner's top and bottom edges: at least 3:1 against the header. */
  borde: string
}

// Every background chosen is 4.5:1 from the white page, so white text reads on it at AA.
const LIGHT_TEXT = toHex(PAGE_BACKGROUND)
const DARKEN_FACTOR = 0.92
const DARKEN_STEPS = 60

function toRgb(hex: string): Rgb {
  return parseColor(hex) ?? { r: 0, g: 0, b: 0 }
}

/** `color` and its ever darker versions (same hue), down to nearly black. */
function* darkenings(color: Rgb): Generator<Rgb> {
  for (let step = 0; step <= DARKEN_STEPS; step += 1) {
    const factor = DARKEN_FACTOR ** step
    yield {
      r: Math.floor(color.r * factor),
      g: Math.floor(color.g * factor),
      b: Math.floor(color.b * factor),
    }
  }
}

function firstDarkening(color: Rgb, accept: (candidate: Rgb) => boolean): Rgb | null {
  for (const candidate of darkenings(color)) if (accept(candidate)) return candidate
  return null
}

/**
 * The banner's colours for a hospital: its secondary (else primary) colour, darkened until it
 * stands 3:1 apart from the header and 4.5:1 from the page. A mid-dark header leaves no colour that
 * does both (nothing is 3:1 from white and from, say, #0b5394), so the banner then takes a
 * background 4.5:1 from the page and edges in the header's own text colour, 4.5:1 from the header.
 */
export function deriveNoticeColors(colors: {
  /** The header's background. */
  primario: string
  secundario: string
  /** The header's text colour, readable on `primario`. */
  sobrePrimario: string
}): NoticeColors {
  const header = toRgb(colors.primario)
  const bases = [toRgb(colors.secundario), header]
  // 4.5:1 from the white page, not only 3:1: a dark banner under light text reads as an alert,
  // a mid-tone one under black text as part of the page.
  const standsOutFromPage = (candidate: Rgb) =>
    contrastRatio(candidate, PAGE_BACKGROUND) >= AA_TEXT_CONTRAST
  const standsOutFromBoth = (candidate: Rgb) =>
    standsOutFromPage(candidate) && contrastRatio(candidate, header) >= NON_TEXT_CONTRAST

  for (const base of bases) {
    const fondo = firstDarkening(base, standsOutFromBoth)
    if (fondo) {
      return { fondo: toHex(fondo), texto: LIGHT_TEXT, borde: toHex(fondo) }
    }
  }
  // Darkening reaches black, which is 21:1 from the white page: never null in practice.
  const fondo = firstDarkening(bases[0] ?? header, standsOutFromPage) ?? { r: 0, g: 0, b: 0 }
  return { fondo: toHex(fondo), texto: LIGHT_TEXT, borde: colors.sobrePrimario }
}
