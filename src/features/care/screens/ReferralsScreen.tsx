/**
 * `/{tenant}/referidos`: the professional's referrals. "Derivaciones enviadas" (to whom, the
 * patient, the date, the note, its state) and "Derivaciones recibidas" (also who referred it and
 * the first consultation's summary), with "Atender" for a received one still waiting. Kept live:
 * any change to a request reloads the list (a first consultation's summary arrives when it ends).
 */
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import type { Asistencia } from '../../../contract/care'
import { isAllowedIn } from '../../../contract/care-transitions'
import { ESTADO_LABELS } from '../state/care-state'
import { LiveNotice, RetryAlert } from './CareParts'
import { referidosQuery } from '../api/referrals-queries'
import { useTakeRequest } from './use-take-request'
import { useIsOnline, useLiveLoad } from '../live/use-live'

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' })

function destinoOf(entry: Asistencia): string {
  return entry.derivacion?.a?.nombre ?? entry.especialidad ?? 'Cualquier profesional'
}

export function ReferralsScreen({
  tenant,
  professionalId,
}: {
  tenant: string
  professionalId: number | undefined
}) {
  const isOnline = useIsOnline()
  const { rowErrors, isTaking, take } = useTakeRequest(tenant)
  const { data: referidos, error, reload } = useLiveLoad(referidosQuery())

  const consultationLink = (entry: Asistencia) =>
    `${paths.screen(tenant, 'atencion-asistencia')}/${entry.id}`

  return (
    <div className="care-screen">
      <LiveNotice />
      {error && <RetryAlert message={error} onRetry={reload} />}
      {referidos === null && !error && <p role="status">Cargando las derivaciones…</p>}
      <section aria-labelledby="recibidas-titulo">
        <h2 id="recibidas-titulo">Derivaciones recibidas</h2>
        {referidos?.recibidas.length === 0 && <p>No has recibido derivaciones.</p>}
        <ul className="care-list">
          {referidos?.recibidas.map((entry) => (
            <li key={entry.id} className="care-row">
              <p className="care-row-title">
                {entry.paciente.nombre}{' '}
                <span className="care-row-meta">· {ESTADO_LABELS[entry.estado]}</span>
              </p>
              <dl className="care-summary">
                <div>
                  <dt>Derivada por</dt>
                  <dd>{entry.derivacion?.por.nombre}</dd>
                </div>
                <div>
                  <dt>Para</dt>
                  <dd>{destinoOf(entry)}</dd>
                </div>
                <div>
                  <dt>Fecha</dt>
                  <dd>
                    <time dateTime={entry.creada_en}>
                      {dateFormat.format(new Date(entry.creada_en))}
                    </time>
                  </dd>
                </div>
                <div>
                  <dt>Motivo</dt>
                  <dd className="care-text">{entry.motivo}</dd>
                </div>
                <div>
                  <dt>Nota</dt>
                  <dd className="care-text">{entry.derivacion?.nota}</dd>
                </div>
                <div>
                  <dt>Resumen de la consulta de origen</dt>
                  <dd className="care-text">
                    {entry.derivacion?.resumen_origen ?? 'La consulta de origen sigue abierta.'}
                  </dd>
                </div>
              </dl>
              {isAllowedIn(entry.estado, 'atender') && (
                <button
                  type="button"
                  className="button-primary"
                  disabled={!isOnline || isTaking}
                  aria-describedby={rowErrors[entry.id] ? `error-${entry.id}` : undefined}
                  onClick={() => void take(entry.id)}
                >
                  Atender a {entry.paciente.nombre}
                </button>
              )}
              {isAllowedIn(entry.estado, 'finalizar') &&
                entry.profesional?.id === professionalId && (
                  <Link to={consultationLink(entry)}>Volver a la consulta</Link>
                )}
              {rowErrors[entry.id] && (
                <p role="alert" className="field-error" id={`error-${entry.id}`}>
                  {rowErrors[entry.id]}
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="enviadas-titulo">
        <h2 id="enviadas-titulo">Derivaciones enviadas</h2>
        {referidos?.enviadas.length === 0 && <p>No has derivado a ningún paciente.</p>}
        <ul className="care-list">
          {referidos?.enviadas.map((entry) => (
            <li key={entry.id} className="care-row">
              <p className="care-row-title">
                {entry.paciente.nombre}{' '}
                <span className="care-row-meta">· {ESTADO_LABELS[entry.estado]}</span>
              </p>
              <dl className="care-summary">
                <div>
                  <dt>Para</dt>
                  <dd>{destinoOf(entry)}</dd>
                </div>
                <div>
                  <dt>Fecha</dt>
                  <dd>
                    <time dateTime={entry.creada_en}>
                      {dateFormat.format(new Date(entry.creada_en))}
                    </time>
                  </dd>
                </div>
                {entry.profesional && (
                  <div>
                    <dt>Atendida por</dt>
                    <dd>{entry.profesional.nombre}</dd>
                  </div>
                )}
                <div>
                  <dt>Nota</dt>
                  <dd className="care-text">{entry.derivacion?.nota}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
