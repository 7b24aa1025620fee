import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AA_TEXT_CONTRAST,
  contrastRatio,
  parseColor,
  readableForeground,
  readableOnWhite,
  toHex,
  type Rgb,
} from './colors'

const WHITE: Rgb = { r: 255, g: 255, b: 255 }
const BLACK: Rgb = { r: 0, g: 0, b: 0 }

const rgbArbitrary = fc.record({
  r: fc.integer({ min: 0, max: 255 }),
  g: fc.integer({ min: 0, max: 255 }),
  b: fc.integer({ min: 0, max: 255 }),
})

/** Every 17th value of each channel (0, 17, …, 255): 16³ colours over the whole cube. */
function sweep(): Rgb[] {
  const steps = Array.from({ length: 16 }, (_, index) => index * 17)
  return steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => ({ r, g, b }))))
}

describe('parseColor accepts', () => {
  it.each([
    ['#rgb', '#0a5', '#00aa55'],
    ['#rgb upper case', '#0A5', '#00aa55'],
    ['#rgba opaque', '#0a5f', '#00aa55'],
    ['#rrggbb', '#1f4e8c', '#1f4e8c'],
    ['#rrggbb upper case', '#1F4E8C', '#1f4e8c'],
    ['#rrggbbaa opaque', '#1f4e8cff', '#1f4e8c'],
    ['#rrggbbaa half transparent black, over white', '#00000080', '#7f7f7f'],
    ['#rgba transparent, over white', '#0000', '#ffffff'],
    ['surrounding spaces', '  #ffffff  ', '#ffffff'],
    ['rgb() commas', 'rgb(31, 78, 140)', '#1f4e8c'],
    ['rgb() spaces', 'rgb(31 78 140)', '#1f4e8c'],
    ['rgb() percentages', 'rgb(100%, 0%, 0%)', '#ff0000'],
    ['rgb() out of range clamped', 'rgb(300, -5, 0)', '#ff0000'],
    ['rgba() commas', 'rgba(0, 0, 0, 0.5)', '#808080'],
    ['rgba() spaces and slash', 'rgba(0 0 0 / 50%)', '#808080'],
    ['rgb() with alpha after a slash', 'rgb(255 0 0 / 1)', '#ff0000'],
    ['RGB() upper case', 'RGB(0, 0, 255)', '#0000ff'],
    ['hsl() commas', 'hsl(120, 100%, 25%)', '#008000'],
    ['hsl() spaces', 'hsl(240 100% 50%)', '#0000ff'],
    ['hsl() with deg', 'hsl(0deg 100% 50%)', '#ff0000'],
    ['hsla() commas', 'hsla(0, 0%, 0%, 0.5)', '#808080'],
    ['hsla() spaces and slash', 'hsla(0 0% 0% / 50%)', '#808080'],
  ])('%s: %s → %s', (_, value, hex) => {
    const rgb = parseColor(value)

    expect(rgb === null ? null : toHex(rgb)).toBe(hex)
  })
})

describe('parseColor refuses', () => {
  it.each([
    ['a declaration break-out', 'red;}body{display:none'],
    ['a hex followed by a declaration', '#fff;background:url(https://evil)'],
    ['url()', 'url(x)'],
    ['var()', 'var(--x)'],
    ['expression()', 'expression(alert(1))'],
    ['a comment', '/* */#fff'],
    ['a trailing comment', '#fff/**/'],
    ['a space inside a hex', '#ffff f'],
    ['5 hex digits', '#12345'],
    ['7 hex digits', '#1234567'],
    ['9 hex digits', '#123456789'],
    ['non-hex digits', '#ggg'],
    ['hex without #', 'ffffff'],
    ['two channels', 'rgb(1,2)'],
    ['mixed percentages and numbers', 'rgb(10%, 20, 30)'],
    ['an unclosed function', 'rgb(1, 2, 3'],
    ['a trailing declaration after rgb()', 'rgb(1, 2, 3);color:red'],
    ['hsl() without percentages', 'hsl(120, 100, 50)'],
    ['rgb() with deg', 'rgb(10deg, 20, 30)'],
    ['calc()', 'rgb(calc(1), 2, 3)'],
    ['a named colour (documented choice)', 'red'],
    ['another named colour', 'rebeccapurple'],
    ['transparent', 'transparent'],
    ['currentColor', 'currentColor'],
    ['the empty string', ''],
    ['a NUL character', '\u0000'],
    ['a hex with a NUL', '#fff\u0000'],
    ['a 5 MB string', `#${'f'.repeat(5 * 1024 * 1024)}`],
    ['a long but valid-looking rgb()', `rgb(${'0'.repeat(200)}1, 2, 3)`],
  ])('%s: %j', (_, value) => {
    expect(parseColor(value)).toBeNull()
  })

  it.each([null, undefined, 0, 0xffffff, true, {}, [], ['#fff'], { r: 1, g: 2, b: 3 }])(
    'the non-string %j',
    (value) => {
      expect(parseColor(value)).toBeNull()
    },
  )
})

