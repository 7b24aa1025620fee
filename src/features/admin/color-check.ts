/**
 * What a hospital's colours will look like in the app: the text colours derived for each pair,
 * the contrast of each, and which of the hospital's own colours cannot be used as they are.
 */
import { deriveBrandingColors, type BrandingColors } from '../../contract/branding'
import { AA_TEXT_CONTRAST, contrastRatio, parseColor } from '../../contract/colors'

const WHITE = '#ffffff'

export interface ColorPair {
  /** What the pair is used for, in Spanish. */
  uso: string
  fondo: string
  texto: string
  ratio: number
  cumple: boolean
}

export interface ColorAdjustment {
  /** The hospital's colour that is too pale (or dark) to read as text on white. */
  elegido: string
  /** The colour the app uses instead for links and headings. */
  usado: string
  /** Which colour: "primario" or "secundario". */
  campo: 'primario' | 'secundario'
}

export interface ColorCheck {
  colors: BrandingColors
  pairs: ColorPair[]
  /** Colours the app has to change to keep text readable; the save warns about each. */
  adjustments: ColorAdjustment[]
}

function ratioOf(first: string, second: string): number {
  const a = parseColor(first)
  const b = parseColor(second)
  return a && b ? contrastRatio(a, b) : 1
}

function pair(uso: string, fondo: string, texto: string): ColorPair {
  const ratio = ratioOf(fondo, texto)
  return { uso, fondo, texto, ratio, cumple: ratio >= AA_TEXT_CONTRAST }
}

/** Checks two `#rrggbb` colours; undefined when either is not a valid colour. */
export function checkColors(primario: string, secundario: string): ColorCheck | undefined {
  const primary = parseColor(primario)
  const secondary = parseColor(secundario)
  if (!primary || !secondary) return undefined
  const colors = deriveBrandingColors(primary, secondary)
  const adjustments: ColorAdjustment[] = []
  if (colors.primarioTexto !== colors.primario) {
    adjustments.push({ campo: 'primario', elegido: colors.primario, usado: colors.primarioTexto })
  }
  if (colors.secundarioTexto !== colors.secundario) {
    adjustments.push({
      campo: 'secundario',
      elegido: colors.secundario,
      usado: colors.secundarioTexto,
    })
  }
  return {
    colors,
    adjustments,
    pairs: [
      pair('Texto de la cabecera y los botones', colors.primario, colors.sobrePrimario),
      pair('Texto sobre el color secundario', colors.secundario, colors.sobreSecundario),
      pair('Enlaces y títulos sobre blanco (color elegido)', WHITE, colors.primario),
      pair('Enlaces y títulos sobre blanco (color que usará la app)', WHITE, colors.primarioTexto),
    ],
  }
}

/** "4,5:1", as a Spanish reader writes a ratio. */
export function formatRatio(ratio: number): string {
  return `${ratio.toLocaleString('es-ES', { maximumFractionDigits: 1, minimumFractionDigits: 1 })}:1`
}

/**
 * Whether saving asks "Guardar igualmente" first: only when the colours about to be saved are
 * new and the app would have to darken one of them. Colours already saved were judged when they
 * were chosen; a later save of the name or the phone does not ask again.
 */
export function asksToConfirmColors(
  check: ColorCheck | undefined,
  next: { primario: string; secundario: string },
  saved: { primario: string; secundario: string },
): boolean {
  const isNew =
    next.primario.toLowerCase() !== saved.primario.toLowerCase() ||
    next.secundario.toLowerCase() !== saved.secundario.toLowerCase()
  return isNew && check !== undefined && check.adjustments.length > 0
}
