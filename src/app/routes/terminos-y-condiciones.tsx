import '../../features/join/join.css'
import { Suspense, useState } from 'react'
import { SectionPage } from '../../components/SectionPage'
import {
  TermsAcceptance,
  TermsLoading,
  TermsText,
  useCurrentTerms,
} from '../../features/join/TermsAcceptance'
import { useSession, useTenant } from '../tenant-route'

/** "Acepto…" for a signed-in patient of this hospital who has not accepted the current version. */
function PendingAcceptance({ tenant }: { tenant: string }) {
  const state = useSession()
  const [isAccepted, setAccepted] = useState(false)
  if (isAccepted) return <p role="status">Has aceptado los términos y condiciones. Gracias.</p>
  const user = state.status === 'verified' ? state.user : null
  if (!user?.terminos_pendientes || user.tenant !== tenant) return null
  return (
    <TermsAcceptance
      tenant={tenant}
      onAccepted={() => {
        setAccepted(true)
      }}
    />
  )
}

/** The hospital's current terms, for anyone; signed-in patients accept a new version here. */
export function Component() {
  const tenant = useTenant()
  const [terms, reload] = useCurrentTerms(tenant)
  return (
    <SectionPage title="Términos y condiciones">
      <TermsLoading terms={terms} reload={reload} />
      {terms.status === 'ready' &&
        (terms.terms ? (
          <>
            <Suspense fallback={null}>
              <PendingAcceptance tenant={tenant} />
            </Suspense>
            <TermsText terms={terms.terms} />
          </>
        ) : (
          <p>Este centro todavía no ha publicado sus términos y condiciones.</p>
        ))}
    </SectionPage>
  )
}
