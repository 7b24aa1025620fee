/**
 * The kiosk credential's plain rules, without schemas: the device's storage reads them on every
 * first load, so they stay out of the schema library's weight (`kiosks.ts` has the shapes).
 */

/** A kiosk token: 32 random bytes in base64url (43 characters). */
export const KIOSK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'

/** What the device keeps once enrolled: which hospital, which kiosk, and its token. */
export interface KioskCredential {
  tenant: string
  id: number
  nombre: string
  token: string
}
