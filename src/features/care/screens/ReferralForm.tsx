/**
 * "Derivar", in the professional's consultation: refers the patient to a specialty the hospital
 * offers or to one named colleague of the hospital (from the directory), with a note for whoever receives it. The
 * new request's id is chosen once per referral, so sending it again never makes a second one.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react'
import type { Asistencia, Profesional } from '../../../contract/care'
import {
  NOTA_DERIVACION_FIELD,
  NOTA_DERIVACION_MAX_LENGTH,
  type NuevaDerivacion,
} from '../../../contract/referrals'
import { findFreeTextProblem } from '../../../contract/text'
import { ApiError } from '../../../lib/api-errors'
import { listEspecialidades, listProfesionales } from '../api/care-api'
import { describeCareError } from '../api/care-errors'
import { newId } from '../api/new-id'
import { derivarAsistencia } from '../api/referrals-api'
import { useIsOnline } from '../live/use-live'

type Destino = 'especialidad' | 'profesional'

/** The note's problem in Spanish (the server's own refusal), or null when it can be sent. */
export function checkNota(nota: string): string | null {
  return findFreeTextProblem(nota, NOTA_DERIVACION_FIELD)
}

/** The server's own Spanish sentence for a refused referral, else the usual care wording. */
function describeReferralError(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 409].includes(error.status)) {
    const body = error.body as { message?: unknown } | null
    if (typeof body?.message === 'string' && body.message !== '') return body.message
  }
  return describeCareError(error)
}

function destinoOf(referral: Asistencia): string {
  return referral.derivacion?.a?.nombre ?? referral.especialidad ?? 'otro profesional'
}

