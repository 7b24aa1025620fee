/**
 * The build's hashed scripts and styles that the precache leaves out (the staff screens' own,
 * scripts/precache-scope.ts): cache-first, kept the first time a screen loads them, so a screen
 * opened once online opens offline afterwards. A hashed file never changes, so a kept copy is never
 * stale; old versions' copies leave by the entry bound. Only a 200 is kept. The precache route is
 * registered first and answers every file it holds.
 */
import type { RouteMatchCallbackOptions } from 'workbox-core/types'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheFirst } from 'workbox-strategies'
import { CACHE_NAMES } from '../config/cache-names'

/** Room for a few versions of every staff screen's files; the least recently used leave first. */
export const ASSET_EXPIRATION = {
  maxEntries: 120,
  purgeOnQuotaError: true,
} as const

/**
 * The build's hashed scripts and styles: `/assets/…{.js,.css}` of this origin, whoever asks (a
 * module import, a preload, a style sheet, or a page's `CACHE_URLS` list after a first visit).
 */
export function isBuildAssetRequest({
  request,
  url,
  sameOrigin,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url' | 'sameOrigin'>): boolean {
  return (
    sameOrigin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/assets/') &&
    /\.(?:js|css)$/.test(url.pathname)
  )
}

export function createAssetStrategy(): CacheFirst {
  return new CacheFirst({
    cacheName: CACHE_NAMES.assets,
    // The server answers `Vary: Origin`: a module script asks with an `Origin` header, the copy a
    // first visit's `CACHE_URLS` kept was fetched without one. A hashed file is the same for both.
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin(ASSET_EXPIRATION)],
  })
}
