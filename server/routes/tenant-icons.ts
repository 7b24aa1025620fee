import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Branding } from '../../src/contract/branding.js'
import { isTenantIconKind, PRODUCT_ICONS, TENANT_ICONS_SEGMENT } from '../../src/contract/icons.js'
import { DEFAULT_TENANT, isTenantId } from '../../src/contract/tenants.js'
import { matchesIfNoneMatch, sendWithEtag } from '../http/etag.js'
import { renderIcon } from '../branding/render-icon.js'
import { createOwnLogoReader } from '../branding/own-logo.js'
import type { LogoImageRepository } from '../repositories/logo-images.js'

/** Changes whenever the drawing changes, so devices fetch the icons again. */
const RENDERING_VERSION = '2'
/** Icons drawn lately, by version: a launcher asks for the same few over and over. */
const MEMORY_LIMIT = 200

export interface TenantIconsDeps {
  readBranding: (tenant: string, request: FastifyRequest) => Promise<Branding | null>
  /** What a hospital's logo path resolves against (the API's base URL, else the request's). */
  logoBaseUrl: (request: FastifyRequest) => string
  logos: LogoImageRepository
  logosDir: string
}

/**
 * `GET /{tenant}/iconos/{kind}.png`: the hospital's own icon, drawn from its logo and colours
 * (its initials without a usable logo). Revalidated on every use, with a version that changes
 * with the branding; a tenant that is no hospital is sent to the product's icon.
 */
export function registerTenantIconsRoute(
  instance: FastifyInstance,
  { readBranding, logoBaseUrl, logos, logosDir }: TenantIconsDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const drawn = new Map<string, Buffer>()
  const readOwnLogo = createOwnLogoReader({ logos, logosDir })

  /** The logo's bytes when this server holds it; another host's logo is never fetched. */
  function readLogo(logoUrl: string | null, base: string): Promise<Buffer | null> {
    if (!logoUrl?.startsWith(`${base}/`)) return Promise.resolve(null)
    return readOwnLogo(logoUrl.slice(base.length))
  }

  app.get(
    `/:tenant/${TENANT_ICONS_SEGMENT}/:file`,
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          required: ['tenant', 'file'],
          properties: { tenant: { type: 'string' }, file: { type: 'string' } },
        },
        querystring: { type: 'object' },
      },
    },
    async (request, reply) => {
      const { tenant, file } = request.params
      const kind = file.endsWith('.png') ? file.slice(0, -'.png'.length) : ''
      if (!isTenantId(tenant) || !isTenantIconKind(kind)) {
        reply.callNotFound()
        return reply
      }
      const branding = tenant === DEFAULT_TENANT ? null : await readBranding(tenant, request)
      if (branding === null) return reply.redirect(PRODUCT_ICONS[kind], 302)

      const { colors, logoUrl } = branding
      const name = branding.nombre ?? tenant
      const etag = `"${createHash('sha256')
        .update(JSON.stringify([RENDERING_VERSION, kind, name, colors, logoUrl]))
        .digest('base64url')
        .slice(0, 32)}"`
      reply.header('cache-control', 'no-cache')
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        reply.header('etag', etag)
        return reply.code(304).send()
      }
      let png = drawn.get(etag)
      if (!png) {
        const logo = await readLogo(logoUrl, logoBaseUrl(request))
        png = await renderIcon(kind, { name, colors, logo })
        if (drawn.size >= MEMORY_LIMIT) drawn.delete(drawn.keys().next().value ?? '')
        drawn.set(etag, png)
      }
      return sendWithEtag(request, reply, png, 'image/png', etag)
    },
  )
}
