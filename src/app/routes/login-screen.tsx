import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { Navigate, useNavigation, useSearchParams } from 'react-router-dom'
import { Link } from '../../components/Link'
import { SectionPage } from '../../components/SectionPage'
import { EXPIRED_PARAMS, SESSION_END_REASONS, paths, returnPathWithin } from '../../config/paths'
import { DEFAULT_TENANT, isTenantId, type ReservedSegment } from '../../contract/tenants'
import { LoginForm } from '../../features/auth/LoginForm'
import { isKioskMode, subscribeToKioskMode } from '../../features/auth/kiosk-mode'
import { connectionMonitor } from '../../features/pwa/connection/connection-status'
import { useSession, useTenant } from '../tenant-route'
import { SCREEN_TITLES } from './screen-titles'

// Only an account awaiting confirmation needs these: they stay out of the sign-in's first load.
const EmailLinkRequest = lazy(() =>
  import('../../features/join/EmailLinkRequest').then((module) => ({
    default: module.EmailLinkRequest,
  })),
)
// Only a link back to another hospital asks for its name.
const readHospitalName = async (tenant: string) =>
  (await import('../../features/tenant/branding-controller')).readHospitalName(tenant)
const resendConfirmation = async (tenant: string, email: string) =>
  (await import('../../features/join/join-api')).resendConfirmation(tenant, email)

/**
 * The hospital an expired session belonged to, as the URL names it: its name comes from the
 * branding kept on the device (public, it survives the wipe), else the id is shown as it is.
 */
function useHospitalToReturnTo(tenant: string): { tenant: string; nombre: string } | null {
  const [searchParams] = useSearchParams()
  const candidate = searchParams.get(EXPIRED_PARAMS.hospital)
  const hospital =
    candidate !== null &&
    isTenantId(candidate) &&
    candidate !== DEFAULT_TENANT &&
    candidate !== tenant
      ? candidate
      : null
  const [nombre, setNombre] = useState<{ tenant: string; nombre: string } | null>(null)
  useEffect(() => {
    if (hospital === null) return
    let isCurrent = true
    void readHospitalName(hospital).then((name) => {
      if (isCurrent && name) setNombre({ tenant: hospital, nombre: name })
    })
    return () => {
      isCurrent = false
    }
  }, [hospital])
  if (hospital === null) return null
  return { tenant: hospital, nombre: nombre?.tenant === hospital ? nombre.nombre : hospital }
}

/**
 * A user already signed in to this hospital has nothing to do on its sign-in screens: they go
 * straight to their area (or the screen they were sent back to). It waits for the session on its
 * own, so the form shows (and keeps what is typed) meanwhile, and for a navigation under way
 * (a session that arrives while the screen is being left never overrides where the person went).
 */
function RedirectIfSignedIn() {
  const tenant = useTenant()
  const [searchParams] = useSearchParams()
  const state = useSession()
  const isLeaving = useNavigation().state !== 'idle'
  if (isLeaving) return null
  // The portal (`main`) is a way in, never a second home: a hospital's account goes home.
  const isOwnOrPortal = state.status === 'verified' && isOwnOrPortalOf(state.user.tenant, tenant)
  if (state.status === 'verified' && isOwnOrPortal) {
    const home = state.user.tenant
    const returnTo = returnPathWithin(home, searchParams.get(EXPIRED_PARAMS.returnTo))
    return <Navigate to={returnTo ?? paths.home(home, state.user.rol)} replace />
  }
  return null
}

function isOwnOrPortalOf(userTenant: string, tenant: string): boolean {
  return isTenantId(userTenant) && (userTenant === tenant || tenant === DEFAULT_TENANT)
}

const END_MESSAGES: Record<string, string> = {
  [SESSION_END_REASONS.passwordChanged]:
    'Se ha cerrado tu sesión porque la contraseña ha cambiado. Inicia sesión con la nueva contraseña.',
  [SESSION_END_REASONS.accountDisabled]:
    'Tu cuenta está desactivada. Habla con la administración de tu centro.',
  [SESSION_END_REASONS.hospitalDisabled]:
    'Este centro está desactivado. Habla con la administración de tu centro.',
}

/**
 * A kiosk's home: the walk-in first, in large type; the staff's sign-in one small link away (it
 * opens the form in place, so a failed attempt keeps what was typed).
 */
