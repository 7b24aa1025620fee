import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  Asistencia,
  COLA_PAGINA,
  DEMASIADAS_SOLICITUDES,
  Finalizacion,
  MAX_SOLICITUDES_ABIERTAS,
  ListaAsistenciasQuery,
  NuevaAsistencia,
  Valoracion,
} from '../../src/contract/care.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { CareService } from '../care/care-service.js'
import { figuresOfToday } from '../care/day-figures.js'
import { EstadisticasHoy } from '../../src/contract/shift-board.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { AsistenciaRepository } from '../repositories/asistencias.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { hasPendingTerms, type TermsRepository } from '../repositories/terms.js'
import {
  ASISTENCIA_PARAMS,
  asistenciaActionSchema,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'
import { may } from '../../src/contract/permissions.js'

export interface AsistenciasRouteDeps {
  session: SessionCheckDeps
  care: CareService
  asistencias: Pick<AsistenciaRepository, 'activitySince'>
  hospitals: Pick<HospitalRepository, 'findTimeZone'>
  terms: Pick<TermsRepository, 'current' | 'acceptedVersion'>
  now: () => number
}

/**
 * The care journey's requests: create (patients, idempotent by the client's id), list and read
 * (each caller what they may see), take (one winner), finish, cancel, rate, and today's figures
 * for the hospital's administrators.
 */
export function registerAsistenciasRoutes(instance: FastifyInstance, deps: AsistenciasRouteDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { session, care } = deps
  const single = { 200: Asistencia, ...CARE_ERROR_RESPONSES }

  app.post(
    '/api/asistencias',
    {
      schema: {
        summary: 'Solicita asistencia (pacientes); repetir el mismo id devuelve la misma solicitud',
        description: `Un paciente tiene como máximo ${String(MAX_SOLICITUDES_ABIERTAS)} solicitudes abiertas (en espera o en curso; \`MAX_OPEN_REQUESTS\` lo amplía): más allá, \`409 ${DEMASIADAS_SOLICITUDES}\`. Con términos pendientes, \`409 terms_changed\`.`,
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        body: NuevaAsistencia,
        response: { 201: Asistencia, ...single },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      // A new version of the hospital's terms is accepted before the next request (the page
      // shows it, keeps what was typed, and sends again once accepted).
      if (await hasPendingTerms(deps.terms, account)) {
        throw new HttpError(409, 'terms_changed', MESSAGES.termsPending)
      }
      const { created, record } = await care.create(account, request.body)
      return reply.code(created ? 201 : 200).send(record)
    },
  )

  app.get<{ Querystring: ListaAsistenciasQuery }>(
    '/api/asistencias',
    {
      schema: {
        summary: `Solicitudes: el paciente, las suyas; el profesional, la cola (de ${String(COLA_PAGINA)} en ${String(COLA_PAGINA)}: con \`despues\`, la página siguiente y nada más) y las suyas; el administrador, las abiertas`,
        headers: SESSION_HEADERS_SCHEMA,
        querystring: ListaAsistenciasQuery,
        response: { 200: Type.Array(Asistencia), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      care.list(await authenticate(request, reply, session), request.query.despues),
  )

  app.get(
    '/api/asistencias/estadisticas',
    {
      schema: {
        summary:
          'Cifras de hoy del centro (administradores del centro): solicitudes, atendidas, caducadas, canceladas, espera mediana y percentil 90, valoración media; «hoy» en la zona horaria del centro',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: EstadisticasHoy, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply): Promise<EstadisticasHoy> => {
      const account = await authenticate(request, reply, session)
      if (!may(account, 'supervisar')) throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
      return figuresOfToday(deps, account.tenant)
    },
  )

  app.get(
    '/api/asistencias/:id',
    {
      schema: {
        summary:
          'Una solicitud (su paciente y el personal del centro; las lecturas del personal se auditan)',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        response: single,
      },
    },
    async (request, reply) =>
      care.read(await authenticate(request, reply, session), request.params.id),
  )

  app.post(
    '/api/asistencias/:id/atender',
    {
      schema: asistenciaActionSchema(
        'Atiende una solicitud en espera (profesionales); solo uno lo consigue',
      ),
    },
    async (request, reply) =>
      care.claim(await authenticate(request, reply, session), request.params.id),
  )

  app.post(
    '/api/asistencias/:id/finalizar',
    {
      schema: asistenciaActionSchema(
        'Finaliza la consulta con un resumen (su profesional)',
        Finalizacion,
      ),
    },
    async (request, reply) =>
      care.finish(
        await authenticate(request, reply, session),
        request.params.id,
        request.body.resumen,
      ),
  )

  app.post(
    '/api/asistencias/:id/cancelar',
    {
      schema: asistenciaActionSchema('Cancela una solicitud en espera (su paciente)'),
    },
    async (request, reply) =>
      care.cancel(await authenticate(request, reply, session), request.params.id),
  )

  app.put(
    '/api/asistencias/:id/valoracion',
    {
      schema: asistenciaActionSchema(
        'Valora una consulta finalizada, una sola vez (su paciente)',
        Valoracion,
      ),
    },
    async (request, reply) =>
      care.rate(await authenticate(request, reply, session), request.params.id, request.body),
  )
}
