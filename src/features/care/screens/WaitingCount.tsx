import { useEffect } from 'react'
import { asistenciasQuery } from '../api/care-queries'
import { applyToStaffList, waitingQueue } from '../state/care-state'
import { useLiveLoad } from '../live/use-live'

/** "3 solicitudes esperando": a count, never who waits. */
export function describeWaiting(count: number): string {
  if (count === 0) return 'No hay solicitudes esperando.'
  return count === 1 ? '1 solicitud esperando' : `${String(count)} solicitudes esperando`
}

/**
 * What a locked professional's screen still says of the queue: how many requests wait, live
 * (the screen keeps the professional available, `?cola=1`). A new request's tone and its
 * notification without details are the in-app alerts' (`alerts/`), as on the queue. Nothing of
 * any patient is rendered.
 */
export function WaitingCount({
  professionalId,
  onCount,
}: {
  professionalId: number | undefined
  onCount: (count: number) => void
}) {
  // The queue's own query, which the queue screen shares: a stream's `reinicio` reads it again.
  const {
    data: list,
    setData: setList,
    error,
    reload,
  } = useLiveLoad(asistenciasQuery(), {
    cola: true,
    onEvent: (event) => {
      if (event.tipo !== 'asistencia') return
      setList((shown) =>
        shown === null ? shown : applyToStaffList(shown, event.asistencia, professionalId),
      )
    },
  })
  const hasFailed = error !== null

  const waiting = list === null ? null : waitingQueue(list).length
  useEffect(() => {
    if (waiting !== null) onCount(waiting)
  }, [waiting, onCount])

  return (
    <>
      <p role="status" className="lock-count">
        {waiting !== null
          ? describeWaiting(waiting)
          : hasFailed
            ? 'No se ha podido consultar la cola.'
            : 'Consultando la cola…'}
      </p>
      {waiting === null && hasFailed && (
        <button type="button" className="button-secondary" onClick={reload}>
          Volver a intentarlo
        </button>
      )}
    </>
  )
}
