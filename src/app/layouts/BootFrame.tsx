import { hospitalNameFor } from '../../contract/app-shell'
import { DEFAULT_APP_NAME, DEFAULT_TENANT } from '../../contract/tenants'
import { TenantLogo } from '../../features/tenant/TenantLogo'
import { useBrandingOf, useTenantRoute } from '../tenant-route'

/**
 * What shows while the first screen's code loads (the router's hydrate fallback): the same frame
 * the HTML painted (src/contract/app-shell.ts), so the page never blanks or jumps between the two.
 */
export function BootFrame() {
  // Start-up gives the router the hospital route's data, and the cache its branding, before any
  // screen.
  const route = useTenantRoute()
  const own = useBrandingOf(route?.tenant ?? DEFAULT_TENANT)
  const hospitalName = route ? hospitalNameFor(route.tenant, own) : DEFAULT_APP_NAME
  return (
    <div className="app boot-frame">
      <header className="app-header">
        <span className="brand">
          {own?.logoUrl && <TenantLogo logoUrl={own.logoUrl} hospitalName={hospitalName} />}
          <span className="brand-name">{hospitalName}</span>
        </span>
      </header>
      <main className="app-main">
        <p className="boot-status" role="status" aria-busy="true">
          <span className="boot-spinner" aria-hidden="true"></span>
          Cargando…
        </p>
      </main>
    </div>
  )
}
