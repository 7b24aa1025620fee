import type { FastifyInstance } from 'fastify'
import { isServerLogo } from '../logos.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { isTenantSegment, MAIN_TENANT } from '../tenants.js'
import { buildWebManifest } from '../web-manifest.js'
import { sendWithEtag } from '../etag.js'

export interface ManifestRouteDeps {
  hospitals: HospitalRepository
  logosDir: string
}

/**
 * `GET /{tenant}/manifest.webmanifest`: the manifest of a first visit, before the service worker
 * can answer it from the tenant's stored branding. Reserved or odd segments get a 404.
 */
export function registerManifestRoute(
  app: FastifyInstance,
  { hospitals, logosDir }: ManifestRouteDeps,
) {
  app.get<{ Params: { tenant: string } }>(
    '/:tenant/manifest.webmanifest',
    {
      schema: {
        params: {
          type: 'object',
          required: ['tenant'],
          properties: { tenant: { type: 'string' } },
        },
        // Open querystring: a page may add a version parameter to its manifest link.
        querystring: { type: 'object' },
      },
    },
    async (request, reply) => {
      // The router has already percent-decoded the segment, so "%2F" arrives as "/".
      const { tenant } = request.params
      if (!isTenantSegment(tenant)) {
        reply.callNotFound()
        return reply
      }
      const hospital = tenant === MAIN_TENANT ? undefined : hospitals.findByTenant(tenant)
      const hasServerLogo = hospital ? await isServerLogo(hospital.imagen, logosDir) : false
      const manifest = buildWebManifest({ tenant, hospital, hasServerLogo })
      reply.header('cache-control', 'no-cache')
      return sendWithEtag(
        request,
        reply,
        JSON.stringify(manifest),
        'application/manifest+json; charset=utf-8',
      )
    },
  )
}
