/**
 * Colour parsing and WCAG contrast, free of DOM so the page and the service worker share it.
 * Only a strict subset of CSS colour syntax is accepted (hex, rgb(), hsl()); anything else,
 * named colours included, is refused so an untrusted value can never smuggle CSS.
 */

export interface Rgb {
  r: number
  g: number
  b: number
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`
const FUNCTIONAL = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*(${NUMBER})(%|deg)?\s*[,\s]\s*(${NUMBER})(%)?\s*[,\s]\s*(${NUMBER})(%)?\s*(?:[,/]\s*(${NUMBER})(%)?\s*)?\)$`,
  'i',
)
/** Longest colour value accepted anywhere (hex, rgb(), hsl()), in characters. */
export const COLOR_MAX_LENGTH = 64

const WHITE: Rgb = { r: 255, g: 255, b: 255 }
const BLACK: Rgb = { r: 0, g: 0, b: 0 }

/** WCAG 2.2 AA minimum for normal text. */
export const AA_TEXT_CONTRAST = 4.5

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function parseHex(hex: string): { rgb: Rgb; alpha: number } {
  const digits = hex.length <= 4 ? hex.replace(/./g, '$&$&') : hex
  const channel = (index: number) => parseInt(digits.slice(index * 2, index * 2 + 2), 16)
  return {
    rgb: { r: channel(0), g: channel(1), b: channel(2) },
    alpha: digits.length === 8 ? channel(3) / 255 : 1,
  }
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const s = clamp(saturation, 0, 100) / 100
  const l = clamp(lightness, 0, 100) / 100
  const h = ((hue % 360) + 360) % 360
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return { r: f(0) * 255, g: f(8) * 255, b: f(4) * 255 }
}

function parseFunctional(match: RegExpExecArray): { rgb: Rgb; alpha: number } | null {
  const [, name = '', a = '', aUnit, b = '', bUnit, c = '', cUnit, alpha, alphaUnit] = match
  const isHsl = name.toLowerCase().startsWith('hsl')
  const alphaValue =
    alpha === undefined ? 1 : clamp(Number(alpha) / (alphaUnit === '%' ? 100 : 1), 0, 1)
  if (isHsl) {
    if (aUnit === '%' || bUnit !== '%' || cUnit !== '%') return null
    return { rgb: hslToRgb(Number(a), Number(b), Number(c)), alpha: alphaValue }
  }
  if (aUnit === 'deg') return null
  const units = [aUnit, bUnit, cUnit]
  // CSS forbids mixing percentages and numbers in rgb().
  if (new Set(units.map((unit) => unit === '%')).size > 1) return null
  const toChannel = (value: string, unit: string | undefined) =>
    clamp(unit === '%' ? (Number(value) * 255) / 100 : Number(value), 0, 255)
  return {
    rgb: { r: toChannel(a, aUnit), g: toChannel(b, bUnit), b: toChannel(c, cUnit) },
    alpha: alphaValue,
  }
}

/**
 * Parses an untrusted colour. Transparency is composited over white, the page background,
 * so the result is the colour people actually see. Returns null for anything not accepted.
 */
export function parseColor(value: unknown): Rgb | null {
  if (typeof value !== 'string' || value.length > COLOR_MAX_LENGTH) return null
  const text = value.trim()
  let parsed: { rgb: Rgb; alpha: number } | null = null
  if (HEX.test(text)) parsed = parseHex(text.slice(1))
  else {
    const match = FUNCTIONAL.exec(text)
    if (match) parsed = parseFunctional(match)
  }
  if (!parsed) return null
  const { rgb, alpha } = parsed
  const over = (channel: number) => Math.round(channel * alpha + 255 * (1 - alpha))
  return { r: over(rgb.r), g: over(rgb.g), b: over(rgb.b) }
}

/** `#rrggbb`: the only form in which a tenant colour ever reaches CSS. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`
}

function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG contrast ratio between two opaque colours (1 to 21). */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

/** Black or white, whichever reads better on `background` (always at least 4.58:1). */
export function readableForeground(background: Rgb): Rgb {
  return contrastRatio(background, WHITE) >= contrastRatio(background, BLACK) ? WHITE : BLACK
}

/**
 * The colour itself when it reads on white at AA, otherwise the same hue darkened until it does:
 * a pale tenant colour stays recognisable for links and headings on the white page.
 */
export function readableOnWhite(color: Rgb): Rgb {
  let current = color
  for (let step = 0; step < 40 && contrastRatio(current, WHITE) < AA_TEXT_CONTRAST; step += 1) {
    current = { r: current.r * 0.92, g: current.g * 0.92, b: current.b * 0.92 }
  }
  // Round down: rounding up could lighten a colour that just reached 4.5:1 back below it.
  return { r: Math.floor(current.r), g: Math.floor(current.g), b: Math.floor(current.b) }
}
