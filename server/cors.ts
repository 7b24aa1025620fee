import type { FastifyInstance } from 'fastify'
import { isApiUrl } from './request-path.js'

/**
 * CORS for `/api/*`, so one build of the app can talk to an API on another origin
 * (`API_BASE_URL`). Any origin is allowed on purpose: the API uses no cookies or other
 * ambient credentials (the session travels in the X-Authorization header the page sets
 * itself), so a foreign page gains nothing it could not do with curl.
 */
export function registerApiCors(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiUrl(request.url)) return
    reply.header('access-control-allow-origin', '*')
    // Retry-After and ETag are not CORS-safelisted; the app reads them.
    reply.header('access-control-expose-headers', 'Retry-After, ETag')
  })

  app.options(
    '/api/*',
    { schema: { headers: { type: 'object' }, querystring: { type: 'object' } } },
    async (_request, reply) => {
      reply.header('access-control-allow-methods', 'GET, HEAD, POST, OPTIONS')
      reply.header('access-control-allow-headers', 'Content-Type, X-Authorization')
      reply.header('access-control-max-age', '600')
      reply.header('cache-control', 'no-store')
      return reply.code(204).send()
    },
  )
}
