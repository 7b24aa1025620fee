/** Building blocks of the reserved screens, whose business content the spec does not describe. */
import { Suspense, use, type ReactNode } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { SectionPage } from '../../components/SectionPage'
import { belongsToOtherHospital } from '../../features/auth/session'
import { paths } from '../../config/paths'
import type { ReservedSegment } from '../../contract/tenants'
import { ROL_LABELS } from '../layouts/rol-labels'
import { TENANT_LAYOUT_ID, type TenantLayoutData } from '../layouts/tenant-layout-data'
import { SCREEN_TITLES } from './screen-titles'

export function useTenantLayoutData(): TenantLayoutData {
  const data = useRouteLoaderData<TenantLayoutData>(TENANT_LAYOUT_ID)
  if (!data) throw new Error('Screens render inside the tenant layout')
  return data
}

/** A screen with its title and a short, truthful description. */
export function InfoScreen({ screen, children }: { screen: ReservedSegment; children: ReactNode }) {
  return <SectionPage title={SCREEN_TITLES[screen]}>{children}</SectionPage>
}

function SessionSummary({ screen }: { screen: ReservedSegment }) {
  const { tenant, session } = useTenantLayoutData()
  const state = use(session)
  if (state.status === 'unverified') {
    return (
      <p>
        No se ha podido comprobar tu sesión porque no hay conexión con el servidor. Se comprobará en
        cuanto vuelva la conexión.
      </p>
    )
  }
  if (state.status === 'signed-out') {
    return (
      <p>
        Para entrar en esta área, <Link to={paths.login(tenant)}>inicia sesión</Link>.
      </p>
    )
  }
  const current = state.user
  if (belongsToOtherHospital(current, tenant)) {
    return (
      <p>
        Has iniciado sesión como <strong>{current.nombre}</strong> con una cuenta de otro centro,
        que no da acceso a esta área.{' '}
        <Link to={paths.home(current.tenant, current.rol)}>Ir a mi área en mi centro</Link>.
      </p>
    )
  }
  return (
    <>
      <p>
        Has iniciado sesión como <strong>{current.nombre}</strong> (
        {ROL_LABELS[current.rol] ?? current.rol}).
      </p>
      {current.rol !== screen && screen !== 'apanel' && (
        <p>
          Tu perfil tiene su propia área:{' '}
          <Link to={paths.home(tenant, current.rol)}>ir a mi área</Link>.
        </p>
      )}
    </>
  )
}

/** The landing screen of a role: who is signed in, or an invitation to sign in. */
export function RoleScreen({ screen, children }: { screen: ReservedSegment; children: ReactNode }) {
  return (
    <SectionPage title={SCREEN_TITLES[screen]}>
      <Suspense fallback={<p>Comprobando sesión…</p>}>
        <SessionSummary screen={screen} />
      </Suspense>
      {children}
    </SectionPage>
  )
}
