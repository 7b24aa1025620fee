import { Suspense } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'
import { InactiveScreen } from '../../features/care/screens/InactiveScreen'
import { closingReasonOf } from '../../features/care/state/care-state'
import { useBranding, useSession, useTenant } from '../tenant-route'
import { InfoScreen } from './screen-parts'

function Content() {
  const tenant = useTenant()
  const [search] = useSearchParams()
  const navigation: unknown = useLocation().state
  const state = useSession()
  const branding = useBranding()
  const user = state.status === 'verified' && state.user.tenant === tenant ? state.user : null
  return (
    <InactiveScreen
      tenant={tenant}
      motivo={search.get('motivo')}
      cierre={closingReasonOf(navigation)}
      user={user}
      telefono={branding?.telefono ?? null}
    />
  )
}

export function Component() {
  return (
    <InfoScreen screen="error-consulta-inactiva">
      <Suspense fallback={<p>Comprobando sesión…</p>}>
        <Content />
      </Suspense>
    </InfoScreen>
  )
}
