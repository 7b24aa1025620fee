import { useEffect, useState } from 'react'
import type { Asistencia } from '../../contract/care'
import { listAsistencias } from './care-api'
import { applyToStaffList, waitingQueue } from './care-state'
import { useCareEvents } from './use-live'

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
  const [list, setList] = useState<Asistencia[] | null>(null)
  const [hasFailed, setHasFailed] = useState(false)
  const [loads, setLoads] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    listAsistencias(controller.signal).then(
      (loaded) => {
        setHasFailed(false)
        setList(loaded)
      },
      () => {
        if (!controller.signal.aborted) setHasFailed(true)
      },
    )
    return () => {
      controller.abort()
    }
  }, [loads])

  useCareEvents(
    (event) => {
      // The stream could not replay what was missed: count afresh.
      if (event.tipo === 'reinicio') {
        setLoads((count) => count + 1)
        return
      }
      if (event.tipo !== 'asistencia') return
      setList((shown) =>
        shown === null ? shown : applyToStaffList(shown, event.asistencia, professionalId),
      )
    },
    { cola: true },
  )

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
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            setLoads((count) => count + 1)
          }}
        >
          Volver a intentarlo
        </button>
      )}
    </>
  )
}
