import './join.css'
import { useEffect, useId, useState } from 'react'
import type { Terminos } from '../../contract/join'
import { formatDate } from '../../lib/locale'
import { acceptTerms, readTerms } from './join-api'
import { describeJoinError } from './join-errors'

type Loaded =
  { status: 'loading' } | { status: 'ready'; terms: Terminos | null } | { status: 'error' }

/** A hospital's current terms, read from the API (public). */
export function useCurrentTerms(tenant: string): [Loaded, () => void] {
  const [state, setState] = useState<Loaded>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let isCurrent = true
    readTerms(tenant).then(
      (terms) => {
        if (isCurrent) setState({ status: 'ready', terms })
      },
      () => {
        if (isCurrent) setState({ status: 'error' })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [tenant, attempt])
  return [
    state,
    () => {
      setAttempt((value) => value + 1)
    },
  ]
}

/** The text of a version of the terms, with its number and date. */
/** What shows until the terms are read: "Cargando…", or why not and "Reintentar". */
export function TermsLoading({ terms, reload }: { terms: Loaded; reload: () => void }) {
  if (terms.status === 'loading') {
    return <p role="status">Cargando los términos y condiciones…</p>
  }
  if (terms.status === 'error') {
    return (
      <div role="alert">
        <p>No se han podido cargar los términos y condiciones.</p>
        <button type="button" className="button-secondary" onClick={reload}>
          Reintentar
        </button>
      </div>
    )
  }
  return null
}

export function TermsText({ terms }: { terms: Terminos }) {
  return (
    <>
      <p>
        Versión {terms.version}, publicada el {formatDate(new Date(terms.publicado_en))}.
      </p>
      <div className="terms-text">{terms.texto}</div>
    </>
  )
}

/**
 * The current terms and "Aceptar", for a signed-in patient who has not accepted them yet.
 * `onAccepted` runs once the acceptance is recorded.
 */
export function TermsAcceptance({
  tenant,
  onAccepted,
}: {
  tenant: string
  onAccepted: () => void
}) {
  const id = useId()
  const [terms, reload] = useCurrentTerms(tenant)
  const [failure, setFailure] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)

  async function accept(version: number) {
    setBusy(true)
    setFailure(null)
    try {
      await acceptTerms(version)
      onAccepted()
    } catch (error) {
      setFailure(describeJoinError(error))
      // A newer version may have been published meanwhile: show that one.
      reload()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="join-section" aria-labelledby={id}>
      <h2 id={id}>Los términos y condiciones han cambiado</h2>
      <p>Para continuar, lee y acepta la versión actual.</p>
      <TermsLoading terms={terms} reload={reload} />
      {terms.status === 'ready' && terms.terms && (
        <>
          <TermsText terms={terms.terms} />
          <div role="alert" className="form-alert">
            {failure}
          </div>
          <button
            type="button"
            className="button-primary"
            disabled={isBusy}
            onClick={() => {
              if (terms.terms) void accept(terms.terms.version)
            }}
          >
            {isBusy ? 'Guardando…' : 'Acepto los términos y condiciones'}
          </button>
        </>
      )}
    </section>
  )
}
