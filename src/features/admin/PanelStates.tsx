import { describeAdminError } from './admin-errors'

/** The loading line of a panel, announced politely. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="admin-loading">
      Cargando {what}…
    </p>
  )
}

/** A failed load, said in Spanish, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="admin-error">
      <p>{describeAdminError(error)}</p>
      <button type="button" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  )
}

/** How a panel's last change went, in Spanish. */
export interface ActionMessage {
  text: string
  isError: boolean
}

/** How the last change went, announced politely (the region stays, so it is always announced). */
export function ActionOutcome({ message }: { message: ActionMessage | null }) {
  return (
    <div role="status" aria-live="polite">
      {message && (
        <p className={message.isError ? 'admin-message-error' : 'admin-message'}>{message.text}</p>
      )}
    </div>
  )
}

interface ConfirmDisableProps {
  /** What disabling does, as a question ("¿Desactivar …? …"). */
  question: string
  isBusy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** The question asked before disabling an account or a hospital, with its two answers. */
export function ConfirmDisable({ question, isBusy, onConfirm, onCancel }: ConfirmDisableProps) {
  return (
    <span className="admin-confirm">
      {question}{' '}
      <button type="button" disabled={isBusy} onClick={onConfirm}>
        Sí, desactivar
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancelar
      </button>
    </span>
  )
}

/** A panel's read as the cache holds it: its loading line, or its failure with "Reintentar". */
export function ReadState({
  what,
  read,
}: {
  /** What is read, after "Cargando" ("los centros"). */
  what: string
  read: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> }
}) {
  if (read.isPending) return <Loading what={what} />
  if (!read.isError) return null
  return (
    <LoadError
      error={read.error}
      onRetry={() => {
        void read.refetch()
      }}
    />
  )
}
