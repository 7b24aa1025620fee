/** The only module with side effects at import: start-up, render, worker registration. */
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { connectReconnectRecovery } from './app/reconnect-recovery'
import {
  isSessionAwaitingVerification,
  TENANT_LAYOUT_ID,
  type TenantLayoutData,
} from './app/layouts/tenant-layout-data'
import { prepareHydration } from './app/hydration'
import { ReleaseKeptPress } from './app/ReleaseKeptPress'
import { createAppRouter, routes } from './app/router'
import { connectSessionEvents } from './app/session-events'
import { isKioskMode, showKioskMode } from './features/auth/kiosk-mode'
import { startOutboxReplay } from './features/care/outbox'
import { hasSessionToken } from './features/auth/session'
import { PRERENDERED_ATTRIBUTE } from './contract/app-shell'
import { installChunkLoadRecovery } from './features/pwa/chunk-reload'
import { connectionMonitor } from './features/pwa/connection-status'
import { installPrompt } from './features/pwa/install-prompt'
import {
  onBrandingUpdated,
  registerServiceWorker,
  serviceWorkerController,
} from './features/pwa/register-service-worker'
import { requestPersistentStorageWhenInstalled } from './features/pwa/storage-persistence'
import {
  applyBrandingAnswer,
  initBrandingFromDocument,
  retryInterruptedBranding,
} from './features/tenant/branding-controller'
import { startTenant, TENANT_GATE_ID } from './features/tenant/tenant-gate'
import './app/styles.css'
import './app/kiosk.css'

// The routing rules see the hash only here: loaders get no hash (`/login#x` → `/main/login#x`).
// The tenant is worked out here once; the router starts from it.
const start = startTenant(window.location)
const { redirectTo } = start
if (redirectTo !== null) window.history.replaceState(null, '', redirectTo)
const startingData = { [TENANT_GATE_ID]: start.data }

// Chromium sends its install offer once, possibly before React mounts: it is kept from here.
installPrompt.listen(window)

initBrandingFromDocument(document, start.data.tenant)
showKioskMode(document.documentElement, isKioskMode())

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
// A screen the build rendered into the HTML is taken over where it stands (what was typed
// stays), unless the URL changed or someone is signed in here: it shows what a signed-out
// visitor sees, so those render afresh.
const hydrationData =
  redirectTo === null && container.hasAttribute(PRERENDERED_ATTRIBUTE) && !hasSessionToken()
    ? await prepareHydration(routes, window.location, startingData)
    : null
const router = createAppRouter(hydrationData ?? { loaderData: startingData })
connectSessionEvents(router)
// An open tab in use learns of a new version within minutes, not at the next hourly look.
let lastLocation = router.state.location
router.subscribe(({ location }) => {
  if (location === lastLocation) return
  lastLocation = location
  serviceWorkerController.checkOnNavigation()
})
installChunkLoadRecovery(window, {
  // A screen whose chunk is gone (a newer deploy) is opened afresh, not the one left behind.
  pendingUrl: () => {
    const { location } = router.state.navigation
    return location ? router.createHref(location) : null
  },
})

connectReconnectRecovery(connectionMonitor, async () => {
  await retryInterruptedBranding()
  // A session read offline is confirmed (or ended by a 401) as soon as the API answers.
  const layout = router.state.loaderData[TENANT_LAYOUT_ID] as TenantLayoutData | undefined
  if (await isSessionAwaitingVerification(layout)) {
    await router.revalidate()
  }
})

// Care writes kept offline go out when the connection or the user comes back.
startOutboxReplay()

// The worker's fresher answer for the hospital on screen, applied as it is (no second fetch).
onBrandingUpdated(applyBrandingAnswer)

const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <ReleaseKeptPress />
  </StrictMode>
)
if (hydrationData) hydrateRoot(container, app)
else createRoot(container).render(app)

// The worker (and the code that registers it) waits until the page has loaded: the first
// screen's chunks and the logo never share the network with it.
function startAfterLoad() {
  registerServiceWorker()
  void requestPersistentStorageWhenInstalled()
}
if (document.readyState === 'complete') startAfterLoad()
else window.addEventListener('load', startAfterLoad, { once: true })
