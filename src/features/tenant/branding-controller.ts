/**
 * The current tenant's branding: loaded through `verHospitales`, validated and applied to the
 * document (docs/branding.md) through the store the layout reads (branding-state). The service
 * worker, which sees the same answer, keeps the last known branding on the device; this module
 * only reads it, for a head start on a tenant switch. The first screen does not wait for this
 * code: the branding loaders ask for it when they run.
 */
import { API_PATHS } from '../../config/api-paths'
import { config } from '../../config/env'
import { REFRESH_FLAG_ON } from '../../config/storage-keys'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { api } from '../../lib/api'
import { NetworkError, TimeoutError } from '../../lib/api-errors'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { readBranding } from '../../shared/branding-db'
import { parseHospitalesAnswer } from '../../contract/branding-answer'
import { getBrandingSnapshot, setBrandingState as setState } from './branding-state'

// Its callers read and start the branding through this module; the store itself loads apart.
export {
  getBrandingSnapshot,
  initBrandingFromDocument,
  subscribeToBranding,
  type BrandingState,
} from './branding-state'

// Only the newest load may change the state: a slow answer for a previous tenant is dropped.
let latestLoad = 0
// The tenant whose branding an outage (no answer, or none in time) kept from loading.
let interruptedTenant: string | null = null

async function fetchBranding(tenant: string) {
  const query = new URLSearchParams({ tenant })
  const body = await api.request(`${API_PATHS.hospitales}?${query.toString()}`)
  return parseHospitalesAnswer(body, tenant, config.apiBaseUrl)
}

function warn(tenant: string, reason: unknown) {
  // docs/branding.md, "When it fails": a branding failure is only logged; the user sees the default
  // colours.
  console.warn(`No se pudo cargar la imagen corporativa de «${tenant}»:`, reason)
}

/** Loads and applies the branding of `tenant`; `main` restores the defaults. Never throws. */
export async function loadBranding(tenant: string): Promise<void> {
  const load = ++latestLoad
  interruptedTenant = null
  if (tenant === DEFAULT_TENANT) {
    removeValue('logo')
    setState({ tenant, branding: null })
    return
  }
  if (getBrandingSnapshot().tenant !== tenant) {
    // Never keep the previous tenant's colours: defaults until this tenant's own are known.
    setState({ tenant, branding: null })
    const remembered = await readBranding(tenant)
    if (load === latestLoad && remembered && getBrandingSnapshot().branding === null) {
      setState({ tenant, branding: remembered })
    }
  }

  let result: Awaited<ReturnType<typeof fetchBranding>>
  try {
    result = await fetchBranding(tenant)
  } catch (error) {
    if (load !== latestLoad) return
    warn(tenant, error)
    if (error instanceof NetworkError || error instanceof TimeoutError) interruptedTenant = tenant
    return
  }
  if (load !== latestLoad) return
  commit(tenant, result)
}

/** Applies a checked answer for `tenant`: its branding, the stored logo, the refresh flag. */
function commit(tenant: string, result: ReturnType<typeof parseHospitalesAnswer>) {
  if (!result.ok) {
    warn(tenant, result.reason)
    return
  }
  for (const warning of result.warnings) warn(tenant, warning)

  setState({ tenant, branding: result.branding })
  // `logo` is the stored hospital's: an answer for another one (this tab's, while another tab
  // has just wiped the session and chosen `main`) stores nothing.
  const storedTenant = readValue('tenant')
  if (storedTenant !== null && storedTenant !== tenant) return
  if (result.imagen === null) removeValue('logo')
  else writeValue('logo', result.imagen)
  if (readValue('refresh') === REFRESH_FLAG_ON) removeValue('refresh')
}

/**
 * A fresher `verHospitales` answer the service worker passed on: applied at once when it is the
 * shown tenant's (a kiosk left on one screen takes a new colour without navigating), by the same
 * rules as a fetched one. It wins over a load still on its way, which would bring the older one.
 */
export function applyBrandingAnswer(tenant: string, answer: unknown): void {
  if (getBrandingSnapshot().tenant !== tenant || tenant === DEFAULT_TENANT) return
  latestLoad += 1
  interruptedTenant = null
  commit(tenant, parseHospitalesAnswer(answer, tenant, config.apiBaseUrl))
}

/**
 * Another hospital's name, to offer the way back to it: from the branding the device keeps, else
 * from `verHospitales`; null when neither knows it (offline on a device that never saw it).
 */
export async function readHospitalName(tenant: string): Promise<string | null> {
  const kept = await readBranding(tenant)
  if (kept?.nombre) return kept.nombre
  try {
    const result = await fetchBranding(tenant)
    return result.ok ? result.branding.nombre : null
  } catch {
    return null
  }
}

/**
 * Called when the API is reachable again after an outage: loads the branding the outage
 * interrupted, if the user is still on that tenant (a kiosk started offline gets its colours
 * back without anyone touching it). Does nothing otherwise.
 */
export async function retryInterruptedBranding(): Promise<void> {
  const tenant = interruptedTenant
  interruptedTenant = null
  if (tenant !== null && tenant === getBrandingSnapshot().tenant) await loadBranding(tenant)
}
