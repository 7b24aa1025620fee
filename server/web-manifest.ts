import { isHexColor } from './colors.js'
import type { Hospital } from './seed-data.js'

/** Branding used for `main` and for tenants without a (valid) record. */
export const DEFAULT_APP_NAME = 'Clínica'
export const DEFAULT_THEME_COLOR = '#1f4e8c'
export const DEFAULT_BACKGROUND_COLOR = '#ffffff'
export const SHORT_NAME_MAX_LENGTH = 12

export interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose: 'any' | 'maskable'
}

/** The per-tenant web app manifest (W3C Web Application Manifest). */
export interface WebManifest {
  id: string
  name: string
  short_name: string
  description: string
  lang: 'es'
  dir: 'ltr'
  start_url: string
  scope: string
  display: 'standalone'
  theme_color: string
  background_color: string
  icons: ManifestIcon[]
}

const APP_ICONS: readonly ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

const graphemeSegmenter = new Intl.Segmenter('es', { granularity: 'grapheme' })

// User-perceived characters, so an accent or an emoji is never cut in half.
function graphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), ({ segment }) => segment)
}

const length = (text: string) => graphemes(text).length

/**
 * Shortens a name for home-screen labels: leading words become initials until it fits
 * ("Hospital Central" → "H. Central"), and only then is it cut with an ellipsis.
 */
export function shortenName(name: string, max: number = SHORT_NAME_MAX_LENGTH): string {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  if (length(trimmed) <= max) return trimmed
  const words = trimmed.split(' ')
  for (let index = 0; index < words.length - 1; index++) {
    const [initial = ''] = graphemes(words[index] ?? '')
    words[index] = `${initial}.`
    const candidate = words.join(' ')
    if (length(candidate) <= max) return candidate
  }
  const cut = graphemes(words.join(' '))
    .slice(0, max - 1)
    .join('')
    .trimEnd()
  return `${cut}…`
}

export interface ManifestInput {
  tenant: string
  /** The tenant's record; undefined for `main` and unknown tenants. */
  hospital: Hospital | undefined
  /** True when the record's `imagen` is a PNG logo this server serves itself (512×512). */
  hasServerLogo: boolean
}

/** Builds the manifest that lets each tenant install as its own app (own id, name, colours). */
export function buildWebManifest({ tenant, hospital, hasServerLogo }: ManifestInput): WebManifest {
  const storedName = hospital?.nombre.trim() ?? ''
  const name = storedName === '' ? DEFAULT_APP_NAME : storedName
  const primary = hospital?.color_primario
  const secondary = hospital?.color_secundario
  const scope = `/${tenant}/`
  const logoIcons: ManifestIcon[] =
    hospital && hasServerLogo
      ? [{ src: hospital.imagen, sizes: '512x512', type: 'image/png', purpose: 'any' }]
      : []
  return {
    id: scope,
    name,
    short_name: shortenName(name),
    description: hospital
      ? `Portal de ${name} para pacientes y profesionales.`
      : 'Portal de clínicas y hospitales para pacientes y profesionales.',
    lang: 'es',
    dir: 'ltr',
    start_url: `${scope}login`,
    scope,
    display: 'standalone',
    // Database values are checked again here: a manifest must never carry a non-colour.
    theme_color: isHexColor(primary) ? primary : DEFAULT_THEME_COLOR,
    background_color: isHexColor(secondary) ? secondary : DEFAULT_BACKGROUND_COLOR,
    icons: [...logoIcons, ...APP_ICONS],
  }
}
