import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { type Branding } from '../../src/contract/branding.js'
import { parseHospitalesAnswer } from '../../src/contract/branding-answer.js'
import { buildTenantManifest, type BaseManifest } from '../../src/contract/manifest.js'
import { DEFAULT_TENANT, isTenantId } from '../../src/contract/tenants.js'
import { sendWithEtag } from '../http/etag.js'

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

export interface ManifestRouteDeps {
  hospitals: HospitalRepository
  /** The product's base manifest, which every tenant's derives from. */
  baseManifest: BaseManifest
}

/**
 * `GET /{tenant}/manifest.webmanifest`: the manifest of a first visit, before the service worker
 * can answer it from the tenant's stored branding. Reserved or odd segments get a 404.
 */
export function registerManifestRoute(
  instance: FastifyInstance,
  { hospitals, baseManifest }: ManifestRouteDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
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
      if (!isTenantId(tenant)) {
        reply.callNotFound()
        return reply
      }
      const hospital = tenant === DEFAULT_TENANT ? undefined : await hospitals.findByTenant(tenant)
      let branding: Branding | null = null
      if (hospital) {
        // The record goes through the very rules the page and the worker apply to it, so all
        // three build the same manifest from the same hospital.
        const answer = parseHospitalesAnswer([hospital], tenant, originOf(request))
        if (answer.ok) branding = answer.branding
      }
      const manifest = buildTenantManifest(baseManifest, tenant, branding)
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
