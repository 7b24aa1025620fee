/**
 * What a tenant's branding is: its colours and how they reach CSS, and the shape the page, the
 * worker and the server keep it in (how an untrusted `verHospitales` answer becomes one:
 * branding-answer.ts). Free of DOM and React: the page applies it, the service worker paints it
 * into the app shell and the tenant manifest.
 */
import { deriveNoticeColors, type NoticeColors } from './notice-colors.js'
import { parseColor, readableForeground, readableOnWhite, toHex, type Rgb } from './colors.js'

/**
 * The product's own colours, shown for `main` and whenever a tenant's branding is missing or
 * invalid. The readable foregrounds are precomputed (white on this blue is 8.6:1, on the teal
 * 5.5:1).
 */
export const DEFAULT_BRANDING_COLORS = {
  primario: '#1f4e8c',
  secundario: '#0f6b5c',
} as const

/** Every value is `#rrggbb`, derived so text on each background keeps WCAG AA contrast. */
export interface BrandingColors {
  primario: string
  secundario: string
  /** Text and icons drawn on the primary colour. */
  sobrePrimario: string
  /** Text and icons drawn on the secondary colour. */
  sobreSecundario: string
  /** The primary colour as text on the white page (darkened when the tenant's is too pale). */
  primarioTexto: string
  /** The secondary colour as text on the white page. */
  secundarioTexto: string
}

export interface Branding {
  tenant: string
  /** Hospital name, when the answer gave a usable one. */
  nombre: string | null
  /** Contact phone ("Teléfono de contacto"), when the hospital gave one. */
  telefono?: string
  /** The home screen's label ("Nombre corto"), when the hospital set one. */
  nombreCorto?: string
  colors: BrandingColors
  /** Absolute URL of the logo, already validated. */
  logoUrl: string | null
}

/** The CSS custom properties branding sets on `:root` (docs/branding.md). */
export const BRANDING_CSS_VARIABLES: Record<keyof BrandingColors, string> = {
  primario: '--color-primario',
  secundario: '--color-secundario',
  sobrePrimario: '--color-sobre-primario',
  sobreSecundario: '--color-sobre-secundario',
  primarioTexto: '--color-primario-texto',
  secundarioTexto: '--color-secundario-texto',
}

export function deriveBrandingColors(primario: Rgb, secundario: Rgb): BrandingColors {
  return {
    primario: toHex(primario),
    secundario: toHex(secundario),
    sobrePrimario: toHex(readableForeground(primario)),
    sobreSecundario: toHex(readableForeground(secundario)),
    primarioTexto: toHex(readableOnWhite(primario)),
    secundarioTexto: toHex(readableOnWhite(secundario)),
  }
}

function parseDefault(value: string): Rgb {
  const rgb = parseColor(value)
  if (!rgb) throw new Error(`Invalid default colour ${value}`)
  return rgb
}

export const DEFAULT_COLORS: BrandingColors = deriveBrandingColors(
  parseDefault(DEFAULT_BRANDING_COLORS.primario),
  parseDefault(DEFAULT_BRANDING_COLORS.secundario),
)

/** Tokens derived from the branding colours on the way to CSS, never stored with them. */
export const NOTICE_CSS_VARIABLES = {
  fondo: '--color-aviso-fondo',
  texto: '--color-aviso-texto',
} as const

/** Every CSS custom property the branding sets, as `[name, #rrggbb]` pairs. */
export function toCssProperties(colors: BrandingColors): [string, string][] {
  const notice = deriveNoticeColors(colors)
  return [
    ...(Object.keys(BRANDING_CSS_VARIABLES) as (keyof BrandingColors)[]).map(
      (key): [string, string] => [BRANDING_CSS_VARIABLES[key], colors[key]],
    ),
    ...(Object.keys(NOTICE_CSS_VARIABLES) as (keyof NoticeColors)[]).map(
      (key): [string, string] => [NOTICE_CSS_VARIABLES[key], notice[key]],
    ),
  ]
}

/** `--name:#value;…` for a `style` attribute or a `:root {}` rule; values are hex only. */
export function toCssDeclarations(colors: BrandingColors): string {
  return toCssProperties(colors)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')
}

/** `id` of the shell's JSON block with its branding, which the page starts from. */
export const BRANDING_DATA_ELEMENT_ID = 'tenant-branding'
/** The `<style>` element of the shell's head that holds the page's colour tokens. */
export const BRANDING_TOKENS_ELEMENT_ID = 'branding-tokens'

/**
 * The one rule that gives the page its colours: the shell's `<style>` is filled with it (server,
 * worker, build) and the page rewrites that same element with it when the branding changes.
 */
export function brandingTokensRule(colors: BrandingColors): string {
  return `:root{${toCssDeclarations(colors)}}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** True when a stored value (IndexedDB, a message) has the shape of a Branding we wrote. */
export function isBranding(value: unknown): value is Branding {
  if (!isRecord(value) || typeof value.tenant !== 'string' || !isRecord(value.colors)) return false
  const colors = value.colors
  const colorsValid = (Object.keys(BRANDING_CSS_VARIABLES) as (keyof BrandingColors)[]).every(
    (key) => typeof colors[key] === 'string' && /^#[0-9a-f]{6}$/.test(colors[key]),
  )
  const logoValid = value.logoUrl === null || typeof value.logoUrl === 'string'
  const nameValid = value.nombre === null || typeof value.nombre === 'string'
  const phoneValid = value.telefono === undefined || typeof value.telefono === 'string'
  const shortNameValid = value.nombreCorto === undefined || typeof value.nombreCorto === 'string'
  return colorsValid && logoValid && nameValid && phoneValid && shortNameValid
}
