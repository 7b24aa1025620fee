/**
 * Wires the API client's events to the app: the 401 reaction (docs/api-requests.md), reachability
 * for the connection banner, and other tabs signing out or being wiped.
 */
import { paths, sessionEndReasonOf } from '../config/paths'
import {
  catchUpWithSessionEnds,
  forgetSessionInThisTab,
  wipeSession,
} from '../features/auth/session'
import {
  reportApiReachable,
  reportApiUnreachable,
} from '../features/pwa/connection/connection-status'
import { setApiEventHandlers } from '../lib/api-events'
import { readValue, subscribeToTokenChanges } from '../lib/storage'
import { tenantFromPathname } from '../contract/tenants'
import { initialRedirect } from './tenant-route'
import { SESSION_CHANGED } from './session-rules'
import type { AppRouter } from './router'

/**
 * Opens the sign-in screen `to` (`/login?…` or a hospital's) once a session has ended, replacing
 * the screen left. The routing rules resolve `/login` here, not in a redirect, and the navigation
 * says the session changed, so the router reads it again: the layout then shows nobody signed in, even when
 * the hospital stays the same (`/main/admin` → `/main/login`).
 */
function openSignInAfterSessionEnd(router: AppRouter, to: string): void {
  const url = new URL(to, window.location.origin)
  void router.navigate(initialRedirect(url) ?? to, { replace: true, state: SESSION_CHANGED })
}

export function connectSessionEvents(router: AppRouter): () => void {
  catchUpWithSessionEnds()
  setApiEventHandlers({
    onUnauthorized: (code) => {
      void wipeSession()
      // The tenant is wiped too, so the routing rules turn this into `/main/login`; the URL
      // carries the way back to the hospital and screen the session expired on, and why it
      // ended when the account or its hospital was disabled.
      const { pathname, search } = router.state.location
      const tenant = tenantFromPathname(pathname)
      openSignInAfterSessionEnd(
        router,
        paths.sessionExpired(
          tenant,
          tenant === null ? null : pathname + search,
          sessionEndReasonOf(code),
        ),
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

  // Another tab signed in: the router reads the session again.
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
    openSignInAfterSessionEnd(
      router,
      wasSignedOut
        ? paths.login(tenant)
        : paths.sessionExpired(tenant, tenant === null ? null : pathname + search),
    )
  })
  return () => {
    unsubscribe()
    window.removeEventListener('pageshow', onPageShow)
  }
}
