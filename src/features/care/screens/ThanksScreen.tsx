import './care.css'
import './record.css'
/**
 * `/{tenant}/agradecimiento-final/{id}`: thanks, the professional's summary, and a rating (1 to 5,
 * an optional comment) the patient sends once. A guest is told the summary went to the email they
 * left (the server mails it as the consultation ends) and may print it while the screen lasts.
 */
import { useId, useState, type SubmitEvent } from 'react'
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import { COMENTARIO_FIELD, COMENTARIO_MAX_LENGTH, type Asistencia } from '../../../contract/care'
import { parseContacto } from '../../../contract/immediate-care-rules'
import { freeTextMessage, readFreeText } from '../../../contract/text'
import { valorarAsistencia } from '../api/care-api'
import { asistenciaQuery } from '../api/care-queries'
import { describeCareError } from '../api/care-errors'
import { useCareQuery } from '../api/use-care-query'

const PUNTUACIONES = [1, 2, 3, 4, 5] as const

/**
 * `ended`: a guest's consultation that just ended, as it last arrived; their session ended with
 * it, so nothing is asked of the server and there is no rating (it needs an account).
 */
export function ThanksScreen({
  tenant,
  id,
  ended,
}: {
  tenant: string
  id: string
  ended?: Asistencia
}) {
  // Read once, not kept live: a finished consultation does not change any more.
  const { data, error, isNotFound } = useCareQuery(asistenciaQuery(id), {
    skip: ended !== undefined,
  })
  const asistencia = ended ?? data

  if (isNotFound) return <Missing />
  if (error) return <p role="alert">{error}</p>
  if (asistencia === null) return <p role="status">Cargando…</p>
  if (asistencia.estado !== 'finalizada') return <Missing />
  return (
    <div className="care-screen printable">
      <p className="care-lead">
        Gracias por confiar en nosotros. {asistencia.profesional?.nombre ?? 'El profesional'} ha
        finalizado la consulta.
      </p>
      <h2>Resumen</h2>
      <p className="care-text">{asistencia.resumen ?? 'Sin resumen.'}</p>
      {ended ? (
        <>
          <GuestSummaryNotice asistencia={ended} />
          <p>
            Tu sesión de invitado ha terminado con la consulta: no queda abierta en este equipo.
          </p>
          <p>
            <Link to={paths.login(tenant)}>Volver al inicio</Link>
          </p>
        </>
      ) : (
        <>
          {asistencia.valoracion ? (
            <p>Ya valoraste esta consulta con {asistencia.valoracion.puntuacion} de 5. ¡Gracias!</p>
          ) : (
            <RatingForm id={asistencia.id} />
          )}
          <p>
            <Link to={paths.screen(tenant, 'cliente')}>Volver a mi área</Link>
          </p>
        </>
      )}
    </div>
  )
}

/** Where the guest's summary went, and "Imprimir" to keep it on paper too. */
function GuestSummaryNotice({ asistencia }: { asistencia: Asistencia }) {
  const contacto = asistencia.contacto === undefined ? null : parseContacto(asistencia.contacto)
  return (
    <>
      {contacto?.tipo === 'correo' && (
        <p className="care-lead">
          Te hemos enviado este resumen por correo electrónico a {contacto.valor}.
        </p>
      )}
      <p>
        Puedes imprimirlo ahora: cuando salgas de esta pantalla ya no podrás volver a verlo aquí.
      </p>
      <p>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            window.print()
          }}
        >
          Imprimir
        </button>
      </p>
    </>
  )
}

function Missing() {
  return <p>Esta consulta no existe, no ha finalizado o no tienes acceso a ella.</p>
}

function RatingForm({ id }: { id: string }) {
  const ids = useId()
  const [puntuacion, setPuntuacion] = useState<number | null>(null)
  const [comentario, setComentario] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)
  const [isSent, setIsSent] = useState(false)

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (puntuacion === null) {
      setError('Elige una puntuación del 1 al 5.')
      return
    }
    const text = comentario.trim()
    if (text !== '' && readFreeText(text, COMENTARIO_FIELD) === null) {
      setError(freeTextMessage(COMENTARIO_FIELD))
      return
    }
    setError(null)
    setIsSending(true)
    try {
      await valorarAsistencia(id, { puntuacion, ...(text === '' ? {} : { comentario: text }) })
      setIsSent(true)
    } catch (failure) {
      setError(describeCareError(failure))
    } finally {
      setIsSending(false)
    }
  }

  if (isSent) {
    return (
      <p role="status" className="care-lead">
        ¡Gracias! Hemos recibido tu valoración.
      </p>
    )
  }
  return (
    <form className="care-form" noValidate onSubmit={(event) => void submit(event)}>
      <h2>Valora la atención</h2>
      <fieldset
        className="care-rating"
        role="radiogroup"
        aria-describedby={`${ids}-escala${error ? ` ${ids}-error` : ''}`}
      >
        <legend>Puntuación</legend>
        <p className="field-hint" id={`${ids}-escala`}>
          De 1 (muy mala) a 5 (excelente).
        </p>
        {PUNTUACIONES.map((value) => (
          <label key={value} className="care-rating-option">
            <input
              type="radio"
              name={`${ids}-puntuacion`}
              value={value}
              checked={puntuacion === value}
              onChange={() => {
                setPuntuacion(value)
              }}
            />
            {value}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-comentario`}>Comentario (opcional)</label>
        <textarea
          id={`${ids}-comentario`}
          rows={3}
          value={comentario}
          maxLength={COMENTARIO_MAX_LENGTH}
          onChange={(event) => {
            setComentario(event.target.value)
          }}
        />
      </div>
      <div role="alert" className="form-alert" id={`${ids}-error`}>
        {error}
      </div>
      <button type="submit" className="button-primary" disabled={isSending}>
        Enviar valoración
      </button>
    </form>
  )
}
