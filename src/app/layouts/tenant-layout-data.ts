/**
 * The tenant's loaders: its branding, on every navigation (a hospital's new colours reach open
 * devices at the latest on their next navigation), and the signed-in user, when the tenant or the
 * session changed. Each returns what it starts, without blocking the screen.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { hasSessionToken, readSession, type SessionState } from '../../features/auth/session'
import { loadBranding } from '../../features/tenant/branding-controller'
import { isTenantId } from '../../contract/tenants'

export const TENANT_LAYOUT_ID = 'tenant-layout'
export const TENANT_BRANDING_ID = 'tenant-branding'

export interface TenantBrandingData {
  /**
   * Settles once the tenant's branding is loaded and applied (never rejects). Components read
   * the branding itself with `useBranding`: the worker and a reconnect refresh it between
   * navigations too.
   */
  branding: Promise<void>
}

const NO_BRANDING_TO_LOAD: TenantBrandingData = { branding: Promise.resolve() }

/**
 * Runs on every navigation below the tenant. Through the worker the answer is the kept one at
 * once, refreshed behind it; without a worker, one small request.
 */
export function tenantBrandingLoader({ params }: LoaderFunctionArgs): TenantBrandingData {
  const tenant = params.tenant ?? DEFAULT_TENANT
  // `/login`, `/admin/…` match `:tenant` too, but the root gate is redirecting them.
  if (!isTenantId(tenant)) return NO_BRANDING_TO_LOAD
  return { branding: loadBranding(tenant) }
}

/**
 * The branding loads again on every navigation and after every action but a failed one (a wrong
 * password changes no hospital's colours).
 */
export function shouldRevalidateBranding({ actionStatus }: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === undefined || actionStatus < 400
}

export interface TenantLayoutData {
  /** Who is signed in, as far as the API could confirm it. */
  session: Promise<SessionState>
  /**
   * When the session was read (ms since the epoch), or null when there was none to read (no
   * token): a read over `SESSION_RECHECK_MS` old is read again on the next navigation.
   */
  sessionReadAt: number | null
}

/**
 * A session read longer ago than this is read again on the next navigation: an account disabled
 * meanwhile is signed out by then, not left looking signed in until a reload.
 */
export const SESSION_RECHECK_MS = 60_000

const NOBODY_SIGNED_IN: TenantLayoutData = {
  session: Promise.resolve({ status: 'signed-out' }),
  sessionReadAt: null,
}

/**
 * Reads the signed-in user. The router runs it again when the tenant changes, when the same URL
 * is opened again (it reloads), after an action (sign-in, sign-out: they redirect), when the app
 * asks it to (`router.revalidate()`, or a navigation with `defaultShouldRevalidate`: another
 * tab's sign-in or sign-out, the 401 reaction, a session started by a link), and, through the
 * router's data strategy, when this read is over a minute old; not on every screen change.
 */
export function tenantLayoutLoader({ params }: LoaderFunctionArgs): TenantLayoutData {
  const tenant = params.tenant ?? DEFAULT_TENANT
  // `/login`, `/admin/…` match `:tenant` too, but the root gate is redirecting them: no session
  // call for a segment that names no hospital.
  if (!isTenantId(tenant)) return NOBODY_SIGNED_IN
  // A 401 here runs the app-wide 401 reaction; the layout then just shows nobody signed in.
  return { session: readSession(), sessionReadAt: hasSessionToken() ? Date.now() : null }
}

/** True when `data` holds a session read over `SESSION_RECHECK_MS` before `now`. */
export function isSessionReadStale(data: TenantLayoutData | undefined, now: number): boolean {
  return data?.sessionReadAt != null && now - data.sessionReadAt > SESSION_RECHECK_MS
}

/**
 * True when the last session read could not reach the API: the app verifies it again as soon as
 * the API is reachable.
 */
export async function isSessionAwaitingVerification(
  data: TenantLayoutData | undefined,
): Promise<boolean> {
  return data !== undefined && (await data.session).status === 'unverified'
}
