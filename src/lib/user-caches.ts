/** Removes every Cache Storage entry that may hold user data, keeping the public ones. */
import { isPublicCacheName } from '../config/cache-names'

export async function deleteUserCaches(): Promise<void> {
  if (!('caches' in globalThis)) return
  try {
    const names = await caches.keys()
    await Promise.all(
      names.filter((name) => !isPublicCacheName(name)).map((name) => caches.delete(name)),
    )
  } catch {
    // Cache Storage unavailable (opaque origin, disabled): there is nothing to remove.
  }
}
