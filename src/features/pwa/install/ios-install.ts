/**
 * iPhone and iPad have no `beforeinstallprompt`: Safari installs a web app only from its Share
 * menu, so the app explains the steps instead of offering a button.
 */

export type PlatformProbe = Pick<Navigator, 'userAgent' | 'maxTouchPoints'>

/**
 * True on an iPhone, iPod or iPad, iPadOS included: since iPadOS 13 Safari asks for desktop
 * pages and says "Macintosh"; only a touch screen (no Mac has one) tells the iPad apart.
 */
export function isAppleMobileDevice(probe: PlatformProbe): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(probe.userAgent)) return true
  return /\bMacintosh\b/.test(probe.userAgent) && probe.maxTouchPoints > 1
}

/** Whether to offer the Share-menu steps: on an Apple mobile device, in the browser. */
export function shouldExplainIosInstall(probe: PlatformProbe, isInstalled: boolean): boolean {
  return isAppleMobileDevice(probe) && !isInstalled
}
