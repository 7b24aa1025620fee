/**
 * The record of a consultation that is over: the request, its whole conversation, its calls and
 * the referrals it led to, for whoever may see the request (the same 404 rules as the live
 * consultation). A staff member's read, on screen or as a PDF, is written to the audit log like a
 * read of the live consultation.
 */
import {
  ESTADOS_INACTIVOS,
  MENSAJES_PAGINA,
  type EstadoAsistencia,
  type Mensaje,
} from '../../src/contract/care.js'
import { LECTURA_REGISTRO, type RegistroConsulta } from '../../src/contract/record.js'
import { HttpError } from '../http/http-errors.js'
import type { AccountStanding } from '../repositories/accounts.js'
import { asSeenAt, type AsistenciaRepository } from '../repositories/asistencias.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { LlamadaRepository } from '../repositories/llamadas.js'
import type { MensajeRepository } from '../repositories/mensajes.js'
import { mayReadReferralNote } from './access.js'
import type { CareService } from './care-service.js'
import { toLlamada } from './calls.js'
import { usableTimeZone } from './hospital-day.js'
import { toAsistencia, toMensaje } from './records.js'

export interface ConsultationRecordDeps {
  care: Pick<CareService, 'visibleRow' | 'auditStaffRead'>
  asistencias: Pick<AsistenciaRepository, 'findView' | 'listDerivedFrom'>
  mensajes: Pick<MensajeRepository, 'list'>
  llamadas: Pick<LlamadaRepository, 'list'>
  hospitals: Pick<HospitalRepository, 'findByTenant' | 'findTimeZone'>
  now: () => number
}

/** How the record was read, as the audit log says it. */
export type RecordRead = keyof typeof LECTURA_REGISTRO

const isOver = (estado: EstadoAsistencia) =>
  (ESTADOS_INACTIVOS as readonly EstadoAsistencia[]).includes(estado)

/** Every message of a consultation, oldest first, page by page (a page is the newest before its first). */
export async function readWholeConversation(
  mensajes: Pick<MensajeRepository, 'list'>,
  id: string,
): Promise<Mensaje[]> {
  const pages: Mensaje[][] = []
  let beforeId: string | undefined
  for (;;) {
    const page = await mensajes.list(id, beforeId)
    pages.unshift(page.map(toMensaje))
    if (page.length < MENSAJES_PAGINA) break
    beforeId = page[0]?.id
  }
  return pages.flat()
}

export type ConsultationRecords = ReturnType<typeof createConsultationRecords>

export function createConsultationRecords(deps: ConsultationRecordDeps) {
  const { care, asistencias, mensajes, llamadas, hospitals } = deps

  const wholeConversation = (id: string) => readWholeConversation(mensajes, id)

  return {
    /**
     * The record of request `id` for `viewer`: 404 when they may not see it, 409 while it is
     * still open (the live consultation is the place for it then).
     */
    async read(viewer: AccountStanding, id: string, how: RecordRead): Promise<RegistroConsulta> {
      const row = await care.visibleRow(viewer, id)
      const stored = await asistencias.findView(id)
      if (!stored) throw new Error(`Request ${id} vanished while read.`)
      const view = asSeenAt(stored, new Date(deps.now()).toISOString())
      if (!isOver(view.estado)) {
        throw new HttpError(409, 'estado_no_valido', 'La consulta sigue abierta.')
      }
      await care.auditStaffRead(viewer, row, { leido: LECTURA_REGISTRO[how] })
      const [conversation, calls, derived, hospital, timeZone] = await Promise.all([
        wholeConversation(id),
        llamadas.list(id),
        asistencias.listDerivedFrom(id),
        hospitals.findByTenant(view.tenant),
        hospitals.findTimeZone(view.tenant),
      ])
      const withReferralNote = mayReadReferralNote(viewer, view)
      // An empty `imagen` is no logo.
      const logo = hospital?.imagen ?? ''
      return {
        hospital: {
          nombre: hospital?.nombre ?? view.tenant,
          imagen: logo === '' ? null : logo,
          zona_horaria: usableTimeZone(timeZone),
        },
        asistencia: toAsistencia(view, null, { withReferralNote }),
        mensajes: conversation,
        llamadas: calls.map((call) => toLlamada(call, view)),
        derivaciones: derived.map((stored) => {
          const referral = asSeenAt(stored, new Date(deps.now()).toISOString())
          return toAsistencia(referral, null, {
            withReferralNote: mayReadReferralNote(viewer, referral),
          })
        }),
      }
    },
  }
}
