import type { FastifyInstance } from 'fastify'
import fastifySwaggerUi from '@fastify/swagger-ui'

/** Where the readable API reference lives: under `/api/`, beside the description it renders. */
export const API_DOCS_PREFIX = '/api/docs'

/**
 * `GET /api/docs`: the API reference, Swagger UI drawing the OpenAPI description. Its pages load
 * only files of this origin (no inline script), so the app's CSP applies unchanged. Register after
 * the OpenAPI description (it reads it) and before any route.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: false, defaultModelsExpandDepth: 0 },
  })
}
