/**
 * `verHospitales` answers: stale-while-revalidate, so a repeat visit is branded at once (also
 * offline) and refreshed in the background. When the refreshed answer differs from the one the
 * page was given, the open pages are told to apply it again. The worker is the one owner of the
 * last known branding on the device: it validates every answer it keeps and stores the result
 * for the shell and the manifest it builds.
 */
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { StaleWhileRevalidate } from 'workbox-strategies'
import { API_PATHS, TOKEN_HEADER } from '../config/api-paths'
import { CACHE_NAMES } from '../config/cache-names'
import { SW_CACHE_HEADER, SW_MESSAGES, type BrandingUpdatedMessage } from '../config/sw-messages'
import { parseHospitalesAnswer, type Branding } from '../contract/branding'
import { DEFAULT_TENANT, tenantFromPathname } from '../contract/tenants'

/** One entry per tenant visited on this device; far more than a kiosk or a phone will see. */
export const BRANDING_MAX_ENTRIES = 50

/**
 * `GET …/api/hospitales?…` on any origin and under any prefix: the API base URL may be another
 * host or a path such as `https://clinica.example/backend` (README, configuration).
 */
export function isHospitalesRequest({
  request,
  url,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url'>): boolean {
  return request.method === 'GET' && url.pathname.endsWith(API_PATHS.hospitales)
}

/** Posts `BRANDING_UPDATED` for `tenant` to every window this worker controls. */
export async function notifyBrandingUpdated(clients: Clients, tenant: string): Promise<void> {
  const message: BrandingUpdatedMessage = { type: SW_MESSAGES.brandingUpdated, tenant }
  const windows = await clients.matchAll({ type: 'window' })
  for (const client of windows) client.postMessage(message)
}

/** The body as text, read from a copy: every plugin sees the same answer. */
async function readBody(response: Response): Promise<string | null> {
  try {
    return await response.clone().text()
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

/** The API base URL a `verHospitales` request went to: what a relative `imagen` resolves against. */
function apiBaseOf(url: URL): string {
  const { pathname } = url
  const prefix = pathname.endsWith(API_PATHS.hospitales)
    ? pathname.slice(0, -API_PATHS.hospitales.length)
    : ''
  return url.origin + prefix
}

/**
 * The branding a `verHospitales` answer gives its tenant, by the very rules the page applies;
 * null when the answer is not valid.
 */
export async function readAnswerBranding(
  request: Request,
  response: Response,
): Promise<Branding | null> {
  const url = new URL(request.url)
  const tenant = url.searchParams.get('tenant')
  const text = tenant ? await readBody(response) : null
  if (tenant === null || text === null) return null
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  const result = parseHospitalesAnswer(body, tenant, apiBaseOf(url))
  return result.ok ? result.branding : null
}

/**
 * The http(s) logo URL of a `verHospitales` answer, by the same rules the page applies; null when
 * the answer has none, is not valid, or holds a `data:` image (nothing to fetch).
 */
export async function readAnswerLogoUrl(
  request: Request,
  response: Response,
): Promise<string | null> {
  const logoUrl = (await readAnswerBranding(request, response))?.logoUrl ?? null
  return logoUrl !== null && /^https?:/i.test(logoUrl) ? logoUrl : null
}

export interface BrandingStore {
  write: (branding: Branding) => Promise<void>
}

/**
 * Every answer kept is validated and stored as the tenant's last known branding: what the shell
 * and the manifest are built from on the next start, online or offline.
 */
export function createBrandingStorePlugin(store: BrandingStore): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ request, newResponse }) => {
      const branding = await readAnswerBranding(request, newResponse)
      if (branding === null) return
      await store.write(branding)
    },
  }
}

export type WarmLogo = (logoUrl: string, event: ExtendableEvent) => Promise<unknown>

/**
 * Every answer kept brings its logo into the logo cache: the page may have shown the logo before
 * the worker controlled it (a first visit), and offline the `<img>` only has that cache.
 */
export function createLogoWarmingPlugin(warmLogo: WarmLogo): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ request, newResponse, event }) => {
      const logoUrl = await readAnswerLogoUrl(request, newResponse)
      if (logoUrl !== null) await warmLogo(logoUrl, event)
    },
  }
}

export type WarmIcons = (
  tenant: string,
  event: ExtendableEvent,
  options: { refresh: boolean },
) => Promise<unknown>

/**
 * Every answer kept brings its hospital's icons into the icon cache: the missing ones, or all of
 * them again when the answer changed (they are drawn from its colours and logo). The product's
 * own tenant has none of its own (the server redirects to the precached icons).
 */
export function createIconWarmingPlugin(warmIcons: WarmIcons): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ request, oldResponse, newResponse, event }) => {
      const tenant = new URL(request.url).searchParams.get('tenant')
      if (
        tenant === null ||
        tenant === DEFAULT_TENANT ||
        tenantFromPathname(`/${encodeURIComponent(tenant)}`) !== tenant
      ) {
        return
      }
      const refresh = oldResponse
        ? (await readBody(oldResponse)) !== (await readBody(newResponse))
        : false
      await warmIcons(tenant, event, { refresh })
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

/** Headers that carry a user's credentials; the page sends its token to the whole API. */
const CREDENTIAL_HEADERS = [TOKEN_HEADER, 'Authorization'] as const

/**
 * `request` without the user's credentials: the key a public answer is stored under. Cache
 * Storage keeps the request's headers, and these caches survive sign-out and the 401 wipe.
 */
export function withoutCredentials(request: Request): Request {
  const headers = new Headers(request.headers)
  for (const name of CREDENTIAL_HEADERS) headers.delete(name)
  return new Request(request.url, { method: request.method, headers })
}

const credentialFreeKeysPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: ({ request }) => Promise.resolve(withoutCredentials(request)),
}

const markCachedAnswersPlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: ({ cachedResponse }) =>
    Promise.resolve(cachedResponse ? markServedFromCache(cachedResponse) : null),
}

export interface BrandingStrategyOptions {
  /** Brings a kept answer's logo into the logo cache (sw.ts wires the logo strategy). */
  warmLogo?: WarmLogo
  /** Where the last known branding of each tenant is kept (sw.ts wires IndexedDB). */
  store?: BrandingStore
  /** Brings a kept answer's hospital icons into the icon cache (sw.ts wires the icon strategy). */
  warmIcons?: WarmIcons
}

/** The strategy for `verHospitales`; only 200 answers are kept, never with the user's token. */
export function createBrandingStrategy(
  notify: (tenant: string) => Promise<void> | void,
  { warmLogo, store, warmIcons }: BrandingStrategyOptions = {},
) {
  return new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.branding,
    plugins: [
      credentialFreeKeysPlugin,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: BRANDING_MAX_ENTRIES }),
      createBrandingChangedPlugin(notify),
      ...(store ? [createBrandingStorePlugin(store)] : []),
      ...(warmLogo ? [createLogoWarmingPlugin(warmLogo)] : []),
      ...(warmIcons ? [createIconWarmingPlugin(warmIcons)] : []),
      markCachedAnswersPlugin,
    ],
  })
}
