/**
 * Loads a hospital's branding through `verHospitales`, validates it and keeps it
 * (known-branding), from where the router shows it (docs/branding.md). The service worker, which
 * sees the same answer, keeps the last known branding on the device; this module only reads it,
 * for a head start on a tenant switch. The first screen does not wait for this code: the
 * hospital route's loader asks for it when it runs.
 */
import { API_PATHS } from '../../config/api-paths'
import { config } from '../../config/env'
import { REFRESH_FLAG_ON } from '../../config/storage-keys'
import { DEFAULT_TENANT } from '../../contract/tenants'
import { api } from '../../lib/api'
import { readValue, removeValue, writeValue } from '../../lib/storage'
import { readBranding } from '../../shared/branding-db'
import { parseHospitalesAnswer } from '../../contract/branding-answer'
import { isBrandingKnown, keepBranding } from './known-branding'

// Only the newest load of a hospital may change what is known of it: a slow answer is dropped
// once a newer one was asked for (or the worker passed one on).
const latestLoads = new Map<string, number>()
function startLoad(tenant: string): () => boolean {
  const load = (latestLoads.get(tenant) ?? 0) + 1
  latestLoads.set(tenant, load)
  return () => latestLoads.get(tenant) === load
}

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

/** Loads and keeps the branding of `tenant`; `main` has the defaults. Never throws. */
export async function loadBranding(tenant: string): Promise<void> {
  const isLatest = startLoad(tenant)
  if (tenant === DEFAULT_TENANT) {
    removeValue('logo')
    keepBranding(tenant, null)
    return
  }
  if (!isBrandingKnown(tenant)) {
    // A hospital met for the first time on this page: the device's kept copy, if any, until the
    // answer comes (never the previous hospital's colours: the defaults meanwhile).
    const remembered = await readBranding(tenant)
    if (isLatest() && remembered && !isBrandingKnown(tenant)) keepBranding(tenant, remembered)
  }

  let result: Awaited<ReturnType<typeof fetchBranding>>
  try {
    result = await fetchBranding(tenant)
  } catch (error) {
    if (isLatest()) warn(tenant, error)
    return
  }
  if (isLatest()) commit(tenant, result)
}

/** Keeps a checked answer for `tenant`: its branding, the stored logo, the refresh flag. */
function commit(tenant: string, result: ReturnType<typeof parseHospitalesAnswer>) {
  if (!result.ok) {
    warn(tenant, result.reason)
    return
  }
  for (const warning of result.warnings) warn(tenant, warning)

  keepBranding(tenant, result.branding)
  // `logo` is the stored hospital's: an answer for another one (this tab's, while another tab
  // has just wiped the session and chosen `main`) stores nothing.
  const storedTenant = readValue('tenant')
  if (storedTenant !== null && storedTenant !== tenant) return
  if (result.imagen === null) removeValue('logo')
  else writeValue('logo', result.imagen)
  if (readValue('refresh') === REFRESH_FLAG_ON) removeValue('refresh')
}

/**
 * A fresher `verHospitales` answer the service worker passed on, kept by the same rules as a
 * fetched one (the router shows it at once when it is the hospital on screen: a kiosk left on one
 * screen takes a new colour without navigating). It wins over a load still on its way, which
 * would bring the older one.
 */
export function applyBrandingAnswer(tenant: string, answer: unknown): void {
  if (tenant === DEFAULT_TENANT) return
  startLoad(tenant)
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
