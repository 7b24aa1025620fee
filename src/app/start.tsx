/**
 * The app's start (loaded by `src/main.tsx`): routing rules, render or hydration, worker
 * registration. It runs once, when imported.
 */
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, type HydrationState } from 'react-router-dom'
import { startTenant } from './tenant-route'
import { prepareHydration } from './hydration'
import { createAppQueryClient, followConnection } from './query-client'
import { AfterFirstRender } from './AfterFirstRender'
import { ReleaseKeptPress } from './ReleaseKeptPress'
import { createAppRouter, createRoutes } from './router'
import { connectSessionEvents } from './session-events'
import { hasSessionToken } from '../features/auth/session'
import { refreshBranding } from '../features/tenant/branding-query'
import { PRERENDERED_ATTRIBUTE } from '../contract/app-shell'
import { installChunkLoadRecovery } from '../features/pwa/updates/chunk-reload'
import { connectionMonitor } from '../features/pwa/connection/connection-status'
import type { ServiceWorkerController } from '../features/pwa/updates/register-service-worker'

// The page's one cache of server state: the router's loaders and every screen read through it.
const queryClient = createAppQueryClient()
// What an outage kept from loading is asked for again when the API answers again.
followConnection(connectionMonitor)

// The routing rules see the hash only here: loaders get no hash (`/login#x` → `/main/login#x`).
// The tenant is worked out here once, and the cache seeded with the branding the HTML was painted
// with and the stored session; the router and the first render start from them.
const {
  tenant: startingTenant,
  redirectTo,
  loaderData: startingData,
} = startTenant(window.location, document, queryClient)
if (redirectTo !== null) window.history.replaceState(null, '', redirectTo)
const routes = createRoutes(queryClient, window.location.pathname + window.location.search)

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const isPrerendered =
  redirectTo === null && container.hasAttribute(PRERENDERED_ATTRIBUTE) && !hasSessionToken()
// The worker's controller, once its code has loaded (see `startAfterLoad`).
let serviceWorker: ServiceWorkerController | null = null
// Loading a tenant's branding is not in the first load: its code comes when it is needed.
const loadBrandingController = () => import('../features/tenant/branding-controller')

/**
 * Creates the router and renders the app, taking over the prerendered screen with
 * `hydrationData`. Not awaited at the top level: the screen's chunk imports from the chunk this
 * module is bundled into, which a pending top-level await would keep from ever finishing.
 */
function startApp(root: HTMLElement, hydrationData: HydrationState | null) {
  const router = createAppRouter(routes, hydrationData ?? { loaderData: startingData })
  connectSessionEvents(router, queryClient)
  // An open tab in use learns of a new version within minutes, not at the next hourly look.
  let lastLocation = router.state.location
  router.subscribe(({ location }) => {
    if (location === lastLocation) return
    lastLocation = location
    // Before the worker is registered there is nothing to look for.
    serviceWorker?.checkOnNavigation()
  })
  installChunkLoadRecovery(window, {
    // A screen whose chunk is gone (a newer deploy) is opened afresh, not the one left behind.
    pendingUrl: () => {
      const { location } = router.state.navigation
      return location ? router.createHref(location) : null
    },
  })

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <ReleaseKeptPress />
      {/* The branding the HTML was painted with is asked for again behind the first screen. */}
      <AfterFirstRender
        onRendered={() => {
          refreshBranding(queryClient, startingTenant)
        }}
      />
    </StrictMode>
  )
  if (hydrationData) hydrateRoot(root, app)
  else createRoot(root).render(app)

  // Care writes kept offline go out when the connection or the user comes back: their code
  // loads beside the screen's, not before it. A page that cannot fetch it (the connection
  // dropped while starting, no worker yet) sends them on its next start.
  void import('../features/care/outbox/outbox')
    .then(({ startOutboxReplay }) => startOutboxReplay())
    .catch(() => undefined)
}

// A screen the build rendered into the HTML is taken over where it stands (what was typed
// stays), unless the URL changed or someone is signed in here: it shows what a signed-out
// visitor sees, so those render afresh.
if (isPrerendered) {
  void prepareHydration(routes, window.location, startingData)
    // Data that cannot be prepared means a fresh render, as when a loader must wait.
    .catch(() => null)
    .then((hydrationData) => {
      startApp(container, hydrationData)
    })
} else {
  startApp(container, null)
}

// The worker (and the code that registers it) waits until the page has loaded: the first
// screen's chunks and the logo never share the network with it, nor the first load its code.
function startAfterLoad() {
  void import('../features/pwa/updates/register-service-worker')
    .then((module) => {
      // The worker's fresher answer for the hospital on screen, applied as it is (no second
      // fetch). Its messages start with the registration, after this.
      module.onBrandingUpdated((tenant, answer) => {
        void loadBrandingController().then((branding) => {
          branding.applyBrandingAnswer(queryClient, tenant, answer)
        })
      })
      serviceWorker = module.serviceWorkerController
      module.registerServiceWorker()
    })
    // Without its code there is no worker: the app still works online, as without one.
    .catch(() => undefined)
  void import('../features/pwa/install/storage-persistence')
    .then((module) => module.requestPersistentStorageWhenInstalled())
    .catch(() => undefined)
}
if (document.readyState === 'complete') startAfterLoad()
else window.addEventListener('load', startAfterLoad, { once: true })
