/**
 * Wires the API client's events to the app: the 401 reaction (SPEC §8), reachability for the
 * connection banner, and other tabs signing out or being wiped.
 */
import { paths, sessionEndReasonOf } from '../config/paths'
import { forgetSessionInThisTab, wipeSession } from '../features/auth/session'
import { reportApiReachable, reportApiUnreachable } from '../features/pwa/connection-status'
import { api } from '../lib/api'
import { readValue, subscribeToTokenChanges } from '../lib/storage'
import { tenantFromPathname } from '../contract/tenants'
import type { AppRouter } from './router'

export function connectSessionEvents(router: AppRouter): () => void {
  api.setEventHandlers({
    onUnauthorized: (code) => {
      void wipeSession()
      // The tenant is wiped too, so the routing rules turn this into `/main/login`; the URL
      // carries the way back to the hospital and screen the session expired on, and why it
      // ended when the account or its hospital was disabled.
      const { pathname, search } = router.state.location
      const tenant = tenantFromPathname(pathname)
      void router.navigate(
        paths.sessionExpired(
          tenant,
          tenant === null ? null : pathname + search,
          sessionEndReasonOf(code),
        ),
        { replace: true },
      )
    },
    onReachable: reportApiReachable,
    onUnreachable: reportApiUnreachable,
  })

  // A page restored from the back/forward cache shows what it showed when left; the session may
  // have ended since (here or in another tab): read it again before anyone sees the old user.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void router.revalidate()
  }
  window.addEventListener('pageshow', onPageShow)

  const unsubscribe = subscribeToTokenChanges((token) => {
    if (token !== null) {
      void router.revalidate()
      return
    }
    // Another tab signed out (tenant kept: stay on this tab's hospital) or was wiped (tenant
    // gone): a wiped session is told like in the tab that met the 401, with its own way back, so
    // the person sees why whichever tab they were using.
    forgetSessionInThisTab()
    const { pathname, search } = router.state.location
    const tenant = tenantFromPathname(pathname)
    const wasSignedOut = readValue('tenant') !== null && tenant !== null
    void router.navigate(
      wasSignedOut
        ? paths.login(tenant)
        : paths.sessionExpired(tenant, tenant === null ? null : pathname + search),
      { replace: true },
    )
  })
  return () => {
    unsubscribe()
    window.removeEventListener('pageshow', onPageShow)
  }
}
