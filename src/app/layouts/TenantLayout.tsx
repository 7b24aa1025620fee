import { Suspense, use } from 'react'
import { Link, Outlet, useLoaderData, useNavigate } from 'react-router'
import { appVersion } from '../../config/env'
import { paths } from '../../config/paths'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { belongsToOtherHospital, signOut, type CurrentUser } from '../../features/auth/session'
import { ConnectionStatus } from '../../features/pwa/ConnectionStatus'
import { UpdatePrompt } from '../../features/pwa/UpdatePrompt'
import { TenantLogo } from '../../features/tenant/TenantLogo'
import { useBranding } from '../../features/tenant/use-branding'
import { ROL_LABELS } from './rol-labels'
import type { TenantLayoutData } from './tenant-layout-data'
import { useFocusOnNavigation } from './use-focus-on-navigation'

const PRODUCT_NAME = 'Clínica'

function SignedInUser({ tenant, user }: { tenant: string; user: Promise<CurrentUser | null> }) {
  const navigate = useNavigate()
  const current = use(user)
  if (!current) {
    return (
      <Link className="header-link" to={paths.login(tenant)}>
        Iniciar sesión
      </Link>
    )
  }
  return (
    <div className="signed-in">
      <p className="signed-in-name">
        <span className="visually-hidden">Sesión iniciada como </span>
        {current.nombre}
        <span className="signed-in-rol"> · {ROL_LABELS[current.rol] ?? current.rol}</span>
      </p>
      {belongsToOtherHospital(current, tenant) && (
        <Link className="header-link" to={paths.home(current.tenant, current.rol)}>
          Ir a mi centro
        </Link>
      )}
      <button
        type="button"
        className="button-on-primary"
        onClick={() => {
          void signOut().then(() => navigate(paths.login(tenant)))
        }}
      >
        Cerrar sesión
      </button>
    </div>
  )
}

/** The branded frame of every screen of a tenant: logo, hospital name, who is signed in. */
export function TenantLayout() {
  const { tenant, user } = useLoaderData<TenantLayoutData>()
  const main = useFocusOnNavigation<HTMLElement>()
  const { branding } = useBranding()
  const hospitalName =
    branding?.tenant === tenant && branding.nombre
      ? branding.nombre
      : tenant === DEFAULT_TENANT
        ? PRODUCT_NAME
        : tenant
  const logoUrl = branding?.tenant === tenant ? branding.logoUrl : null

  return (
    <div className="app">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="app-header">
        <Link className="brand" to={paths.login(tenant)}>
          {logoUrl && <TenantLogo tenant={tenant} logoUrl={logoUrl} hospitalName={hospitalName} />}
          <span className="brand-name">{hospitalName}</span>
        </Link>
        <Suspense fallback={<span className="header-link">Comprobando sesión…</span>}>
          <SignedInUser tenant={tenant} user={user} />
        </Suspense>
      </header>
      <ConnectionStatus />
      <UpdatePrompt />
      <main ref={main} id="contenido" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="app-footer">
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
          </ul>
        </nav>
        <p className="app-version">Versión {appVersion}</p>
      </footer>
    </div>
  )
}
