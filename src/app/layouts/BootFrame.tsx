import { TenantLogo } from '../../features/tenant/TenantLogo'
import { useBranding } from '../../features/tenant/use-branding'

/**
 * What shows while the first screen's code loads (the router's hydrate fallback): the header bar
 * the HTML already painted, now with the hospital's name and logo, so the frame never blanks.
 * Without the tenant's own branding (a first visit) it shows nothing, as the HTML did.
 */
export function BootFrame() {
  const { tenant, branding } = useBranding()
  if (branding?.tenant !== tenant) return null
  const hospitalName = branding.nombre ?? tenant
  return (
    <div className="app boot-frame">
      <div className="app-header">
        <span className="brand">
          {branding.logoUrl && (
            <TenantLogo tenant={tenant} logoUrl={branding.logoUrl} hospitalName={hospitalName} />
          )}
          <span className="brand-name">{hospitalName}</span>
        </span>
      </div>
    </div>
  )
}
