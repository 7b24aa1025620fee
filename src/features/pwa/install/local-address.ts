/**
 * True when `address` names this machine only (`localhost`, `127.x.x.x`, `::1`): a QR code of it
 * opens nothing on a phone, so the install page warns before anyone prints it.
 */
export function isLocalAddress(address: string): boolean {
  let hostname: string
  try {
    hostname = new URL(address).hostname.toLowerCase()
  } catch {
    return false
  }
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]'
  )
}
