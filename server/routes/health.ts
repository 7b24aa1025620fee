import type { FastifyInstance } from 'fastify'

/** `GET /api/health` → `{ ok: true }`: the app probes it to know whether the API is reachable. */
export function registerHealthRoute(app: FastifyInstance) {
  app.get(
    '/api/health',
    {
      schema: {
        // Open querystring: a probe may add a cache-busting parameter.
        querystring: { type: 'object' },
        response: {
          200: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { ok: true }
    },
  )
}
