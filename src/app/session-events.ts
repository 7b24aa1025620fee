/**
 * Wires the API client's events to the app: the 401 reaction (docs/api-requests.md), reachability
 * for the connection banner, and other tabs signing in, signing out or being wiped. A session that
 * ends takes everything read for its user out of the page's cache.
 */
import type { QueryClient } from '@tanstack/react-query'
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
import { SESSION_QUERY_KEY } from '../features/auth/session-query'
import { forgetUserData } from './query-client'
import { initialRedirect } from './tenant-route'
import type { AppRouter } from './router'

/**
 * Opens the sign-in screen `to` (`/login?…` or a hospital's) once a session has ended, replacing
 * the screen left, with nothing of its user left in the cache: the layout shows nobody signed
 * in at once, even when the hospital stays the same (`/main/admin` → `/main/login`). The routing
 * rules resolve `/login` here, not in a redirect.
 */
function openSignInAfterSessionEnd(router: AppRouter, client: QueryClient, to: string): void {
  forgetUserData(client)
  const url = new URL(to, window.location.origin)
  void router.navigate(initialRedirect(url) ?? to, { replace: true })
}

export function connectSessionEvents(router: AppRouter, client: QueryClient): () => void {
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
        client,
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
    if (event.persisted) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
  }
  window.addEventListener('pageshow', onPageShow)

  // Another tab signed in: the session is read again.
  const unsubscribe = subscribeToTokenChanges((token) => {
    if (token !== null) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
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
      client,
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
