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
