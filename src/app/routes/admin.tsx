import { Suspense, use } from 'react'
import { DEFAULT_TENANT } from '../../config/tenants'
import { CentrosPanel } from '../../features/admin/CentrosPanel'
import { CuentasPanel } from '../../features/admin/CuentasPanel'
import { ImagenCentroPanel } from '../../features/admin/ImagenCentroPanel'
import type { CurrentUser } from '../../features/auth/session'
import { loadBranding } from '../../features/tenant/branding-controller'
import { useBranding } from '../../features/tenant/use-branding'
import { RoleScreen, useTenantLayoutData } from './screen-parts'

function AdminArea({ tenant, user }: { tenant: string; user: Promise<CurrentUser | null> }) {
  const current = use(user)
  const { branding } = useBranding()
  // Only this hospital's administrators get its panels; the product's own administration
  // (admins of `main`) manages the hospitals from `main`.
  if (current?.rol !== 'admin' || current.tenant !== tenant) return null
  if (tenant === DEFAULT_TENANT) return <CentrosPanel />
  const hospitalName = branding?.tenant === tenant && branding.nombre ? branding.nombre : tenant
  return (
    <>
      <ImagenCentroPanel
        tenant={tenant}
        onSaved={() => {
          void loadBranding(tenant)
        }}
      />
      <CuentasPanel tenant={tenant} hospitalName={hospitalName} />
    </>
  )
}

export function Component() {
  const { tenant, user } = useTenantLayoutData()
  return (
    <RoleScreen screen="admin">
      <Suspense fallback={null}>
        <AdminArea tenant={tenant} user={user} />
      </Suspense>
    </RoleScreen>
  )
}
