/**
 * Colours of the connection notice, the banner that lies over the bottom of the window: over the
 * white page, the footer's pale surface, or any control scrolled under it. It must read as a
 * notice of its own on any hospital's colours; its outline, whatever lies beneath, is a band of
 * the page's own colour along its edge (ConnectionStatus.css), which its background stands 4.5:1
 * apart from.
 */
import { AA_TEXT_CONTRAST, contrastRatio, parseColor, toHex, type Rgb } from './colors.js'

/** WCAG 2.2 AA minimum for the edge of a component against what surrounds it (1.4.11). */
export const NON_TEXT_CONTRAST = 3

/** The page behind every screen (styles.css paints `body` white). */
export const PAGE_BACKGROUND: Rgb = { r: 255, g: 255, b: 255 }

export interface NoticeColors {
  /**
   * Background of the banner: at least 4.5:1 against the page, so it is dark under light text
   * and reads as an alert (and 4:1 or more from the footer's surface, `#f4f5f7`, which is nearly
   * the page's white).
   */
  fondo: string
  /** Text on `fondo`: the page's white, at least 4.5:1 on it. */
  texto: string
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

/**
 * The banner's colours for a hospital: its secondary colour, darkened (same hue) until it stands
 * 4.5:1 apart from the page, under white text.
 */
export function deriveNoticeColors(colors: { secundario: string }): NoticeColors {
  // 4.5:1 from the white page, not only 3:1: a dark banner under light text reads as an alert,
  // a mid-tone one under black text as part of the page.
  for (const candidate of darkenings(toRgb(colors.secundario))) {
    if (contrastRatio(candidate, PAGE_BACKGROUND) >= AA_TEXT_CONTRAST) {
      return { fondo: toHex(candidate), texto: LIGHT_TEXT }
    }
  }
  // Darkening reaches nearly black, which is 4.5:1 from the page whatever the hue: not reached.
  return { fondo: '#000000', texto: LIGHT_TEXT }
}
