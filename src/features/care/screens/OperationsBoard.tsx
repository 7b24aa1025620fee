/**
 * `/{tenant}/apanel`, the board that runs a shift: the hospital's waiting requests, the most
 * urgent and longest waiting first, with what may be done to each (assign to one professional,
 * close with a reason); the consultations in progress; who is on duty; today's figures. Live.
 * On the portal (`main`), every hospital's figures side by side.
 */
import { useId, useState, type SubmitEvent } from 'react'
import type { Asistencia } from '../../../contract/care'
import { factsOf, isProductAdmin, may, type Actor } from '../../../contract/permissions'
import {
  ESTADO_PROFESIONAL_LABELS,
  MOTIVO_CIERRE_MAX_LENGTH,
  type EstadisticasHoy,
  type ProfesionalDeTurno,
} from '../../../contract/shift-board'
import { asignarAsistencia, cerrarAsistencia } from '../api/care-api'
import { describeCareError } from '../api/care-errors'
import {
  asistenciasQuery,
  estadisticasCentrosQuery,
  estadisticasQuery,
  turnoQuery,
} from '../api/care-queries'
import { describeMinutes, minutesBetween, upsertAsistencia } from '../state/care-state'
import {
  boardInProgress,
  boardWaitingList,
  describeTimeLeft,
  urgencyMarks,
} from '../state/board-state'
import { LiveNotice } from './CareParts'
import { useLiveLoad, useNow } from '../live/use-live'

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 })
const minutesOrNone = (value: number | null) =>
  value === null ? 'Sin datos' : `${decimal.format(value)} min`

/** Today's figures, each named once: the hospital's list and the portal's table share them. */
const FIGURES: readonly { label: string; show: (stats: EstadisticasHoy) => string }[] = [
  { label: 'Solicitudes de hoy', show: (stats) => String(stats.solicitudes_hoy) },
  { label: 'Atendidas', show: (stats) => String(stats.atendidas) },
  { label: 'Caducadas', show: (stats) => String(stats.caducadas) },
  { label: 'Canceladas', show: (stats) => String(stats.canceladas) },
  { label: 'Espera mediana', show: (stats) => minutesOrNone(stats.espera_mediana_minutos) },
  { label: 'Espera percentil 90', show: (stats) => minutesOrNone(stats.espera_p90_minutos) },
  {
    label: 'Valoración media',
    show: (stats) =>
      stats.valoracion_media === null
        ? 'Sin datos'
        : `${decimal.format(stats.valoracion_media)} de 5`,
  },
]

export function OperationsBoard({ user }: { user: Actor }) {
  return (
    <div className="care-screen care-board">
      <LiveNotice />
      {isProductAdmin(user) ? <HospitalsFigures /> : <HospitalBoard actor={user} />}
    </div>
  )
}

