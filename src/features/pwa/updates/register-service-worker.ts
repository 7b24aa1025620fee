/**
 * Registers the service worker (production builds only) and exposes what the page needs from it:
 * whether a new version waits and what it changes (for the update prompt), accepting it (one
 * reload, once the new worker controls the page), and the worker's `BRANDING_UPDATED` messages.
 */
import { appVersion, isProductionBuild } from '../../../config/env'
import { isBrandingUpdatedMessage, SW_MESSAGES } from '../../../config/sw-messages'
import type { ReleaseNotes } from '../../../contract/release-notes'
import { isInstalledApp } from '../display-mode'
import { fetchWaitingReleaseNotes } from './release-notes'

export interface ServiceWorkerUpdateState {
  isUpdateWaiting: boolean
  /** What the waiting version changes: undefined until read, null when it could not be read. */
  releaseNotes?: ReleaseNotes | null
}

/** What workbox-window tells about a worker taking control of the page. */
export interface ControllingEvent {
  /** False when the first install claimed a page that was not controlled yet. */
  isUpdate?: boolean
}

/** The part of workbox-window's `Workbox` used here. */
export interface WorkboxLike {
  addEventListener(type: 'waiting', listener: () => void): void
  addEventListener(type: 'controlling', listener: (event: ControllingEvent) => void): void
  register(): Promise<unknown>
  update(): Promise<unknown>
  messageSkipWaiting(): void
  messageSW(data: object): Promise<unknown>
}

export interface ServiceWorkerControllerOptions {
  createWorkbox: () => WorkboxLike
  /** `navigator.serviceWorker`, where the worker's messages arrive. */
  getContainer: () => Pick<ServiceWorkerContainer, 'addEventListener' | 'startMessages'> | null
  reload: () => void
  /** Every URL the page has fetched so far (Resource Timing). */
  listLoadedUrls?: () => string[]
  /** A kiosk may never reload: it still looks for a new version this often. */
  updateCheckIntervalMs?: number
  /** The waiting version's release notes (from the newest build on the server). */
  fetchReleaseNotes?: () => Promise<ReleaseNotes | null>
  /**
   * Calls its listener whenever the app comes back to the foreground; returns the unsubscribe.
   * An installed app on iOS is rarely reloaded (it resumes from memory), so it looks for a new
   * version then, rather than only once an hour.
   */
  onForeground?: (listener: () => void) => () => void
  /** True when running as an installed app (standalone), where the foreground check applies. */
  isInstalled?: () => boolean
}

export interface ServiceWorkerController {
  register: () => void
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => ServiceWorkerUpdateState
  /** Activates the waiting version; the page reloads once, when the new worker controls it. */
  acceptUpdate: () => void
  /**
   * Looks for a new version when the last look is older than `UPDATE_CHECK_ON_NAVIGATION_MS`:
   * called on every in-app navigation, so an open tab learns of a release within minutes of
   * being used, not an hour later.
   */
  checkOnNavigation: () => void
  onBrandingUpdated: (listener: (tenant: string, answer: unknown) => void) => () => void
}

const HOUR_MS = 60 * 60 * 1000
/** A navigation looks for a new version when the last look is older than this. */
export const UPDATE_CHECK_ON_NAVIGATION_MS = 5 * 60 * 1000

