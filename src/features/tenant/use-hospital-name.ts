import { hospitalNameFor } from '../../contract/app-shell'
import type { BrandingState } from './branding-state'
import { useBranding } from './use-branding'

/**
 * The name people know `tenant` by: its branding's `nombre` once loaded, the product's name for
 * `main`, else the tenant id (never another hospital's name from a previous branding).
 */
export function hospitalNameOf(tenant: string, { branding }: BrandingState): string {
  return hospitalNameFor(tenant, branding)
}

/** The hospital's name for `tenant`, following its branding as it loads. */
export function useHospitalName(tenant: string): string {
  return hospitalNameOf(tenant, useBranding())
}
