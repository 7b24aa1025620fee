import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import {
  Asistencia,
  EstadisticasHoy,
  Finalizacion,
  NuevaAsistencia,
  Valoracion,
} from '../../src/contract/care.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { CareService } from '../care/care-service.js'
import { median } from '../care/records.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { AsistenciaRepository } from '../repositories/asistencias.js'
import { hasPendingTerms, type TermsRepository } from '../repositories/terms.js'
import {
  ASISTENCIA_PARAMS,
  asistenciaActionSchema,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

export interface AsistenciasRouteDeps {
  session: SessionCheckDeps
  care: CareService
  asistencias: Pick<AsistenciaRepository, 'activitySince'>
  terms: Pick<TermsRepository, 'current' | 'acceptedVersion'>
  now: () => number
}

interface IdParams {
  Params: { id: string }
}

/** The instant today began in Spain (the product's locale), as ISO 8601 UTC. */
export function startOfTodayInSpain(nowMs: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Madrid',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(nowMs))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
  const localAsUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  )
  const offset = localAsUtc - Math.floor(nowMs / 1000) * 1000
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) - offset).toISOString()
}

/**
 * The care journey's requests: create (patients, idempotent by the client's id), list and read
 * (each caller what they may see), take (one winner), finish, cancel, rate, and today's figures
 * for the hospital's administrators.
 */
export function registerAsistenciasRoutes(app: FastifyInstance, deps: AsistenciasRouteDeps) {
  const { session, care } = deps
  const single = { 200: Asistencia, ...CARE_ERROR_RESPONSES }

  app.post<{ Body: NuevaAsistencia }>(
    '/api/asistencias',
    {
      schema: {
        summary: 'Solicita asistencia (pacientes); repetir el mismo id devuelve la misma solicitud',
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

  app.get(
    '/api/asistencias',
    {
      schema: {
        summary:
          'Solicitudes: el paciente, las suyas; el profesional, la cola y las suyas; el administrador, las abiertas',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Type.Array(Asistencia), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => care.list(await authenticate(request, reply, session)),
  )

  app.get(
    '/api/asistencias/estadisticas',
    {
      schema: {
        summary: 'Cifras de hoy del centro (administradores del centro)',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: EstadisticasHoy, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply): Promise<EstadisticasHoy> => {
      const account = await authenticate(request, reply, session)
      if (account.rol !== 'admin') throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
      const activity = await deps.asistencias.activitySince(
        account.tenant,
        startOfTodayInSpain(deps.now()),
      )
      const wait = median(activity.waits)
      const ratings = activity.ratings
      return {
        solicitudes_hoy: activity.count,
        espera_mediana_minutos: wait === null ? null : Math.round(wait * 10) / 10,
        valoracion_media:
          ratings.length === 0
            ? null
            : Math.round((ratings.reduce((sum, value) => sum + value, 0) / ratings.length) * 10) /
              10,
      }
    },
  )

  app.get<IdParams>(
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

  app.post<IdParams>(
    '/api/asistencias/:id/atender',
    {
      schema: asistenciaActionSchema(
        'Atiende una solicitud en espera (profesionales); solo uno lo consigue',
      ),
    },
    async (request, reply) =>
      care.claim(await authenticate(request, reply, session), request.params.id),
  )

  app.post<IdParams & { Body: Finalizacion }>(
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

  app.post<IdParams>(
    '/api/asistencias/:id/cancelar',
    {
      schema: asistenciaActionSchema('Cancela una solicitud en espera (su paciente)'),
    },
    async (request, reply) =>
      care.cancel(await authenticate(request, reply, session), request.params.id),
  )

  app.put<IdParams & { Body: Valoracion }>(
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
