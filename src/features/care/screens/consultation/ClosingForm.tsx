/** "Finalizar la consulta": the professional's summary, which ends the consultation. */
import { useId, useState, type SubmitEvent } from 'react'
import { RESUMEN_FIELD, RESUMEN_MAX_LENGTH, type Asistencia } from '../../../../contract/care'
import { freeTextMessage, readFreeText } from '../../../../contract/text'
import { finalizarAsistencia } from '../../api/care-api'
import { describeCareError } from '../../api/care-errors'
import { useIsOnline } from '../../live/use-live'

export function FinishForm({
  asistencia,
  onChange,
}: {
  asistencia: Asistencia
  onChange: (asistencia: Asistencia) => void
}) {
  const ids = useId()
  const isOnline = useIsOnline()
  const [resumen, setResumen] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const text = readFreeText(resumen, RESUMEN_FIELD)
    if (text === null) {
      setError(freeTextMessage(RESUMEN_FIELD))
      return
    }
    setError(null)
    setIsSending(true)
    try {
      onChange(await finalizarAsistencia(asistencia.id, text))
    } catch (failure) {
      setError(describeCareError(failure))
      setIsSending(false)
    }
  }

  return (
    <form className="care-form care-finish" noValidate onSubmit={(event) => void submit(event)}>
      <h3>Finalizar la consulta</h3>
      <div className="field">
        <label htmlFor={`${ids}-resumen`}>Resumen</label>
        <textarea
          id={`${ids}-resumen`}
          rows={4}
          value={resumen}
          maxLength={RESUMEN_MAX_LENGTH}
          aria-invalid={error !== null}
          onChange={(event) => {
            setResumen(event.target.value)
          }}
        />
      </div>
      <div role="alert" className="form-alert">
        {error}
      </div>
      <button type="submit" className="button-primary" disabled={isSending || !isOnline}>
        Finalizar
      </button>
      {!isOnline && (
        <p className="field-hint">
          Sin conexión: para finalizar hace falta conexión con el servidor.
        </p>
      )}
    </form>
  )
}
