import './admin.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import {
  expiryLimitLabel,
  IMMEDIATE_EXPIRY_MINUTES,
  readExpiryLimits,
  REQUEST_EXPIRY_MINUTES,
  type Funcionamiento,
} from '../../contract/hospital-operation'
import { describeAdminError } from './admin-errors'
import { textField } from './form-fields'
import { ActionOutcome, LoadError, Loading, type ActionMessage } from './PanelStates'
import { expiryLimitsQuery, operationKeys, saveExpiryLimits } from './operation-queries'

const FIELDS = [
  { name: 'caducidad_minutos', bounds: REQUEST_EXPIRY_MINUTES },
  { name: 'caducidad_inmediata_minutos', bounds: IMMEDIATE_EXPIRY_MINUTES },
] as const

/**
 * "Funcionamiento": how long a request may wait in the hospital's queue before it expires, for
 * a patient's request and for immediate care (no account, or a walk-in at the front desk). A
 * change rules the requests made after it; those already waiting keep their time.
 */
export function FuncionamientoPanel({ tenant }: { tenant: string }) {
  const headingId = useId()
  const fieldIds = { caducidad_minutos: useId(), caducidad_inmediata_minutos: useId() }
  const client = useQueryClient()
  const limits = useQuery(expiryLimitsQuery(tenant))
  const [message, setMessage] = useState<ActionMessage | null>(null)
  const [invalid, setInvalid] = useState<keyof Funcionamiento | null>(null)
  const save = useMutation({
    mutationFn: (next: Funcionamiento) => saveExpiryLimits(tenant, next),
    onSuccess: (saved) => {
      client.setQueryData(operationKeys.limits(tenant), saved)
      setMessage({ text: 'Funcionamiento guardado.', isError: false })
    },
    onError: (error) => {
      setMessage({ text: describeAdminError(error), isError: true })
    },
  })

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    const data = new FormData(event.currentTarget)
    const reading = readExpiryLimits({
      caducidad_minutos: textField(data, 'caducidad_minutos'),
      caducidad_inmediata_minutos: textField(data, 'caducidad_inmediata_minutos'),
    })
    if (!reading.ok) {
      setInvalid(reading.field)
      setMessage({ text: reading.problem, isError: true })
      document.getElementById(fieldIds[reading.field])?.focus()
      return
    }
    setInvalid(null)
    setMessage(null)
    save.mutate(reading.limits)
  }

  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Funcionamiento</h2>
      <p>
        Cuánto tiempo puede esperar una solicitud a que un profesional la atienda antes de caducar.
        Los cambios rigen para las solicitudes nuevas; las que ya esperan conservan su plazo.
      </p>
      {limits.isPending && <Loading what="el funcionamiento" />}
      {limits.isError && (
        <LoadError
          error={limits.error}
          onRetry={() => {
            void limits.refetch()
          }}
        />
      )}
      {limits.data && (
        <form
          // The stored values start the form again once saved or read afresh.
          key={JSON.stringify(limits.data)}
          className="admin-form"
          noValidate
          onSubmit={onSubmit}
        >
          {FIELDS.map(({ name, bounds }) => (
            <label key={name} htmlFor={fieldIds[name]}>
              {expiryLimitLabel(name)}
              <input
                id={fieldIds[name]}
                name={name}
                type="number"
                inputMode="numeric"
                min={bounds.min}
                max={bounds.max}
                step={1}
                required
                aria-invalid={invalid === name}
                defaultValue={limits.data[name]}
              />
            </label>
          ))}
          <button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Guardando…' : 'Guardar funcionamiento'}
          </button>
        </form>
      )}
      <ActionOutcome message={message} />
    </section>
  )
}
