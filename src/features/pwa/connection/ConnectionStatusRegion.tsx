import type { Ref } from 'react'
import './ConnectionStatus.css'

/** How the connection banner looks: online (nothing to say), offline, or just restored. */
export type ConnectionTone = 'online' | 'offline' | 'restored'

/**
 * The connection banner's place on the page and its live region: rendered from the first frame,
 * before the code that words the message has loaded. It lies over the bottom of the window
 * (ConnectionStatus.css), so its words never move the screen.
 */
export function ConnectionStatusRegion({
  tone,
  message,
  ref,
}: {
  tone: ConnectionTone
  message?: string | null
  ref?: Ref<HTMLDivElement>
}) {
  return (
    // Always rendered: a live region must exist before its text appears to be announced.
    <div ref={ref} className="connection-status" data-state={tone} role="status" aria-live="polite">
      {message}
    </div>
  )
}
