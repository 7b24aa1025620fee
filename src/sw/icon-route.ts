/**
 * Each hospital's icons (`/{tenant}/iconos/…`): stale-while-revalidate in a cache of their own,
 * so a hospital visited once keeps its favicon, home-screen and install icons offline, and a new
 * logo or colour reaches them on the next visit online. Bounded, purged on quota errors.
 */
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { StaleWhileRevalidate, type Strategy } from 'workbox-strategies'
import { CACHE_NAMES } from '../config/cache-names'
import {
  isTenantIconKind,
  TENANT_ICONS,
  TENANT_ICONS_SEGMENT,
  tenantIconUrl,
  type TenantIconKind,
} from '../contract/icons'
import { DEFAULT_TENANT, tenantFromPathname } from '../contract/tenants'

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

export function createIconStrategy(): StaleWhileRevalidate {
  return new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.icons,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin(ICON_EXPIRATION),
    ],
  })
}

/**
 * Brings `tenant`'s icons the cache lacks into it. The browser fetches favicons and install
 * icons itself, often before this worker controls the page or outside it, so the worker asks for
 * them when it first keeps the hospital's branding. Resolves to the URLs newly cached.
 */
export async function warmTenantIcons(
  strategy: Strategy,
  tenant: string,
  event: ExtendableEvent,
): Promise<string[]> {
  const cache = await caches.open(strategy.cacheName)
  const missing: string[] = []
  for (const kind of Object.keys(TENANT_ICONS) as TenantIconKind[]) {
    const url = new URL(tenantIconUrl(tenant, kind), self.location.origin).href
    if (!(await cache.match(url))) missing.push(url)
  }
  const results = await Promise.allSettled(
    missing.map(async (url) => {
      const [response, done] = strategy.handleAll({ request: new Request(url), event })
      const [answer] = await Promise.all([response, done])
      if (answer.status !== 200) throw new Error(`${url} answered ${String(answer.status)}`)
      return url
    }),
  )
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
}

/**
 * Every kept `verHospitales` answer brings its hospital's icons into the icon cache. The
 * product's own tenant has none of its own (the server redirects to the precached icons).
 */
export function createIconWarmingPlugin(
  warm: (tenant: string, event: ExtendableEvent) => Promise<unknown>,
): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ request, event }) => {
      const tenant = new URL(request.url).searchParams.get('tenant')
      if (
        tenant !== null &&
        tenant !== DEFAULT_TENANT &&
        tenantFromPathname(`/${encodeURIComponent(tenant)}`) === tenant
      ) {
        await warm(tenant, event)
      }
    },
  }
}
