/**
 * When the router reads the signed-in user again besides a change of hospital, a reload or a
 * successful action (`shouldReadSessionAgain`): a navigation that says the session changed, and
 * a read grown old. Used by the router's data strategy and the app's start-up.
 */
import type { TenantRouteData } from './tenant-route'

/**
 * A session read longer ago than this is read again on the next navigation: an account disabled
 * meanwhile is signed out by then, not left looking signed in until a reload.
 */
export const SESSION_RECHECK_MS = 60_000

/**
 * The history state of a navigation that follows a session's start or end: the router reads the
 * session again on it, whatever else changes.
 */
export const SESSION_CHANGED = { sesionCambiada: true } as const

/** True for the state `SESSION_CHANGED` puts on a navigation. */
export function isSessionChange(state: unknown): boolean {
  return (state as Partial<typeof SESSION_CHANGED> | null)?.sesionCambiada === true
}

/** True when `data` holds a session read over `SESSION_RECHECK_MS` before `now`. */
export function isSessionReadStale(data: TenantRouteData | undefined, now: number): boolean {
  return data?.sessionReadAt != null && now - data.sessionReadAt > SESSION_RECHECK_MS
}

/**
 * True when the last session read could not reach the API: the app verifies it again as soon as
 * the API is reachable.
 */
export async function isSessionAwaitingVerification(
  data: TenantRouteData | undefined,
): Promise<boolean> {
  return data !== undefined && (await data.session).status === 'unverified'
}
