/**
 * The tenant's loaders: its branding, on every navigation (a hospital's new colours reach open
 * devices at the latest on their next navigation), and the signed-in user, when the tenant or the
 * session changed. Each returns what it starts, without blocking the screen.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { readSession, type SessionState } from '../../features/auth/session'
import { loadBranding } from '../../features/tenant/branding-controller'
import { readValue } from '../../lib/storage'
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

export interface TenantLayoutData {
  /** Who is signed in, as far as the API could confirm it. */
  session: Promise<SessionState>
}

let tokenAtLastLoad: string | null = null
let sessionReadAt = 0

/**
 * A session read longer ago than this is read again on the next navigation: an account disabled
 * meanwhile is signed out by then, not left looking signed in until a reload.
 */
export const SESSION_RECHECK_MS = 60_000
let isSessionUnverified = false

/**
 * True while the last session read could not reach the API: the app verifies it again as soon
 * as the API is reachable (see session-events).
 */
export function isSessionAwaitingVerification(): boolean {
  return isSessionUnverified
}

const NOBODY_SIGNED_IN: TenantLayoutData = { session: Promise.resolve({ status: 'signed-out' }) }

export function tenantLayoutLoader({ params }: LoaderFunctionArgs): TenantLayoutData {
  const tenant = params.tenant ?? DEFAULT_TENANT
  // `/login`, `/admin/…` match `:tenant` too, but the root gate is redirecting them: no session
  // call for a segment that names no hospital.
  if (!isTenantId(tenant)) return NOBODY_SIGNED_IN
  tokenAtLastLoad = readValue('token')
  sessionReadAt = Date.now()
  // A 401 here runs the app-wide 401 reaction; the layout then just shows nobody signed in.
  const session = readSession()
  void session.then((state) => {
    isSessionUnverified = state.status === 'unverified'
  })
  return { session }
}

/**
 * The user is read again when the tenant changes, when the same URL is opened again (SPEC §2: it
 * reloads), when the session changed, and when the last read is over a minute old; not on every
 * screen change.
 */
export function shouldRevalidateTenantLayout({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
}: ShouldRevalidateFunctionArgs): boolean {
  return (
    currentParams.tenant !== nextParams.tenant ||
    currentUrl.href === nextUrl.href ||
    readValue('token') !== tokenAtLastLoad ||
    (tokenAtLastLoad !== null && Date.now() - sessionReadAt > SESSION_RECHECK_MS)
  )
}
