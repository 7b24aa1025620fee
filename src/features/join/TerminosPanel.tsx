import './join.css'
import { useId, useState, type SubmitEvent } from 'react'
import { TERMS_FIELD, TERMS_MAX_LENGTH } from '../../contract/join-rules'
import { findFreeTextProblem, freeTextMessage } from '../../contract/text'
import { ApiError, UnauthorizedError } from '../../lib/api-errors'
import { formatDate } from '../../lib/locale'
import { publishTerms } from './join-api'
import { useCurrentTerms } from './TermsAcceptance'

function describePublishError(error: unknown): string {
  if (error instanceof UnauthorizedError) return 'Tu sesión ha caducado. Inicia sesión de nuevo.'
  if (error instanceof ApiError && error.status === 400) {
    return freeTextMessage(TERMS_FIELD)
  }
  if (error instanceof ApiError && error.status === 403) {
    return 'Tu cuenta no tiene permiso para esta acción.'
  }
  if (error instanceof ApiError) {
    return 'El servidor no ha podido publicar los términos. Inténtalo de nuevo.'
  }
  return 'No hay conexión con el servidor. Comprueba la red e inténtalo de nuevo.'
}

/**
 * A hospital's terms in its administration: the current version, and a new one to publish
 * (every patient is then asked to accept it before their next request).
 */
export function TerminosPanel({ tenant, hospitalName }: { tenant: string; hospitalName: string }) {
  const headingId = useId()
  const fieldId = useId()
  const [terms, reload] = useCurrentTerms(tenant)
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null)
  const [isBusy, setBusy] = useState(false)

  async function onPublish(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isBusy) return
    const value = new FormData(event.currentTarget).get('texto')
    const texto = typeof value === 'string' ? value : ''
    setOutcome(null)
    const problem = findFreeTextProblem(texto, TERMS_FIELD)
    if (problem !== null) {
      setOutcome({ text: problem, isError: true })
      return
    }
    setBusy(true)
    try {
      const published = await publishTerms(tenant, texto)
      setOutcome({
        text: `Publicada la versión ${String(published.version)}. Los pacientes deberán aceptarla antes de su próxima solicitud.`,
        isError: false,
      })
      reload()
    } catch (error) {
      setOutcome({ text: describePublishError(error), isError: true })
    } finally {
      setBusy(false)
    }
  }

  const current = terms.status === 'ready' ? terms.terms : null
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Términos y condiciones de {hospitalName}</h2>
      {terms.status === 'loading' && <p role="status">Cargando los términos y condiciones…</p>}
      {terms.status === 'error' && (
        <div role="alert">
          <p>No se han podido cargar los términos y condiciones.</p>
          <button type="button" onClick={reload}>
            Reintentar
          </button>
        </div>
      )}
      {terms.status === 'ready' && (
        <>
          <p>
            {current
              ? `Versión vigente: ${String(current.version)}, publicada el ${formatDate(new Date(current.publicado_en))}.`
              : 'Este centro todavía no ha publicado términos y condiciones.'}
          </p>
          <form
            // A new version read from the server starts the editor again from its text.
            key={current?.version ?? 0}
            className="admin-form"
            noValidate
            onSubmit={(event) => void onPublish(event)}
          >
            <label htmlFor={fieldId}>Texto de la nueva versión</label>
            <textarea
              id={fieldId}
              name="texto"
              className="terms-editor"
              maxLength={TERMS_MAX_LENGTH}
              defaultValue={current?.texto ?? ''}
              required
            />
            <button type="submit" disabled={isBusy}>
              {isBusy ? 'Publicando…' : 'Publicar nueva versión'}
            </button>
          </form>
        </>
      )}
      <div role="status" aria-live="polite">
        {outcome && (
          <p className={outcome.isError ? 'admin-message-error' : 'admin-message'}>
            {outcome.text}
          </p>
        )}
      </div>
    </section>
  )
}
