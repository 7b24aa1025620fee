/**
 * Build-time rendering of the public screens (PRERENDERED_SCREENS) into HTML, from the same route
 * tree and components the page hydrates. The hospital's values are placeholders that the server
 * and the service worker fill per URL (src/contract/app-shell.ts), so neither needs React.
 * Runs once per build, in Node with a DOM (the build's prerender step sets one up); never shipped.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom'
import { SCREEN_PLACEHOLDERS, type PrerenderedScreen } from '../contract/app-shell'
import { DEFAULT_COLORS, type Branding } from '../contract/branding'
import { tenantRoot } from '../contract/tenants'
import type { SessionState } from '../features/auth/session'
import { TENANT_GATE_ID, TENANT_ROUTE_ID, type TenantRouteData } from './tenant-route'
import { routes } from './router'

/** A promise React's `use` reads at once: already settled, and marked so. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value })
}

const SIGNED_OUT: SessionState = { status: 'signed-out' }

const PLACEHOLDER_BRANDING: Branding = {
  tenant: SCREEN_PLACEHOLDERS.tenant,
  nombre: SCREEN_PLACEHOLDERS.nombre,
  colors: DEFAULT_COLORS,
  logoUrl: SCREEN_PLACEHOLDERS.logoUrl,
}

/**
 * What the loaders answer in the prerender: the placeholder tenant and branding, nobody signed in
 * (a device with a session renders afresh instead of hydrating).
 */
const PRERENDER_LOADER_DATA: Record<string, unknown> = {
  [TENANT_GATE_ID]: null,
  [TENANT_ROUTE_ID]: {
    tenant: SCREEN_PLACEHOLDERS.tenant,
    session: settled(SIGNED_OUT),
    sessionReadAt: null,
    branding: PLACEHOLDER_BRANDING,
  } satisfies TenantRouteData,
}

/**
 * A screen's own loader starts the screen's requests, which the build cannot make: the prerender
 * answers null for it instead, and the screen renders as it does before any answer (the list's
 * place, its status), which is also its first render on the page.
 */
function withoutOwnLoader(lazy: RouteObject['lazy']): RouteObject['lazy'] {
  if (typeof lazy !== 'function') return lazy
  return async () => {
    const module = await lazy()
    return module.loader ? { ...module, loader: () => null } : module
  }
}

function withPrerenderLoaders(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const data = route.id === undefined ? undefined : PRERENDER_LOADER_DATA[route.id]
    const loader = data === undefined ? route.loader : () => data
    const children = route.children && withPrerenderLoaders(route.children)
    return {
      ...route,
      loader,
      lazy: withoutOwnLoader(route.lazy),
      ...(children ? { children } : {}),
    } as RouteObject
  })
}

/** The markup of `#root` for `screen`, with the placeholders in place of the hospital's values. */
export async function renderScreen(screen: PrerenderedScreen): Promise<string> {
  const pathname = `${tenantRoot(SCREEN_PLACEHOLDERS.tenant)}/${screen}`
  window.history.replaceState(null, '', pathname)
  const prerenderRoutes = withPrerenderLoaders(routes)
  const handler = createStaticHandler(prerenderRoutes)
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')))
  if (context instanceof Response) {
    throw new Error(`Prerendering ${screen} answered ${String(context.status)}`)
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  )
}
