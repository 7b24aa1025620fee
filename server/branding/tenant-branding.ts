import { type Branding } from '../../src/contract/branding.js'
import { parseHospitalesAnswer } from '../../src/contract/branding-answer.js'
import { DEFAULT_TENANT, isTenantId } from '../../src/contract/tenants.js'
import type { HospitalPublico } from '../../src/contract/hospitals.js'

/** Where a hospital's record comes from (the hospital repository). */
export interface HospitalLookup {
  findByTenant(tenant: string): Promise<HospitalPublico | undefined>
}

/**
 * A tenant's branding as the page would derive it from its `verHospitales` answer: the record
 * goes through the very rules the page and the worker apply, so all three paint the same colours.
 * Null for `main`, an invalid or unknown tenant, or a record those rules refuse.
 * `logoBaseUrl` resolves a logo path (`/logos/x.png`) the way the page resolves it.
 */
export async function readTenantBranding(
  hospitals: HospitalLookup,
  tenant: string,
  logoBaseUrl: string,
): Promise<Branding | null> {
  if (tenant === DEFAULT_TENANT || !isTenantId(tenant)) return null
  const hospital = await hospitals.findByTenant(tenant)
  if (!hospital) return null
  const answer = parseHospitalesAnswer([hospital], tenant, logoBaseUrl)
  return answer.ok ? answer.branding : null
}
