/**
 * The router owns the tenant; the page's cache owns what the server says about it. The root route
 * applies the routing rules (docs/routing.md) and redirects paths whose first segment names no
 * hospital; the hospital's route (`/:tenant`) answers the tenant, and its loader starts what every
 * screen of it reads from the cache: the session and the branding. Start-up works the same out
 * once, from the URL, the HTML shell and the stored token, before the first render.
 */
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import {
  replace,
  useRouteLoaderData,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom'
import { hospitalNameFor } from '../contract/app-shell'
import type { Branding } from '../contract/branding'
import {
  DEFAULT_TENANT,
  isTenantId,
  resolveTenantLocation,
  type LocationParts,
} from '../contract/tenants'
import type { SessionState } from '../features/auth/session'
import { seedSession, sessionForNavigation, sessionQuery } from '../features/auth/session-query'
import {
  brandingQuery,
  refreshBranding,
  seedBrandingFromShell,
} from '../features/tenant/branding-query'
import { readValue, removeValue, writeValue } from '../lib/storage'

/** The id of the root route, whose loader applies the routing rules. */
export const TENANT_GATE_ID = 'root'
/** The id of the hospital's route (`/:tenant`). */
export const TENANT_ROUTE_ID = 'tenant'

export interface TenantRouteData {
  /** The hospital of the URL, decoded (`clínica-sol`). */
  tenant: string
}

// The tenant this device last used is stored; `logo` is the stored tenant's `imagen`: another
// hospital's never outlives the switch, whether or not the new one's branding loads.
function rememberTenant(tenant: string) {
  if (readValue('tenant') === tenant) return
  writeValue('tenant', tenant)
  removeValue('logo')
}

/** Redirect target for `location` (hash included), or null. */
export function initialRedirect(location: LocationParts): string | null {
  const resolution = resolveTenantLocation(location, readValue('tenant'))
  return resolution.kind === 'redirect' ? resolution.to : null
}

/**
 * Root loader: applies the routing rules to every navigation, redirecting paths that name no
 * hospital; the page's first navigation is resolved by `startTenant` instead.
 */
export function tenantGateLoader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url)
  // A loader's request carries no hash; the initial URL's hash is handled by startTenant.
  const resolution = resolveTenantLocation(
    { pathname: url.pathname, search: url.search },
    readValue('tenant'),
  )
  if (resolution.kind === 'redirect') throw replace(resolution.to)
  rememberTenant(resolution.tenant)
  return null
}

const NOT_A_TENANT: TenantRouteData = { tenant: DEFAULT_TENANT }

/**
 * The hospital's loader, on every navigation below it (`shouldRunTenantLoader`). Opening the
 * address on screen again reloads it: every query shown is read again (a successful action's
 * reload too: the panels it touched, the branding). Any navigation asks for the branding again
 * (a hospital's new colours reach open devices at the latest on their next navigation) and waits
 * for the session only when what is held contradicts the stored token.
 */
export function createTenantLoader(client: QueryClient, startingPath: string) {
  let shownPath = startingPath
  return async ({ request, params }: LoaderFunctionArgs): Promise<TenantRouteData> => {
    const tenant = params.tenant ?? DEFAULT_TENANT
    // `/login`, `/admin/…` match `:tenant` too, but the root is redirecting them: nothing to read.
    if (!isTenantId(tenant)) return NOT_A_TENANT
    const url = new URL(request.url)
    const path = url.pathname + url.search
    const isReload = path === shownPath
    shownPath = path
    // Behind the screen, like the branding: an action's answer is not held back by them.
    if (isReload) void client.invalidateQueries()
    refreshBranding(client, tenant)
    await sessionForNavigation(client)
    return { tenant }
  }
}

/**
 * The hospital's loader runs on every navigation (for the branding, and to reload the address on
 * screen), and after an action unless it was refused (a 4xx answer changes nothing).
 */
export function shouldRunTenantLoader({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return formMethod === undefined || defaultShouldRevalidate
}

/**
 * The routing rules for the URL the page opened on, applied once at start-up: where to go instead
 * (hash included, which loaders never see) and the hospital route's answer for the page's first
 * navigation. The cache is seeded before the first render: the branding the HTML shell was
 * painted with, nobody signed in when no token is stored (else the session's read starts). The
 * branding is asked for again once the first screen is taken over (`refreshBranding`), so what
 * arrives never differs from the HTML the page takes over.
 */
export function startTenant(
  location: LocationParts,
  doc: Document,
  client: QueryClient,
): { tenant: string; redirectTo: string | null; loaderData: Record<string, unknown> } {
  const resolution = resolveTenantLocation(location, readValue('tenant'))
  const { tenant } = resolution
  rememberTenant(tenant)
  seedBrandingFromShell(client, doc, tenant)
  seedSession(client)
  const data: TenantRouteData = { tenant }
  return {
    tenant,
    redirectTo: resolution.kind === 'redirect' ? resolution.to : null,
    loaderData: { [TENANT_GATE_ID]: null, [TENANT_ROUTE_ID]: data },
  }
}

/** The hospital route's data, or undefined outside it (the first screen's loading frame). */
export function useTenantRoute(): TenantRouteData | undefined {
  return useRouteLoaderData<TenantRouteData>(TENANT_ROUTE_ID)
}

/** The hospital of the URL. */
export function useTenant(): string {
  const data = useTenantRoute()
  if (!data) throw new Error('Used below the hospital route only')
  return data.tenant
}

/** The signed-in user; suspends while the first read is under way. */
export function useSession(): SessionState {
  return useSuspenseQuery(sessionQuery()).data
}

/** The signed-in user, or undefined while the first read is under way (never suspends). */
export function useSessionIfKnown(): SessionState | undefined {
  return useQuery(sessionQuery()).data
}

/** `tenant`'s branding, null while the product's defaults apply. */
export function useBrandingOf(tenant: string): Branding | null {
  return useQuery(brandingQuery(tenant)).data ?? null
}

/** The hospital's branding, null while the product's defaults apply. */
export function useBranding(): Branding | null {
  return useBrandingOf(useTenant())
}

/**
 * The name people know the hospital by: its branding's `nombre` once known, the product's name
 * for `main`, else the tenant id (never another hospital's name).
 */
export function useHospitalName(): string {
  const tenant = useTenant()
  return hospitalNameFor(tenant, useBrandingOf(tenant))
}
