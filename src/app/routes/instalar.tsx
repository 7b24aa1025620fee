import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom'
import { paths } from '../../config/paths'
import { qrCodeImageUrl } from '../../features/pwa/install-qr'
import { InstallSheet } from '../../features/pwa/InstallSheet'
import { useTenant } from '../../features/tenant/tenant-gate'
import { useBranding } from '../../features/tenant/use-branding'
import { useHospitalName } from '../../features/tenant/use-hospital-name'

interface InstallData {
  address: string
  qrImageUrl: string
}

/**
 * The QR code is drawn before the page shows, so it never appears empty; offline too (nothing
 * here touches the network). The tenant is the route's own segment, the one the gate resolved.
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<InstallData> {
  const tenant = params.tenant
  if (tenant === undefined) throw new Error('The install page renders inside a tenant')
  const address = paths.installAddress(tenant, new URL(request.url).origin)
  return { address, qrImageUrl: await qrCodeImageUrl(address) }
}

/** "Instala la app de {hospital}": the page the front desk prints. */
export function Component() {
  const tenant = useTenant()
  const hospitalName = useHospitalName(tenant)
  const { address, qrImageUrl } = useLoaderData<InstallData>()
  const { branding } = useBranding()
  const logoUrl = branding?.tenant === tenant ? branding.logoUrl : null
  return (
    <InstallSheet
      hospitalName={hospitalName}
      address={address}
      qrImageUrl={qrImageUrl}
      logoUrl={logoUrl}
    />
  )
}
