/**
 * `/{tenant}/apanel`: every open request of the hospital, who attends it and how long it has
 * waited, live; and today's figures (requests, median wait, mean rating).
 */
import { asistenciasQuery, estadisticasQuery } from './care-queries'
import {
  describeMinutes,
  ESTADO_LABELS,
  minutesBetween,
  openRequests,
  upsertAsistencia,
} from './care-state'
import { LiveNotice } from './CareParts'
import { useNow, useLiveLoad } from './use-live'

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 })

export function OperationsBoard() {
  const now = useNow()
  const requests = useLiveLoad(asistenciasQuery(), {
    onEvent: (event) => {
      if (event.tipo === 'asistencia') {
        requests.setData((shown) =>
          shown === null ? shown : upsertAsistencia(shown, event.asistencia),
        )
      }
    },
  })
  // Today's figures change with every request: the cache reads them again on each.
  const figures = useLiveLoad(estadisticasQuery())
  const list = requests.data
  const stats = figures.data
  const error = requests.error ?? figures.error

  const open = list === null ? [] : openRequests(list)
  return (
    <div className="care-screen">
      <LiveNotice />
      {error && <p role="alert">{error}</p>}
      <section aria-labelledby="hoy-titulo">
        <h2 id="hoy-titulo">Hoy</h2>
        {stats === null ? (
          !error && <p role="status">Cargando…</p>
        ) : (
          <dl className="care-figures">
            <div>
              <dt>Solicitudes de hoy</dt>
              <dd>{stats.solicitudes_hoy}</dd>
            </div>
            <div>
              <dt>Espera mediana</dt>
              <dd>
                {stats.espera_mediana_minutos === null
                  ? 'Sin datos'
                  : `${decimal.format(stats.espera_mediana_minutos)} min`}
              </dd>
            </div>
            <div>
              <dt>Valoración media</dt>
              <dd>
                {stats.valoracion_media === null
                  ? 'Sin datos'
                  : `${decimal.format(stats.valoracion_media)} de 5`}
              </dd>
            </div>
          </dl>
        )}
      </section>
      <section aria-labelledby="abiertas-titulo">
        <h2 id="abiertas-titulo">Solicitudes abiertas ({open.length})</h2>
        {list !== null && open.length === 0 && <p>No hay solicitudes abiertas.</p>}
        {open.length > 0 && (
          <div className="care-table-wrap">
            <table className="care-table">
              <thead>
                <tr>
                  <th scope="col">Paciente</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Atiende</th>
                  <th scope="col">Espera</th>
                </tr>
              </thead>
              <tbody>
                {open.map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.paciente.nombre}</td>
                    <td className="care-text">{entry.motivo}</td>
                    <td>{ESTADO_LABELS[entry.estado]}</td>
                    <td>{entry.profesional?.nombre ?? 'Nadie todavía'}</td>
                    <td>
                      {describeMinutes(
                        minutesBetween(
                          entry.creada_en,
                          entry.atendida_en ? Date.parse(entry.atendida_en) : now,
                        ),
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}
