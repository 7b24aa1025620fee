/**
 * Taking over a screen the build already rendered into the HTML (src/contract/app-shell.ts): the
 * router must start exactly where the prerender stopped, with every matched route's code loaded
 * and every loader's answer in hand, or React would paint the loading frame over the screen.
 */
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router-dom'

/** The id the router gives `route`: its own, else its position in the tree (`0-1-0`). */
function routeIdOf(routes: readonly RouteObject[], target: RouteObject): string | null {
  const walk = (list: readonly RouteObject[], prefix: number[]): string | null => {
    for (const [index, route] of list.entries()) {
      const position = [...prefix, index]
      if (route === target) return route.id ?? position.join('-')
      const found = walk(route.children ?? [], position)
      if (found !== null) return found
    }
    return null
  }
  return walk(routes, [])
}

// A loader that returns a promise, or a response (a redirect), cannot be taken as it stands.
function isPending(value: unknown): boolean {
  return (
    value instanceof Response || (typeof value === 'object' && value !== null && 'then' in value)
  )
}

/**
 * The router's hydration data for `location`: lazy routes loaded (their modules merged into the
 * route objects, as the router itself would), then each matched loader run once, here, but for the answers
 * already `known` (by route id). Null when a loader cannot answer at once (it waits, redirects or
 * fails): the page then renders afresh.
 */
export async function prepareHydration(
  routes: RouteObject[],
  location: Location,
  known: Readonly<Record<string, unknown>> = {},
): Promise<HydrationState | null> {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
  const request = new Request(location.href)
  const loaderData: Record<string, unknown> = { ...known }
  for (const { route, params } of matches) {
    const id = routeIdOf(routes, route)
    if (id === null) return null
    if (typeof route.loader !== 'function' || id in known) continue
    try {
      // Called the way the router calls it; a loader that must wait is not waited for.
      const answer: unknown = route.loader({ request, params, context: undefined } as never)
      if (isPending(answer)) return null
      loaderData[id] = answer
    } catch {
      return null
    }
  }
  return { loaderData }
}
