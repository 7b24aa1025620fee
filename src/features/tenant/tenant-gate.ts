/**
 * Applies the routing rules on every navigation (docs/routing.md): redirects paths whose first
 * segment names no tenant, and stores the tenant of the others.
 */
import { replace, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { resolveTenantLocation, type LocationParts } from '../../contract/tenants'

/** What the root loader resolves once per navigation; components read it with `useTenant`. */
export interface TenantGateData {
  tenant: string
}

/** Redirect target for `location` (hash included), or null. */
export function initialRedirect(location: LocationParts): string | null {
  const resolution = resolveTenantLocation(location, readValue('tenant'))
  return resolution.kind === 'redirect' ? resolution.to : null
}

// The tenant this device last used is stored; `logo` is the stored tenant's `imagen`: another
// hospital's never outlives the switch, whether or not the new one's branding loads.
function rememberTenant(tenant: string) {
  if (readValue('tenant') === tenant) return
  writeValue('tenant', tenant)
  removeValue('logo')
}

/**
 * The routing rules for the URL the page opened on, applied once at start-up: where to go instead
 * (hash included, which loaders never see) and the root loader's answer for the page's first
 * navigation, which the router is given rather than working it out again.
 */
export function startTenant(location: LocationParts): {
  redirectTo: string | null
  data: TenantGateData
} {
  const resolution = resolveTenantLocation(location, readValue('tenant'))
  rememberTenant(resolution.tenant)
  return {
    redirectTo: resolution.kind === 'redirect' ? resolution.to : null,
    data: { tenant: resolution.tenant },
  }
}

/** The id of the route whose loader is `tenantGateLoader`. */
export const TENANT_GATE_ID = 'root'

/**
 * Root loader: runs before every navigation's screens and resolves its tenant, once; the page's
 * first navigation is resolved by `startTenant` instead.
 */
export function tenantGateLoader({ request }: LoaderFunctionArgs): TenantGateData {
  const url = new URL(request.url)
  // A loader's request carries no hash; the initial URL's hash is handled by initialRedirect.
  const resolution = resolveTenantLocation(
    { pathname: url.pathname, search: url.search },
    readValue('tenant'),
  )
  if (resolution.kind === 'redirect') throw replace(resolution.to)
  rememberTenant(resolution.tenant)
  return { tenant: resolution.tenant }
}

/** The current tenant, as the root loader resolved it for this navigation. */
export function useTenant(): string {
  const data = useRouteLoaderData<TenantGateData>(TENANT_GATE_ID)
  if (!data) throw new Error('useTenant is used below the root route only')
  return data.tenant
}
