import type { ReactNode } from 'react'
import './UpdatePrompt.css'

/**
 * The update prompt's place on the page and its live region: rendered from the first frame,
 * before the prompt's own code (which waits for the worker) has loaded.
 */
export function UpdatePromptRegion({
  isVisible,
  children,
}: {
  isVisible: boolean
  children?: ReactNode
}) {
  return (
    <div className="update-prompt" data-visible={isVisible}>
      {/* Always rendered: a live region must exist before its text appears to be announced. */}
      <p className="update-prompt-message" role="status" aria-live="polite">
        {isVisible ? 'Nueva versión disponible' : null}
      </p>
      {children}
    </div>
  )
}
