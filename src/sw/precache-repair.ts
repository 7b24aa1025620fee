/**
 * Puts back what is missing from the precache. Workbox fills it once, at install, and repairs an
 * entry only when the build recorded its integrity hash; when someone clears site data by hand
 * (or the browser evicts part of it), every navigation would fall back to the network and the
 * app would stay unusable offline until the next release. One pass re-fetches each missing entry
 * (bypassing the HTTP cache) under its precache key.
 */

export interface PrecacheRepairDependencies {
  cacheName: string
  /** The precache keys (URL with Workbox's revision parameter) the build listed. */
  cacheKeys: readonly string[]
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

/** Re-adds every missing entry it can fetch; resolves to how many it put back. Never throws. */
export async function repairPrecache({
  cacheName,
  cacheKeys,
  fetch: fetchFromNetwork = (url, init) => fetch(url, init),
}: PrecacheRepairDependencies): Promise<number> {
  let repaired = 0
  try {
    const cache = await caches.open(cacheName)
    for (const cacheKey of cacheKeys) {
      if (await cache.match(cacheKey)) continue
      try {
        const response = await fetchFromNetwork(cacheKey, { cache: 'reload' })
        if (!response.ok) continue
        await cache.put(cacheKey, response)
        repaired += 1
      } catch {
        // Offline or refused: the next navigation tries again.
      }
    }
  } catch {
    // Storage unavailable or full: the app still works online; nothing to repair into.
  }
  return repaired
}
