import { Link } from '../../components/Link'
import { paths } from '../../config/paths'
import { may } from '../../contract/permissions'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { AuditoriaPanel } from '../../features/admin/AuditoriaPanel'
import { CallRelayNotice } from '../../features/admin/CallRelayNotice'
import { CentrosPanel } from '../../features/admin/CentrosPanel'
import { CuentasPanel } from '../../features/admin/CuentasPanel'
import { EspecialidadesPanel } from '../../features/admin/EspecialidadesPanel'
import { FuncionamientoPanel } from '../../features/admin/FuncionamientoPanel'
import { ImagenCentroPanel } from '../../features/admin/ImagenCentroPanel'
import { PuestaEnMarchaPanel } from '../../features/admin/PuestaEnMarchaPanel'
import { TerminosPanel } from '../../features/join/TerminosPanel'
import { KioskModePanel } from '../../features/auth/KioskModePanel'
import { setKioskMode } from '../../features/auth/kiosk-mode'
import { QuioscosPanel } from '../../features/admin/QuioscosPanel'
import type { CurrentUser } from '../../features/auth/session'
import { useBranding, useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

/** The operations board of the hospital (on `main`, every hospital's figures). */
function BoardLink({ tenant }: { tenant: string }) {
  return (
    <p>
      <Link className="button-primary" to={paths.screen(tenant, 'apanel')}>
        Tablero de operaciones
      </Link>
    </p>
  )
}

const turnKioskModeOn = () => {
  setKioskMode(true)
}

function AdminArea({ tenant, current }: { tenant: string; current: CurrentUser }) {
  const branding = useBranding()
  // The role gate lets any admin through on `main`, the portal every account may use; the
  // panels are for this hospital's own administrators (on `main`, the product's).
  if (current.tenant !== tenant || !may(current, 'administrar', { tenant })) return null
  if (tenant === DEFAULT_TENANT) {
    return (
      <>
        <BoardLink tenant={tenant} />
        <KioskModePanel />
        <CentrosPanel
          termsPanel={(hospital) => (
            <TerminosPanel tenant={hospital.tenant} hospitalName={hospital.nombre} />
          )}
        />
      </>
    )
  }
  const hospitalName = branding?.nombre ?? tenant
  return (
    <>
      <BoardLink tenant={tenant} />
      <KioskModePanel />
      <CallRelayNotice />
      <PuestaEnMarchaPanel tenant={tenant} hospitalName={hospitalName} />
      <ImagenCentroPanel tenant={tenant} />
      <EspecialidadesPanel tenant={tenant} hospitalName={hospitalName} />
      <QuioscosPanel tenant={tenant} hospitalName={hospitalName} onEnrolled={turnKioskModeOn} />
      <CuentasPanel tenant={tenant} hospitalName={hospitalName} ownAccountId={current.id} />
      <TerminosPanel tenant={tenant} hospitalName={hospitalName} />
      <FuncionamientoPanel tenant={tenant} />
      <AuditoriaPanel tenant={tenant} hospitalName={hospitalName} />
    </>
  )
}

export function Component() {
  const tenant = useTenant()
  return (
    <RoleScreen screen="admin">{(user) => <AdminArea tenant={tenant} current={user} />}</RoleScreen>
  )
}
