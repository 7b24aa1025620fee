import './care.css'
/**
 * `/{tenant}/directorio`: the hospital's professionals grouped by specialty, "Disponible ahora"
 * for those with the queue open (live for a signed-in user); patients can ask for help addressed
 * to a specialty from here.
 */
import { lazy, Suspense, useId } from 'react'
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import type { Profesional } from '../../../contract/care'
import { useIsHydrated } from '../../../components/use-is-hydrated'
import { profesionalesQuery } from '../api/care-queries'
import { availabilityLabel } from '../state/care-state'
import { useCareQuery } from '../api/use-care-query'

const GENERAL = 'Sin especialidad'

function bySpecialty(list: readonly Profesional[]): [string, Profesional[]][] {
  const groups = new Map<string, Profesional[]>()
  // A professional of several specialties is listed under each.
  for (const entry of list) {
    for (const key of entry.especialidades.length > 0 ? entry.especialidades : [GENERAL]) {
      groups.set(key, [...(groups.get(key) ?? []), entry])
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'es'))
    .map(([key, entries]) => [key, entries.sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'))])
}

// Only a signed-in user hears presence: a signed-out visitor's first load goes without the stream.
const LivePresence = lazy(() =>
  import('./DirectoryPresence').then((module) => ({ default: module.DirectoryPresence })),
)

export function DirectoryScreen({
  tenant,
  isSignedInHere,
  mayRequest,
}: {
  tenant: string
  isSignedInHere: boolean
  mayRequest: boolean
}) {
  const idPrefix = useId()
  // Signed in, the session's hospital's list (with presence); signed out, the public one, which
  // the route asked for as it loaded.
  const {
    data,
    setData: setList,
    error,
  } = useCareQuery(profesionalesQuery(isSignedInHere ? null : tenant))
  // A list already in the cache waits for the screen in the HTML to be taken over, which shows
  // the list's place (the build knows no list).
  const list = useIsHydrated() ? data : null

  if (error) return <p role="alert">{error}</p>
  if (list === null) return <p role="status">Cargando el directorio…</p>
  return (
    <div className="care-screen">
      {isSignedInHere && (
        <Suspense fallback={null}>
          <LivePresence
            onPresence={(id, disponible) => {
              setList(
                (shown) =>
                  shown?.map((entry) => (entry.id === id ? { ...entry, disponible } : entry)) ??
                  shown,
              )
            }}
          />
        </Suspense>
      )}
      {list.length === 0 && <p>Este centro todavía no tiene profesionales en el directorio.</p>}
      {bySpecialty(list).map(([especialidad, entries], index) => (
        <section
          key={especialidad}
          // A specialty's name has spaces, which an id reference cannot hold: ids go by position.
          aria-labelledby={`${idPrefix}-${String(index)}`}
          className="care-directory-group"
        >
          <h2 id={`${idPrefix}-${String(index)}`}>{especialidad}</h2>
          <ul className="care-list">
            {entries.map((entry) => (
              <li key={entry.id} className="care-row care-directory-row">
                <span>{entry.nombre}</span>
                <span
                  className={
                    entry.disponible && !entry.en_consulta ? 'care-available' : 'care-row-meta'
                  }
                >
                  {availabilityLabel(entry)}
                </span>
              </li>
            ))}
          </ul>
          {mayRequest && especialidad !== GENERAL && (
            <p>
              <Link
                to={`${paths.screen(tenant, 'solicitar-asistencia')}?${new URLSearchParams({ especialidad }).toString()}`}
              >
                Solicitar asistencia de {especialidad}
              </Link>
            </p>
          )}
        </section>
      ))}
    </div>
  )
}
