/** How a queue marks immediate care and walk-ins (professionals only: not in the patient's first load). */
/** The mark a queue shows on a request that did not come from a signed-in patient. */
export function origenLabel(asistencia: { origen: string; ticket: string | null }): string | null {
  if (asistencia.origen === 'inmediata') return 'Inmediata'
  if (asistencia.origen === 'presencial') {
    return asistencia.ticket === null ? 'Presencial' : `Presencial · ${asistencia.ticket}`
  }
  return null
}
