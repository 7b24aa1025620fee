/**
 * A walk-in on its professional's screen: its ticket large, and "Llamar" to call it to the room
 * or desk the professional picked once for this session ("Consulta 2", kept in sessionStorage).
 * The person has no device: there is no chat or call, only the call on the waiting room's wall.
 */
import { useId, useState, type SubmitEvent } from 'react'
import { CALL_ROOM_KEY } from '../../../config/storage-keys'
import { SALA_FIELD, SALA_MAX_LENGTH } from '../../../contract/front-desk'
import { findFreeTextProblem } from '../../../contract/text'
import { readSessionValue, writeSessionValue } from '../../../lib/storage'
import { describeCareError } from '../api/care-errors'
import { callTicket } from '../api/front-desk-api'

export function WalkInCall({ asistenciaId, ticket }: { asistenciaId: string; ticket: string }) {
  const id = useId()
  const [sala, setSala] = useState(() => readSessionValue(CALL_ROOM_KEY) ?? '')
  const [isEditing, setEditing] = useState(sala === '')
  const [status, setStatus] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)

  async function call(room: string) {
    setBusy(true)
    setError(null)
    try {
      const llamada = await callTicket(asistenciaId, room)
      setStatus(`Llamado: ${llamada.ticket} → ${llamada.sala}`)
    } catch (failure) {
      setError(describeCareError(failure))
    } finally {
      setBusy(false)
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const field = new FormData(event.currentTarget).get('sala')
    const value = typeof field === 'string' ? field.trim() : ''
    const problem = findFreeTextProblem(value, SALA_FIELD)
    if (problem !== null) {
      setError(problem)
      return
    }
    writeSessionValue(CALL_ROOM_KEY, value)
    setSala(value)
    setEditing(false)
    void call(value)
  }

  return (
    <section aria-labelledby={`${id}-title`} className="care-walk-in">
      <h3 id={`${id}-title`}>Visita presencial</h3>
      <p className="care-walk-in-ticket" aria-label={`Número de turno ${ticket}`}>
        {ticket}
      </p>
      {isEditing ? (
        <form className="care-form" noValidate onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${id}-sala`}>Consulta o puesto</label>
            <input
              id={`${id}-sala`}
              name="sala"
              defaultValue={sala}
              maxLength={SALA_MAX_LENGTH}
              autoComplete="off"
              placeholder="Consulta 2"
            />
          </div>
          <button type="submit" className="button-primary" disabled={isBusy}>
            Llamar
          </button>
        </form>
      ) : (
        <div className="care-actions">
          <button
            type="button"
            className="button-primary"
            disabled={isBusy}
            onClick={() => void call(sala)}
          >
            Llamar
          </button>
          <span>a {sala}</span>{' '}
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setEditing(true)
            }}
          >
            Cambiar consulta
          </button>
        </div>
      )}
      <p role="status">{status}</p>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  )
}
