/**
 * The tenant layout's loader: starts the tenant's branding and the signed-in user, and returns
 * both, without blocking the screen.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { readSession, type SessionState } from '../../features/auth/session'
import { loadBranding } from '../../features/tenant/branding-controller'
import { readValue } from '../../lib/storage'
import { isTenantId } from '../../contract/tenants'

export const TENANT_LAYOUT_ID = 'tenant-layout'

export interface TenantLayoutData {
  /**
   * Settles once the tenant's branding is loaded and applied (never rejects). Components read
   * the branding itself with `useBranding`: the worker and a reconnect refresh it between
   * navigations too.
   */
  branding: Promise<void>
  /** Who is signed in, as far as the API could confirm it. */
  session: Promise<SessionState>
}

let tokenAtLastLoad: string | null = null
let isSessionUnverified = false

/**
 * True while the last session read could not reach the API: the app verifies it again as soon
 * as the API is reachable (see session-events).
 */
export function isSessionAwaitingVerification(): boolean {
  return isSessionUnverified
}

const NOTHING_TO_LOAD: TenantLayoutData = {
  branding: Promise.resolve(),
  session: Promise.resolve({ status: 'signed-out' }),
}

export function tenantLayoutLoader({ params }: LoaderFunctionArgs): TenantLayoutData {
  const tenant = params.tenant ?? DEFAULT_TENANT
  // `/login`, `/admin/…` match `:tenant` too, but the root gate is redirecting them: no branding
  // or session call for a segment that names no hospital.
  if (!isTenantId(tenant)) return NOTHING_TO_LOAD
  const branding = loadBranding(tenant)
  tokenAtLastLoad = readValue('token')
  // A 401 here runs the app-wide 401 reaction; the layout then just shows nobody signed in.
  const session = readSession()
  void session.then((state) => {
    isSessionUnverified = state.status === 'unverified'
  })
  return { branding, session }
}

/**
 * Branding and the user are loaded again when the tenant changes, when the same URL is opened
 * again (SPEC §2: it reloads) and when the session changed; not on every screen change.
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
    readValue('token') !== tokenAtLastLoad
  )
}