function HospitalsFigures() {
  const figures = useLiveLoad(estadisticasCentrosQuery())
  return (
    <section aria-labelledby="centros-hoy-titulo">
      <h2 id="centros-hoy-titulo">Hoy en cada centro</h2>
      {figures.error && <p role="alert">{figures.error}</p>}
      {figures.data === null ? (
        !figures.error && <p role="status">Cargando…</p>
      ) : (
        <div className="care-table-wrap">
          <table className="care-table">
            <thead>
              <tr>
                <th scope="col">Centro</th>
                {FIGURES.map((figure) => (
                  <th scope="col" key={figure.label}>
                    {figure.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.data.map((centro) => (
                <tr key={centro.tenant}>
                  <th scope="row">{centro.nombre}</th>
                  {FIGURES.map((figure) => (
                    <td key={figure.label}>{figure.show(centro.estadisticas)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function HospitalBoard({ actor }: { actor: Actor }) {
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
  // Today's figures and who is on duty change with every request and presence: the cache
  // reads them again on each (`live-cache.ts`).
  const figures = useLiveLoad(estadisticasQuery())
  const turno = useLiveLoad(turnoQuery())
  const stats = figures.data
  const list = requests.data ?? []
  const waiting = boardWaitingList(list)
  const inProgress = boardInProgress(list)
  const professionals = turno.data ?? []
  const show = (record: Asistencia) => {
    requests.setData((shown) => (shown === null ? shown : upsertAsistencia(shown, record)))
  }

  return (
    <>
      <section aria-labelledby="hoy-titulo">
        <h2 id="hoy-titulo">Hoy</h2>
        {figures.error && <p role="alert">{figures.error}</p>}
        {stats === null ? (
          !figures.error && <p role="status">Cargando…</p>
        ) : (
          <dl className="care-figures">
            {FIGURES.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.show(stats)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="espera-titulo">
        <h2 id="espera-titulo">En espera ({waiting.length})</h2>
        {requests.error && <p role="alert">{requests.error}</p>}
        {requests.data !== null && waiting.length === 0 && <p>No hay solicitudes en espera.</p>}
        {waiting.length > 0 && (
          <ul className="care-board-list">
            {waiting.map((entry) => (
              <WaitingRow
                key={entry.id}
                actor={actor}
                entry={entry}
                now={now}
                professionals={professionals}
                onChange={show}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="curso-titulo">
        <h2 id="curso-titulo">En consulta ({inProgress.length})</h2>
        {requests.data !== null && inProgress.length === 0 && <p>No hay consultas en curso.</p>}
        {inProgress.length > 0 && (
          <div className="care-table-wrap">
            <table className="care-table">
              <thead>
                <tr>
                  <th scope="col">Paciente</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Atiende</th>
                  <th scope="col">En consulta desde hace</th>
                </tr>
              </thead>
              <tbody>
                {inProgress.map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.paciente.nombre}</td>
                    <td className="care-text">{entry.motivo}</td>
                    <td>{entry.profesional?.nombre ?? ''}</td>
                    <td>
                      {describeMinutes(minutesBetween(entry.atendida_en ?? entry.creada_en, now))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="turno-titulo">
        <h2 id="turno-titulo">Profesionales</h2>
        {turno.error && <p role="alert">{turno.error}</p>}
        {turno.data === null ? (
          !turno.error && <p role="status">Cargando…</p>
        ) : professionals.length === 0 ? (
          <p>Este centro aún no tiene profesionales.</p>
        ) : (
          <div className="care-table-wrap">
            <table className="care-table">
              <thead>
                <tr>
                  <th scope="col">Profesional</th>
                  <th scope="col">Especialidades</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Consultas en curso</th>
                </tr>
              </thead>
              <tbody>
                {professionals.map((professional) => (
                  <tr key={professional.id}>
                    <th scope="row">{professional.nombre}</th>
                    <td>{professional.especialidades.join(', ') || 'Sin especialidad'}</td>
                    <td>{ESTADO_PROFESIONAL_LABELS[professional.estado]}</td>
                    <td>{professional.consultas_en_curso}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}

type Open = 'asignar' | 'cerrar' | null

function WaitingRow({
  actor,
  entry,
  now,
  professionals,
  onChange,
}: {
  actor: Actor
  entry: Asistencia
  now: number
  professionals: readonly ProfesionalDeTurno[]
  onChange: (record: Asistencia) => void
}) {
  const id = useId()
  const [open, setOpen] = useState<Open>(null)
  const [error, setError] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)
  const facts = factsOf(entry)
  const marks = urgencyMarks(entry)
  const titleId = `${id}-titulo`

  async function run(action: () => Promise<Asistencia>) {
    setIsSending(true)
    setError(null)
    try {
      onChange(await action())
      setOpen(null)
    } catch (failure) {
      setError(describeCareError(failure))
    } finally {
      setIsSending(false)
    }
  }

  function onAssign(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const chosen = Number(new FormData(event.currentTarget).get('profesional'))
    void run(() => asignarAsistencia(entry.id, chosen))
  }

  function onClose(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const motivo = new FormData(event.currentTarget).get('motivo')
    void run(() => cerrarAsistencia(entry.id, typeof motivo === 'string' ? motivo : ''))
  }

  return (
    <li className="care-board-row" aria-labelledby={titleId}>
      <p id={titleId} className="care-board-who">
        {marks.map((mark) => (
          <span key={mark} className="care-origen">
            {mark}
          </span>
        ))}{' '}
        <strong>{entry.paciente.nombre}</strong>
        {entry.especialidad !== null && <> · {entry.especialidad}</>}
      </p>
      <p className="care-text">{entry.motivo}</p>
      <p>
        Espera {describeMinutes(minutesBetween(entry.creada_en, now))} ·{' '}
        {describeTimeLeft(entry.caduca_en, now)}
        {entry.asignada_a !== null && <> · Asignada a {entry.asignada_a.nombre}</>}
      </p>
      <div className="care-actions">
        {may(actor, 'asignar', facts, now) && (
          <button
            type="button"
            aria-expanded={open === 'asignar'}
            onClick={() => {
              setOpen(open === 'asignar' ? null : 'asignar')
            }}
          >
            Asignar a …
          </button>
        )}
        {may(actor, 'cerrar', facts, now) && (
          <button
            type="button"
            aria-expanded={open === 'cerrar'}
            onClick={() => {
              setOpen(open === 'cerrar' ? null : 'cerrar')
            }}
          >
            Cerrar
          </button>
        )}
      </div>
      {open === 'asignar' && (
        <form className="care-form" onSubmit={onAssign}>
          <label htmlFor={`${id}-profesional`}>Profesional</label>
          <select id={`${id}-profesional`} name="profesional" required>
            {professionals.map((professional) => (
              <option key={professional.id} value={professional.id}>
                {professional.nombre} ({ESTADO_PROFESIONAL_LABELS[professional.estado]})
              </option>
            ))}
          </select>
          <button type="submit" className="button-primary" disabled={isSending}>
            Asignar
          </button>
        </form>
      )}
      {open === 'cerrar' && (
        <form className="care-form" onSubmit={onClose}>
          <label htmlFor={`${id}-motivo`}>Motivo del cierre</label>
          <input
            id={`${id}-motivo`}
            name="motivo"
            required
            maxLength={MOTIVO_CIERRE_MAX_LENGTH}
            autoComplete="off"
          />
          <button type="submit" className="button-primary" disabled={isSending}>
            Cerrar solicitud
          </button>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
    </li>
  )
}
