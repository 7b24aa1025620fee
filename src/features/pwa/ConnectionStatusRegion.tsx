import './ConnectionStatus.css'

/** How the connection banner looks: online (nothing to say), offline, or just restored. */
export type ConnectionTone = 'online' | 'offline' | 'restored'

/**
 * The connection banner's place on the page and its live region: rendered from the first frame,
 * before the code that words the message has loaded.
 */
export function ConnectionStatusRegion({
  tone,
  message,
}: {
  tone: ConnectionTone
  message?: string | null
}) {
  return (
    // Always rendered: a live region must exist before its text appears to be announced.
    <div className="connection-status" data-state={tone} role="status" aria-live="polite">
      {message}
    </div>
  )
}
