/**
 * An installed app asks the browser to keep its storage (precache, branding) under storage
 * pressure: evicting it would leave a kiosk or a tablet without its app offline. A browser tab
 * does not ask: Chromium would decide without the person, others would show a prompt for a site
 * merely visited.
 */
import { isInstalledApp } from '../display-mode'

export async function requestPersistentStorageWhenInstalled(
  storage: Partial<Pick<StorageManager, 'persist' | 'persisted'>> | null = 'storage' in navigator
    ? navigator.storage
    : null,
  isInstalled: () => boolean = isInstalledApp,
): Promise<void> {
  if (!isInstalled() || !storage?.persist) return
  try {
    if (await storage.persisted?.()) return
    await storage.persist()
  } catch {
    // The browser refused or cannot say: the app works the same, only less protected.
  }
}
