import { Suspense, use } from 'react'
import { DirectoryScreen } from '../../features/care/DirectoryScreen'
import { useSession, useTenant } from '../tenant-route'
import { InfoScreen } from './screen-parts'

function Content() {
  const tenant = useTenant()
  const state = use(useSession())
  const user = state.status === 'verified' && state.user.tenant === tenant ? state.user : null
  return (
    <DirectoryScreen
      // Signed in, the list comes from the session; signed out, from the hospital's public one.
      key={`${tenant}:${String(user !== null)}`}
      tenant={tenant}
      isSignedInHere={user !== null}
      // Signed out, the link leads to the request form, which asks to sign in first.
      mayRequest={user === null || user.rol === 'cliente'}
    />
  )
}

export function Component() {
  return (
    <InfoScreen screen="directorio">
      <Suspense fallback={<p>Cargando el directorio…</p>}>
        <Content />
      </Suspense>
    </InfoScreen>
  )
}
