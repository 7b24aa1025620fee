import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { LogoImageRepository } from '../repositories/logo-images.js'

const HASHED_FILE = /^[0-9a-f]{32}\.png$/

/**
 * `GET /logos/h/{hash}.png`: uploaded logos. The name is the hash of the bytes, so an answer
 * never changes: cached for a year, immutable, and usable from any origin.
 */
export function registerUploadedLogosRoute(
  instance: FastifyInstance,
  { logos }: { logos: LogoImageRepository },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/logos/h/:file',
    {
      schema: {
        hide: true,
        params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
        querystring: { type: 'object' },
      },
    },
    async (request, reply) => {
      const { file } = request.params
      const png = HASHED_FILE.test(file) ? await logos.read(file.slice(0, 32)) : undefined
      if (!png) {
        reply.callNotFound()
        return reply
      }
      reply.header('cache-control', 'public, max-age=31536000, immutable')
      reply.header('access-control-allow-origin', '*')
      reply.header('cross-origin-resource-policy', 'cross-origin')
      return reply.type('image/png').send(png)
    },
  )
}