describe('contrastRatio', () => {
  it.each([
    ['black on white', BLACK, WHITE, 21],
    ['white on black', WHITE, BLACK, 21],
    ['white on white', WHITE, WHITE, 1],
    ['a colour on itself', { r: 31, g: 78, b: 140 }, { r: 31, g: 78, b: 140 }, 1],
    ['#767676 on white (the lightest AA grey)', { r: 118, g: 118, b: 118 }, WHITE, 4.54],
    ['#777777 on white (just below AA)', { r: 119, g: 119, b: 119 }, WHITE, 4.48],
  ])('%s is %d:1', (_, first, second, ratio) => {
    expect(contrastRatio(first, second)).toBeCloseTo(ratio, 2)
  })

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(rgbArbitrary, rgbArbitrary, (first, second) => {
        const ratio = contrastRatio(first, second)
        expect(ratio).toBe(contrastRatio(second, first))
        expect(ratio).toBeGreaterThanOrEqual(1)
        expect(ratio).toBeLessThanOrEqual(21)
      }),
    )
  })
})

describe('readableForeground', () => {
  it.each([
    ['white', WHITE, BLACK],
    ['black', BLACK, WHITE],
    ['pale yellow #fff59d', { r: 255, g: 245, b: 157 }, BLACK],
    ['dark blue #1f4e8c', { r: 31, g: 78, b: 140 }, WHITE],
  ])('on %s is %j', (_, background, foreground) => {
    expect(readableForeground(background)).toEqual(foreground)
  })

  it('is black or white with at least 4.5:1 on every colour of a sweep of the RGB cube', () => {
    for (const background of sweep()) {
      const foreground = readableForeground(background)
      expect([WHITE, BLACK]).toContainEqual(foreground)
      expect(contrastRatio(background, foreground)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    }
  })
})

describe('readableOnWhite', () => {
  it('darkens pale yellow #fff59d until it reads on white, keeping its hue', () => {
    const paleYellow = { r: 255, g: 245, b: 157 }

    const readable = readableOnWhite(paleYellow)

    expect(contrastRatio(readable, WHITE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    // Same hue: still more red than green than blue.
    expect(readable.r).toBeGreaterThan(readable.g)
    expect(readable.g).toBeGreaterThan(readable.b)
  })

  it.each([
    ['black', BLACK],
    ['the default blue #1f4e8c', { r: 31, g: 78, b: 140 }],
    ['#767676', { r: 118, g: 118, b: 118 }],
  ])('keeps %s, already readable on white, unchanged', (_, color) => {
    expect(readableOnWhite(color)).toEqual(color)
  })

  it('returns whole channels with at least 4.5:1 on white for any colour', () => {
    fc.assert(
      fc.property(rgbArbitrary, (color) => {
        const readable = readableOnWhite(color)
        expect(toHex(readable)).toMatch(/^#[0-9a-f]{6}$/)
        expect(contrastRatio(readable, WHITE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
      }),
      { numRuns: 2_000 },
    )
  })

  // Found by an exhaustive check: to-nearest rounding lifted these back below 4.5:1.
  it.each([
    { r: 0, g: 128, b: 243 },
    { r: 0, g: 129, b: 240 },
    { r: 0, g: 130, b: 234 },
  ])('keeps 4.5:1 after rounding for %j', (color) => {
    expect(contrastRatio(readableOnWhite(color), WHITE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
  })
})

describe('toHex', () => {
  it.each([
    [BLACK, '#000000'],
    [WHITE, '#ffffff'],
    [{ r: 1, g: 10, b: 171 }, '#010aab'],
    [{ r: 127.6, g: 0.4, b: 15 }, '#80000f'],
  ])('%j → %s', (color, hex) => {
    expect(toHex(color)).toBe(hex)
  })
})
