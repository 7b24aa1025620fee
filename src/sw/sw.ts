/**
 * The service worker entry: it only wires. Behaviour lives in the sibling modules, each tested.
 * Routes are matched in registration order; anything no route matches (every other `/api/`
 * call, POSTs, other hosts' scripts) goes to the network untouched and is never cached.
 * The same routes answer `CACHE_URLS` messages (workbox-routing's default router listens for
 * them): what a first visit fetched before this worker controlled the page.
 */
import { cacheNames, setCacheNameDetails } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { createAssetStrategy, isBuildAssetRequest } from './asset-route'
import { CACHE_NAMES, CACHE_PREFIX } from '../config/cache-names'
import { readBranding, writeBranding } from '../shared/branding-db'
import {
  createBrandingStrategy,
  isHospitalesRequest,
  notifyBrandingUpdated,
} from './branding-route'
import {
  createIconStrategy,
  isProductIconRequest,
  isTenantIconRequest,
  warmTenantIcons,
} from './icon-route'
import { installLifecycleHandlers } from './lifecycle'
import { createLogoStrategy, isLogoRequest, warmLogoCache } from './logo-route'
import {
  BASE_MANIFEST_URL,
  createManifestHandler,
  isTenantManifestRequest,
  readBaseManifestFrom,
} from './manifest-route'
import { repairPrecache } from './precache-repair'
import {
  createShellNavigationHandler,
  isShellNavigation,
  NAVIGATION_BRANDING_TIMEOUT_MS,
} from './navigation-route'
import { handleOutboxSync } from './outbox-sync'
import {
  openNotificationTarget,
  readPushData,
  renewSubscription,
  showPushNotification,
} from './push-notifications'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[]
}

// Before anything opens a cache: every name, Workbox's precache included, gets the app prefix.
setCacheNameDetails({ prefix: CACHE_PREFIX })

installLifecycleHandlers(self, {
  currentCacheNames: () => [cacheNames.precache, ...Object.values(CACHE_NAMES)],
})

// Care writes kept offline, sent when the browser says the connection is back.
self.addEventListener('sync', (event) => {
  handleOutboxSync(event as ExtendableEvent & { tag: string })
})

// Web Push ("Activar avisos"): show, open the pushed screen, keep the subscription alive.
self.addEventListener('push', (event) => {
  event.waitUntil(showPushNotification(self.registration, readPushData(event.data)))
})
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(
    openNotificationTarget(self.clients, event.notification.data, self.location.origin),
  )
})
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & { oldSubscription?: PushSubscription | null }
  change.waitUntil(renewSubscription(self.registration.pushManager, change, self.clients))
})

// The app shell: HTML, icons, the manifest, and the scripts and styles of every screen but the
// staff's (scripts/precache-scope.ts), from the build (named once: the build injects the list at
// the one place it finds it).
const PRECACHE_ENTRIES = self.__WB_MANIFEST
precacheAndRoute(PRECACHE_ENTRIES)
cleanupOutdatedCaches()

// After the precache route: the staff screens' scripts and styles, kept on first use.
registerRoute(isBuildAssetRequest, createAssetStrategy())

registerRoute(
  isTenantManifestRequest,
  createManifestHandler({
    readBranding: (tenant) => readBranding(tenant),
    readBaseManifest: () => readBaseManifestFrom(matchPrecache(BASE_MANIFEST_URL)),
  }),
)

const logoStrategy = createLogoStrategy()
const iconStrategy = createIconStrategy()

registerRoute(
  isHospitalesRequest,
  createBrandingStrategy({
    notify: (tenant, answer) => notifyBrandingUpdated(self.clients, tenant, answer),
    warmLogo: (logoUrl, event) => warmLogoCache(logoStrategy, logoUrl, event),
    store: { write: writeBranding },
    warmIcons: (tenant, event, options) => warmTenantIcons(iconStrategy, tenant, event, options),
  }),
)

// Before the logo route, which takes any image: a hospital's icons follow its branding, and the
// product's own (left out of the precache) are kept beside them.
registerRoute(isTenantIconRequest, iconStrategy)
registerRoute(isProductIconRequest, iconStrategy)

registerRoute(isLogoRequest, logoStrategy)

registerRoute(
  isShellNavigation,
  createShellNavigationHandler({
    matchPrecached: (shellUrl) => matchPrecache(shellUrl),
    readBranding: (tenant) => readBranding(tenant, { timeoutMs: NAVIGATION_BRANDING_TIMEOUT_MS }),
    repairPrecache: () =>
      repairPrecache({
        cacheName: cacheNames.precache,
        cacheKeys: PRECACHE_ENTRIES.flatMap((entry) => {
          const url = new URL(typeof entry === 'string' ? entry : entry.url, self.location.href)
          return getCacheKeyForURL(url.href) ?? []
        }),
      }),
  }),
)
