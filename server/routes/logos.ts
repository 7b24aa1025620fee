import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { isLogoFileName } from '../branding/logos.js'

/**
 * `GET /logos/{tenant}.png`: the demo tenants' logos. Cacheable for a day and usable from any
 * origin, because an app deployed elsewhere (API_BASE_URL) shows them too.
 */
export function registerLogosRoute(instance: FastifyInstance, { logosDir }: { logosDir: string }) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/logos/:file',
    {
      schema: {
        params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
        querystring: { type: 'object' },
      },
    },
    async (request, reply) => {
      const { file } = request.params
      if (!isLogoFileName(file)) {
        reply.callNotFound()
        return reply
      }
      reply.header('cache-control', 'public, max-age=86400')
      reply.header('access-control-allow-origin', '*')
      reply.header('cross-origin-resource-policy', 'cross-origin')
      return reply.sendFile(file, logosDir, { cacheControl: false, dotfiles: 'deny', index: false })
    },
  )
}
