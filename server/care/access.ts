/**
 * Who sees what of the care journey, in one place. A consultation exists for its patient and for
 * its hospital's staff (professionals and administrators); for anyone else it does not exist, so
 * routes answer 404 rather than 403. Only its patient and its professional write in it.
 */
import type { AccountStanding } from '../repositories/accounts.js'
import type { AsistenciaRow, AsistenciaView } from '../repositories/asistencias.js'

export type Viewer = Pick<AccountStanding, 'id' | 'rol' | 'tenant'>

/** A professional or administrator of the hospital. */
export function isStaffOf(viewer: Viewer, tenant: string): boolean {
  return viewer.tenant === tenant && (viewer.rol === 'profesional' || viewer.rol === 'admin')
}

export function maySee(
  viewer: Viewer,
  row: Pick<AsistenciaRow, 'tenant' | 'paciente_id'>,
): boolean {
  return (
    row.tenant === viewer.tenant && (row.paciente_id === viewer.id || isStaffOf(viewer, row.tenant))
  )
}

/** Its patient or the professional attending it: those who write in the conversation. */
export function isParticipant(
  viewer: Viewer,
  row: Pick<AsistenciaRow, 'tenant' | 'paciente_id' | 'profesional_id'>,
): boolean {
  return (
    row.tenant === viewer.tenant &&
    (row.paciente_id === viewer.id || row.profesional_id === viewer.id)
  )
}

/** Messages reach the participants and the hospital's administrators, not every professional. */
export function mayReceiveMessages(
  viewer: Viewer,
  row: Pick<AsistenciaRow, 'tenant' | 'paciente_id' | 'profesional_id'>,
): boolean {
  return isParticipant(viewer, row) || (viewer.rol === 'admin' && viewer.tenant === row.tenant)
}

/**
 * A referral addressed to one named professional is theirs to take: it is in no other
 * professional's queue, and nobody else may take it. Its patient and the hospital's
 * administrators follow it as any request.
 */
export function isAddressedElsewhere(
  viewer: Viewer,
  view: Pick<AsistenciaView, 'destinatario_id'>,
): boolean {
  return (
    viewer.rol === 'profesional' &&
    view.destinatario_id !== null &&
    view.destinatario_id !== viewer.id
  )
}

/**
 * Whether a request's changes reach this viewer's live stream: not a referral addressed to
 * another professional, unless the viewer made it (their list of sent referrals follows it).
 */
export function mayFollow(
  viewer: Viewer,
  view: Pick<AsistenciaView, 'tenant' | 'paciente_id' | 'destinatario_id' | 'derivador_id'>,
): boolean {
  return (
    maySee(viewer, view) && (!isAddressedElsewhere(viewer, view) || view.derivador_id === viewer.id)
  )
}

/**
 * A referral's note and the first request's summary it carries are for the professionals it
 * concerns: its referrer, the professional it is addressed to (every professional, for a referral
 * to a specialty, since any of them may take it) and the hospital's administrators. Not its
 * patient, nor a colleague it is not addressed to.
 */
export function mayReadReferralNote(
  viewer: Viewer,
  view: Pick<AsistenciaView, 'tenant' | 'destinatario_id' | 'derivador_id'>,
): boolean {
  return (
    isStaffOf(viewer, view.tenant) &&
    (!isAddressedElsewhere(viewer, view) || view.derivador_id === viewer.id)
  )
}
