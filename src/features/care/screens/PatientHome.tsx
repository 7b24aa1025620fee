/**
 * `/{tenant}/cliente`: "Solicitar asistencia", the current request (back into it in one tap),
 * requests still in the outbox, and the history of past consultations with their summaries.
 */
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import type { Asistencia } from '../../../contract/care'
import { asistenciasQuery } from '../api/care-queries'
import { ESTADO_LABELS, openRequests, pastRequests, upsertAsistencia } from '../state/care-state'
import { LiveNotice, PendingMark, RetryAlert } from './CareParts'
import { usePendingIds, useLiveLoad } from '../live/use-live'

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' })

export function PatientHome({ tenant, isGuest = false }: { tenant: string; isGuest?: boolean }) {
  const {
    data: list,
    setData: setList,
    error,
    reload,
  } = useLiveLoad(asistenciasQuery(), {
    onEvent: (event) => {
      if (event.tipo === 'asistencia') {
        setList((shown) => (shown === null ? shown : upsertAsistencia(shown, event.asistencia)))
      }
    },
  })
  const pending = usePendingIds()

  const current = list === null ? [] : openRequests(list)
  const past = list === null ? [] : pastRequests(list)
  const shownIds = new Set(list?.map((entry) => entry.id))
  const unsent = [...pending].filter((id) => !shownIds.has(id))

  return (
    <div className="care-screen">
      <LiveNotice />
      {/* A guest's session is for its one request: a new one starts from immediate care. */}
      <p>
        {isGuest ? (
          <Link
            className="button-primary"
            to={paths.screen(tenant, 'atencion-profesional-publica-inmediata')}
          >
            Pedir otra atención inmediata
          </Link>
        ) : (
          <Link className="button-primary" to={paths.screen(tenant, 'solicitar-asistencia')}>
            Solicitar asistencia
          </Link>
        )}
      </p>
      <section aria-labelledby="actual-titulo">
        <h2 id="actual-titulo">Tu solicitud actual</h2>
        {unsent.length > 0 && (
          <p className="care-row">
            Tu solicitud se ha guardado en este dispositivo y se enviará en cuanto vuelva la
            conexión. <PendingMark />
          </p>
        )}
        {error && <RetryAlert message={error} onRetry={reload} />}
        {list === null && !error && <p role="status">Cargando tus solicitudes…</p>}
        {list !== null && current.length === 0 && unsent.length === 0 && (
          <p>No tienes ninguna solicitud abierta.</p>
        )}
        <ul className="care-list">
          {current.map((entry) => (
            <li key={entry.id} className="care-row">
              <Link to={`${paths.screen(tenant, 'atencion-asistencia')}/${entry.id}`}>
                {entry.estado === 'en_curso'
                  ? 'Volver a mi consulta'
                  : 'Ver mi solicitud en espera'}
              </Link>
              {entry.derivacion && <ReferralNote entry={entry} />}
              <p className="care-text">{entry.motivo}</p>
              <p className="care-row-meta">{ESTADO_LABELS[entry.estado]}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="historial-titulo">
        <h2 id="historial-titulo">Consultas anteriores</h2>
        {list !== null && past.length === 0 && <p>Todavía no tienes consultas anteriores.</p>}
        <ul className="care-list">
          {past.map((entry) => (
            <li key={entry.id} className="care-row">
              <p className="care-row-title">
                {/* Opens the consultation's record, to read it again. */}
                <Link to={`${paths.screen(tenant, 'atencion-asistencia')}/${entry.id}`}>
                  {dateFormat.format(new Date(entry.cerrada_en ?? entry.creada_en))}
                </Link>{' '}
                <span className="care-row-meta">· {ESTADO_LABELS[entry.estado]}</span>
              </p>
              {entry.derivacion && <ReferralNote entry={entry} />}
              <p className="care-text">Motivo: {entry.motivo}</p>
              {entry.resumen && <p className="care-text">Resumen: {entry.resumen}</p>}
              {entry.profesional && (
                <p className="care-row-meta">Te atendió {entry.profesional.nombre}</p>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

/** A referred request, as its patient sees it: where and by whom (the note is for professionals). */
function ReferralNote({ entry }: { entry: Asistencia }) {
  if (!entry.derivacion) return null
  const destino = entry.derivacion.a?.nombre ?? entry.especialidad ?? 'otro profesional'
  return (
    <p className="care-referral-note">
      Te han derivado a {destino}{' '}
      <span className="care-row-meta">
        (lo decidió {entry.derivacion.por.nombre}) · {ESTADO_LABELS[entry.estado]}
      </span>
    </p>
  )
}
