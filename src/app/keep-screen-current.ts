/**
 * What keeps the screen current once it is shown, loaded after the first screen (which starts
 * from the HTML): branding learnt between navigations shows at once, and what an outage kept
 * from loading is asked for again when the API is reachable.
 */
import { connectionMonitor } from '../features/pwa/connection/connection-status'
import { knownBranding, subscribeToKnownBranding } from '../features/tenant/known-branding'
import { connectReconnectRecovery } from './reconnect-recovery'
import type { AppRouter } from './router'
import { isSessionAwaitingVerification } from './session-rules'
import { refreshBranding, TENANT_ROUTE_ID, type TenantRouteData } from './tenant-route'

function shownTenantData(router: AppRouter): TenantRouteData | undefined {
  return router.state.loaderData[TENANT_ROUTE_ID] as TenantRouteData | undefined
}

/**
 * Shows branding learnt between navigations for the hospital on screen (its answer arrived, the
 * worker passed a fresher one, a reconnect loaded it): the router loads the hospital's route
 * alone, with nothing fetched, once nothing else is under way (a load may not have seen it).
 * What was learnt before this code loaded is shown as it connects.
 */
export function showKnownBranding(router: AppRouter): () => void {
  let isWaiting = false
  // A revalidation would interrupt a load or a form's submission under way (a sign-in's redirect
  // included): the branding waits for the router to be idle.
  const isBusy = () => {
    const { navigation, revalidation, fetchers } = router.state
    return (
      navigation.state !== 'idle' ||
      revalidation !== 'idle' ||
      [...fetchers.values()].some((fetcher) => fetcher.state !== 'idle')
    )
  }
  const show = () => {
    // What is under way may bring another hospital, or have read the branding before it changed:
    // compared once it is done.
    isWaiting = isBusy()
    if (isWaiting) return
    const shown = shownTenantData(router)
    if (shown && knownBranding(shown.tenant) !== shown.branding) void router.revalidateBranding()
  }
  const stopKnown = subscribeToKnownBranding(show)
  const stopRouter = router.subscribe(() => {
    if (isWaiting && !isBusy()) show()
  })
  show()
  return () => {
    stopKnown()
    stopRouter()
  }
}

/** Everything above, for the page's router, connected once after the first screen. */
export function keepScreenCurrent(router: AppRouter): () => void {
  const stopShowing = showKnownBranding(router)
  // After an outage, the hospital's branding is asked for again (a load it interrupted, even
  // behind the branding the HTML was painted with: a kiosk started offline gets its colours and
  // logo without anyone touching it), and a session read offline is confirmed (or ended by a
  // 401) as soon as the API answers.
  const stopRecovery = connectReconnectRecovery(connectionMonitor, async () => {
    const shown = shownTenantData(router)
    if (!shown) return
    refreshBranding(shown.tenant)
    if (await isSessionAwaitingVerification(shown)) await router.revalidate()
  })
  return () => {
    stopShowing()
    stopRecovery()
  }
}
