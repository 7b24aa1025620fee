import {
  lazy,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { Outlet, useFetcher } from 'react-router-dom'
import { Link } from '../../components/Link'
import { TitleOwnerContext } from '../../components/SectionPage'
import { useModuleAfterRender } from '../../components/use-module-after-render'
import { appVersion } from '../../config/env'
import { paths } from '../../config/paths'
import { rolLabel } from '../../contract/account-rules'
import { belongsToOtherHospital, type SessionState } from '../../features/auth/session'
import { IDLE_SIGN_OUT, SIGN_OUT_REASON_FIELD } from '../../features/auth/sign-out-action'
import { isSharedDevice } from '../../features/auth/shared-device'
import {
  forgetScreenLock,
  isScreenLocked,
  lockScreen,
  locksWhenIdle,
  subscribeToScreenLock,
} from '../../features/auth/screen-lock'
import { useKioskFormReset } from '../../features/auth/use-kiosk-form-reset'
import { ConnectionStatusRegion } from '../../features/pwa/connection/ConnectionStatusRegion'
import { InstallHelpRegion } from '../../features/pwa/install/InstallHelpRegion'
import { UpdatePromptRegion } from '../../features/pwa/updates/UpdatePromptRegion'
import { TenantLogo } from '../../features/tenant/TenantLogo'
import { applyBrandingToDocument } from '../../features/tenant/apply-branding'
import { useHospitalName, useTenantRoute } from '../tenant-route'
import { useIsKioskMode } from './use-is-kiosk-mode'
import { useFocusOnNavigation } from './use-focus-on-navigation'

// Only a signed-in shared device runs the idle countdown: it stays out of everyone's first load.
const InactivitySignOut = lazy(() =>
  import('../../features/auth/InactivitySignOut').then((module) => ({
    default: module.InactivitySignOut,
  })),
)

// A locked screen's code loads only when a professional's screen on a shared device locks (not
// in app/layouts/: that folder's chunk comes with every screen).
const LockedScreen = lazy(() =>
  import('../LockedScreen').then((module) => ({ default: module.LockedScreen })),
)

// The connection banner, the update prompt and the install offer are nothing but their empty
// regions until there is something to say or offer: their code loads once the layout has
// rendered, never in the first load.
const loadConnectionStatus = () => import('../../features/pwa/connection/ConnectionStatus')
const loadUpdatePrompt = () => import('../../features/pwa/updates/UpdatePrompt')
const loadInstallHelp = () => import('../../features/pwa/install/InstallHelp')
// `?kiosco=` is applied, and the page's kiosk look kept in step, by code that renders nothing:
// it comes after the first screen too (the page starts in the look the device has).
const loadKioskSwitch = () => import('./KioskSwitch')

function KioskSwitchAfterRender(props: {
  tenant: string
  session: Promise<SessionState>
  isKiosk: boolean
}) {
  const loaded = useModuleAfterRender(loadKioskSwitch)
  return loaded && <loaded.KioskSwitch {...props} />
}

function ConnectionStatusAfterRender() {
  const loaded = useModuleAfterRender(loadConnectionStatus)
  return loaded ? <loaded.ConnectionStatus /> : <ConnectionStatusRegion tone="online" />
}

function UpdatePromptAfterRender({ shouldApplyWhenIdle }: { shouldApplyWhenIdle: boolean }) {
  const loaded = useModuleAfterRender(loadUpdatePrompt)
  return loaded ? (
    <loaded.UpdatePrompt shouldApplyWhenIdle={shouldApplyWhenIdle} />
  ) : (
    <UpdatePromptRegion isVisible={false} />
  )
}

function InstallHelpAfterRender({ hospitalName }: { hospitalName: string }) {
  const loaded = useModuleAfterRender(loadInstallHelp)
  return loaded ? <loaded.InstallHelp hospitalName={hospitalName} /> : <InstallHelpRegion />
}

// Only a sign-out counts the writes still waiting to be sent.
const countUnsent = async () => (await import('../../features/care/outbox')).countUnsent()

/** "Cerrar sesión": submits the hospital route's sign-out action, which opens its sign-in. */
function SignOutButton({ tenant }: { tenant: string }) {
  const fetcher = useFetcher()
  return (
    <button
      type="button"
      className="button-on-primary"
      onClick={() => {
        if (fetcher.state !== 'idle') return
        void (async () => {
          // Writes still in the outbox would be lost: the user decides.
          const unsent = await countUnsent()
          if (
            unsent > 0 &&
            !window.confirm(
              `Tienes ${unsent === 1 ? '1 envío pendiente' : `${String(unsent)} envíos pendientes`} que se perderán si cierras la sesión. ¿Cerrar sesión de todos modos?`,
            )
          ) {
            return
          }
          await fetcher.submit(null, { method: 'post', action: paths.tenantRoot(tenant) })
        })()
      }}
    >
      Cerrar sesión
    </button>
  )
}

function SignedInUser({ tenant, session }: { tenant: string; session: Promise<SessionState> }) {
  const state = use(session)
  if (state.status === 'signed-out') {
    return (
      <Link className="header-link" to={paths.login(tenant)}>
        Iniciar sesión
      </Link>
    )
  }
  if (state.status === 'unverified') {
    return (
      <div className="signed-in">
        <p className="signed-in-name">
          Sesión iniciada, sin comprobar: no hay conexión con el servidor.
        </p>
        <SignOutButton tenant={tenant} />
      </div>
    )
  }
  const { user } = state
  return (
    <div className="signed-in">
      <p className="signed-in-name">
        <span className="visually-hidden">Sesión iniciada como </span>
        {user.nombre}
        <span className="signed-in-rol"> · {rolLabel(user.rol)}</span>
      </p>
      {belongsToOtherHospital(user, tenant) && (
        <Link className="header-link" to={paths.home(user.tenant, user.rol)}>
          Ir a mi centro
        </Link>
      )}
      <SignOutButton tenant={tenant} />
    </div>
  )
}

/**
 * On a shared device, a signed-in session left idle ends by itself: the full wipe, then this
 * hospital's sign-in for the next person. A professional's stays on duty instead: the screen
 * locks (docs/devices.md).
 */
function SharedDeviceSignOut({
  tenant,
  session,
  isLocked,
}: {
  tenant: string
  session: Promise<SessionState>
  isLocked: boolean
}) {
  const fetcher = useFetcher()
  const state = use(session)
  if (state.status === 'signed-out' || !isSharedDevice() || isLocked) return null
  // A session that cannot be checked (offline) has no role to go by: it ends as before.
  if (state.status === 'verified' && locksWhenIdle(state.user)) {
    return <InactivitySignOut outcome="lock" onExpired={lockScreen} />
  }
  return (
    <InactivitySignOut
      outcome="sign-out"
      onExpired={() => {
        void fetcher.submit(
          { [SIGN_OUT_REASON_FIELD]: IDLE_SIGN_OUT },
          { method: 'post', action: paths.tenantRoot(tenant) },
        )
      }}
    />
  )
}

/** The hospital's logo and name: to the user's area when signed in here, else to sign-in. */
function BrandLink({
  tenant,
  session,
  children,
}: {
  tenant: string
  session: Promise<SessionState>
  children: ReactNode
}) {
  const state = use(session)
  const to =
    state.status === 'verified' && state.user.tenant === tenant
      ? paths.home(tenant, state.user.rol)
      : paths.login(tenant)
  return (
    <Link className="brand" to={to}>
      {children}
    </Link>
  )
}

/** True once `session` has settled with nobody signed in (false while it is being checked). */
function useIsSignedOut(session: Promise<SessionState>): boolean {
  const [settled, setSettled] = useState<{ session: Promise<SessionState>; isOut: boolean }>()
  useEffect(() => {
    let isCurrent = true
    void session.then((state) => {
      if (isCurrent) setSettled({ session, isOut: state.status === 'signed-out' })
    })
    return () => {
      isCurrent = false
    }
  }, [session])
  return settled?.session === session && settled.isOut
}

/** The branded frame of every screen of a tenant: logo, hospital name, who is signed in. */
export function TenantLayout() {
  const route = useTenantRoute()
  if (!route) throw new Error('TenantLayout is the hospital route')
  const { tenant, session, branding } = route
  const main = useFocusOnNavigation<HTMLElement>()
  const isKiosk = useIsKioskMode()
  // A signed-out kiosk's screen starts afresh when what someone typed is left untouched.
  const isSignedOut = useIsSignedOut(session)
  const screenGeneration = useKioskFormReset(isKiosk && isSignedOut)
  const hospitalName = useHospitalName()
  // A locked screen renders nothing of the screen behind it: not covered, absent. The lock goes
  // with the session: once the screen shows nobody signed in, a mark left behind is forgotten.
  const isLockMarked = useSyncExternalStore(subscribeToScreenLock, isScreenLocked, () => false)
  const isLocked = isLockMarked && !isSignedOut
  useEffect(() => {
    if (isLockMarked && isSignedOut) forgetScreenLock()
  }, [isLockMarked, isSignedOut])
  // The one place the page's branding is written, in the same commit as the screen that shows
  // it: nothing is written when the HTML already shows it.
  useLayoutEffect(() => {
    applyBrandingToDocument(tenant, branding)
  }, [tenant, branding])
  const logoUrl = branding?.logoUrl ?? null
  const brand = (
    <>
      {logoUrl && <TenantLogo logoUrl={logoUrl} hospitalName={hospitalName} />}
      <span className="brand-name">{hospitalName}</span>
    </>
  )

  return (
    <>
      <div className="app">
        <a className="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        <header className="app-header">
          <Suspense
            fallback={
              <Link className="brand" to={paths.login(tenant)}>
                {brand}
              </Link>
            }
          >
            <BrandLink tenant={tenant} session={session}>
              {brand}
            </BrandLink>
          </Suspense>
          <Suspense fallback={<span className="header-link">Comprobando sesión…</span>}>
            <SignedInUser tenant={tenant} session={session} />
          </Suspense>
        </header>
        <KioskSwitchAfterRender tenant={tenant} session={session} isKiosk={isKiosk} />
        <Suspense fallback={null}>
          <SharedDeviceSignOut tenant={tenant} session={session} isLocked={isLocked} />
        </Suspense>
        <UpdatePromptAfterRender shouldApplyWhenIdle={isKiosk} />
        <main ref={main} id="contenido" className="app-main" tabIndex={-1}>
          <TitleOwnerContext value={hospitalName}>
            {isLocked ? (
              <Suspense fallback={null}>
                <LockedScreen session={session} />
              </Suspense>
            ) : (
              <Outlet key={screenGeneration} />
            )}
          </TitleOwnerContext>
        </main>
        <footer className="app-footer">
          {/* A kiosk is the hospital's device: patients are offered their own, through the QR page. */}
          {!isKiosk && <InstallHelpAfterRender hospitalName={hospitalName} />}
          <nav aria-label="Enlaces de ayuda">
            <ul>
              <li>
                <Link to={paths.screen(tenant, 'solicitar-asistencia')}>Solicitar asistencia</Link>
              </li>
              <li>
                <Link to={paths.screen(tenant, 'directorio')}>Directorio</Link>
              </li>
              <li>
                <Link to={paths.screen(tenant, 'terminos-y-condiciones')}>
                  Términos y condiciones
                </Link>
              </li>
              <li>
                <Link to={paths.technicalInfo(tenant)}>Información técnica</Link>
              </li>
              <li>
                <Link to={paths.install(tenant)}>Instalar en otro dispositivo</Link>
              </li>
            </ul>
          </nav>
          <p className="app-version">Versión {appVersion}</p>
          {/* Its line is always there: the number arrives with the hospital's branding, after the
            first frame, and fills the line instead of moving the footer. */}
          <p className="app-contact">
            {branding?.telefono && (
              <>
                Teléfono de contacto:{' '}
                <a href={`tel:${branding.telefono.replace(/[^+0-9]/g, '')}`}>{branding.telefono}</a>
              </>
            )}
          </p>
        </footer>
      </div>
      {/* After the page, outside its full-height frame: held to the bottom of the window, it
          covers no more than its own height and never pushes the screen down when it speaks. */}
      <ConnectionStatusAfterRender />
    </>
  )
}
