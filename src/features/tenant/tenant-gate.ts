/**
 * Applies the routing rules on every navigation (SPEC §2): redirects paths whose first segment
 * names no tenant, and stores the tenant of the others.
 */
import { replace, type LoaderFunctionArgs } from 'react-router'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { resolveTenantLocation, type LocationParts } from './tenant-routing'

/** Redirect target for the location the page opened on (hash included), or null. */
export function initialRedirect(location: LocationParts): string | null {
  const resolution = resolveTenantLocation(location, readValue('tenant'))
  return resolution.kind === 'redirect' ? resolution.to : null
}

/** Root loader: runs before every navigation's screens. */
export function tenantGateLoader({ request }: LoaderFunctionArgs): null {
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
  return null
}
