import { useId, useRef, useState } from 'react'
import { browserRepairEnvironment, repairApp, type RepairEnvironment } from './repair-app'
import './RepairApp.css'

interface RepairAppProps {
  /** The hospital whose sign-in opens once the device is clean. */
  tenant: string
  /** The browser's own unless a test passes another. */
  environment?: () => RepairEnvironment
}

/**
 * "Reparar la aplicación", behind a confirmation (a modal dialog: focus moves into it, Escape
 * cancels, focus returns to the button): nothing is removed until the person confirms.
 */
export function RepairApp({ tenant, environment = browserRepairEnvironment }: RepairAppProps) {
  const titleId = useId()
  const descriptionId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const [isRepairing, setIsRepairing] = useState(false)

  return (
    <>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          dialog.current?.showModal()
          // Focus starts on the choice that loses nothing (React's autoFocus runs at mount,
          // while the dialog is still closed).
          cancelButton.current?.focus()
        }}
      >
        Reparar la aplicación
      </button>
      <dialog
        ref={dialog}
        className="repair-dialog"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <h2 id={titleId}>¿Reparar la aplicación?</h2>
        <div id={descriptionId} className="repair-dialog-text">
          <p>
            Se borrará todo lo que la aplicación guarda en este dispositivo: la versión descargada,
            los datos sin conexión y la sesión. Después se abrirá la página de inicio de sesión y la
            aplicación se descargará de nuevo.
          </p>
          <p>Tendrás que volver a iniciar sesión. Lo que no hayas enviado se perderá.</p>
        </div>
        <div className="repair-dialog-actions">
          <button
            type="button"
            className="button-primary"
            disabled={isRepairing}
            onClick={() => {
              setIsRepairing(true)
              void repairApp(tenant, environment())
            }}
          >
            {isRepairing ? 'Reparando…' : 'Reparar'}
          </button>
          <button
            ref={cancelButton}
            type="button"
            className="button-secondary"
            disabled={isRepairing}
            onClick={() => {
              dialog.current?.close()
            }}
          >
            Cancelar
          </button>
        </div>
      </dialog>
    </>
  )
}
