/** Messages between the page and the service worker. */
export const SW_MESSAGES = {
  /** Page → worker: the user accepted the update; activate the waiting worker. */
  skipWaiting: 'SKIP_WAITING',
  /**
   * Page → worker: `{ type, payload: { urlsToCache } }`, URLs the page fetched before the worker
   * controlled it; Workbox's router runs them through its routes (workbox-routing).
   */
  cacheUrls: 'CACHE_URLS',
  /**
   * Worker → pages: a fresher `verHospitales` answer for `tenant` is in the cache; `answer` is its
   * body, which the pages apply at once (no second fetch).
   */
  brandingUpdated: 'BRANDING_UPDATED',
  /**
   * Worker → pages: the browser renewed this device's push subscription (`pushsubscriptionchange`);
   * the page hands the new one to the server with its session, and forgets `anterior`.
   */
  pushSubscriptionChanged: 'PUSH_SUBSCRIPTION_CHANGED',
} as const

export interface PushSubscriptionChangedMessage {
  type: typeof SW_MESSAGES.pushSubscriptionChanged
  /** The endpoint the browser dropped, or null when it did not say. */
  anterior: string | null
}

export interface BrandingUpdatedMessage {
  type: typeof SW_MESSAGES.brandingUpdated
  tenant: string
  /** The answer's JSON body: the page checks it by its own rules, as if it had fetched it. */
  answer: unknown
}

/** True for a well-formed `BRANDING_UPDATED` message (messages are checked, never trusted). */
export function isBrandingUpdatedMessage(data: unknown): data is BrandingUpdatedMessage {
  if (typeof data !== 'object' || data === null) return false
  const { type, tenant } = data as Partial<Record<keyof BrandingUpdatedMessage, unknown>>
  return type === SW_MESSAGES.brandingUpdated && typeof tenant === 'string' && tenant !== ''
}

/**
 * Header the worker adds to an API answer it served from its cache (stale-while-revalidate):
 * such an answer proves nothing about the API being reachable.
 */
export const SW_CACHE_HEADER = 'X-Clinica-Cache'

/** True when `response` came from the worker's cache rather than from the API. */
export function isServedFromWorkerCache(response: Pick<Response, 'headers'>): boolean {
  return response.headers.get(SW_CACHE_HEADER) === 'hit'
}
