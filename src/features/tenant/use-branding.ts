import { useSyncExternalStore } from 'react'
import { getBrandingSnapshot, subscribeToBranding, type BrandingState } from './branding-state'

/** The current tenant and its branding (null while the defaults apply). */
export function useBranding(): BrandingState {
  // The HTML was filled with the same branding the page starts from (initBrandingFromDocument).
  return useSyncExternalStore(subscribeToBranding, getBrandingSnapshot, getBrandingSnapshot)
}
