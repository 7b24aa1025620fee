import { useState, useSyncExternalStore } from 'react'
import { serviceWorkerController, type ServiceWorkerController } from './register-service-worker'
import { hasUnsavedFormInput, subscribeToFormActivity } from './unsaved-form-input'
import './UpdatePrompt.css'

interface UpdatePromptProps {
  /** The worker's update state; the app's own controller unless a test passes another. */
  updates?: Pick<ServiceWorkerController, 'subscribe' | 'getSnapshot' | 'acceptUpdate'>
}

// The document is watched only while an update waits; otherwise nothing listens.
const watchDocumentForms = (listener: () => void) => subscribeToFormActivity(document, listener)
const watchNothing = () => () => undefined
const readDocumentForms = () => hasUnsavedFormInput(document)
const readNothing = () => false

/**
 * "Nueva versión disponible": offered when a new version of the app waits, never while someone
 * is filling a form (accepting reloads the page). Non-modal and announced politely.
 */
export function UpdatePrompt({ updates = serviceWorkerController }: UpdatePromptProps) {
  const { isUpdateWaiting } = useSyncExternalStore(updates.subscribe, updates.getSnapshot)
  const hasUnsavedInput = useSyncExternalStore(
    isUpdateWaiting ? watchDocumentForms : watchNothing,
    isUpdateWaiting ? readDocumentForms : readNothing,
  )
  const [isDismissed, setIsDismissed] = useState(false)
  const [isUpdating, setIsUpdating] = useState(false)
  const isVisible = isUpdateWaiting && !isDismissed && (isUpdating || !hasUnsavedInput)

  return (
    <div className="update-prompt" data-visible={isVisible}>
      {/* Always rendered: a live region must exist before its text appears to be announced. */}
      <p className="update-prompt-message" role="status" aria-live="polite">
        {isVisible ? 'Nueva versión disponible' : null}
      </p>
      {isVisible && (
        <div className="update-prompt-actions">
          <button
            type="button"
            className="button-primary"
            disabled={isUpdating}
            onClick={() => {
              setIsUpdating(true)
              updates.acceptUpdate()
            }}
          >
            {isUpdating ? 'Actualizando…' : 'Actualizar'}
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={isUpdating}
            onClick={() => {
              setIsDismissed(true)
            }}
          >
            Más tarde
          </button>
        </div>
      )}
    </div>
  )
}
