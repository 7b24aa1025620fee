/** Building blocks of the reserved screens: titles, the role gate, the signed-in line. */
import { Suspense, useState, type ReactNode } from 'react'
import { Link } from '../../components/Link'
import { SectionPage } from '../../components/SectionPage'
import { belongsToOtherHospital, type CurrentUser } from '../../features/auth/session'
import { paths } from '../../config/paths'
import type { ReservedSegment } from '../../contract/tenants'
import { rolLabel } from '../../contract/account-rules'
import { may } from '../../contract/permissions'
import { useSession, useTenant } from '../tenant-route'
import { SCREEN_TITLES } from './screen-titles'

/** A screen with its title and a short, truthful description. */
export function InfoScreen({ screen, children }: { screen: ReservedSegment; children: ReactNode }) {
  return <SectionPage title={SCREEN_TITLES[screen]}>{children}</SectionPage>
}

/** A role screen's content, or a function of the signed-in user that draws it. */
type RoleContent = ReactNode | ((user: CurrentUser) => ReactNode)

interface RoleScreenProps {
  screen: ReservedSegment
  children: RoleContent
  /** Counted before the document title (e.g. who is waiting: "(2) "), never in the heading. */
  titleCount?: number
}

/** What a role screen shows, given who is signed in and whether their role may see it. */
function RoleGate({ screen, children, titleCount }: RoleScreenProps) {
  const tenant = useTenant()
  const state = useSession()
  // Who this screen last showed: a read again that cannot reach the API (after a change
  // submitted offline) keeps the screen and what is typed in it, whose own failure says there is
  // no connection, until the API answers. An ended session leaves the screen (docs/api-requests.md).
  const [shown, setShown] = useState<CurrentUser>()
  if (state.status === 'verified' && state.user !== shown) setShown(state.user)
  if (state.status === 'unverified' && !shown) {
    return (
      <SectionPage title={SCREEN_TITLES[screen]}>
        <p>
          No se ha podido comprobar tu sesión porque no hay conexión con el servidor. Se comprobará
          en cuanto vuelva la conexión.
        </p>
      </SectionPage>
    )
  }
  if (state.status === 'signed-out') {
    return (
      <SectionPage title={SCREEN_TITLES[screen]}>
        <p>
          Para entrar en esta área, <Link to={paths.login(tenant)}>inicia sesión</Link>.
        </p>
      </SectionPage>
    )
  }
  const user = state.status === 'verified' ? state.user : shown
  if (!user) return null
  if (belongsToOtherHospital(user, tenant)) {
    return (
      <SectionPage title={SCREEN_TITLES[screen]}>
        <p>
          Has iniciado sesión como <strong>{user.nombre}</strong> con una cuenta de otro centro, que
          no da acceso a esta área.{' '}
          <Link to={paths.home(user.tenant, user.rol)}>Ir a mi área en mi centro</Link>.
        </p>
      </SectionPage>
    )
  }
  if (!may(user, 'abrir', { pantalla: screen })) {
    return (
      <SectionPage title="No tienes acceso a esta área">
        <p>
          Tu perfil ({rolLabel(user.rol)}) no da acceso a esta área.{' '}
          <Link to={paths.home(tenant, user.rol)}>Ir a mi área</Link>.
        </p>
      </SectionPage>
    )
  }
  return (
    <SectionPage title={SCREEN_TITLES[screen]} titleCount={titleCount}>
      <p>
        Has iniciado sesión como <strong>{user.nombre}</strong> ({rolLabel(user.rol)}
        ).
      </p>
      {typeof children === 'function' ? children(user) : children}
    </SectionPage>
  )
}

/**
 * The screen of a role: its content for the roles it is declared for (`ROLE_POLICIES` in src/contract/permissions.ts), and
 * for everyone else why not and the way to their own area.
 */
export function RoleScreen({ screen, children, titleCount }: RoleScreenProps) {
  return (
    <Suspense
      fallback={
        <SectionPage title={SCREEN_TITLES[screen]}>
          <p>Comprobando sesión…</p>
        </SectionPage>
      }
    >
      <RoleGate screen={screen} titleCount={titleCount}>
        {children}
      </RoleGate>
    </Suspense>
  )
}
