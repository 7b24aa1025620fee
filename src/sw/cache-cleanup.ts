/**
 * Deletes the caches an older version of this worker left behind (a renamed runtime cache, a
 * `-v1` replaced by `-v2`). Only names with the app's prefix are touched: other apps on the
 * origin, if any, keep theirs.
 */
import { CACHE_PREFIX } from '../config/cache-names'

/** Deletes every `clinica-pwa…` cache not in `currentNames`; resolves with the deleted names. */
export async function deleteUnusedCaches(
  cacheStorage: CacheStorage,
  currentNames: readonly string[],
): Promise<string[]> {
  const names = await cacheStorage.keys()
  const unused = names.filter(
    (name) => name.startsWith(CACHE_PREFIX) && !currentNames.includes(name),
  )
  await Promise.all(unused.map((name) => cacheStorage.delete(name)))
  return unused
}
