/** Every Cache Storage name the app owns starts with this prefix (Workbox's included). */
export const CACHE_PREFIX = 'clinica-pwa'

/** The app's own IndexedDB database (the branding store, src/shared/branding-db.ts). */
export const BRANDING_DATABASE_NAME = 'clinica-pwa'

/**
 * Runtime caches of public data: tenant branding and the app's own code are not user data and
 * survive the 401 wipe.
 */
export const CACHE_NAMES = {
  branding: `${CACHE_PREFIX}-branding-v1`,
  logos: `${CACHE_PREFIX}-logos-v1`,
  /** Each hospital's own icons (`/{tenant}/iconos/…`), drawn by the server from its branding. */
  icons: `${CACHE_PREFIX}-icons-v1`,
  /** The build's scripts and styles the precache leaves out (staff screens), kept on first use. */
  assets: `${CACHE_PREFIX}-assets-v1`,
} as const

const PUBLIC_CACHE_NAMES: ReadonlySet<string> = new Set(Object.values(CACHE_NAMES))

/** Caches kept by the 401 wipe: the app shell precache and the public runtime caches. */
export function isPublicCacheName(name: string): boolean {
  return name.startsWith(`${CACHE_PREFIX}-precache`) || PUBLIC_CACHE_NAMES.has(name)
}
