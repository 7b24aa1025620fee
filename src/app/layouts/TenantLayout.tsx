import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
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
import { may } from '../../contract/permissions'
import { belongsToOtherHospital } from '../../features/auth/session'
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
import {
  useBranding,
  useHospitalName,
  useSession,
  useSessionIfKnown,
  useTenant,
} from '../tenant-route'
import { offersHelpRequest } from './help-links'
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

function KioskSwitchAfterRender(props: { tenant: string; isKiosk: boolean }) {
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

// In-app alerts listen to the signed-in person's live stream: after the first screen, and only
// for whom alerts are (patients and professionals, never on a kiosk).
const loadCareAlerts = () => import('../../features/care/alerts/CareAlerts')

function CareAlertsAfterRender(props: {
  id: number
  rol: string
  tenant: string
  hospitalName: string
  standsForQueue: () => boolean
}) {
  const loaded = useModuleAfterRender(loadCareAlerts)
  return loaded && <loaded.CareAlerts {...props} />
}

function CareAlertsSlot({
  tenant,
  isKiosk,
  hospitalName,
}: {
  tenant: string
  isKiosk: boolean
  hospitalName: string
}) {
  const state = useSession()
  if (isKiosk || state.status !== 'verified') return null
  const { id, rol } = state.user
  if (id === undefined || belongsToOtherHospital(state.user, tenant)) return null
  if (!may(state.user, 'recibir_avisos')) return null
  return (
    <CareAlertsAfterRender
      id={id}
      rol={rol}
      tenant={tenant}
      hospitalName={hospitalName}
      standsForQueue={isScreenLocked}
    />
  )
}

// Only a sign-out counts the writes still waiting to be sent.
const countUnsent = async () => (await import('../../features/care/outbox/outbox')).countUnsent()

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

function SignedInUser({ tenant }: { tenant: string }) {
  const state = useSession()
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
      {belongsToOtherHospital(user, tenant) ? (
        <Link className="header-link" to={paths.home(user.tenant, user.rol)}>
          Ir a mi centro
        </Link>
      ) : (
        // Guests of immediate care have no account, so no profile.
        !user.invitado && (
          <Link className="header-link" to={paths.profile(tenant)}>
            Mi perfil
          </Link>
        )
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
function SharedDeviceSignOut({ tenant, isLocked }: { tenant: string; isLocked: boolean }) {
  const fetcher = useFetcher()
  const state = useSession()
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
function BrandLink({ tenant, children }: { tenant: string; children: ReactNode }) {
  const state = useSession()
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

/** The branded frame of every screen of a tenant: logo, hospital name, who is signed in. */
export function TenantLayout() {
  const tenant = useTenant()
  const branding = useBranding()
  const main = useFocusOnNavigation<HTMLElement>()
  const isKiosk = useIsKioskMode()
  // A signed-out kiosk's screen starts afresh when what someone typed is left untouched.
  const session = useSessionIfKnown()
  const isSignedOut = session?.status === 'signed-out'
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
            <BrandLink tenant={tenant}>{brand}</BrandLink>
          </Suspense>
          <Suspense fallback={<span className="header-link">Comprobando sesión…</span>}>
            <SignedInUser tenant={tenant} />
          </Suspense>
        </header>
        <KioskSwitchAfterRender tenant={tenant} isKiosk={isKiosk} />
        <Suspense fallback={null}>
          <SharedDeviceSignOut tenant={tenant} isLocked={isLocked} />
        </Suspense>
        <UpdatePromptAfterRender shouldApplyWhenIdle={isKiosk} />
        <main ref={main} id="contenido" className="app-main" tabIndex={-1}>
          <Suspense fallback={null}>
            <CareAlertsSlot tenant={tenant} isKiosk={isKiosk} hospitalName={hospitalName} />
          </Suspense>
          <TitleOwnerContext value={hospitalName}>
            {isLocked ? (
              <Suspense fallback={null}>
                <LockedScreen />
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
              {offersHelpRequest(session) && (
                <li>
                  <Link to={paths.screen(tenant, 'solicitar-asistencia')}>
                    Solicitar asistencia
                  </Link>
                </li>
              )}
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