export function createServiceWorkerController({
  createWorkbox,
  getContainer,
  reload,
  listLoadedUrls = () => [],
  updateCheckIntervalMs = HOUR_MS,
  fetchReleaseNotes = () => Promise.resolve(null),
  onForeground = () => () => undefined,
  isInstalled = () => false,
}: ServiceWorkerControllerOptions): ServiceWorkerController {
  const listeners = new Set<() => void>()
  const brandingListeners = new Set<(tenant: string, answer: unknown) => void>()
  let state: ServiceWorkerUpdateState = { isUpdateWaiting: false }
  let workbox: WorkboxLike | null = null
  let isReloadRequested = false
  let hasReloaded = false
  let lastCheckAt = 0

  function checkForUpdate() {
    if (!workbox) return
    lastCheckAt = Date.now()
    workbox.update().catch(() => undefined)
  }

  function setState(next: ServiceWorkerUpdateState) {
    if (
      next.isUpdateWaiting === state.isUpdateWaiting &&
      next.releaseNotes === state.releaseNotes
    ) {
      return
    }
    state = next
    for (const listener of listeners) listener()
  }

  function onMessage(event: MessageEvent) {
    if (!isBrandingUpdatedMessage(event.data)) return
    for (const listener of brandingListeners) listener(event.data.tenant, event.data.answer)
  }

  return {
    register() {
      if (workbox) return
      const instance = createWorkbox()
      workbox = instance
      instance.addEventListener('waiting', () => {
        setState({ isUpdateWaiting: true })
        void fetchReleaseNotes().then((releaseNotes) => {
          if (state.isUpdateWaiting) setState({ isUpdateWaiting: true, releaseNotes })
        })
      })
      instance.addEventListener('controlling', (event) => {
        // Also fired when the first install claims the page, or another tab accepted the update:
        // only the tab whose user accepted reloads, and only once.
        if (isReloadRequested && !hasReloaded) {
          hasReloaded = true
          reload()
          return
        }
        if (event.isUpdate === false) {
          // The first install: what this page fetched before (its hospital's branding, whose
          // logo comes with it) went past the worker. Its routes keep what they would have kept,
          // so an offline start right after a first visit is branded too. Workbox's recipe:
          // https://developer.chrome.com/docs/workbox/modules/workbox-window#cache-urls
          instance
            .messageSW({
              type: SW_MESSAGES.cacheUrls,
              payload: { urlsToCache: listLoadedUrls() },
            })
            .catch(() => undefined)
        }
        setState({ isUpdateWaiting: false })
      })
      const container = getContainer()
      container?.addEventListener('message', onMessage)
      container?.startMessages()
      // Without a worker the app still works online; there is nothing to tell the user.
      instance.register().catch(() => undefined)
      // Registering fetches the worker script: that is a look for a new version too.
      lastCheckAt = Date.now()
      setInterval(checkForUpdate, updateCheckIntervalMs)
      onForeground(() => {
        if (isInstalled()) checkForUpdate()
      })
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },

    getSnapshot: () => state,

    acceptUpdate() {
      if (!workbox || !state.isUpdateWaiting || isReloadRequested) return
      isReloadRequested = true
      workbox.messageSkipWaiting()
    },

    checkOnNavigation() {
      if (Date.now() - lastCheckAt > UPDATE_CHECK_ON_NAVIGATION_MS) checkForUpdate()
    },

    onBrandingUpdated(listener) {
      brandingListeners.add(listener)
      return () => {
        brandingListeners.delete(listener)
      }
    },
  }
}

/**
 * A Workbox whose code (workbox-window) is fetched only when the worker is registered, after the
 * first screen has rendered: no first visit waits for it. Calls made before it arrives are
 * replayed in order.
 */
function createDeferredWorkbox(): WorkboxLike {
  const workbox = import('workbox-window').then(
    ({ Workbox }) => new Workbox('/sw.js', { scope: '/' }),
  )
  return {
    addEventListener(type: 'waiting' | 'controlling', listener: (event: ControllingEvent) => void) {
      void workbox.then((instance) => {
        instance.addEventListener(type, listener)
      })
    },
    register: () => workbox.then((instance) => instance.register()),
    update: () => workbox.then((instance) => instance.update()),
    messageSkipWaiting() {
      void workbox.then((instance) => {
        instance.messageSkipWaiting()
      })
    },
    messageSW: (data) => workbox.then((instance) => instance.messageSW(data)),
  }
}

/** The app's one controller (the worker lives at the root and controls every tenant). */
export const serviceWorkerController: ServiceWorkerController = createServiceWorkerController({
  createWorkbox: createDeferredWorkbox,
  getContainer: () => ('serviceWorker' in navigator ? navigator.serviceWorker : null),
  reload: () => {
    window.location.reload()
  },
  listLoadedUrls: () =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => /^https?:/.test(url)),
  fetchReleaseNotes: () => fetchWaitingReleaseNotes(appVersion),
  onForeground: (listener) => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') listener()
    }
    document.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange)
    }
  },
  isInstalled: isInstalledApp,
})

/** Registers the worker in production builds of browsers that support it; otherwise a no-op. */
export function registerServiceWorker(): void {
  if (isProductionBuild && 'serviceWorker' in navigator) serviceWorkerController.register()
}

/**
 * Calls `listener(tenant, answer)` when the worker has a changed `verHospitales` answer for
 * `tenant`, so the open page applies it without fetching it again. Returns the unsubscribe.
 */
export function onBrandingUpdated(listener: (tenant: string, answer: unknown) => void): () => void {
  return serviceWorkerController.onBrandingUpdated(listener)
}
