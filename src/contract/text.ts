/** Text rules for names shown to people: counted and cut in graphemes, never mid-letter. */

const graphemeSegmenter = new Intl.Segmenter('es', { granularity: 'grapheme' })

/**
 * User-perceived characters: an accent (precomposed or combining), a flag or a family emoji is
 * one, and is never cut in half.
 */
export function graphemesOf(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), ({ segment }) => segment)
}

// Control characters (C0, DEL, C1), bidirectional overrides and isolates (U+202E turns the rest
// of a header backwards), the byte-order mark and line/paragraph separators. Joiners stay: emoji
// sequences need them.
const INVISIBLE_OR_CONTROL = new RegExp(
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  '[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]',
  'g',
)

/**
 * A name as it may be shown (header, title, app name): NFC, without control or bidi-override
 * characters, spaces collapsed, at most `maxGraphemes` (cut with an ellipsis). Empty when nothing
 * printable is left.
 */
export function cleanDisplayName(value: string, maxGraphemes: number): string {
  const printable = value
    .normalize('NFC')
    .replace(INVISIBLE_OR_CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const graphemes = graphemesOf(printable)
  if (graphemes.length <= maxGraphemes) return printable
  return `${graphemes
    .slice(0, maxGraphemes - 1)
    .join('')
    .trimEnd()}…`
}

// Characters that draw nothing: spaces, default-ignorable code points (zero-width space, soft
// hyphen, the Hangul fillers…) and the blank braille pattern, which is a symbol that is empty.
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\u2800]/gu

/** True when `text` shows at least one visible character (a name nobody can see is refused). */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, '') !== ''
}

/**
 * Up to two initials of a hospital's name for its tile: the first letters of its first and last
 * significant words ("Hospital Central" → "HC", "Clínica de la Sol" → "CS"); small linking words
 * are skipped.
 */
export function initialsOf(name: string): string {
  const LINKING_WORDS = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'y', 'e', 'i'])
  const words = name
    .normalize('NFC')
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word) && !LINKING_WORDS.has(word.toLowerCase()))
  const firstLetter = (word: string) =>
    graphemesOf(word).find((grapheme) => /\p{L}|\p{N}/u.test(grapheme)) ?? ''
  const first = words[0]
  const last = words.length > 1 ? words[words.length - 1] : undefined
  return [first, last]
    .map((word) => (word === undefined ? '' : firstLetter(word)))
    .join('')
    .toLocaleUpperCase('es')
}
