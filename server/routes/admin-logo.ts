import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AdminGuards } from '../auth/admin-guards.js'
import { HttpError } from '../http/http-errors.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { uploadedLogoUrl, type LogoImageRepository } from '../repositories/logo-images.js'
import { multipartBodyLimit, NO_QUERY_SCHEMA } from '../http/route-schemas.js'
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  LogoRejectedError,
  processLogo,
  type LogoRejection,
} from '../uploads/logo-image.js'
import { ADMIN_ERROR_RESPONSES, TENANT_PARAMS_SCHEMA } from './admin-schemas.js'
import { actorOf, hospitalEtag, notFoundHospital } from './admin-hospitales.js'

/** The multipart field that carries the logo. */
export const LOGO_FIELD = 'logo'

const REJECTIONS: Record<LogoRejection, () => HttpError> = {
  unsupported_type: () =>
    new HttpError(
      415,
      'unsupported_media_type',
      'El logotipo debe ser una imagen PNG, JPEG o WebP.',
    ),
  too_large: () =>
    new HttpError(
      413,
      'payload_too_large',
      `El logotipo no puede pasar de ${String(LOGO_MAX_BYTES / 2 ** 20)} MB.`,
    ),
  too_many_pixels: () =>
    new HttpError(
      413,
      'payload_too_large',
      `El logotipo no puede medir más de ${LOGO_MAX_SIDE} píxeles de ancho ni de alto.`,
    ),
  damaged: () =>
    new HttpError(422, 'invalid_image', 'La imagen está dañada o incompleta y no se puede leer.'),
}

export interface AdminLogoDeps {
  guards: AdminGuards
  hospitals: HospitalRepository
  logos: LogoImageRepository
}

const MALFORMED_MESSAGE = 'El envío no es un formulario multipart válido.'

/**
 * The bytes of the logo part. The multipart parser (busboy) reports a body it cannot read (no
 * boundary, a boundary that never appears, no closing delimiter) with plain errors: those are
 * the client's fault, a 400. The plugin's own errors (a file over the limit: 413) keep their
 * status.
 */
async function readLogoPart(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file()
    if (file?.fieldname !== LOGO_FIELD) {
      throw new HttpError(400, 'invalid_request', `Falta el archivo en el campo «${LOGO_FIELD}».`)
    }
    // Throws the plugin's 413 as soon as the stream passes the limit.
    return await file.toBuffer()
  } catch (error) {
    if (error instanceof HttpError || (error instanceof Error && 'statusCode' in error)) {
      throw error
    }
    throw new HttpError(400, 'invalid_request', MALFORMED_MESSAGE)
  }
}

/**
 * `POST /api/admin/hospitales/{tenant}/logo` (multipart, field `logo`) → `{ imagen }`: the logo is
 * checked, re-encoded and stored under a content-hashed URL, and becomes the hospital's `imagen`.
 */
export function registerAdminLogoRoute(
  instance: FastifyInstance,
  { guards, hospitals, logos }: AdminLogoDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/api/admin/hospitales/:tenant/logo',
    {
      preHandler: guards.tenantAdmin,
      bodyLimit: multipartBodyLimit(LOGO_MAX_BYTES),
      schema: {
        summary: 'Sube el logotipo del centro (multipart/form-data, campo «logo»)',
        consumes: ['multipart/form-data'],
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        // The handler reads the multipart stream itself (the parsed body stays empty), so the
        // schema only describes it: any `type` would refuse the empty body.
        body: { description: `Un archivo PNG, JPEG o WebP en el campo «${LOGO_FIELD}».` },
        response: {
          200: { type: 'object', required: ['imagen'], properties: { imagen: { type: 'string' } } },
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Envía el logotipo como multipart/form-data.',
        )
      }
      const current = await hospitals.find(request.params.tenant)
      if (!current) throw notFoundHospital()

      const bytes = await readLogoPart(request)

      let logo
      try {
        logo = await processLogo(bytes)
      } catch (error) {
        if (error instanceof LogoRejectedError) throw REJECTIONS[error.reason]()
        throw error
      }
      const imagen = uploadedLogoUrl(logo.hash)
      // One transaction: the image is stored only if the hospital takes it.
      const outcome = await hospitals.update(
        actorOf(request),
        current,
        { imagen },
        'hospital.logo',
        (trx) => logos.save(trx, logo.hash, current.tenant, logo.png),
      )
      if (!outcome.ok)
        throw new HttpError(
          412,
          'stale',
          'El centro ha cambiado mientras subías el logotipo. Inténtalo de nuevo.',
        )
      reply.header('etag', hospitalEtag(outcome.record))
      return { imagen }
    },
  )
}
