/**
 * The web app manifest of one tenant, so each hospital installs as its own app (own id, scope,
 * name, colours and icons), derived from the product's base manifest:
 * `manifest.webmanifest` at the repository's root, which the build serves as `main`'s. The
 * service worker answers `/{tenant}/manifest.webmanifest` from the stored branding, the server
 * from the hospital's record on a first visit.
 */
import type { Branding } from './branding.js'
import { tenantManifestIcons, type ManifestIcon } from './icons.js'
import { DEFAULT_TENANT, tenantRoot } from './tenants.js'
import { graphemesOf } from './text.js'

/** Longest home-screen label that launchers show without cutting it. */
export const SHORT_NAME_MAX_LENGTH = 12

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

/** What every tenant's manifest takes from the product's base manifest. */
export type BaseManifest = Pick<
  WebAppManifest,
  'name' | 'description' | 'theme_color' | 'background_color' | 'icons'
>

function isManifestIcon(value: unknown): value is ManifestIcon {
  if (typeof value !== 'object' || value === null) return false
  const icon = value as Record<string, unknown>
  return (
    typeof icon.src === 'string' &&
    typeof icon.sizes === 'string' &&
    (icon.type === undefined || typeof icon.type === 'string') &&
    (icon.purpose === 'any' || icon.purpose === 'maskable')
  )
}

/** The base manifest's fields the tenants derive from, or null when `value` lacks one. */
export function parseBaseManifest(value: unknown): BaseManifest | null {
  if (typeof value !== 'object' || value === null) return null
  const manifest = value as Record<string, unknown>
  const { name, description, theme_color, background_color, icons } = manifest
  if (
    typeof name !== 'string' ||
    typeof description !== 'string' ||
    typeof theme_color !== 'string' ||
    typeof background_color !== 'string' ||
    !Array.isArray(icons) ||
    !icons.every(isManifestIcon)
  ) {
    return null
  }
  return { name, description, theme_color, background_color, icons }
}

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

/**
 * The manifest of `tenant`, derived from the product's `base`; `branding` null (unknown tenant,
 * `main`) gives the product's own under the tenant's scope.
 */
export function buildTenantManifest(
  base: BaseManifest,
  tenant: string,
  branding: Branding | null,
): WebAppManifest {
  const ownBranding = branding?.tenant === tenant ? branding : null
  const ownName = ownBranding?.nombre?.trim() ?? ''
  const name = ownName === '' ? base.name : ownName
  // Without a hospital's own branding (an unknown address, or one not loaded yet) the manifest is
  // the portal's: an address nobody registered never installs as an app of its own.
  const scope = `${tenantRoot(ownBranding ? tenant : DEFAULT_TENANT)}/`
  return {
    id: scope,
    name,
    short_name: ownBranding?.nombreCorto ?? shortenName(name),
    description: ownBranding?.nombre
      ? `Portal de ${name} para pacientes y profesionales.`
      : base.description,
    lang: 'es',
    dir: 'ltr',
    start_url: `${scope}login`,
    scope,
    display: 'standalone',
    theme_color: ownBranding?.colors.primario ?? base.theme_color,
    background_color: ownBranding?.colors.secundario ?? base.background_color,
    // A hospital installs with its own icons (drawn by the server, kept by the worker).
    icons: ownBranding ? tenantManifestIcons(tenant) : [...base.icons],
  }
}
