import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Moves the page's installed clock on a minute at a time until `shown` is visible. The idle watch
 * is loaded on demand and counts from the moment it is drawn, which a single fixed jump can beat.
 */
export async function advanceClockUntilVisible(page: Page, shown: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward('01:00')
    await expect(shown).toBeVisible({ timeout: 500 })
  }).toPass()
}

/** The shared-device warning before a session ends or a screen locks. */
export function idleWarning(page: Page): Locator {
  return page.getByRole('alertdialog', { name: '¿Sigues ahí?' })
}
