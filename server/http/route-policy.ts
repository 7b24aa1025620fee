import { NO_QUERY_SCHEMA } from './route-schemas.js'
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify'

// Methods whose requests carry a body Fastify parses; each such route must say what it accepts.
const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Why a route breaks the validation policy, or undefined when it complies. */
export function findSchemaGap(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>) {
  const methods = ([] as HTTPMethods[]).concat(route.method)
  const name = `${methods.join(',')} ${route.url}`
  if (route.schema?.querystring === undefined) return `${name} declares no querystring schema`
  if (methods.some((method) => BODY_METHODS.has(method)) && route.schema.body === undefined) {
    return `${name} takes a body but declares no body schema`
  }
  return undefined
}

/**
 * Every route validates its input: a querystring schema always (so unknown parameters are
 * refused where a route says so), a body schema for methods with a body. Checked as routes are
 * declared: a route without them stops the server from starting instead of taking raw input.
 * `docsPrefix`: where the API reference is served (its pages take no input).
 */
export function enforceRouteSchemas(app: FastifyInstance, { docsPrefix }: { docsPrefix: string }) {
  app.addHook('onRoute', (route) => {
    // The API reference's page and files (Swagger UI's own routes) take nothing but their path:
    // they are given the strict empty querystring here, and kept out of the description.
    if (route.url.startsWith(`${docsPrefix}/`) || route.url === docsPrefix) {
      route.schema = { ...route.schema, hide: true, querystring: NO_QUERY_SCHEMA }
      return
    }
    const gap = findSchemaGap(route)
    if (gap !== undefined) throw new Error(`Route validation policy: ${gap}.`)
  })
}
