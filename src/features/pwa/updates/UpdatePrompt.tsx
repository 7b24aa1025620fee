import { useState, useSyncExternalStore } from 'react'
import type { ReleaseNotes } from '../../../contract/release-notes'
import {
  serviceWorkerController,
  type ServiceWorkerController,
  type ServiceWorkerUpdateState,
} from './register-service-worker'
import { hasUnsavedFormInput, subscribeToFormActivity } from './unsaved-form-input'
import { UpdatePromptRegion } from './UpdatePromptRegion'
import { useApplyWhenIdle } from './use-apply-when-idle'

interface UpdatePromptProps {
  /** The worker's update state; the app's own controller unless a test passes another. */
  updates?: Pick<ServiceWorkerController, 'subscribe' | 'getSnapshot' | 'acceptUpdate'>
  /** A kiosk nobody attends: apply the update by itself once the screen is left alone. */
  shouldApplyWhenIdle?: boolean
}

/** What the new version changes, in the words kept with its build. */
function WhatChanges({ releaseNotes }: { releaseNotes: ReleaseNotes | null | undefined }) {
  // Still being read: say nothing rather than something that changes a moment later.
  if (releaseNotes === undefined) return null
  if (releaseNotes === null || releaseNotes.notas.length === 0) {
    return <p className="update-prompt-notes">Incluye mejoras y correcciones.</p>
  }
  return (
    <div className="update-prompt-notes">
      <p>Novedades de la versión {releaseNotes.version}:</p>
      <ul>
        {releaseNotes.notas.map((line, index) => (
          // Lines may repeat: their place in the list is what tells them apart.
          <li key={index}>{line}</li>
        ))}
      </ul>
    </div>
  )
}

// The document is watched only while an update waits; otherwise nothing listens.
const watchDocumentForms = (listener: () => void) => subscribeToFormActivity(document, listener)
const watchNothing = () => () => undefined
const readDocumentForms = () => hasUnsavedFormInput(document)
const readNothing = () => false
const NO_UPDATE: ServiceWorkerUpdateState = { isUpdateWaiting: false }
const readNoUpdate = () => NO_UPDATE

/**
 * "Nueva versión disponible" and what it changes: offered when a new version of the app waits,
 * never while someone is filling a form (accepting reloads the page). Non-modal and announced
 * politely. On a kiosk it is also applied by itself once nobody uses the screen.
 */
export function UpdatePrompt({
  updates = serviceWorkerController,
  shouldApplyWhenIdle = false,
}: UpdatePromptProps) {
  const { isUpdateWaiting, releaseNotes } = useSyncExternalStore(
    updates.subscribe,
    updates.getSnapshot,
    // No update is ever waiting in a prerendered screen.
    readNoUpdate,
  )
  const hasUnsavedInput = useSyncExternalStore(
    isUpdateWaiting ? watchDocumentForms : watchNothing,
    isUpdateWaiting ? readDocumentForms : readNothing,
    readNothing,
  )
  const [isDismissed, setIsDismissed] = useState(false)
  const [isUpdating, setIsUpdating] = useState(false)
  const isVisible = isUpdateWaiting && !isDismissed && (isUpdating || !hasUnsavedInput)
  useApplyWhenIdle({
    isEnabled: shouldApplyWhenIdle,
    isUpdateWaiting,
    hasUnsavedInput,
    apply: () => {
      setIsUpdating(true)
      updates.acceptUpdate()
    },
  })

  return (
    <UpdatePromptRegion isVisible={isVisible}>
      {isVisible && <WhatChanges releaseNotes={releaseNotes} />}
      {isVisible && shouldApplyWhenIdle && (
        <p className="update-prompt-notes">
          Se instalará sola cuando nadie use la pantalla durante un minuto.
        </p>
      )}
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
    </UpdatePromptRegion>
  )
}
