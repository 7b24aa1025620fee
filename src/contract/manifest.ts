/**
 * The web app manifest of one tenant, so each hospital installs as its own app (own id, scope,
 * name, colours and, when usable, its logo as icon). The service worker answers
 * `/{tenant}/manifest.webmanifest` with it from the stored branding, the server from the
 * hospital's record on a first visit; `public/manifest.webmanifest` equals `main`'s.
 */
import { DEFAULT_COLORS, type Branding } from './branding.js'
import { tenantRoot } from './tenants.js'
import { graphemesOf } from './text.js'

export const DEFAULT_APP_NAME = 'Clínica'
export const DEFAULT_BACKGROUND_COLOR = '#ffffff'
/** Longest home-screen label that launchers show without cutting it. */
export const SHORT_NAME_MAX_LENGTH = 12
/** Smallest logo Chromium accepts as an install icon. */
const MIN_LOGO_ICON_SIZE = 192

export interface ManifestIcon {
  src: string
  sizes: string
  type?: string
  purpose: 'any' | 'maskable'
}

export interface WebAppManifest {
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

export const APP_ICONS: readonly ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

const lengthOf = (text: string) => graphemesOf(text).length

/**
 * A home-screen label of at most `max` characters: leading words become initials until it fits
 * ("Hospital Universitario La Paz" → "H. U. La Paz"); only then is it cut with an ellipsis.
 */
export function shortenName(name: string, max: number = SHORT_NAME_MAX_LENGTH): string {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  if (lengthOf(trimmed) <= max) return trimmed
  const words = trimmed.split(' ')
  for (let index = 0; index < words.length - 1; index += 1) {
    const [initial = ''] = graphemesOf(words[index] ?? '')
    words[index] = `${initial}.`
    const candidate = words.join(' ')
    if (lengthOf(candidate) <= max) return candidate
  }
  const cut = graphemesOf(words.join(' '))
    .slice(0, max - 1)
    .join('')
  return `${cut.trimEnd()}…`
}

function toLogoIcon(branding: Branding): ManifestIcon | null {
  const { logoUrl, logoSize } = branding
  if (!logoUrl || !logoSize || !/^https?:\/\//i.test(logoUrl)) return null
  const { width, height } = logoSize
  const isSquare = Number.isInteger(width) && width === height
  if (!isSquare || width < MIN_LOGO_ICON_SIZE) return null
  return { src: logoUrl, sizes: `${width}x${height}`, purpose: 'any' }
}

/** The manifest of `tenant`; `branding` null (unknown tenant, `main`) gives the product's own. */
export function buildTenantManifest(tenant: string, branding: Branding | null): WebAppManifest {
  const ownBranding = branding?.tenant === tenant ? branding : null
  const ownName = ownBranding?.nombre?.trim() ?? ''
  const name = ownName === '' ? DEFAULT_APP_NAME : ownName
  const scope = `${tenantRoot(tenant)}/`
  const logoIcon = ownBranding ? toLogoIcon(ownBranding) : null
  return {
    id: scope,
    name,
    short_name: shortenName(name),
    description: ownBranding?.nombre
      ? `Portal de ${name} para pacientes y profesionales.`
      : 'Portal de clínicas y hospitales para pacientes y profesionales.',
    lang: 'es',
    dir: 'ltr',
    start_url: `${scope}login`,
    scope,
    display: 'standalone',
    theme_color: ownBranding?.colors.primario ?? DEFAULT_COLORS.primario,
    background_color: ownBranding?.colors.secundario ?? DEFAULT_BACKGROUND_COLOR,
    icons: logoIcon ? [logoIcon, ...APP_ICONS] : [...APP_ICONS],
  }
}
