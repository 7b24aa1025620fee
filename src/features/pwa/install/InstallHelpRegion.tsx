import type { ReactNode } from 'react'
import './InstallHelp.css'

/**
 * The install offer's place in the footer and its status line: rendered from the first frame,
 * before the offer's own code has loaded.
 */
export function InstallHelpRegion({
  status,
  children,
}: {
  /** What the last install attempt ended in, said in the status line. */
  status?: string
  children?: ReactNode
}) {
  return (
    <div className="install-help">
      {children}
      {/* Always rendered: the button goes away on install, its result is said here instead. */}
      <p className="install-help-status" role="status">
        {status}
      </p>
    </div>
  )
}
