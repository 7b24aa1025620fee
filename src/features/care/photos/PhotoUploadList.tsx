import { LocalPreview } from '../screens/CareParts'
import type { PhotoEntry } from './use-photo-uploads'

/**
 * The photos a form holds, each with what is happening to it: its progress while it goes out,
 * "Enviada", or why it failed with **Reintentar**; before sending, **Quitar foto N**.
 */
export function PhotoUploadList({
  entries,
  onRemove,
  onRetry,
}: {
  entries: readonly PhotoEntry[]
  /** Absent once the photos are being sent. */
  onRemove?: (key: string) => void
  onRetry: (key: string) => void
}) {
  if (entries.length === 0) return null
  return (
    <ul className="care-photo-list">
      {entries.map((entry, index) => {
        const name = `Foto ${String(index + 1)}`
        const { state } = entry
        return (
          <li key={entry.key}>
            <LocalPreview file={entry.file} alt={`${name}: ${entry.file.name}`} />
            {state.estado === 'enviando' && (
              <>
                <progress
                  value={state.progreso}
                  max={1}
                  aria-label={`Enviando ${name.toLowerCase()}`}
                />
                <span className="field-hint">Enviando… {Math.round(state.progreso * 100)} %</span>
              </>
            )}
            {state.estado === 'enviada' && <span className="field-hint">Enviada</span>}
            {state.estado === 'error' && (
              <>
                <p className="field-error" id={`${entry.key}-error`}>
                  No se ha podido enviar la {name.toLowerCase()}: {state.mensaje}
                </p>
                <button
                  type="button"
                  className="button-secondary"
                  aria-describedby={`${entry.key}-error`}
                  onClick={() => {
                    onRetry(entry.key)
                  }}
                >
                  Reintentar
                </button>
              </>
            )}
            {state.estado === 'elegida' && onRemove && (
              <button
                type="button"
                className="button-secondary"
                onClick={() => {
                  onRemove(entry.key)
                }}
              >
                Quitar {name.toLowerCase()}
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
