import { useState } from 'react'

interface TenantLogoProps {
  logoUrl: string
  hospitalName: string
}

/** The hospital's logo; hidden if it cannot be loaded, so a broken image is never shown. */
export function TenantLogo({ logoUrl, hospitalName }: TenantLogoProps) {
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
      onError={() => {
        setFailedUrl(logoUrl)
      }}
    />
  )
}
