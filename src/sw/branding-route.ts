/**
 * `verHospitales` answers: stale-while-revalidate, so a repeat visit is branded at once (also
 * offline) and refreshed in the background. When the refreshed answer differs from the one the
 * page was given, the open pages are given it to apply, with no second fetch. The worker is the one owner of the
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
import { type Branding } from '../contract/branding'
import { parseHospitalesAnswer } from '../contract/branding-answer'
import { DEFAULT_TENANT, tenantFromPathname } from '../contract/tenants'

/** One entry per tenant visited on this device; far more than a kiosk or a phone will see. */
export const BRANDING_MAX_ENTRIES = 50

/**
 * `GET …/api/hospitales?…` on any origin and under any prefix: the API base URL may be another
 * host or a path such as `https://clinica.example/backend` (docs/operations.md, configuration).
 */
export function isHospitalesRequest({
  request,
  url,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url'>): boolean {
  return request.method === 'GET' && url.pathname.endsWith(API_PATHS.hospitales)
}

/** Posts `BRANDING_UPDATED` with the new `answer` for `tenant` to every window it controls. */
export async function notifyBrandingUpdated(
  clients: Clients,
  tenant: string,
  answer: unknown,
): Promise<void> {
  const message: BrandingUpdatedMessage = { type: SW_MESSAGES.brandingUpdated, tenant, answer }
  const windows = await clients.matchAll({ type: 'window' })
  for (const client of windows) client.postMessage(message)
}

/** The body as text, read from a copy (the page is given the response itself). */
async function readBody(response: Response): Promise<string | null> {
  try {
    return await response.clone().text()
  } catch {
    return null
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
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

/** True for a tenant with icons of its own: a valid id, and not the product's (`main`). */
function hasOwnIcons(tenant: string): boolean {
  return (
    tenant !== DEFAULT_TENANT && tenantFromPathname(`/${encodeURIComponent(tenant)}`) === tenant
  )
}

export interface BrandingStore {
  write: (branding: Branding) => Promise<void>
}

export type WarmLogo = (logoUrl: string, event: ExtendableEvent) => Promise<unknown>

export type WarmIcons = (
  tenant: string,
  event: ExtendableEvent,
  options: { refresh: boolean },
) => Promise<unknown>

export interface BrandingAnswerEffects {
  /** Tells the open pages a changed answer (never the first one: the page got that very one). */
  notify: (tenant: string, answer: unknown) => Promise<void> | void
  /** Where the last known branding of each tenant is kept (sw.ts wires IndexedDB). */
  store?: BrandingStore
  /** Brings a kept answer's logo into the logo cache (sw.ts wires the logo strategy). */
  warmLogo?: WarmLogo
  /** Brings a kept answer's hospital icons into the icon cache (sw.ts wires the icon strategy). */
  warmIcons?: WarmIcons
}

/**
 * Everything a kept `verHospitales` answer sets off, from one reading of its body: the branding
 * it gives (by the very rules the page applies) is stored for the shell and the manifest; its
 * logo comes into the logo cache (the page may have shown it before the worker controlled it, and
 * offline the `<img>` only has that cache); its hospital's icons come into the icon cache (all of
 * them again when the answer changed, they are drawn from its colours and logo); and when it
 * differs from the answer it replaces, the open pages are given it to apply.
 */
export function createBrandingAnswerPlugin({
  notify,
  store,
  warmLogo,
  warmIcons,
}: BrandingAnswerEffects): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ request, oldResponse, newResponse, event }) => {
      const url = new URL(request.url)
      const tenant = url.searchParams.get('tenant')
      if (!tenant) return
      const [previous, text] = await Promise.all([
        oldResponse ? readBody(oldResponse) : null,
        readBody(newResponse),
      ])
      if (text === null) return
      const hasChanged = previous !== null && previous !== text
      const answer = parseJson(text)
      const result = parseHospitalesAnswer(answer, tenant, apiBaseOf(url))
      const branding = result.ok ? result.branding : null
      const logoUrl = branding?.logoUrl ?? null
      await Promise.all([
        branding && store?.write(branding),
        // A `data:` logo has nothing to fetch.
        logoUrl !== null && /^https?:/i.test(logoUrl) && warmLogo?.(logoUrl, event),
        hasOwnIcons(tenant) && warmIcons?.(tenant, event, { refresh: hasChanged }),
        hasChanged && notify(tenant, answer),
      ])
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

/** The strategy for `verHospitales`; only 200 answers are kept, never with the user's token. */
export function createBrandingStrategy(effects: BrandingAnswerEffects) {
  return new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.branding,
    plugins: [
      credentialFreeKeysPlugin,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: BRANDING_MAX_ENTRIES }),
      createBrandingAnswerPlugin(effects),
      markCachedAnswersPlugin,
    ],
  })
}