export function ReferralForm({ asistencia }: { asistencia: Asistencia }) {
  const ids = useId()
  const isOnline = useIsOnline()
  const [isOpen, setIsOpen] = useState(false)
  const [referralId, setReferralId] = useState(newId)
  const [directory, setDirectory] = useState<Profesional[] | null>(null)
  const [offered, setOffered] = useState<string[] | null>(null)
  const [destino, setDestino] = useState<Destino>('especialidad')
  const [especialidad, setEspecialidad] = useState('')
  const [profesional, setProfesional] = useState('')
  const [nota, setNota] = useState('')
  const [errors, setErrors] = useState<{ destino?: string; nota?: string }>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)

  useEffect(() => {
    if (!isOpen) return
    const stop = new AbortController()
    Promise.all([listProfesionales(null, stop.signal), listEspecialidades(stop.signal)]).then(
      ([professionals, specialties]) => {
        setDirectory(professionals)
        setOffered(specialties)
      },
      (error: unknown) => {
        if (!stop.signal.aborted) setAlert(describeCareError(error))
      },
    )
    return () => {
      stop.abort()
    }
  }, [isOpen])

  const me = asistencia.profesional?.id
  const colleagues = (directory ?? []).filter((entry) => entry.id !== me)
  const specialties = offered ?? []

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const found: typeof errors = {}
    if (destino === 'especialidad' && especialidad === '') found.destino = 'Elige una especialidad.'
    if (destino === 'profesional' && profesional === '') found.destino = 'Elige un profesional.'
    const notaError = checkNota(nota)
    if (notaError) found.nota = notaError
    setErrors(found)
    if (found.destino || found.nota) {
      document.getElementById(found.destino ? `${ids}-destino` : `${ids}-nota`)?.focus()
      return
    }
    setAlert(null)
    setIsSending(true)
    const body: NuevaDerivacion = {
      id: referralId,
      nota: nota.trim(),
      ...(destino === 'especialidad' ? { especialidad } : { profesional_id: Number(profesional) }),
    }
    try {
      const referral = await derivarAsistencia(asistencia.id, body)
      setSent(`Derivación enviada a ${destinoOf(referral)}.`)
      setIsOpen(false)
      setNota('')
      setReferralId(newId())
    } catch (error) {
      setAlert(describeReferralError(error))
    } finally {
      setIsSending(false)
    }
  }

  const describedBy = (field: 'destino' | 'nota', hint?: string) =>
    [hint, errors[field] ? `${ids}-${field}-error` : undefined].filter(Boolean).join(' ') ||
    undefined

  return (
    <section aria-labelledby={`${ids}-titulo`} className="care-referral">
      <h3 id={`${ids}-titulo`}>Derivar a otro profesional</h3>
      <div role="status">{sent && <p>{sent}</p>}</div>
      <button
        type="button"
        className="button-secondary"
        aria-expanded={isOpen}
        aria-controls={`${ids}-form`}
        onClick={() => {
          setIsOpen((value) => !value)
          setSent(null)
        }}
      >
        Derivar
      </button>
      {isOpen && (
        <form
          id={`${ids}-form`}
          className="care-form"
          noValidate
          aria-labelledby={`${ids}-titulo`}
          onSubmit={(event) => void submit(event)}
        >
          <fieldset className="care-choice">
            <legend>Derivar a</legend>
            <label>
              <input
                type="radio"
                name={`${ids}-a`}
                checked={destino === 'especialidad'}
                onChange={() => {
                  setDestino('especialidad')
                }}
              />{' '}
              Una especialidad
            </label>
            <label>
              <input
                type="radio"
                name={`${ids}-a`}
                checked={destino === 'profesional'}
                onChange={() => {
                  setDestino('profesional')
                }}
              />{' '}
              Un profesional concreto
            </label>
          </fieldset>
          {destino === 'especialidad' ? (
            <div className="field">
              <label htmlFor={`${ids}-destino`}>Especialidad</label>
              <select
                id={`${ids}-destino`}
                value={especialidad}
                aria-invalid={errors.destino !== undefined}
                aria-describedby={describedBy('destino')}
                onChange={(event) => {
                  setEspecialidad(event.target.value)
                }}
              >
                <option value="">Elige una especialidad</option>
                {specialties.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div className="field">
              <label htmlFor={`${ids}-destino`}>Profesional</label>
              <p className="field-hint" id={`${ids}-destino-hint`}>
                Solo esa persona podrá atender la derivación.
              </p>
              <select
                id={`${ids}-destino`}
                value={profesional}
                aria-invalid={errors.destino !== undefined}
                aria-describedby={describedBy('destino', `${ids}-destino-hint`)}
                onChange={(event) => {
                  setProfesional(event.target.value)
                }}
              >
                <option value="">Elige un profesional</option>
                {colleagues.map((entry) => (
                  <option key={entry.id} value={String(entry.id)}>
                    {entry.nombre}
                    {entry.especialidades.length > 0 ? ` (${entry.especialidades.join(', ')})` : ''}
                  </option>
                ))}
              </select>
            </div>
          )}
          {errors.destino && (
            <p className="field-error" id={`${ids}-destino-error`}>
              {errors.destino}
            </p>
          )}
          <div className="field">
            <label htmlFor={`${ids}-nota`}>Nota</label>
            <p className="field-hint" id={`${ids}-nota-hint`}>
              Para quien reciba la derivación (obligatoria, hasta {NOTA_DERIVACION_MAX_LENGTH}{' '}
              caracteres). El paciente no la ve.
            </p>
            <textarea
              id={`${ids}-nota`}
              rows={3}
              value={nota}
              maxLength={NOTA_DERIVACION_MAX_LENGTH}
              aria-invalid={errors.nota !== undefined}
              aria-describedby={describedBy('nota', `${ids}-nota-hint`)}
              onChange={(event) => {
                setNota(event.target.value)
              }}
            />
            {errors.nota && (
              <p className="field-error" id={`${ids}-nota-error`}>
                {errors.nota}
              </p>
            )}
          </div>
          <div role="alert" className="form-alert">
            {alert}
          </div>
          <button type="submit" className="button-primary" disabled={isSending || !isOnline}>
            Enviar derivación
          </button>
          {!isOnline && (
            <p className="field-hint">Sin conexión: para derivar hace falta conexión.</p>
          )}
        </form>
      )}
    </section>
  )
}
