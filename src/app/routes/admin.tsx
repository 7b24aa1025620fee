import { may } from '../../contract/permissions'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { AuditoriaPanel } from '../../features/admin/AuditoriaPanel'
import { CallRelayNotice } from '../../features/admin/CallRelayNotice'
import { CentrosPanel } from '../../features/admin/CentrosPanel'
import { CuentasPanel } from '../../features/admin/CuentasPanel'
import { EspecialidadesPanel } from '../../features/admin/EspecialidadesPanel'
import { ImagenCentroPanel } from '../../features/admin/ImagenCentroPanel'
import { TerminosPanel } from '../../features/join/TerminosPanel'
import { KioskModePanel } from '../../features/auth/KioskModePanel'
import type { CurrentUser } from '../../features/auth/session'
import { useBranding, useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

function AdminArea({ tenant, current }: { tenant: string; current: CurrentUser }) {
  const branding = useBranding()
  // The role gate lets any admin through on `main`, the portal every account may use; the
  // panels are for this hospital's own administrators (on `main`, the product's).
  if (current.tenant !== tenant || !may(current, 'administrar', { tenant })) return null
  if (tenant === DEFAULT_TENANT) {
    return (
      <>
        <KioskModePanel />
        <CentrosPanel />
      </>
    )
  }
  const hospitalName = branding?.nombre ?? tenant
  return (
    <>
      <KioskModePanel />
      <CallRelayNotice />
      <ImagenCentroPanel tenant={tenant} />
      <EspecialidadesPanel tenant={tenant} hospitalName={hospitalName} />
      <CuentasPanel tenant={tenant} hospitalName={hospitalName} ownAccountId={current.id} />
      <TerminosPanel tenant={tenant} hospitalName={hospitalName} />
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
