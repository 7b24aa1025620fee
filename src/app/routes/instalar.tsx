import { useMemo } from 'react'
import { useIsHydrated } from '../../components/use-is-hydrated'
import { paths } from '../../config/paths'
import { qrCodeImageUrl } from '../../features/pwa/install/install-qr'
import { InstallSheet } from '../../features/pwa/install/InstallSheet'
import { useBranding, useHospitalName, useTenant } from '../tenant-route'

/**
 * "Instala la app de {hospital}": the page the front desk prints. The build renders it into the
 * HTML without what depends on the address it is opened at (the address, its QR code, the
 * warning about a local one): those follow hydration, drawn at once and offline too (nothing
 * here touches the network). The tenant is the route's own segment, the one the gate resolved.
 */
export function Component() {
  const tenant = useTenant()
  const hospitalName = useHospitalName()
  const isHydrated = useIsHydrated()
  const address = isHydrated ? paths.installAddress(tenant, window.location.origin) : null
  const qrImageUrl = useMemo(() => (address === null ? null : qrCodeImageUrl(address)), [address])
  const logoUrl = useBranding()?.logoUrl ?? null
  return (
    <InstallSheet
      hospitalName={hospitalName}
      code={address === null || qrImageUrl === null ? null : { address, qrImageUrl }}
      logoUrl={logoUrl}
    />
  )
}
