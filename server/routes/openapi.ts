import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import { NO_QUERY_SCHEMA } from '../http/route-schemas.js'

/**
 * Collects every route's schema into an OpenAPI 3 description. Must be registered before the
 * routes it describes: the plugin records them as they are declared.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Clínica API',
        description:
          'API de referencia de Clínica. Las rutas con sesión llevan `X-Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'apiKey', in: 'header', name: 'X-Authorization' },
        },
      },
    },
  })
}

/** `GET /api/openapi.json`: the description of the whole API. */
export function registerOpenApiRoute(instance: FastifyInstance) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/api/openapi.json', { schema: { hide: true, querystring: NO_QUERY_SCHEMA } }, () =>
    Promise.resolve(app.swagger()),
  )
}
