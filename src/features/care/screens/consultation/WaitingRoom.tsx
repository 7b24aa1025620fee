/** The waiting room: position, honest estimate, "Cancelar solicitud" for its patient, "Atender". */
import { useState } from 'react'
import { ConfirmButton } from '../../../../components/ConfirmButton'
import type { Asistencia } from '../../../../contract/care'
import { factsOf, may, type Actor } from '../../../../contract/permissions'
import { atenderAsistencia, cancelarAsistencia } from '../../api/care-api'
import { describeCareError } from '../../api/care-errors'
import { describeEstimate, describeMinutes, minutesBetween } from '../../state/care-state'
import { useIsOnline, useNow } from '../../live/use-live'
import { RequestSummary } from './RequestDetails'

export function WaitingRoom({
  asistencia,
  actor,
  isPatient,
  onChange,
}: {
  asistencia: Asistencia
  actor: Actor
  isPatient: boolean
  onChange: (asistencia: Asistencia) => void
}) {
  const now = useNow()
  const isOnline = useIsOnline()
  const [alert, setAlert] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const waited = describeMinutes(minutesBetween(asistencia.creada_en, now))

  async function run(action: () => Promise<Asistencia>) {
    setIsBusy(true)
    setAlert(null)
    try {
      onChange(await action())
    } catch (error) {
      setAlert(describeCareError(error))
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <>
      <h2>{isPatient ? 'Tu solicitud está en espera' : 'Solicitud en espera'}</h2>
      {isPatient && asistencia.espera && (
        <div className="care-wait">
          <p className="care-position">
            Posición en la cola: <strong>{asistencia.espera.posicion}</strong>
          </p>
          <p>{describeEstimate(asistencia.espera)}</p>
        </div>
      )}
      <p>
        Esperando desde hace {waited}. Esta pantalla cambiará sola cuando un profesional te atienda.
      </p>
      <RequestSummary asistencia={asistencia} isPatient={isPatient} />
      <div role="alert" className="form-alert">
        {alert}
      </div>
      {may(actor, 'cancelar', factsOf(asistencia), now) && (
        <ConfirmButton
          label="Cancelar solicitud"
          className="button-secondary"
          disabled={isBusy || !isOnline}
          title="¿Cancelar la solicitud?"
          confirmLabel="Sí, cancelar la solicitud"
          keepLabel="Seguir esperando"
          onConfirm={() => void run(() => cancelarAsistencia(asistencia.id))}
        >
          <p>
            Dejarás tu sitio en la cola. Si después vuelves a pedir asistencia, la nueva solicitud
            esperará desde el final.
          </p>
        </ConfirmButton>
      )}
      {may(actor, 'atender', factsOf(asistencia), now) && (
        <button
          type="button"
          className="button-primary"
          disabled={isBusy || !isOnline}
          onClick={() => void run(() => atenderAsistencia(asistencia.id))}
        >
          Atender
        </button>
      )}
      {!isOnline && <p className="field-hint">Sin conexión: esta acción necesita el servidor.</p>}
    </>
  )
}