function KioskHome({ tenant, onStaff }: { tenant: string; onStaff: () => void }) {
  return (
    <div className="kiosk-home">
      <p className="kiosk-home-lead">¿Necesitas que te atiendan? Pide tu número de turno.</p>
      <Link
        className="button-primary kiosk-home-action"
        to={paths.screen(tenant, 'atencion-profesional-publica-inmediata')}
      >
        Pedir atención
      </Link>
      <button type="button" className="kiosk-staff-link" onClick={onStaff}>
        Acceso del personal
      </button>
    </div>
  )
}

/**
 * Sign-in (its route action, `signInAction`, redirects to the screen the user was on when the
 * session expired, when it belongs to the account's hospital, else to the screen of their role).
 */
export function LoginScreen({ screen }: { screen: ReservedSegment }) {
  const tenant = useTenant()
  const [searchParams] = useSearchParams()
  const hasExpired = searchParams.get(EXPIRED_PARAMS.expired) === '1'
  const endMessage = END_MESSAGES[searchParams.get(EXPIRED_PARAMS.reason) ?? '']
  const returnTo = searchParams.get(EXPIRED_PARAMS.returnTo)
  const hospitalToReturnTo = useHospitalToReturnTo(tenant)
  // Drawn for an ordinary device first (the screen may be prerendered), then as the device is.
  const isKiosk = useSyncExternalStore(subscribeToKioskMode, isKioskMode, () => false)
  const [isStaffAsked, setStaffAsked] = useState(false)
  const { lastReachableAt } = useSyncExternalStore(
    connectionMonitor.subscribe,
    connectionMonitor.getSnapshot,
    connectionMonitor.getSnapshot,
  )

  return (
    <SectionPage title={SCREEN_TITLES[screen]}>
      <Suspense fallback={null}>
        <RedirectIfSignedIn />
      </Suspense>
      {hasExpired && (
        <div className="notice" role="status">
          <p>{endMessage ?? 'Tu sesión ha caducado. Vuelve a iniciar sesión para continuar.'}</p>
          {hospitalToReturnTo && (
            <p>
              <Link
                to={`${paths.login(hospitalToReturnTo.tenant)}?${new URLSearchParams(
                  returnTo === null ? {} : { [EXPIRED_PARAMS.returnTo]: returnTo },
                ).toString()}`}
              >
                Volver a {hospitalToReturnTo.nombre}
              </Link>
            </p>
          )}
        </div>
      )}
      {isKiosk && !isStaffAsked && !hasExpired && tenant !== DEFAULT_TENANT ? (
        <KioskHome
          tenant={tenant}
          onStaff={() => {
            setStaffAsked(true)
          }}
        />
      ) : (
        <StaffSignIn tenant={tenant} lastReachableAt={lastReachableAt} />
      )}
    </SectionPage>
  )
}

function StaffSignIn({
  tenant,
  lastReachableAt,
}: {
  tenant: string
  lastReachableAt: number | null
}) {
  return (
    <>
      <p>Introduce el correo electrónico y la contraseña de tu cuenta.</p>
      <LoginForm
        apiAnsweredAt={lastReachableAt}
        pendingAccountHelp={(email) => (
          <section className="join-section" aria-label="Enviar otro enlace de confirmación">
            <Suspense fallback={null}>
              <EmailLinkRequest
                key={email}
                action="Enviar otro enlace"
                defaultEmail={email}
                send={(address) => resendConfirmation(tenant, address)}
                sentText="Si la cuenta está pendiente de confirmar, te hemos enviado otro enlace."
              />
            </Suspense>
          </section>
        )}
      />
      {tenant !== DEFAULT_TENANT && (
        <ul className="login-links">
          <li>
            <Link to={paths.screen(tenant, 'restablecer-acceso')}>
              ¿Has olvidado tu contraseña?
            </Link>
          </li>
          <li>
            <Link to={paths.register(tenant)}>Crear una cuenta</Link>
          </li>
          <li>
            <Link to={paths.screen(tenant, 'atencion-profesional-publica-inmediata')}>
              Atención inmediata sin cuenta
            </Link>
          </li>
        </ul>
      )}
    </>
  )
}
