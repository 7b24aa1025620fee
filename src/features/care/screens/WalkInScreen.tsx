import './care.css'
/**
 * A kiosk after a walk-in was sent: the ticket in type read from across the room, then, after
 * {@link KIOSK_TICKET_SECONDS}, back to an empty form with nothing of the person kept. Sent
 * without a connection, it says so and shows the ticket as soon as the walk-in goes.
 */
import { useEffect, useState } from 'react'
import { SectionPage } from '../../../components/SectionPage'
import type { SolicitudInmediata } from '../../../contract/immediate-care'
import { KIOSK_TICKET_SECONDS } from '../../../contract/immediate-care-rules'
import { requestImmediateCare } from '../api/immediate-api'
import { isUnsentFailure } from '../outbox/outbox'
import { forgetWalkIn } from '../outbox/walk-in-outbox'

export interface WalkIn {
  body: SolicitudInmediata
  /** null while it waits in the outbox for a connection. */
  ticket: string | null
}

export function WalkInScreen({
  walkIn,
  title,
  onDone,
}: {
  walkIn: WalkIn
  title: string
  onDone: () => void
}) {
  const [ticket, setTicket] = useState(walkIn.ticket)
  const [isKept, setKept] = useState(walkIn.ticket === null)

  // Kept offline: sent again (same id, so the server answers the same request) when the
  // connection returns, then forgotten.
  useEffect(() => {
    if (!isKept) return
    let isCurrent = true
    const send = () => {
      requestImmediateCare(walkIn.body).then(
        async (answer) => {
          await forgetWalkIn(walkIn.body.id)
          if (!isCurrent) return
          setTicket(answer.ticket)
          setKept(false)
        },
        (error: unknown) => {
          // Refused for good: nothing to send any more, and nothing to keep.
          if (!isUnsentFailure(error)) void forgetWalkIn(walkIn.body.id)
        },
      )
    }
    window.addEventListener('online', send)
    if (navigator.onLine) send()
    return () => {
      isCurrent = false
      window.removeEventListener('online', send)
    }
  }, [isKept, walkIn.body])

  // The next person starts on an empty form; a ticket that arrives late gets its own time.
  useEffect(() => {
    const timer = window.setTimeout(onDone, KIOSK_TICKET_SECONDS * 1000)
    return () => {
      window.clearTimeout(timer)
    }
  }, [onDone, ticket])

  return (
    <SectionPage title={title}>
      <div role="status">
        {ticket === null ? (
          <>
            <p className="care-lead">Sin conexión: se enviará en cuanto vuelva la conexión.</p>
            <p>Tu número de turno aparecerá aquí en cuanto se envíe.</p>
          </>
        ) : (
          <>
            <p className="care-lead">Tu número de turno es</p>
            <p className="care-ticket">{ticket}</p>
            <p>Un profesional te llamará por este número. Espera en la sala, por favor.</p>
          </>
        )}
      </div>
      <button type="button" className="button-secondary" onClick={onDone}>
        Terminar
      </button>
    </SectionPage>
  )
}
