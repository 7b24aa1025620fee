import { useEffect, useRef, useState } from 'react'
import type { Asistencia } from '../../contract/care'
import { isAllowedIn } from '../../contract/care-transitions'
import { notificationPermission, playNewRequestTone } from './alerts'
import { listAsistencias } from './care-api'
import { applyToStaffList, isForColleague, waitingQueue } from './care-state'
import { subscribeToCareEvents } from './live'
import { origenLabel } from './origen-label'

/** "3 solicitudes esperando": a count, never who waits. */
export function describeWaiting(count: number): string {
  if (count === 0) return 'No hay solicitudes esperando.'
  return count === 1 ? '1 solicitud esperando' : `${String(count)} solicitudes esperando`
}

/** A notification a lock screen may show: what happened and how many, no name, no reason. */
function notifyWithoutDetails(waiting: number) {
  if (document.visibilityState !== 'hidden' || notificationPermission() !== 'granted') return
  try {
    new Notification('Nueva solicitud de asistencia', {
      body: describeWaiting(waiting),
      tag: 'cola-pantalla-bloqueada',
    })
  } catch {
    // Some browsers allow notifications only from the worker: the tone and the title remain.
  }
}

/**
 * What a locked professional's screen still says of the queue: how many requests wait, live
 * (the screen keeps the professional available, `?cola=1`), a tone for each new one and, while
 * the tab is hidden, a notification without details. Nothing of any patient is rendered.
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
  // The requests already seen: only one that was not makes a sound.
  const known = useRef<Set<string> | null>(null)
  const [loads, setLoads] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    listAsistencias(controller.signal).then(
      (loaded) => {
        known.current = new Set(loaded.map((entry) => entry.id))
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

  useEffect(
    () =>
      subscribeToCareEvents(
        (event) => {
          // The stream could not replay what was missed: count afresh.
          if (event.tipo === 'reinicio') {
            setLoads((count) => count + 1)
            return
          }
          if (event.tipo !== 'asistencia') return
          const record = event.asistencia
          const isNew = known.current !== null && !known.current.has(record.id)
          known.current?.add(record.id)
          setList((shown) =>
            shown === null ? shown : applyToStaffList(shown, record, professionalId),
          )
          const isTakeable =
            isAllowedIn(record.estado, 'atender') && !isForColleague(record, professionalId)
          if (isNew && isTakeable) playNewRequestTone(origenLabel(record) !== null)
        },
        { cola: true },
      ),
    [professionalId],
  )

  const waiting = list === null ? null : waitingQueue(list).length
  const lastWaiting = useRef(waiting)
  useEffect(() => {
    if (waiting === null) return
    onCount(waiting)
    if (lastWaiting.current !== null && waiting > lastWaiting.current) {
      notifyWithoutDetails(waiting)
    }
    lastWaiting.current = waiting
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
