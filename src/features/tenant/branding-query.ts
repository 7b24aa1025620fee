/**
 * A hospital's branding as the page's cache holds it, one query per hospital (never another's).
 * Start-up seeds it from the branding block the server or the worker painted into the HTML, so
 * the first render shows what the first frame showed; each navigation asks for it again (the
 * worker answers at once from its copy and passes on a fresher one: docs/branding.md), as do a
 * focus and a reconnect after an outage. The code that loads it is not in the first load.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { BRANDING_DATA_ELEMENT_ID, isBranding, type Branding } from '../../contract/branding'
import { DEFAULT_TENANT } from '../../contract/tenants'

export const BRANDING_QUERY_ROOT = 'imagen-centro'

export function brandingQuery(tenant: string) {
  return queryOptions({
    queryKey: [BRANDING_QUERY_ROOT, tenant] as const,
    queryFn: async ({ client }): Promise<Branding | null> => {
      const controller = await import('./branding-controller')
      return controller.loadBranding(client, tenant)
    },
    // Always worth asking again (the worker answers from its copy); screens only read it: the
    // navigation, a focus or a reconnect asks, not each screen that shows it.
    staleTime: 0,
    refetchOnMount: false,
    // Public, small, and what a tenant switch back shows at once.
    gcTime: Infinity,
  })
}

/**
 * Asks for `tenant`'s branding again, behind the screen; what arrives shows as it comes (a failure
 * keeps what is shown).
 */
export function refreshBranding(client: QueryClient, tenant: string): void {
  client.query(brandingQuery(tenant)).catch(() => undefined)
}

/**
 * Seeds the cache with the branding the server or the service worker painted into the HTML shell
 * for `tenant`. A missing or damaged data block, or one of another hospital, only means no head
 * start; `main` always has the product's defaults.
 */
export function seedBrandingFromShell(client: QueryClient, doc: Document, tenant: string): void {
  const { queryKey } = brandingQuery(tenant)
  if (tenant === DEFAULT_TENANT) {
    client.setQueryData(queryKey, null)
    return
  }
  try {
    const parsed: unknown = JSON.parse(
      doc.getElementById(BRANDING_DATA_ELEMENT_ID)?.textContent ?? 'null',
    )
    if (isBranding(parsed) && parsed.tenant === tenant) client.setQueryData(queryKey, parsed)
  } catch {
    // No head start.
  }
}
