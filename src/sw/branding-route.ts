/**
 * `verHospitales` answers: stale-while-revalidate, so a repeat visit is branded at once (also
 * offline) and refreshed in the background. When the refreshed answer differs from the one the
 * page was given, the open pages are told to apply it again.
 */
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { StaleWhileRevalidate } from 'workbox-strategies'
import { API_PATHS } from '../config/api-paths'
import { CACHE_NAMES } from '../config/cache-names'
import { SW_CACHE_HEADER, SW_MESSAGES, type BrandingUpdatedMessage } from '../config/sw-messages'

/** One entry per tenant visited on this device; far more than a kiosk or a phone will see. */
export const BRANDING_MAX_ENTRIES = 50

/** `GET …/api/hospitales?…` on any origin: the API base URL may be another host. */
export function isHospitalesRequest({
  request,
  url,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url'>): boolean {
  return request.method === 'GET' && url.pathname === API_PATHS.hospitales
}

/** Posts `BRANDING_UPDATED` for `tenant` to every window this worker controls. */
export async function notifyBrandingUpdated(clients: Clients, tenant: string): Promise<void> {
  const message: BrandingUpdatedMessage = { type: SW_MESSAGES.brandingUpdated, tenant }
  const windows = await clients.matchAll({ type: 'window' })
  for (const client of windows) client.postMessage(message)
}

async function readBody(response: Response): Promise<string | null> {
  try {
    return await response.text()
  } catch {
    return null
  }
}

/**
 * Calls `notify(tenant)` when a fresh answer replaces a cached one with a different body.
 * The first answer for a tenant notifies nobody: the page got that very answer from the network.
 */
export function createBrandingChangedPlugin(
  notify: (tenant: string) => Promise<void> | void,
): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ oldResponse, newResponse, request }) => {
      if (!oldResponse) return
      const tenant = new URL(request.url).searchParams.get('tenant')
      if (!tenant) return
      const [previous, next] = await Promise.all([readBody(oldResponse), readBody(newResponse)])
      if (previous !== next) await notify(tenant)
    },
  }
}

/**
 * A copy of a cached answer marked with `X-Clinica-Cache: hit` (exposed to CORS readers too), so
 * the page does not count it as the API answering.
 */
export function markServedFromCache(response: Response): Response {
  if (response.type === 'opaque') return response
  const headers = new Headers(response.headers)
  headers.set(SW_CACHE_HEADER, 'hit')
  const exposed = headers.get('Access-Control-Expose-Headers')
  headers.set(
    'Access-Control-Expose-Headers',
    exposed ? `${exposed}, ${SW_CACHE_HEADER}` : SW_CACHE_HEADER,
  )
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

const markCachedAnswersPlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: ({ cachedResponse }) =>
    Promise.resolve(cachedResponse ? markServedFromCache(cachedResponse) : null),
}

/** The strategy for `verHospitales`; only 200 answers are kept. */
export function createBrandingStrategy(notify: (tenant: string) => Promise<void> | void) {
  return new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.branding,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: BRANDING_MAX_ENTRIES }),
      createBrandingChangedPlugin(notify),
      markCachedAnswersPlugin,
    ],
  })
}
