/**
 * A random UUID (v4) for a record the device creates: the server answers a repeated create with
 * the same record, so a retry never duplicates. `crypto.randomUUID` exists only in secure contexts;
 * a tablet on the hospital's plain-HTTP network still has `getRandomValues`.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) {
    return crypto.randomUUID()
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * A random secret only this device knows (32 bytes, base64url), sent with an immediate-care
 * request: a replay of it gets the guest session back only with the same secret.
 */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}
