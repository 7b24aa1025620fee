/**
 * Who sees what of the care journey, for the server's rows: the rules are the contract's
 * (`src/contract/permissions.ts`); this reads a row's facts for them. A consultation exists for
 * its patient and for its hospital's staff; for anyone else it does not exist, so routes answer
 * 404 rather than 403. Only its patient and its professional write in it.
 */
import {
  isEntitled,
  isAddressedElsewhere as isAddressedElsewhereIn,
  isParticipant as isParticipantIn,
  type RequestFacts,
} from '../../src/contract/permissions.js'
import type { AccountStanding } from '../repositories/accounts.js'
import type { AsistenciaRow, AsistenciaView } from '../repositories/asistencias.js'

export { isStaffOf } from '../../src/contract/permissions.js'

export type Viewer = Pick<AccountStanding, 'id' | 'rol' | 'tenant'>

/** A row, with its referral's people when it is a view (a plain row reads as no referral). */
export type RequestRow = Pick<
  AsistenciaRow,
  'tenant' | 'estado' | 'paciente_id' | 'profesional_id' | 'cerrada_en' | 'puntuacion'
> &
  Partial<Pick<AsistenciaView, 'destinatario_id' | 'derivador_id'>>

/** The facts the contract's rules read, from a row of the database. */
export function requestFacts(row: RequestRow): RequestFacts {
  return {
    tenant: row.tenant,
    estado: row.estado,
    pacienteId: row.paciente_id,
    profesionalId: row.profesional_id,
    destinatarioId: row.destinatario_id ?? null,
    derivadorId: row.derivador_id ?? null,
    cerradaEn: row.cerrada_en,
    isRated: row.puntuacion !== null,
  }
}

export function maySee(viewer: Viewer, row: RequestRow): boolean {
  return isEntitled(viewer, 'ver', requestFacts(row))
}

/** Its patient or the professional attending it: those who write in the conversation. */
export function isParticipant(viewer: Viewer, row: RequestRow): boolean {
  return isParticipantIn(viewer, requestFacts(row))
}

/** Messages reach the participants and the hospital's administrators, not every professional. */
export function mayReceiveMessages(viewer: Viewer, row: RequestRow): boolean {
  return isEntitled(viewer, 'recibir_mensajes', requestFacts(row))
}

/** A referral addressed to another professional: not in this viewer's queue, not theirs to take. */
export function isAddressedElsewhere(
  viewer: Viewer,
  view: Pick<AsistenciaView, 'destinatario_id'>,
): boolean {
  return isAddressedElsewhereIn(viewer, { destinatarioId: view.destinatario_id })
}

/**
 * Whether a request's changes reach this viewer's live stream: not a referral addressed to
 * another professional, unless the viewer made it (their list of sent referrals follows it).
 */
export function mayFollow(viewer: Viewer, view: AsistenciaView): boolean {
  return isEntitled(viewer, 'seguir', requestFacts(view))
}

/**
 * A referral's note and the first request's summary it carries are for the professionals it
 * concerns and the hospital's administrators; not its patient.
 */
export function mayReadReferralNote(viewer: Viewer, view: AsistenciaView): boolean {
  return isEntitled(viewer, 'leer_nota', requestFacts(view))
}
