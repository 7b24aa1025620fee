import './join.css'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { TERMS_FIELD, TERMS_MAX_LENGTH } from '../../contract/join-rules'
import { findFreeTextProblem, freeTextMessage } from '../../contract/text'
import { ApiError, UnauthorizedError } from '../../lib/api-errors'
import { formatDate } from '../../lib/locale'
import { publishTerms, readTermsTemplate } from './join-api'
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
  const publish = useMutation({
    mutationFn: (texto: string) => publishTerms(tenant, texto),
    onSuccess: (published) => {
      setOutcome({
        text: `Publicada la versión ${String(published.version)}. Los pacientes deberán aceptarla antes de su próxima solicitud.`,
        isError: false,
      })
      reload()
    },
    onError: (error) => {
      setOutcome({ text: describePublishError(error), isError: true })
    },
  })
  const isBusy = publish.isPending
  const hasNoTerms = terms.status === 'ready' && terms.terms === null
  // A hospital without terms starts from the Spanish template, which its admins adapt.
  const template = useQuery({
    queryKey: ['terminos', 'plantilla', tenant],
    queryFn: ({ signal }) => readTermsTemplate(tenant, signal),
    enabled: hasNoTerms,
    staleTime: Infinity,
  })

  function onPublish(event: SubmitEvent<HTMLFormElement>) {
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
    publish.mutate(texto)
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
              : 'Este centro todavía no ha publicado términos y condiciones: el registro de pacientes está cerrado hasta que publiques la primera versión. El editor empieza con una plantilla; adáptala a tu centro antes de publicarla.'}
          </p>
          <form
            // A new version read from the server starts the editor again from its text.
            key={current?.version ?? (template.data ? 'plantilla' : 0)}
            className="admin-form"
            noValidate
            onSubmit={onPublish}
          >
            <label htmlFor={fieldId}>Texto de la nueva versión</label>
            <textarea
              id={fieldId}
              name="texto"
              className="terms-editor"
              maxLength={TERMS_MAX_LENGTH}
              defaultValue={current?.texto ?? template.data?.texto ?? ''}
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
