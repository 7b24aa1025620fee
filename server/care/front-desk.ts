/**
 * The front desk: a walk-in's professional calls its ticket to a room or desk, and the waiting
 * room's display reads the hospital's calls of the day. The display is public: it gets ticket,
 * room and time, nothing else of anyone.
 */
import type { LlamadaTurno } from '../../src/contract/front-desk.js'
import { LLAMADAS_EN_PANTALLA, SALA_FIELD } from '../../src/contract/front-desk.js'
import type { AccountStanding } from '../repositories/accounts.js'
import type { AsistenciaRepository } from '../repositories/asistencias.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { AppDatabase } from '../database/schema.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { readCareText } from '../http/input-rules.js'
import { startOfDayIn, usableTimeZone } from './hospital-day.js'

export interface FrontDeskDeps {
  db: AppDatabase
  asistencias: Pick<AsistenciaRepository, 'findRow'>
  hospitals: Pick<HospitalRepository, 'findByTenant' | 'findTimeZone'>
  now: () => number
}

export type FrontDesk = ReturnType<typeof createFrontDesk>

export function createFrontDesk({ db, asistencias, hospitals, now }: FrontDeskDeps) {
  return {
    /** Calls the walk-in `id` to `sala`; only its professional, while the consultation is on. */
    async call(professional: AccountStanding, id: string, text: string): Promise<LlamadaTurno> {
      const sala = readCareText(text, SALA_FIELD)
      const row = await asistencias.findRow(id)
      // Anyone else learns nothing of the request, as everywhere in care.
      if (row?.tenant !== professional.tenant || row.profesional_id !== professional.id) {
        throw new HttpError(404, 'not_found', MESSAGES.notFound)
      }
      if (row.origen !== 'presencial' || row.ticket === null || row.estado !== 'en_curso') {
        throw new HttpError(
          409,
          'estado_no_valido',
          'Solo se llama por su número a una visita presencial en curso.',
        )
      }
      const llamada = await db
        .insertInto('llamadas_turno')
        .values({
          tenant: row.tenant,
          asistencia_id: row.id,
          ticket: row.ticket,
          sala,
          llamado_en: new Date(now()).toISOString(),
        })
        .returning(['id', 'ticket', 'sala', 'llamado_en'])
        .executeTakeFirstOrThrow()
      return llamada
    },

    /** The hospital's calls of its day, newest first; 404 for an unknown or disabled hospital. */
    async recent(tenant: string): Promise<LlamadaTurno[]> {
      const hospital = await hospitals.findByTenant(tenant)
      if (!hospital) throw new HttpError(404, 'not_found', 'No se ha encontrado el centro.')
      const zone = usableTimeZone(await hospitals.findTimeZone(hospital.tenant))
      const since = startOfDayIn(zone, now())
      return db
        .selectFrom('llamadas_turno')
        .select(['id', 'ticket', 'sala', 'llamado_en'])
        .where('tenant', '=', hospital.tenant)
        .where('llamado_en', '>=', since)
        .orderBy('id', 'desc')
        .limit(LLAMADAS_EN_PANTALLA)
        .execute()
    },
  }
}
