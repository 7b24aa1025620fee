/**
 * Recovery from a stale deploy: a page built before a new version asks for a chunk that no longer
 * exists. One reload fetches the new build; a guard in sessionStorage makes sure a chunk that is
 * really broken shows the error screen instead of reloading forever.
 */
import { readSessionValue, writeSessionValue } from '../../../lib/storage'

/** sessionStorage key holding when the last recovery reload happened. */
export const CHUNK_RELOAD_SESSION_KEY = 'clinica-pwa:chunk-reload-at'
/** No second recovery reload within this time: the first one did not help. */
export const CHUNK_RELOAD_GUARD_MS = 60_000

// Chromium, Safari, Firefox, and Vite's own CSS preload failure.
const CHUNK_ERROR_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /importing a module script failed/i,
  /error loading dynamically imported module/i,
  /unable to preload css/i,
]

/** True when `error` means a lazily loaded module (a route chunk) could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null && 'message' in error
        ? String(error.message)
        : ''
  return CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(message))
}

export interface ChunkReloadEnvironment {
  now: () => number
  isOnline: () => boolean
  /**
   * The URL of the screen a navigation in progress is opening, or null. Its chunk is usually the
   * one that failed: the user clicked a link, and the recovery must take them there.
   */
  pendingUrl: () => string | null
  /** Loads the page afresh at `url`, or reloads the current one when `url` is null. */
  reload: (url: string | null) => void
  readValue: (key: string) => string | null
  writeValue: (key: string, value: string) => void
}

/**
 * Loads `url` when it is on this page's origin (a path the router built), else reloads the
 * current page: the recovery never leaves the origin, whatever it is given.
 */
export function reloadAt(
  url: string | null,
  location: Pick<Location, 'href' | 'origin' | 'assign' | 'reload'>,
): void {
  let target: URL | null = null
  try {
    target = url === null ? null : new URL(url, location.href)
  } catch {
    target = null
  }
  if (target !== null && target.origin === location.origin) location.assign(target.href)
  else location.reload()
}

const browserEnvironment: ChunkReloadEnvironment = {
  now: () => Date.now(),
  isOnline: () => navigator.onLine,
  pendingUrl: () => null,
  reload: (url) => {
    reloadAt(url, window.location)
  },
  readValue: readSessionValue,
  writeValue: writeSessionValue,
}

/**
 * Reloads the page to recover from a chunk load error, at the screen being opened if a navigation
 * is in progress, unless offline (a reload would fail too) or a recovery reload already happened
 * in the last minute. Returns whether it reloads.
 */
export function reloadAfterChunkError(overrides: Partial<ChunkReloadEnvironment> = {}): boolean {
  const environment = { ...browserEnvironment, ...overrides }
  if (!environment.isOnline()) return false
  const now = environment.now()
  const lastReloadAt = Number(environment.readValue(CHUNK_RELOAD_SESSION_KEY))
  if (lastReloadAt > 0 && now - lastReloadAt >= 0 && now - lastReloadAt < CHUNK_RELOAD_GUARD_MS) {
    return false
  }
  environment.writeValue(CHUNK_RELOAD_SESSION_KEY, String(now))
  environment.reload(environment.pendingUrl())
  return true
}

/**
 * Reloads once when Vite fails to preload a chunk (`vite:preloadError`); when it does not
 * reload, the error goes on to the route's error screen. Returns the uninstall function.
 */
export function installChunkLoadRecovery(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  overrides: Partial<ChunkReloadEnvironment> = {},
): () => void {
  const onPreloadError = (event: Event) => {
    // preventDefault keeps Vite from rethrowing: the page is going away anyway.
    if (reloadAfterChunkError(overrides)) event.preventDefault()
  }
  target.addEventListener('vite:preloadError', onPreloadError)
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError)
  }
}
