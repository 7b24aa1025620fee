import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  Asignacion,
  Cierre,
  EstadisticasCentro,
  estadoProfesional,
  MOTIVO_CIERRE_MAX_LENGTH,
  ProfesionalDeTurno,
} from '../../src/contract/shift-board.js'
import { may } from '../../src/contract/permissions.js'
import type { AdminGuards } from '../auth/admin-guards.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { CareService } from '../care/care-service.js'
import { figuresOfToday, type DayFiguresDeps } from '../care/day-figures.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { AccountRepository } from '../repositories/accounts.js'
import type { AsistenciaRepository } from '../repositories/asistencias.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { PresenciaRepository } from '../repositories/presencia.js'
import { ADMIN_ERROR_RESPONSES } from './admin-schemas.js'
import {
  asistenciaActionSchema,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

export interface TableroDeps extends DayFiguresDeps {
  session: SessionCheckDeps
  guards: AdminGuards
  care: CareService
  accounts: Pick<AccountRepository, 'listProfessionals'>
  asistencias: Pick<AsistenciaRepository, 'activitySince' | 'countInProgress'>
  hospitals: Pick<HospitalRepository, 'findTimeZone' | 'list'>
  presencia: Pick<PresenciaRepository, 'available'>
}

/**
 * The operations board (`/{tenant}/apanel`): assign a waiting request to one professional, close
 * one with a reason (the hospital's administrators; audited, live), who is on duty, and every
 * hospital's figures of today for the portal's administrators.
 */
export function registerTableroRoutes(instance: FastifyInstance, deps: TableroDeps) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { session, care } = deps

  app.post(
    '/api/asistencias/:id/asignar',
    {
      schema: asistenciaActionSchema(
        'Asigna una solicitud en espera a un profesional del centro (administradores del centro): solo él la ve en su cola y la atiende; frente a «Atender», solo uno lo consigue (409)',
        Asignacion,
      ),
    },
    async (request, reply) =>
      care.assign(
        await authenticate(request, reply, session),
        request.params.id,
        request.body.profesional_id,
      ),
  )

  app.post(
    '/api/asistencias/:id/cerrar',
    {
      schema: asistenciaActionSchema(
        `Cierra una solicitud en espera con un motivo de hasta ${String(MOTIVO_CIERRE_MAX_LENGTH)} caracteres (administradores del centro): queda cancelada y su paciente lee el motivo; frente a «Atender», solo uno lo consigue (409)`,
        Cierre,
      ),
    },
    async (request, reply) =>
      care.close(
        await authenticate(request, reply, session),
        request.params.id,
        request.body.motivo,
      ),
  )

  app.get(
    '/api/tablero/profesionales',
    {
      schema: {
        summary:
          'Profesionales del centro con su estado (disponible, en consulta, sin conexión) y sus consultas en curso (administradores del centro)',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Type.Array(ProfesionalDeTurno), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply): Promise<ProfesionalDeTurno[]> => {
      const account = await authenticate(request, reply, session)
      if (!may(account, 'supervisar')) throw new HttpError(403, 'forbidden', MESSAGES.forbidden)
      const [professionals, connected, inProgress] = await Promise.all([
        deps.accounts.listProfessionals(account.tenant),
        deps.presencia.available(account.tenant, new Date(deps.now()).toISOString()),
        deps.asistencias.countInProgress(account.tenant),
      ])
      return professionals.map((professional) => {
        const consultas = inProgress.get(professional.id) ?? 0
        return {
          id: professional.id,
          nombre: professional.nombre,
          especialidades: professional.especialidades,
          estado: estadoProfesional(connected.has(professional.id), consultas),
          consultas_en_curso: consultas,
        }
      })
    },
  )

  app.get(
    '/api/admin/estadisticas',
    {
      preHandler: deps.guards.productAdmin,
      schema: {
        summary:
          'Cifras de hoy de cada centro, una junto a otra, cada una en la zona horaria de su centro (administradores del portal)',
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Type.Array(EstadisticasCentro), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (): Promise<EstadisticasCentro[]> => {
      const hospitals = await deps.hospitals.list()
      return Promise.all(
        hospitals.map(async (hospital) => ({
          tenant: hospital.tenant,
          nombre: hospital.nombre,
          estadisticas: await figuresOfToday(deps, hospital.tenant),
        })),
      )
    },
  )
}
