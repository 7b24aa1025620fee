/**
 * `/{tenant}/profesional`: the hospital's live queue (oldest first, a page at a time: "Ver más"
 * brings the next, so the newest are always reachable), "Atender" per row (named for its patient:
 * "Atender a Lucía Martín"), and the professional's own active and recent consultations. Having
 * this screen open marks them available (`?cola=1`) and counts who waits in the tab's title; a new
 * request's tone and system notification are the in-app alerts' (src/features/care/alerts/),
 * which the professional may allow here (asked with a button).
 */
import { useEffect, useState } from 'react'
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import { origenLabel } from '../state/origen-label'
import { listAsistencias } from '../api/care-api'
import { asistenciasQuery } from '../api/care-queries'
import {
  describeMinutes,
  ESTADO_LABELS,
  minutesBetween,
  pastRequests,
  applyToStaffList,
  waitingQueue,
} from '../state/care-state'
import { LiveNotice, RetryAlert } from './CareParts'
import {
  canNotify,
  notificationPermission,
  requestNotifications,
} from '../alerts/system-notification'
import { nextQueueCursor, usePageRequest } from '../api/paging'
import { useTakeRequest } from './use-take-request'
import { useIsOnline, useNow, useLiveLoad } from '../live/use-live'

export function ProfessionalScreen({
  tenant,
  professionalId,
  onQueueCount,
}: {
  tenant: string
  /** The signed-in professional: their own consultations stay in the list, colleagues' leave it. */
  professionalId: number | undefined
  onQueueCount: (count: number) => void
}) {
  const now = useNow()
  const isOnline = useIsOnline()
  const { rowErrors, isTaking, take } = useTakeRequest(tenant)
  // Where the queue's next page starts; null when the last page is shown.
  const [nextPage, setNextPage] = useState<string | null>(null)
  const more = usePageRequest()
  const {
    data: list,
    setData: setList,
    error: loadError,
    reload,
  } = useLiveLoad(asistenciasQuery(), {
    onLoad: (loaded) => {
      more.reset()
      setNextPage(nextQueueCursor(loaded))
    },
    cola: true,
    onEvent: (event) => {
      if (event.tipo !== 'asistencia') return
      const record = event.asistencia
      setList((shown) => (shown === null ? shown : applyToStaffList(shown, record, professionalId)))
    },
  })

  const showMore = (despues: string) => {
    more.request(
      (signal) => listAsistencias(signal, despues),
      (page) => {
        setList((shown) =>
          page.reduce(
            (merged, record) => applyToStaffList(merged, record, professionalId),
            shown ?? [],
          ),
        )
        setNextPage(nextQueueCursor(page))
      },
    )
  }

  const queue = list === null ? [] : waitingQueue(list)
  const active = list === null ? [] : list.filter((entry) => entry.estado === 'en_curso')
  const recent = list === null ? [] : pastRequests(list).slice(0, 10)

  useEffect(() => {
    onQueueCount(queue.length)
  }, [queue.length, onQueueCount])

  return (
    <div className="care-screen">
      <LiveNotice />
      <nav aria-label="Área profesional">
        <Link to={paths.screen(tenant, 'referidos')}>Derivaciones enviadas y recibidas</Link>
      </nav>
      <NotificationsControl />
      <section aria-labelledby="cola-titulo">
        <h2 id="cola-titulo">
          Cola de espera ({queue.length}
          {nextPage === null ? '' : ' o más'})
        </h2>
        {loadError && <RetryAlert message={loadError} onRetry={reload} />}
        {list === null && !loadError && <p role="status">Cargando la cola…</p>}
        {list !== null && queue.length === 0 && <p>No hay nadie esperando.</p>}
        {!isOnline && (
          <p className="field-hint">
            Sin conexión: para atender una solicitud hace falta conexión.
          </p>
        )}
        <ul className="care-list">
          {queue.map((entry) => (
            <li key={entry.id} className="care-row">
              <p className="care-row-title">
                <OrigenMark asistencia={entry} />
                {entry.paciente.nombre}
                <span className="care-row-meta">
                  {' '}
                  · espera {describeMinutes(minutesBetween(entry.creada_en, now))}
                  {' · '}
                  {entry.especialidad ?? 'Cualquier profesional'}
                </span>
              </p>
              {entry.derivacion && (
                <p className="care-row-meta">
                  Derivada por {entry.derivacion.por.nombre}
                  {entry.derivacion.a ? ' · solo para ti' : ''}
                </p>
              )}
              <p className="care-text">{entry.motivo}</p>
              <button
                type="button"
                className="button-primary"
                disabled={!isOnline || isTaking}
                // Every row has one: a screen reader's list of buttons tells them apart.
                aria-label={`Atender a ${entry.paciente.nombre}`}
                aria-describedby={rowErrors[entry.id] ? `error-${entry.id}` : undefined}
                onClick={() => void take(entry.id)}
              >
                Atender
              </button>
              {rowErrors[entry.id] && (
                <p role="alert" className="field-error" id={`error-${entry.id}`}>
                  {rowErrors[entry.id]}
                </p>
              )}
            </li>
          ))}
        </ul>
        {nextPage !== null && (
          <div className="care-more">
            <button
              type="button"
              className="button-secondary"
              disabled={more.isLoading}
              onClick={() => {
                showMore(nextPage)
              }}
            >
              {more.isLoading ? 'Cargando más solicitudes…' : 'Ver más solicitudes'}
            </button>
            {more.error && (
              <p role="alert" className="field-error">
                {more.error}
              </p>
            )}
          </div>
        )}
        {Object.entries(rowErrors)
          .filter(([id]) => !queue.some((entry) => entry.id === id))
          .map(([id, message]) => (
            <p key={id} role="alert" className="field-error">
              {message}
            </p>
          ))}
      </section>
      <section aria-labelledby="activas-titulo">
        <h2 id="activas-titulo">Mis consultas activas</h2>
        {active.length === 0 ? (
          <p>No tienes consultas activas.</p>
        ) : (
          <ul className="care-list">
            {active.map((entry) => (
              <li key={entry.id} className="care-row">
                <Link to={`${paths.screen(tenant, 'atencion-asistencia')}/${entry.id}`}>
                  Consulta con {entry.paciente.nombre}
                </Link>
                <p className="care-text">{entry.motivo}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="recientes-titulo">
        <h2 id="recientes-titulo">Consultas recientes</h2>
        {recent.length === 0 ? (
          <p>Todavía no hay consultas cerradas.</p>
        ) : (
          <ul className="care-list">
            {recent.map((entry) => (
              <li key={entry.id} className="care-row">
                <p className="care-row-title">
                  {/* Opens the consultation's record, to read it again. */}
                  <Link to={`${paths.screen(tenant, 'atencion-asistencia')}/${entry.id}`}>
                    {entry.paciente.nombre}
                  </Link>{' '}
                  <span className="care-row-meta">· {ESTADO_LABELS[entry.estado]}</span>
                </p>
                <p className="care-text">{entry.resumen ?? entry.motivo}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

/** "Activar avisos": asks for notification permission only when the professional wants it. */
function NotificationsControl() {
  const [permission, setPermission] = useState(notificationPermission)
  if (!canNotify()) return null
  if (permission === 'granted') {
    return <p className="field-hint">Avisos activados: te avisaremos de cada nueva solicitud.</p>
  }
  if (permission === 'denied') {
    return (
      <p className="field-hint">
        Los avisos están bloqueados en este navegador. Puedes permitirlos en los ajustes del sitio.
      </p>
    )
  }
  return (
    <button
      type="button"
      className="button-secondary"
      onClick={() => {
        void requestNotifications().then(setPermission)
      }}
    >
      Activar avisos de nuevas solicitudes
    </button>
  )
}

/** "Inmediata" or "Presencial · A-014" on a request that came without an account. */
export function OrigenMark({
  asistencia,
}: {
  asistencia: { origen: string; ticket: string | null }
}) {
  const label = origenLabel(asistencia)
  if (label === null) return null
  return (
    <>
      <span className="care-origen">{label}</span>{' '}
    </>
  )
}
