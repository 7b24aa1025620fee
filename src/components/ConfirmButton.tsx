import { useId, useRef, type ReactNode } from 'react'
import './confirm-dialog.css'

interface ConfirmButtonProps {
  /** The button's name, which opens the question. */
  label: string
  /**
   * The button's accessible name when its label needs the context around it (a table row's
   * "Revocar" names the row's kiosk); it starts with the label.
   */
  accessibleLabel?: string
  className: string
  disabled?: boolean
  /** The question, as the dialog's heading. */
  title: string
  /** What confirming loses or changes. */
  children: ReactNode
  /** The choice that goes ahead. */
  confirmLabel: string
  /** The choice that keeps everything as it is (it has the focus when the dialog opens). */
  keepLabel: string
  onConfirm: () => void
}

/**
 * A button whose action asks first, in a modal dialog (the browser's own: focus moves into it and
 * stays there, Escape keeps everything, focus returns to the button). Nothing happens until the
 * person confirms.
 */
export function ConfirmButton({
  label,
  accessibleLabel,
  className,
  disabled = false,
  title,
  children,
  confirmLabel,
  keepLabel,
  onConfirm,
}: ConfirmButtonProps) {
  const titleId = useId()
  const descriptionId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const keepButton = useRef<HTMLButtonElement>(null)

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={accessibleLabel}
        onClick={() => {
          dialog.current?.showModal()
          // Focus starts on the choice that loses nothing (React's autoFocus runs at mount,
          // while the dialog is still closed).
          keepButton.current?.focus()
        }}
      >
        {label}
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={descriptionId} className="confirm-dialog-text">
          {children}
        </div>
        <div className="confirm-dialog-actions">
          <button
            type="button"
            className="button-primary"
            onClick={() => {
              dialog.current?.close()
              onConfirm()
            }}
          >
            {confirmLabel}
          </button>
          <button
            ref={keepButton}
            type="button"
            className="button-secondary"
            onClick={() => {
              dialog.current?.close()
            }}
          >
            {keepLabel}
          </button>
        </div>
      </dialog>
    </>
  )
}
