import { Type } from 'typebox'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  FOTO_MAX_BYTES,
  FOTO_MAX_PIXELS,
  FotoSubida,
  MAX_FOTOS_POR_ASISTENCIA,
  MAX_FOTOS_POR_CONVERSACION,
} from '../../src/contract/care.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { CareService } from '../care/care-service.js'
import { HttpError } from '../http/http-errors.js'
import { multipartBodyLimit } from '../http/route-schemas.js'
import { LogoRejectedError, type LogoRejection } from '../uploads/logo-image.js'
import { processPhoto } from '../uploads/photo-image.js'
import {
  ASISTENCIA_PARAMS,
  CARE_ERROR_RESPONSES,
  FOTO_PARAMS,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

/** The multipart field that carries the photo. */
export const FOTO_FIELD = 'foto'

const MAX_MB = Math.round(FOTO_MAX_BYTES / (1024 * 1024))

const REJECTIONS: Record<LogoRejection, () => HttpError> = {
  unsupported_type: () =>
    new HttpError(415, 'unsupported_media_type', 'La foto debe ser una imagen PNG, JPEG o WebP.'),
  too_large: () =>
    new HttpError(413, 'payload_too_large', `La foto no puede pasar de ${String(MAX_MB)} MB.`),
  too_many_pixels: () =>
    new HttpError(
      413,
      'payload_too_large',
      `La foto no puede tener más de ${String(FOTO_MAX_PIXELS / 1_000_000)} megapíxeles.`,
    ),
  damaged: () =>
    new HttpError(422, 'invalid_image', 'La imagen está dañada o incompleta y no se puede leer.'),
}

/**
 * How long the browser may keep a photo it was served (a working day): the bytes under a photo's
 * id never change, so every later view comes from its cache. `private` and `Vary:
 * X-Authorization` keep it out of shared caches and to the session that read it; the service
 * worker caches nothing under `/api/`.
 */
export const FOTO_CACHE_SECONDS = 8 * 60 * 60

/**
 * Photos of a consultation: uploaded by its patient (attached to the request while it waits, or
 * in the conversation) or its professional (in the conversation), re-encoded without metadata,
 * and served only to those who may see the consultation (kept by their browser only).
 */
export function registerAsistenciaFotosRoutes(
  instance: FastifyInstance,
  { session, care }: { session: SessionCheckDeps; care: CareService },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/api/asistencias/:id/fotos',
    {
      bodyLimit: multipartBodyLimit(FOTO_MAX_BYTES),
      // A photo on a slow link may take minutes: held to progress, not to a total time.
      config: { upload: true },
      schema: {
        summary: 'Sube una foto a la consulta (multipart/form-data, campo «foto»)',
        description: `Hasta ${String(MAX_FOTOS_POR_ASISTENCIA)} fotos por solicitud en espera y ${String(MAX_FOTOS_POR_CONVERSACION)} por conversación (\`409 demasiadas_fotos\`); cada una de hasta ${String(MAX_MB)} MB y ${String(FOTO_MAX_PIXELS / 1_000_000)} megapíxeles (\`413 payload_too_large\`); PNG, JPEG o WebP (\`415\`); dañada, \`422 invalid_image\`. Una subida lenta se acepta mientras siga llegando; si se detiene, \`408 request_timeout\` y se cierra la conexión.`,
        consumes: ['multipart/form-data'],
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        // The handler reads the multipart stream itself; the schema only describes it.
        body: { description: `Un archivo PNG, JPEG o WebP en el campo «${FOTO_FIELD}».` },
        response: { 201: FotoSubida, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Envía la foto como multipart/form-data.',
        )
      }
      const saved = await care.addPhoto(account, request.params.id, randomUUID(), async () => {
        const file = await request.file({ limits: { fileSize: FOTO_MAX_BYTES } })
        if (file?.fieldname !== FOTO_FIELD) {
          throw new HttpError(
            400,
            'invalid_request',
            `Falta el archivo en el campo «${FOTO_FIELD}».`,
          )
        }
        try {
          return await processPhoto(await file.toBuffer())
        } catch (error) {
          if (error instanceof LogoRejectedError) throw REJECTIONS[error.reason]()
          // The multipart reader stops at the file limit: the same Spanish 413 as any too-large photo.
          if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
            throw REJECTIONS.too_large()
          }
          throw error
        }
      })
      return reply.code(201).send(saved)
    },
  )

  app.get(
    '/api/asistencias/:id/fotos/:fotoId',
    {
      schema: {
        summary: 'Una foto de la consulta (JPEG), a quien puede ver la consulta',
        headers: SESSION_HEADERS_SCHEMA,
        params: FOTO_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'JPEG' }),
          ...CARE_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      const jpeg = await care.readPhoto(account, request.params.id, request.params.fotoId)
      reply.header('cache-control', `private, max-age=${String(FOTO_CACHE_SECONDS)}, immutable`)
      // Kept per token: after a sign-out, the next person on the device never gets it from cache.
      reply.header('vary', 'X-Authorization')
      reply.header('content-type', 'image/jpeg')
      return reply.send(jpeg)
    },
  )
}
