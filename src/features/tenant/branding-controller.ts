/**
 * Loads a hospital's branding through `verHospitales` and validates it, for the page's cache
 * (branding-query.ts), from where the layout shows it (docs/branding.md). The service worker,
 * which sees the same answer, keeps the last known branding on the device; this module only reads
 * it, for a head start on a hospital met for the first time. Not in the first load: the first
 * screen's branding is in the HTML.
 */
import type { QueryClient } from '@tanstack/react-query'
import { API_PATHS } from '../../config/api-paths'
import { config } from '../../config/env'
import { REFRESH_FLAG_ON } from '../../config/storage-keys'
import type { Branding } from '../../contract/branding'
import { parseHospitalesAnswer } from '../../contract/branding-answer'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { api } from '../../lib/api'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { readBranding } from '../../shared/branding-db'
import { brandingQuery } from './branding-query'

async function fetchBranding(tenant: string) {
  const query = new URLSearchParams({ tenant })
  const body = await api.request(`${API_PATHS.hospitales}?${query.toString()}`)
  return parseHospitalesAnswer(body, tenant, config.apiBaseUrl)
}

function warn(tenant: string, reason: unknown) {
  // docs/branding.md, "When it fails": a branding failure is only logged; the user sees the
  // branding already shown for this hospital, or the default colours.
  console.warn(`No se pudo cargar la imagen corporativa de «${tenant}»:`, reason)
}

/** Why a load kept the branding shown: already logged, nothing for the user to read. */
class BrandingNotLoaded extends Error {}

/**
 * `tenant`'s branding from the API, the answer kept by the rules below. A hospital with nothing
 * in the cache yet shows the device's kept copy, if any, until the answer comes (never the
 * previous hospital's colours: the defaults meanwhile). A failure is logged and rejects, which
 * leaves the branding shown as it is. `main` has the defaults.
 */
export async function loadBranding(client: QueryClient, tenant: string): Promise<Branding | null> {
  // The portal has the product's defaults, and no logo.
  if (tenant === DEFAULT_TENANT) {
    removeValue('logo')
    return null
  }
  const { queryKey } = brandingQuery(tenant)
  if (client.getQueryData(queryKey) === undefined) {
    const remembered = await readBranding(tenant)
    if (remembered && client.getQueryData(queryKey) === undefined) {
      client.setQueryData(queryKey, remembered)
    }
  }
  let result: Awaited<ReturnType<typeof fetchBranding>>
  try {
    result = await fetchBranding(tenant)
  } catch (error) {
    warn(tenant, error)
    throw new BrandingNotLoaded(tenant, { cause: error })
  }
  return commit(tenant, result)
}

/** A checked answer for `tenant`: its branding, with the stored logo and the refresh flag kept. */
function commit(tenant: string, result: ReturnType<typeof parseHospitalesAnswer>): Branding {
  if (!result.ok) {
    warn(tenant, result.reason)
    throw new BrandingNotLoaded(tenant)
  }
  for (const warning of result.warnings) warn(tenant, warning)
  // `logo` is the stored hospital's: an answer for another one (this tab's, while another tab
  // has just wiped the session and chosen `main`) stores nothing.
  const storedTenant = readValue('tenant')
  if (storedTenant === null || storedTenant === tenant) {
    if (result.imagen === null) removeValue('logo')
    else writeValue('logo', result.imagen)
    if (readValue('refresh') === REFRESH_FLAG_ON) removeValue('refresh')
  }
  return result.branding
}

/**
 * A fresher `verHospitales` answer the service worker passed on, kept by the same rules as a
 * fetched one and shown at once (a kiosk left on one screen takes a new colour without
 * navigating). It wins over a load still on its way, which would bring the older one.
 */
export function applyBrandingAnswer(client: QueryClient, tenant: string, answer: unknown): void {
  if (tenant === DEFAULT_TENANT) return
  const { queryKey } = brandingQuery(tenant)
  // Cancelling restores the state from before that load, at once; the answer then replaces it.
  void client.cancelQueries({ queryKey })
  try {
    client.setQueryData(
      queryKey,
      commit(tenant, parseHospitalesAnswer(answer, tenant, config.apiBaseUrl)),
    )
  } catch {
    // Logged; the branding shown stays.
  }
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
