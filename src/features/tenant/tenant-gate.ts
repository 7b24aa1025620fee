/**
 * Applies the routing rules on every navigation (docs/routing.md): redirects paths whose first
 * segment names no tenant, and stores the tenant of the others.
 */
import { replace, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { resolveTenantLocation, type LocationParts } from './tenant-routing'

/** Redirect target for the location the page opened on (hash included), or null. */
export function initialRedirect(location: LocationParts): string | null {
  const resolution = resolveTenantLocation(location, readValue('tenant'))
  return resolution.kind === 'redirect' ? resolution.to : null
}

/** What the root loader resolves once per navigation; components read it with `useTenant`. */
export interface TenantGateData {
  tenant: string
}

/** The id of the route whose loader is `tenantGateLoader`. */
export const TENANT_GATE_ID = 'root'

/** Root loader: runs before every navigation's screens and resolves its tenant, once. */
export function tenantGateLoader({ request }: LoaderFunctionArgs): TenantGateData {
  const url = new URL(request.url)
  // A loader's request carries no hash; the initial URL's hash is handled by initialRedirect.
  const resolution = resolveTenantLocation(
    { pathname: url.pathname, search: url.search },
    readValue('tenant'),
  )
  if (resolution.kind === 'redirect') throw replace(resolution.to)
  if (readValue('tenant') !== resolution.tenant) {
    writeValue('tenant', resolution.tenant)
    // `logo` is the stored tenant's `imagen`: another hospital's never outlives the switch,
    // whether or not the new one's branding loads.
    removeValue('logo')
  }
  return { tenant: resolution.tenant }
}

/** The current tenant, as the root loader resolved it for this navigation. */
export function useTenant(): string {
  const data = useRouteLoaderData<TenantGateData>(TENANT_GATE_ID)
  if (!data) throw new Error('useTenant is used below the root route only')
  return data.tenant
}
