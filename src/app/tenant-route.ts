/**
 * The router owns the tenant, the session and the branding. The root route applies the routing
 * rules (docs/routing.md) and redirects paths whose first segment names no hospital; the
 * hospital's route (`/:tenant`) has one loader that returns `{ tenant, session, branding }`, which
 * every screen reads. Start-up works the same answer out once, from the URL and the HTML shell,
 * and the router is created with it.
 */
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
import { hasSessionToken, readSession, type SessionState } from '../features/auth/session'
import { brandingFromShell, knownBranding } from '../features/tenant/known-branding'
import { readValue, removeValue, writeValue } from '../lib/storage'

/** The id of the root route, whose loader applies the routing rules. */
export const TENANT_GATE_ID = 'root'
/** The id of the hospital's route (`/:tenant`). */
export const TENANT_ROUTE_ID = 'tenant'

export interface TenantRouteData {
  /** The hospital of the URL, decoded (`clínica-sol`). */
  tenant: string
  /** Who is signed in, as far as the API could confirm it. */
  session: Promise<SessionState>
  /**
   * When the session was read (ms since the epoch), or null when there was none to read (no
   * token): a read over `SESSION_RECHECK_MS` old is read again on the next navigation.
   */
  sessionReadAt: number | null
  /** The hospital's branding as known now; null: the product's defaults (and always for `main`). */
  branding: Branding | null
}

/**
 * What the router's data strategy tells the hospital's loader: the data it replaces, whether the
 * session must be read again, and whether its branding is to be asked for again (not when the
 * load only shows branding that has just arrived).
 */
export interface TenantLoadContext {
  previous: TenantRouteData | undefined
  readSession: boolean
  refreshBranding: boolean
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

/**
 * Asks for `tenant`'s branding again, with the code that does it, fetched when first needed
 * rather than with the first screen (whose branding the HTML already has). What arrives is kept
 * (known-branding) and shown by the router. Without that code (offline, no worker yet) the
 * branding on screen stays, as after a failed load.
 */
export function refreshBranding(tenant: string): void {
  void import('../features/tenant/branding-controller')
    .then((controller) => controller.loadBranding(tenant))
    .catch(() => undefined)
}

function readSessionNow(): Pick<TenantRouteData, 'session' | 'sessionReadAt'> {
  // A 401 here runs the app-wide 401 reaction; the layout then just shows nobody signed in.
  return { session: readSession(), sessionReadAt: hasSessionToken() ? Date.now() : null }
}

const NOT_A_TENANT: TenantRouteData = {
  tenant: DEFAULT_TENANT,
  session: Promise.resolve({ status: 'signed-out' }),
  sessionReadAt: null,
  branding: null,
}

/**
 * The hospital's loader, on every navigation below it: the tenant from the matched segment, the
 * branding known for it (asked for again behind the screen: a hospital's new colours reach open
 * devices at the latest on their next navigation), and the signed-in user, read again only when
 * the router says so (`shouldReadSessionAgain`, and the data strategy) and kept otherwise.
 */
export function tenantLoader({ params }: LoaderFunctionArgs, context?: unknown): TenantRouteData {
  const tenant = params.tenant ?? DEFAULT_TENANT
  // `/login`, `/admin/…` match `:tenant` too, but the root is redirecting them: nothing to read.
  if (!isTenantId(tenant)) return NOT_A_TENANT
  const load = context as TenantLoadContext | undefined
  const previous = load?.previous?.tenant === tenant ? load.previous : undefined
  if (load?.refreshBranding !== false) refreshBranding(tenant)
  return {
    tenant,
    ...(previous && load?.readSession === false
      ? { session: previous.session, sessionReadAt: previous.sessionReadAt }
      : readSessionNow()),
    branding: knownBranding(tenant),
  }
}

/**
 * True when the router must read the session again: the tenant changed, the same URL is opened
 * again (it reloads; `router.revalidate()` too), or an action succeeded (sign-in, sign-out: they
 * redirect). The data strategy adds a navigation that says the session changed and a read over a
 * minute old, and runs the loader on every other navigation for the branding, keeping the session.
 */
export function shouldReadSessionAgain({
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

/**
 * The routing rules for the URL the page opened on, applied once at start-up: where to go instead
 * (hash included, which loaders never see) and the hospital route's answer for the page's first
 * navigation, with the branding the HTML shell was painted with, which the router is given rather
 * than working it out again. The branding is asked for again behind the first screen.
 */
export function startTenant(
  location: LocationParts,
  doc: Document,
): { redirectTo: string | null; loaderData: Record<string, unknown> } {
  const resolution = resolveTenantLocation(location, readValue('tenant'))
  const { tenant } = resolution
  rememberTenant(tenant)
  const data: TenantRouteData = {
    tenant,
    ...readSessionNow(),
    branding: brandingFromShell(doc, tenant),
  }
  refreshBranding(tenant)
  return {
    redirectTo: resolution.kind === 'redirect' ? resolution.to : null,
    loaderData: { [TENANT_GATE_ID]: null, [TENANT_ROUTE_ID]: data },
  }
}

/** The hospital route's data, or undefined outside it (the first screen's loading frame). */
export function useTenantRoute(): TenantRouteData | undefined {
  return useRouteLoaderData<TenantRouteData>(TENANT_ROUTE_ID)
}

function useTenantRouteData(): TenantRouteData {
  const data = useTenantRoute()
  if (!data) throw new Error('Used below the hospital route only')
  return data
}

/** The hospital of the URL. */
export function useTenant(): string {
  return useTenantRouteData().tenant
}

/** The signed-in user, as the hospital route's loader is reading it. */
export function useSession(): Promise<SessionState> {
  return useTenantRouteData().session
}

/** The hospital's branding, null while the product's defaults apply. */
export function useBranding(): Branding | null {
  return useTenantRouteData().branding
}

/**
 * The name people know the hospital by: its branding's `nombre` once known, the product's name
 * for `main`, else the tenant id (never another hospital's name).
 */
export function useHospitalName(): string {
  const { tenant, branding } = useTenantRouteData()
  return hospitalNameFor(tenant, branding)
}
