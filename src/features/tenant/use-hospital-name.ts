import { DEFAULT_APP_NAME } from '../../contract/manifest'
import { DEFAULT_TENANT } from '../../contract/tenants'
import type { BrandingState } from './branding-controller'
import { useBranding } from './use-branding'

/**
 * The name people know `tenant` by: its branding's `nombre` once loaded, the product's name for
 * `main`, else the tenant id (never another hospital's name from a previous branding).
 */
export function hospitalNameOf(tenant: string, { branding }: BrandingState): string {
  if (branding?.tenant === tenant && branding.nombre) return branding.nombre
  return tenant === DEFAULT_TENANT ? DEFAULT_APP_NAME : tenant
}

/** The hospital's name for `tenant`, following its branding as it loads. */
export function useHospitalName(tenant: string): string {
  return hospitalNameOf(tenant, useBranding())
}
