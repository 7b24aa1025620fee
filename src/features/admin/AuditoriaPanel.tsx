import './admin.css'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { describeAdminError } from './admin-errors'
import { auditQuery, type AuditSpan } from './admin-queries'
import { LoadError, Loading } from './PanelStates'

// What each recorded action means, in the words of the screens that make it.
const ACTION_LABELS: Record<string, string> = {
  'hospital.creado': 'Centro creado',
  'hospital.editado': 'Centro editado',
  'hospital.activado': 'Centro reactivado',
  'hospital.desactivado': 'Centro desactivado',
  'hospital.logo': 'Logotipo cambiado',
  'cuenta.creada': 'Cuenta creada',
  'cuenta.activada': 'Cuenta reactivada',
  'cuenta.desactivada': 'Cuenta desactivada',
  'cuenta.acceso_restablecido': 'Código de acceso creado',
  'cuenta.contrasena_cambiada': 'Contraseña cambiada',
}

function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('es-ES', { dateStyle: 'medium', timeStyle: 'short' })
}

/**
 * A hospital's audit log: who changed what and when, newest first, a page at a time. Read
 * through the page's cache (`auditQuery`), which holds the whole span shown, so "Ver más" and
 * the reads after a change never repeat a row.
 */
export function AuditoriaPanel({ tenant, hospitalName }: { tenant: string; hospitalName: string }) {
  const headingId = useId()
  const [through, setThrough] = useState<number>()
  const log = useQuery(auditQuery(tenant, through))
  // The entries last read well: while "Ver más" reads, and when it fails, they stay on screen.
  const [shown, setShown] = useState<AuditSpan>()
  if (log.data && log.data !== shown) setShown(log.data)

  function retry() {
    void log.refetch()
  }

  if (shown === undefined) {
    return (
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Registro de cambios de {hospitalName}</h2>
        {log.isPending && <Loading what="el registro de cambios" />}
        {log.isError && <LoadError error={log.error} onRetry={retry} />}
      </section>
    )
  }
  const { entries, hasMore } = shown
  const isLoadingMore = log.isFetching
  const moreError = log.isError ? describeAdminError(log.error) : null

  function loadMore() {
    const oldest = entries.at(-1)
    if (oldest === undefined) return
    // Asking for the same span again (after a failure) reads it again.
    if (oldest.id === through) retry()
    else setThrough(oldest.id)
  }

  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Registro de cambios de {hospitalName}</h2>
      {entries.length === 0 ? (
        <p>Todavía no hay cambios registrados.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">
              Registro de cambios de {hospitalName}, del más reciente al más antiguo
            </caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Autor</th>
                <th scope="col">Cambio</th>
                <th scope="col">Objeto</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDate(entry.fecha)}</td>
                  <td>{entry.autor}</td>
                  <th scope="row">{ACTION_LABELS[entry.accion] ?? entry.accion}</th>
                  <td>{entry.objeto}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" aria-live="polite">
        {entries.length > 0 &&
          `Mostrando ${String(entries.length)} ${entries.length === 1 ? 'cambio' : 'cambios'}${hasMore ? '' : ' (todos)'}.`}
      </p>
      {moreError !== null && (
        <p role="alert" className="admin-message-error">
          {moreError}
        </p>
      )}
      {hasMore && (
        <button type="button" disabled={isLoadingMore} onClick={loadMore}>
          {isLoadingMore ? 'Cargando…' : 'Ver más'}
        </button>
      )}
    </section>
  )
}
