/**
 * The branding on screen: the tenant and its branding, applied to the document whenever it
 * changes, as a store the layout reads with `useSyncExternalStore`. It starts from the branding
 * the HTML was painted with; loading a tenant's branding (branding-controller) changes it.
 * Apart from the controller so that the first screen carries no loading code: its first frame's
 * branding is already in the HTML.
 */
import { BRANDING_DATA_ELEMENT_ID, isBranding, type Branding } from '../../contract/branding'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { applyBrandingToDocument } from './apply-branding'

export interface BrandingState {
  tenant: string
  /** null: the product's default branding. */
  branding: Branding | null
}

const listeners = new Set<() => void>()
let state: BrandingState = { tenant: DEFAULT_TENANT, branding: null }

/** Shows `next`: the document takes it, then every subscriber hears of it. */
export function setBrandingState(next: BrandingState): void {
  state = next
  applyBrandingToDocument(next.tenant, next.branding)
  for (const listener of listeners) listener()
}

export function getBrandingSnapshot(): BrandingState {
  return state
}

export function subscribeToBranding(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * Starts from the branding the server or the service worker painted into the HTML shell for
 * `tenant` (the page's, as start-up resolved it), so the first React render shows the same name
 * and logo as the first frame.
 */
export function initBrandingFromDocument(doc: Document, tenant: string): void {
  let branding: Branding | null = null
  try {
    const parsed: unknown = JSON.parse(
      doc.getElementById(BRANDING_DATA_ELEMENT_ID)?.textContent ?? 'null',
    )
    if (isBranding(parsed) && parsed.tenant === tenant) branding = parsed
  } catch {
    // A missing or damaged data block only means no head start.
  }
  setBrandingState({ tenant, branding: tenant === DEFAULT_TENANT ? null : branding })
}
