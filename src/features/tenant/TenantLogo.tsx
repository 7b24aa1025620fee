import { useState } from 'react'
import { recordLogoSize } from './branding-controller'

interface TenantLogoProps {
  tenant: string
  logoUrl: string
  hospitalName: string
}

/** The hospital's logo; hidden if it cannot be loaded, so a broken image is never shown. */
export function TenantLogo({ tenant, logoUrl, hospitalName }: TenantLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  if (failedUrl === logoUrl) return null
  return (
    <img
      className="tenant-logo"
      src={logoUrl}
      alt={`Logotipo de ${hospitalName}`}
      width={48}
      height={48}
      decoding="async"
      referrerPolicy="no-referrer"
      onLoad={(event) => {
        const image = event.currentTarget
        void recordLogoSize(tenant, logoUrl, {
          width: image.naturalWidth,
          height: image.naturalHeight,
        })
      }}
      onError={() => {
        setFailedUrl(logoUrl)
      }}
    />
  )
}
