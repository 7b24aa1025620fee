import './admin.css'
import { useCallback, useId, useState } from 'react'
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../contract/audit'
import { listAudit } from './admin-api'
import { describeAdminError } from './admin-errors'
import { LoadError, Loading } from './PanelStates'
import { useAsyncData } from './use-async-data'

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

/** A hospital's audit log: who changed what and when, newest first, a page at a time. */
export function AuditoriaPanel({ tenant, hospitalName }: { tenant: string; hospitalName: string }) {
  const headingId = useId()
  const load = useCallback(() => listAudit(tenant), [tenant])
  const [firstPage, reload] = useAsyncData(load)
  const [older, setOlder] = useState<{ entries: AuditEntry[]; lastPageSize: number }>({
    entries: [],
    lastPageSize: AUDIT_PAGE_SIZE,
  })
  const [isLoadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<string | null>(null)

  if (firstPage.status !== 'ready') {
    return (
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Registro de cambios de {hospitalName}</h2>
        {firstPage.status === 'loading' && <Loading what="el registro de cambios" />}
        {firstPage.status === 'error' && <LoadError error={firstPage.error} onRetry={reload} />}
      </section>
    )
  }
  const entries = [...firstPage.data, ...older.entries]
  const lastPageSize = older.entries.length === 0 ? firstPage.data.length : older.lastPageSize
  const hasMore = lastPageSize === AUDIT_PAGE_SIZE

  async function loadMore() {
    const oldest = entries.at(-1)
    if (oldest === undefined) return
    setLoadingMore(true)
    setMoreError(null)
    try {
      const page = await listAudit(tenant, oldest.id)
      setOlder((current) => ({
        entries: [...current.entries, ...page],
        lastPageSize: page.length,
      }))
    } catch (error) {
      setMoreError(describeAdminError(error))
    } finally {
      setLoadingMore(false)
    }
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
        <button type="button" disabled={isLoadingMore} onClick={() => void loadMore()}>
          {isLoadingMore ? 'Cargando…' : 'Ver más'}
        </button>
      )}
    </section>
  )
}
