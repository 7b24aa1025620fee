/**
 * The signed-in user as the page's cache holds it (`GET /api/me` through `readSession`). It is
 * read at start-up when a token is stored, again on a navigation once over a minute old (an
 * account disabled meanwhile is signed out by then), on focus once stale, after an outage while
 * it could not be confirmed, and at once whenever it no longer matches the token this device
 * holds (a sign-in, a sign-out, a guest's session, another tab's).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { hasSessionToken, readSession, type SessionState } from './session'

/** A session read longer ago than this is read again on the next navigation or focus. */
export const SESSION_RECHECK_MS = 60_000

export const SESSION_QUERY_KEY = ['sesion'] as const

export const SIGNED_OUT: SessionState = { status: 'signed-out' }

export function sessionQuery() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: readSession,
    staleTime: SESSION_RECHECK_MS,
    // One read offline ("sin comprobar") is confirmed, or ended by a 401, as soon as the API is
    // reachable again, however recent it is.
    refetchOnReconnect: (query) => (query.state.data?.status === 'unverified' ? 'always' : true),
  })
}

/**
 * True when the session held says something the stored token contradicts: signed out with a
 * token stored (just signed in) or signed in without one (just signed out, here or elsewhere).
 */
export function isSessionOutOfDate(session: SessionState | undefined): boolean {
  if (session === undefined) return true
  return (session.status === 'signed-out') === hasSessionToken()
}

/**
 * The session as a navigation must show it: read first when what is held is out of date (a
 * screen never shows the previous user, nor "inicia sesión" right after a sign-in); otherwise
 * what is held, read again behind the screen when stale.
 */
export async function sessionForNavigation(client: QueryClient): Promise<void> {
  if (isSessionOutOfDate(client.getQueryData(SESSION_QUERY_KEY))) {
    await client.query({ ...sessionQuery(), staleTime: 0 })
    return
  }
  void client.query(sessionQuery()).catch(() => undefined)
}

/**
 * The session start-up renders with: nobody when no token is stored (no request, and the screen
 * in the HTML is taken over as it stands), else its read starts before the first render.
 */
export function seedSession(client: QueryClient): void {
  if (hasSessionToken()) void client.query(sessionQuery()).catch(() => undefined)
  else client.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT)
}
