import type { FastifyInstance } from 'fastify'
import {
  BajaSuscripcion,
  ClaveAvisos,
  SUSCRIPCION_BODY_MAX_BYTES,
  SuscripcionPush,
} from '../../src/contract/push.js'
import { may } from '../../src/contract/permissions.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { SuscripcionRepository } from '../repositories/suscripciones-push.js'
import { isAllowedPushEndpoint } from '../push/endpoint-policy.js'
import { CARE_ERROR_RESPONSES, NO_QUERY_SCHEMA, SESSION_HEADERS_SCHEMA } from './care-schemas.js'

export interface AvisosRouteDeps {
  session: SessionCheckDeps
  suscripciones: Pick<SuscripcionRepository, 'save' | 'removeByEndpoint'>
  /** The VAPID public key devices subscribe with. */
  publicKey: string
  /** Push-service origins allowed besides the browsers' own (`PUSH_SERVICE_ORIGINS`). */
  extraOrigins: readonly string[]
  /** Called after a device subscribed, so what is already due goes out. */
  onSubscribed?: () => void
}

/**
 * "Activar avisos" (Web Push): the key a device subscribes with, and the device's subscription,
 * kept for the signed-in patient or professional (never a guest, so never a kiosk) and forgotten
 * on sign-out.
 */
export function registerAvisosRoutes(app: FastifyInstance, deps: AvisosRouteDeps) {
  const { session, suscripciones, publicKey, extraOrigins } = deps

  app.get(
    '/api/avisos/clave',
    {
      schema: {
        summary: 'Clave pública VAPID con la que un dispositivo se suscribe a los avisos',
        querystring: NO_QUERY_SCHEMA,
        response: { 200: ClaveAvisos },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      return { clave: publicKey }
    },
  )

  app.put<{ Body: SuscripcionPush }>(
    '/api/avisos/suscripcion',
    {
      bodyLimit: SUSCRIPCION_BODY_MAX_BYTES,
      schema: {
        summary:
          'Guarda la suscripción de este dispositivo para la cuenta con la sesión iniciada (si era de otra cuenta, pasa a esta)',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: SuscripcionPush,
        response: { 204: { description: 'Guardada.', type: 'null' }, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      if (!may(account, 'recibir_avisos')) {
        throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
      }
      if (!isAllowedPushEndpoint(request.body.endpoint, extraOrigins)) {
        throw new HttpError(
          400,
          'invalid_request',
          'Este navegador usa un servicio de avisos que el centro no admite.',
        )
      }
      await suscripciones.save(account, request.body)
      deps.onSubscribed?.()
      return reply.code(204).send()
    },
  )

  app.delete<{ Body: BajaSuscripcion }>(
    '/api/avisos/suscripcion',
    {
      bodyLimit: SUSCRIPCION_BODY_MAX_BYTES,
      schema: {
        summary:
          'Olvida la suscripción de este dispositivo (al cerrar sesión; también sin sesión: el endpoint es el secreto del dispositivo)',
        querystring: NO_QUERY_SCHEMA,
        body: BajaSuscripcion,
        response: { 204: { description: 'Olvidada (o desconocida).', type: 'null' } },
      },
    },
    async (request, reply) => {
      await suscripciones.removeByEndpoint(request.body.endpoint)
      return reply.code(204).send()
    },
  )
}
