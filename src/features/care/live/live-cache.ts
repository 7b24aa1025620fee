/**
 * What a live event changes in the page's cache, before any screen hears it: a `reinicio` (the
 * stream cannot say what was missed) reads every care query shown again; a request's change reads
 * again what is counted from requests (today's figures, the referrals, the board's professionals),
 * and a presence change the board's professionals. Screens write the rest (a record, a list's row,
 * a presence) through `setQueryData`.
 */
import type { QueryClient } from '@tanstack/react-query'
import { CARE_QUERY_ROOT, careKeys } from '../api/care-queries'
import type { CareEvent } from './live'

export function writeCareEvent(client: QueryClient, event: CareEvent): void {
  if (event.tipo === 'reinicio') {
    void client.invalidateQueries({ queryKey: [CARE_QUERY_ROOT] })
    return
  }
  if (event.tipo === 'asistencia') {
    void client.invalidateQueries({ queryKey: careKeys.estadisticas })
    void client.invalidateQueries({ queryKey: careKeys.referidos })
  }
  if (event.tipo === 'asistencia' || event.tipo === 'presencia') {
    void client.invalidateQueries({ queryKey: careKeys.turno })
  }
}
