import { useState, type ReactNode } from 'react'
import { TermsAcceptance } from './TermsAcceptance'

/** What the gate reads of the signed-in user (`UserWithTerms` of the session fits). */
export interface UserWithTerms {
  terminos_pendientes: boolean
}

/**
 * True while `user` must accept their hospital's current terms before their next request
 * (`terminos_pendientes` of `GET /api/me`), until they accept them here.
 */
export function usePendingTerms(user: UserWithTerms | null): [boolean, () => void] {
  const [acceptedBy, setAcceptedBy] = useState<UserWithTerms | null>(null)
  const isPending = user !== null && user.terminos_pendientes && acceptedBy !== user
  return [
    isPending,
    () => {
      setAcceptedBy(user)
    },
  ]
}

/**
 * Drop around anything that starts a request (the request form, its button): a patient who has
 * not accepted their hospital's current terms sees them with "Acepto…" instead, and the children
 * once accepted. Anyone else sees the children at once.
 *
 * ```tsx
 * <TermsGate tenant={tenant} user={session.user}>
 *   <SolicitarAsistenciaForm />
 * </TermsGate>
 * ```
 */
export function TermsGate({
  tenant,
  user,
  children,
}: {
  tenant: string
  user: UserWithTerms | null
  children: ReactNode
}) {
  const [isPending, markAccepted] = usePendingTerms(user)
  if (isPending) return <TermsAcceptance tenant={tenant} onAccepted={markAccepted} />
  return children
}
