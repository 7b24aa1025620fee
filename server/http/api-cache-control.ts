import type { FastifyInstance } from 'fastify'
import { isApiUrl } from './request-path.js'

/**
 * API answers default to `Cache-Control: no-store`: sign-in and user answers must never sit in
 * a shared or browser cache. A route that serves public data sets its own header first.
 */
export function registerApiNoStoreDefault(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store')
    }
    return payload
  })
}
