/**
 * The branding known for each hospital this page has met: from the HTML shell at start-up, the
 * device's kept copy, or the API (branding-controller). It is not what the screen shows: the
 * hospital route's loader reads it for the router's tenant, and the router shows a change as soon
 * as it is kept (a kiosk on one screen takes a new colour without navigating). Apart from the
 * controller so that the first screen carries no loading code.
 */
import { BRANDING_DATA_ELEMENT_ID, isBranding, type Branding } from '../../contract/branding'
import { DEFAULT_TENANT } from '../../contract/tenants'

const known = new Map<string, Branding | null>()
const listeners = new Set<(tenant: string) => void>()

/** `tenant`'s branding as known now; null for `main` and for a hospital not known yet. */
export function knownBranding(tenant: string): Branding | null {
  return tenant === DEFAULT_TENANT ? null : (known.get(tenant) ?? null)
}

/** True once anything was learnt of `tenant`'s branding (null included: it has none valid). */
export function isBrandingKnown(tenant: string): boolean {
  return known.has(tenant)
}

/** Keeps `tenant`'s branding; listeners hear of it only when it differs from what was known. */
export function keepBranding(tenant: string, branding: Branding | null): void {
  if (known.has(tenant) && JSON.stringify(known.get(tenant)) === JSON.stringify(branding)) return
  known.set(tenant, branding)
  for (const listener of listeners) listener(tenant)
}

/** Calls `listener` with the hospital whose branding changed. */
export function subscribeToKnownBranding(listener: (tenant: string) => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * The branding the server or the service worker painted into the HTML shell for `tenant`, kept
 * as known, so the first render shows the same name and logo as the first frame. A missing or
 * damaged data block only means no head start.
 */
export function brandingFromShell(doc: Document, tenant: string): Branding | null {
  let branding: Branding | null = null
  try {
    const parsed: unknown = JSON.parse(
      doc.getElementById(BRANDING_DATA_ELEMENT_ID)?.textContent ?? 'null',
    )
    if (isBranding(parsed) && parsed.tenant === tenant) branding = parsed
  } catch {
    // No head start.
  }
  if (branding !== null) keepBranding(tenant, branding)
  return knownBranding(tenant)
}
