/** The tenant layout's loader: branding and the signed-in user, without blocking the screen. */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { fetchCurrentUser, type CurrentUser } from '../../features/auth/session'
import { loadBranding } from '../../features/tenant/branding-controller'
import { readValue } from '../../lib/storage'
import { isTenantId } from '../../contract/tenants'

export const TENANT_LAYOUT_ID = 'tenant-layout'

export interface TenantLayoutData {
  tenant: string
  /** Resolves to null when nobody is signed in or the session could not be read. */
  user: Promise<CurrentUser | null>
}

let tokenAtLastLoad: string | null = null

const NOBODY_SIGNED_IN: Promise<CurrentUser | null> = Promise.resolve(null)

export function tenantLayoutLoader({ params }: LoaderFunctionArgs): TenantLayoutData {
  const tenant = params.tenant ?? DEFAULT_TENANT
  // `/login`, `/admin/…` match `:tenant` too, but the root gate is redirecting them: no branding
  // or session call for a segment that names no hospital.
  if (!isTenantId(tenant)) return { tenant, user: NOBODY_SIGNED_IN }
  void loadBranding(tenant)
  tokenAtLastLoad = readValue('token')
  // A 401 here runs the app-wide 401 reaction; the layout then just shows nobody signed in.
  const user = fetchCurrentUser().catch(() => null)
  return { tenant, user }
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
