import { Suspense } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { may } from '../../contract/permissions'
import { DEFAULT_TENANT, isTenantId } from '../../contract/tenants'
import { hasSessionToken } from '../../features/auth/session'
import { profesionalesQuery } from '../../features/care/api/care-queries'
import { DirectoryScreen } from '../../features/care/screens/DirectoryScreen'
import { useSession, useTenant } from '../tenant-route'
import { InfoScreen } from './screen-parts'

/**
 * Asks for the hospital's public list as the route loads when nobody is signed in on this device
 * (a first visit's page asks before it takes the screen over). Not on the portal (it has no
 * professionals, the screen says so), nor with a session kept here: the screen asks once it
 * knows whose, and for which list. Its failure is the screen's to show.
 */
export function prefetch(client: QueryClient, { params }: LoaderFunctionArgs): void {
  const tenant = params.tenant ?? DEFAULT_TENANT
  if (tenant === DEFAULT_TENANT || !isTenantId(tenant) || hasSessionToken()) return
  client.query(profesionalesQuery(tenant)).catch(() => undefined)
}

function Content() {
  const tenant = useTenant()
  const state = useSession()
  const user = state.status === 'verified' && state.user.tenant === tenant ? state.user : null
  return (
    <DirectoryScreen
      // Signed in, the list comes from the session; signed out, from the hospital's public one.
      key={`${tenant}:${String(user !== null)}`}
      tenant={tenant}
      isSignedInHere={user !== null}
      // Signed out, the link leads to the request form, which asks to sign in first.
      mayRequest={user === null || may(user, 'solicitar')}
    />
  )
}

export function Component() {
  const tenant = useTenant()
  if (tenant === DEFAULT_TENANT) {
    return (
      <InfoScreen screen="directorio">
        <p>
          Este portal no es un centro y no tiene profesionales. Cada centro tiene su directorio en
          su propia dirección.
        </p>
      </InfoScreen>
    )
  }
  return (
    <InfoScreen screen="directorio">
      <p>
        Los profesionales del centro, por especialidad. «Disponible ahora» señala a quien está
        atendiendo solicitudes en este momento.
      </p>
      <div className="care-directory">
        <Suspense fallback={<p role="status">Cargando el directorio…</p>}>
          <Content />
        </Suspense>
      </div>
    </InfoScreen>
  )
}
