import '../../features/join/join.css'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import type { CurrentUser } from '../../features/auth/session'
import { RequestForm } from '../../features/care/screens/RequestForm'
import { TermsGate } from '../../features/join/TermsGate'
import { SESSION_QUERY_KEY } from '../../features/auth/session-query'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

/**
 * The request form behind the hospital's terms: a patient with a new version to accept sees it
 * first, and a request the server stopped for it (published while the form was open) is sent as
 * typed, photos included, once accepted.
 */
function RequestBehindTerms({
  tenant,
  user,
  preselected,
}: {
  tenant: string
  user: CurrentUser
  preselected: string | null
}) {
  const queryClient = useQueryClient()
  const [isPending, setPending] = useState(user.terminos_pendientes)
  const [stoppedSend, setStoppedSend] = useState<(() => void) | null>(null)
  return (
    <TermsGate
      tenant={tenant}
      isPending={isPending}
      onAccepted={() => {
        setPending(false)
        setStoppedSend(null)
        // The session's "terms pending" is read again for the other screens, then the stopped
        // request goes.
        void queryClient
          .invalidateQueries({ queryKey: SESSION_QUERY_KEY })
          .finally(() => stoppedSend?.())
      }}
    >
      <RequestForm
        tenant={tenant}
        preselected={preselected}
        onTermsChanged={(resend) => {
          setStoppedSend(() => resend)
          setPending(true)
        }}
      />
    </TermsGate>
  )
}

export function Component() {
  const tenant = useTenant()
  const [search] = useSearchParams()
  return (
    <RoleScreen screen="solicitar-asistencia">
      {(user) => (
        <RequestBehindTerms tenant={tenant} user={user} preselected={search.get('especialidad')} />
      )}
    </RoleScreen>
  )
}
