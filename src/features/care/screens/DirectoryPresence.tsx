/**
 * The directory's live presence, for a signed-in user: its own module, so the stream's code stays
 * out of the first load of the directory a signed-out visitor opens.
 */
import { useCareEvents } from '../live/use-live'

/**
 * Presence as it changes; when the stream cannot say what changed (`reinicio`, or its first
 * start), the cache reads the list again.
 */
export function DirectoryPresence({
  onPresence,
}: {
  onPresence: (id: number, disponible: boolean) => void
}) {
  useCareEvents((event) => {
    if (event.tipo === 'presencia') {
      for (const { id, disponible } of event.cambios) onPresence(id, disponible)
    }
  })
  return null
}
