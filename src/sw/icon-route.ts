/**
 * Each hospital's icons (`/{tenant}/iconos/…`), and the product's own: stale-while-revalidate in a
 * cache of their own, so a hospital visited once keeps its favicon, home-screen and install icons
 * offline, and a new logo or colour reaches them on the next visit online. Bounded, purged on
 * quota errors.
 */
import type { RouteMatchCallbackOptions } from 'workbox-core/types'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { StaleWhileRevalidate, type Strategy } from 'workbox-strategies'
import { CACHE_NAMES } from '../config/cache-names'
import {
  isProductIconUrl,
  isTenantIconKind,
  TENANT_ICONS,
  TENANT_ICONS_SEGMENT,
  tenantIconUrl,
  type TenantIconKind,
} from '../contract/icons'
import { tenantFromPathname } from '../contract/tenants'

export const ICON_EXPIRATION = {
  // Five icons per hospital: ten hospitals, far more than one device sees.
  maxEntries: 50,
  maxAgeSeconds: 90 * 24 * 60 * 60,
  purgeOnQuotaError: true,
} as const

/** True for `/{tenant}/iconos/{kind}.png` on `origin` (the app's own server draws them). */
export function isTenantIconUrl(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false
  const [, tenantSegment, folder, file, ...rest] = url.pathname.split('/')
  const kind = file?.endsWith('.png') ? file.slice(0, -'.png'.length) : ''
  return (
    rest.length === 0 &&
    folder === TENANT_ICONS_SEGMENT &&
    tenantSegment !== undefined &&
    tenantFromPathname(`/${tenantSegment}`) !== null &&
    isTenantIconKind(kind)
  )
}

export function isTenantIconRequest({
  request,
  url,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url'>): boolean {
  return request.method === 'GET' && isTenantIconUrl(url, self.location.origin)
}

/** The product's own icons (the portal's), which the precache leaves out: kept on first use. */
export function isProductIconRequest({
  request,
  url,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url'>): boolean {
  return request.method === 'GET' && isProductIconUrl(url, self.location.origin)
}

export function createIconStrategy(): StaleWhileRevalidate {
  return new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.icons,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin(ICON_EXPIRATION),
    ],
  })
}

export interface WarmIconsOptions {
  /** The hospital's branding changed: every icon is fetched again, not only the missing ones. */
  refresh: boolean
}

/**
 * Brings `tenant`'s icons into the cache: those it lacks, or all of them when the branding they
 * are drawn from changed. The browser fetches favicons and install icons itself, often before
 * this worker controls the page or outside it, so the worker asks for them when it keeps the
 * hospital's branding. Resolves to the URLs cached.
 */
export async function warmTenantIcons(
  strategy: Strategy,
  tenant: string,
  event: ExtendableEvent,
  { refresh }: WarmIconsOptions = { refresh: false },
): Promise<string[]> {
  const cache = await caches.open(strategy.cacheName)
  const wanted: string[] = []
  for (const kind of Object.keys(TENANT_ICONS) as TenantIconKind[]) {
    const url = new URL(tenantIconUrl(tenant, kind), self.location.origin).href
    if (refresh || !(await cache.match(url))) wanted.push(url)
  }
  const results = await Promise.allSettled(
    wanted.map(async (url) => {
      const [response, done] = strategy.handleAll({ request: new Request(url), event })
      const [answer] = await Promise.all([response, done])
      if (answer.status !== 200) throw new Error(`${url} answered ${String(answer.status)}`)
      return url
    }),
  )
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
}
