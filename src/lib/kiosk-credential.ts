/**
 * The kiosk credential this device holds: issued by a hospital administrator who enrolled the
 * device from the administration, sent with every walk-in, kept through sign-outs and wipes (a
 * device setting, nothing of a person) until the kiosk is revoked here or enrolled again.
 */
import { KIOSK_TOKEN_PATTERN, type KioskCredential } from '../contract/kiosk-rules'
import { isTenantId } from '../contract/tenants'
import { readValue, removeValue, writeValue } from './storage'

const TOKEN = new RegExp(KIOSK_TOKEN_PATTERN)

function parse(text: string | null): KioskCredential | null {
  if (text === null) return null
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return null
    const { tenant, id, nombre, token } = value as Record<string, unknown>
    if (typeof tenant !== 'string' || !isTenantId(tenant)) return null
    if (typeof id !== 'number' || !Number.isInteger(id)) return null
    if (typeof nombre !== 'string' || typeof token !== 'string' || !TOKEN.test(token)) return null
    return { tenant, id, nombre, token }
  } catch {
    return null
  }
}

/** This device's kiosk credential for `tenant`, or null when it is no kiosk of that hospital. */
export function readKioskCredential(tenant: string): KioskCredential | null {
  const credential = parse(readValue('quiosco'))
  return credential?.tenant === tenant ? credential : null
}

/** Keeps the credential an enrolment issued (a device is a kiosk of one hospital at a time). */
export function keepKioskCredential(credential: KioskCredential): void {
  writeValue('quiosco', JSON.stringify(credential))
}

/** Forgets the credential of kiosk `id` of `tenant`, if it is this device's. */
export function forgetKioskCredential(tenant: string, id: number): void {
  if (readKioskCredential(tenant)?.id === id) removeValue('quiosco')
}

/** Runs `wipe` (which clears all storage) and puts the credential back: it is the device's. */
export function keepKioskCredentialThrough(wipe: () => void): void {
  const kept = readValue('quiosco')
  wipe()
  if (kept !== null) writeValue('quiosco', kept)
}
