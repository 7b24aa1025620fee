import { useSyncExternalStore } from 'react'
import { getBrandingSnapshot, subscribeToBranding, type BrandingState } from './branding-controller'

/** The current tenant and its branding (null while the defaults apply). */
export function useBranding(): BrandingState {
  return useSyncExternalStore(subscribeToBranding, getBrandingSnapshot)
}
