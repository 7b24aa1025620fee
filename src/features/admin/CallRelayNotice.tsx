/**
 * Tells the hospital's administrators when calls have no TURN relay: they connect only where
 * both networks allow peer to peer, so some patients will see and hear nothing (docs/calls.md).
 * Says nothing while the answer is unknown or when the relay is there.
 */
import { useEffect, useState } from 'react'
import { readIceConfiguration } from '../../lib/call-relay'

export const ADMIN_NO_RELAY_NOTICE =
  'Las videollamadas y llamadas de voz no tienen servidor de retransmisión (TURN): pueden fallar en algunas redes, como las móviles o las de otros centros. Pide a quien administra el servidor que lo configure.'

export function CallRelayNotice() {
  const [hasRelay, setHasRelay] = useState<boolean | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    readIceConfiguration(controller.signal).then(
      (answer) => {
        setHasRelay(answer.relay)
      },
      () => undefined,
    )
    return () => {
      controller.abort()
    }
  }, [])
  if (hasRelay !== false) return null
  return (
    <section aria-labelledby="llamadas-aviso" className="admin-panel">
      <h2 id="llamadas-aviso">Llamadas</h2>
      <p>{ADMIN_NO_RELAY_NOTICE}</p>
    </section>
  )
}
