import './admin.css'
import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router-dom'
import type { AuditEntry } from '../../contract/audit'
import { describeAdminError } from './admin-errors'
import { auditQuery, type AuditData } from './audit-route-data'
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
 * through the administration route's loader (src/features/admin/audit-route-data.ts), which
 * answers the whole span shown, so "Ver más" and the router's reloads never repeat a row.
 */
export function AuditoriaPanel({ tenant, hospitalName }: { tenant: string; hospitalName: string }) {
  const headingId = useId()
  const log = useFetcher<AuditData | null>()
  const { load } = log
  const [through, setThrough] = useState<number>()
  const query = auditQuery(tenant, through)
  // The entries last read well: a failed "Ver más" keeps them on screen under its message.
  const [shown, setShown] = useState<{ entries: AuditEntry[]; hasMore: boolean }>()
  const answer = log.data
  if (answer && 'entries' in answer && answer !== shown) setShown(answer)

  useEffect(() => {
    void load(query)
  }, [load, query])

  function retry() {
    void load(query)
  }

  if (shown === undefined) {
    return (
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Registro de cambios de {hospitalName}</h2>
        {(answer === undefined || answer === null) && <Loading what="el registro de cambios" />}
        {answer && 'error' in answer && <LoadError error={answer.error} onRetry={retry} />}
      </section>
    )
  }
  const { entries, hasMore } = shown
  const isLoadingMore = log.state !== 'idle'
  const moreError = answer && 'error' in answer ? describeAdminError(answer.error) : null

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
