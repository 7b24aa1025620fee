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

/**
 * A free text people write for others to read (a reason, a message, a summary, a comment, a
 * note, a specialty): its name in messages, its longest length in characters (code points, as
 * the schemas count them) and whether it may hold line breaks.
 */
export interface FreeTextField {
  readonly label: string
  readonly maxLength: number
  readonly isMultiline: boolean
}

// Refused in any free text: control characters (NUL and DEL included; PostgreSQL's text cannot
// hold a NUL), line and paragraph separators, and the bidirectional marks, embeddings, overrides
// and isolates that make text read in another order than it was written. Multi-line fields keep
// their line breaks and tabs.
const HOSTILE_IN_ONE_LINE = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u
const HOSTILE_IN_LINES =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

/** Length in code points, as the JSON Schema validator counts a string's length. */
function codePointsOf(text: string): number {
  return Array.from(text).length
}

/**
 * The text as stored (trimmed), or null when the field's rule refuses it: nothing visible, too
 * long, or a control or direction character. The one rule of every free text, page and server.
 */
export function readFreeText(value: string, field: FreeTextField): string | null {
  const text = value.trim()
  const hostile = field.isMultiline ? HOSTILE_IN_LINES : HOSTILE_IN_ONE_LINE
  if (!hasVisibleCharacter(text) || codePointsOf(text) > field.maxLength || hostile.test(text)) {
    return null
  }
  return text
}

/** The Spanish refusal of a text {@link readFreeText} does not accept, the same everywhere. */
export function freeTextMessage(field: FreeTextField): string {
  return `El campo «${field.label}» debe tener entre 1 y ${String(field.maxLength)} caracteres visibles, sin caracteres de control ni de dirección del texto.`
}

/** The form's check before sending: the one rule's Spanish refusal, or null when it may go. */
export function findFreeTextProblem(value: string, field: FreeTextField): string | null {
  return readFreeText(value, field) === null ? freeTextMessage(field) : null
}
