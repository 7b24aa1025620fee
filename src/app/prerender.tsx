/**
 * Build-time rendering of the public screens (PRERENDERED_SCREENS) into HTML, from the same route
 * tree and components the page hydrates. The hospital's values are placeholders that the server
 * and the service worker fill per URL (src/contract/app-shell.ts), so neither needs React.
 * Runs once per build, in Node with a DOM (the build's prerender step sets one up); never shipped.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
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
import { SESSION_QUERY_KEY, SIGNED_OUT } from '../features/auth/session-query'
import { brandingQuery } from '../features/tenant/branding-query'
import { TENANT_GATE_ID, TENANT_ROUTE_ID, type TenantRouteData } from './tenant-route'
import { createRoutes } from './router'

const PLACEHOLDER_BRANDING: Branding = {
  tenant: SCREEN_PLACEHOLDERS.tenant,
  nombre: SCREEN_PLACEHOLDERS.nombre,
  colors: DEFAULT_COLORS,
  logoUrl: SCREEN_PLACEHOLDERS.logoUrl,
}

/**
 * What the loaders answer in the prerender: the placeholder tenant. The cache holds what the page
 * seeds at start-up: its branding (placeholders) and nobody signed in (a device with a session
 * renders afresh instead of hydrating).
 */
const PRERENDER_LOADER_DATA: Record<string, unknown> = {
  [TENANT_GATE_ID]: null,
  [TENANT_ROUTE_ID]: { tenant: SCREEN_PLACEHOLDERS.tenant } satisfies TenantRouteData,
}

function prerenderCache(): QueryClient {
  const client = new QueryClient()
  client.setQueryData(brandingQuery(SCREEN_PLACEHOLDERS.tenant).queryKey, PLACEHOLDER_BRANDING)
  client.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT)
  return client
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
  const client = prerenderCache()
  const prerenderRoutes = withPrerenderLoaders(createRoutes(client, pathname))
  const handler = createStaticHandler(prerenderRoutes)
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')))
  if (context instanceof Response) {
    throw new Error(`Prerendering ${screen} answered ${String(context.status)}`)
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  try {
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
    )
  } finally {
    // Each cached query holds a garbage-collection timer (minutes): left, it keeps the build's
    // process alive long after the screens are written.
    client.clear()
  }
}
