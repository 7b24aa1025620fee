/**
 * Whether this device holds a session token (verified or not), read without the session's code:
 * the page's entry asks it before the app has loaded (`src/main.tsx`).
 */
import { readValue } from '../../lib/storage'

export function hasSessionToken(): boolean {
  return Boolean(readValue('token'))
}
