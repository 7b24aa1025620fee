/**
 * Tenant logos: cache-first, bounded in entries and age, purged on quota errors. Logos may live
 * on any host, with or without CORS; an error answer is never kept, so a logo fixed on the server
 * is not hidden by a cached 404.
 */
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types'
import { ExpirationPlugin } from 'workbox-expiration'
import { Strategy, type StrategyHandler } from 'workbox-strategies'
import { isApiPathname } from '../contract/tenants'
import { CACHE_NAMES } from '../config/cache-names'

export const LOGO_EXPIRATION = {
  maxEntries: 30,
  maxAgeSeconds: 30 * 24 * 60 * 60,
  purgeOnQuotaError: true,
} as const

/** An http(s) URL outside `/api/` on any host: those answers may be a user's data. */
export function isLogoUrl(url: URL): boolean {
  return (url.protocol === 'https:' || url.protocol === 'http:') && !isApiPathname(url.pathname)
}

/**
 * Images that are not the app's own precached files (the precache route is registered first).
 * Nothing under `/api/` on any host: those answers may be a user's data.
 */
export function isLogoRequest({
  request,
  url,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url'>): boolean {
  return request.destination === 'image' && isLogoUrl(url)
}

/**
 * A readable 200, or an opaque answer (which only the no-cors fallback can produce: its status is
 * unknowable, and that is the price of showing a logo from a host without CORS offline).
 */
export function isCacheableLogoResponse(response: Response): boolean {
  return response.type === 'opaque' || response.status === 200
}

const cacheableLogoPlugin: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(isCacheableLogoResponse(response) ? response : null),
}

/**
 * Cache first; on a miss the logo is fetched with CORS (a readable answer whose status can be
 * checked) and, only when the host refuses CORS, again without (opaque).
 */
export class LogoStrategy extends Strategy {
  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const cached = await handler.cacheMatch(request)
    if (cached) return cached

    const response = await this.fetchLogo(request, handler)
    if (isCacheableLogoResponse(response)) {
      void handler.waitUntil(handler.cachePut(request, response.clone()))
    }
    return response
  }

  private async fetchLogo(request: Request, handler: StrategyHandler): Promise<Response> {
    const init: RequestInit = { credentials: 'omit', referrerPolicy: request.referrerPolicy }
    try {
      return await handler.fetch(new Request(request.url, { ...init, mode: 'cors' }))
    } catch (error) {
      // A page asking for CORS itself (crossorigin attribute) cannot use an opaque answer.
      if (request.mode === 'cors') throw error
      return handler.fetch(new Request(request.url, { ...init, mode: 'no-cors' }))
    }
  }
}

export function createLogoStrategy(): LogoStrategy {
  return new LogoStrategy({
    cacheName: CACHE_NAMES.logos,
    plugins: [cacheableLogoPlugin, new ExpirationPlugin(LOGO_EXPIRATION)],
  })
}

/**
 * Puts the logo at `logoUrl` in the logo cache unless it is there already, fetched as an `<img>`
 * fetches it (no credentials, no referrer). For logos the page showed before the worker
 * controlled it: offline, the page asks the cache for them. Resolves whether the logo is cached.
 */
export async function warmLogoCache(
  strategy: Strategy,
  logoUrl: string,
  event: ExtendableEvent,
): Promise<boolean> {
  let url: URL
  try {
    url = new URL(logoUrl)
  } catch {
    return false
  }
  if (!isLogoUrl(url)) return false
  const request = new Request(url.href, {
    mode: 'no-cors',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  })
  const [response, done] = strategy.handleAll({ request, event })
  const [answered] = await Promise.allSettled([response, done])
  return answered.status === 'fulfilled' && isCacheableLogoResponse(answered.value)
}
