import { useEffect, useRef, type ReactNode } from 'react'
import { TermsAcceptance } from './TermsAcceptance'

/**
 * Drop around anything that starts a request (the request form): while `isPending` (a patient who
 * has not accepted their hospital's current terms: `terminos_pendientes` of `GET /api/me`, or the
 * request's `409 terms_changed`) the current terms and "Acepto…" come first and the children wait
 * hidden, still mounted, so nothing typed in them is lost; `onAccepted` runs once the acceptance
 * is recorded.
 */
export function TermsGate({
  tenant,
  isPending,
  onAccepted,
  children,
}: {
  tenant: string
  isPending: boolean
  onAccepted: () => void
  children: ReactNode
}) {
  const terms = useRef<HTMLDivElement>(null)
  const wasPending = useRef(isPending)
  useEffect(() => {
    // Stopped on sending: the button pressed is hidden now, so the terms take the focus.
    if (isPending && !wasPending.current) terms.current?.focus()
    wasPending.current = isPending
  }, [isPending])
  return (
    <>
      {isPending && (
        <div ref={terms} tabIndex={-1}>
          <TermsAcceptance tenant={tenant} onAccepted={onAccepted} />
        </div>
      )}
      <div hidden={isPending}>{children}</div>
    </>
  )
}
