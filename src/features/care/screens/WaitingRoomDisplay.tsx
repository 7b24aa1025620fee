/**
 * The waiting room's wall display: the ticket being called ("A-014 → Consulta 2") in very large
 * type with a chime, and the last few calls. It asks the hospital's public calls every second
 * (ticket, room and time: nothing else of anyone); a dropped connection pauses the asking and
 * the connection's return resumes it, a failing server is asked again after a growing, jittered
 * delay, and a reload starts where the server is.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { SALA_DE_ESPERA_REFRESCO_MS, type LlamadaTurno } from '../../../contract/front-desk'
import { readWaitingRoomCalls } from '../api/front-desk-api'

/** Longest wait before asking a failing server again (ms). */
const MAX_RETRY_MS = 15_000

/** Exponential backoff with full jitter: displays that lost the server together return apart. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, SALA_DE_ESPERA_REFRESCO_MS * 2 ** attempt)
  return Math.round(SALA_DE_ESPERA_REFRESCO_MS / 2 + random() * ceiling)
}

/** A short two-tone chime; browsers that refuse sound without a touch simply stay silent. */
function playChime(): void {
  try {
    const audio = new AudioContext()
    for (const [index, frequency] of [880, 660].entries()) {
      const tone = audio.createOscillator()
      const gain = audio.createGain()
      const start = audio.currentTime + index * 0.35
      tone.frequency.value = frequency
      gain.gain.setValueAtTime(0.25, start)
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.6)
      tone.connect(gain).connect(audio.destination)
      tone.start(start)
      tone.stop(start + 0.6)
    }
  } catch {
    // No audio on this device: the call still shows.
  }
}

const callText = (llamada: LlamadaTurno) => `${llamada.ticket} → ${llamada.sala}`

export function WaitingRoomDisplay({ tenant }: { tenant: string }) {
  const calls = useQuery({
    queryKey: ['sala-de-espera', tenant],
    queryFn: ({ signal }) => readWaitingRoomCalls(tenant, signal),
    refetchInterval: SALA_DE_ESPERA_REFRESCO_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: 'always',
    retry: true,
    retryDelay: (attempt) => retryDelayMs(attempt),
    staleTime: 0,
  })
  const llamadas = calls.data?.llamadas ?? []
  const [current, ...earlier] = llamadas
  const lastChimed = useRef<number | null>(null)

  useEffect(() => {
    if (current === undefined) return
    // The first answer after a load is what was already on the wall: no chime for it.
    if (lastChimed.current !== null && current.id !== lastChimed.current) playChime()
    lastChimed.current = current.id
  }, [current])

  return (
    <div className="waiting-room">
      <section aria-labelledby="sala-llamada-actual" className="waiting-room-current">
        <h2 id="sala-llamada-actual" className="visually-hidden">
          Turno llamado
        </h2>
        <p className="waiting-room-call" aria-live="assertive" aria-atomic="true">
          {current ? callText(current) : 'Espere a que le llamen por su número.'}
        </p>
      </section>
      {earlier.length > 0 && (
        <section aria-labelledby="sala-llamadas-anteriores">
          <h2 id="sala-llamadas-anteriores">Llamadas anteriores</h2>
          <ul className="waiting-room-earlier">
            {earlier.map((llamada) => (
              <li key={llamada.id}>
                {callText(llamada)}{' '}
                <time dateTime={llamada.llamado_en}>
                  {new Date(llamada.llamado_en).toLocaleTimeString('es-ES', {
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </time>
              </li>
            ))}
          </ul>
        </section>
      )}
      {calls.isError && calls.data === undefined && (
        <p role="status">Sin conexión con el centro: se reintenta automáticamente.</p>
      )}
    </div>
  )
}
