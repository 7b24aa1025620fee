/**
 * The tenant's loaders: its branding, on every navigation (a hospital's new colours reach open
 * devices at the latest on their next navigation), and the signed-in user, when the tenant or the
 * session changed. Each returns what it starts, without blocking the screen.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { hasSessionToken, readSession, type SessionState } from '../../features/auth/session'
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
 * Loads `tenant`'s branding with the code that does it, fetched on the first navigation rather
 * than with the first screen (whose branding the HTML already has). Never rejects: without that
 * code (offline, no worker yet) the branding on screen stays, as after a failed load.
 */
async function loadBranding(tenant: string): Promise<void> {
  try {
    await (await import('../../features/tenant/branding-controller')).loadBranding(tenant)
  } catch {
    // Nothing to tell: the loader's own failures are only logged, by the controller.
  }
}

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
 * is opened again (it reloads; `router.revalidate()` too), after an action that succeeded
 * (sign-in, sign-out: they redirect), and, through the router's data strategy, on a navigation
 * that says the session changed (`SESSION_CHANGED`: the 401 reaction, another tab's sign-out, a
 * session started by a link) or when this read is over a minute old; not on every screen change.
 */
export function tenantLayoutLoader({ params }: LoaderFunctionArgs): TenantLayoutData {
  const tenant = params.tenant ?? DEFAULT_TENANT
  // `/login`, `/admin/…` match `:tenant` too, but the root gate is redirecting them: no session
  // call for a segment that names no hospital.
  if (!isTenantId(tenant)) return NOBODY_SIGNED_IN
  // A 401 here runs the app-wide 401 reaction; the layout then just shows nobody signed in.
  return { session: readSession(), sessionReadAt: hasSessionToken() ? Date.now() : null }
}

/**
 * The history state of a navigation that follows a session's start or end: the router reads the
 * session again on it, whatever else changes.
 */
export const SESSION_CHANGED = { sesionCambiada: true } as const

/** True for the state `SESSION_CHANGED` puts on a navigation. */
export function isSessionChange(state: unknown): boolean {
  return (state as Partial<typeof SESSION_CHANGED> | null)?.sesionCambiada === true
}

/** See `tenantLayoutLoader`: the tenant changed, the URL reloads, or an action succeeded. */
export function shouldRevalidateTenantLayout({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return (
    currentParams.tenant !== nextParams.tenant ||
    currentUrl.href === nextUrl.href ||
    (formMethod !== undefined && defaultShouldRevalidate)
  )
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
