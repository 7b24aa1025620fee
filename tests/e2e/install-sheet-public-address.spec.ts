/**
 * The install sheet is in the HTML without what depends on the address it is opened at; the
 * address and its QR code follow hydration into the place kept for them, so nothing on the page
 * moves. Opened at a name that is not this machine's, as a hospital's visitors open it: the
 * suite's 127.0.0.1 would add the local-address warning after hydration.
 */
import { expect, test } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config'
import { DEMO_ACCOUNT } from '../utils/demo'
import { recordShifts } from '../utils/layout-shifts'

const PUBLIC_HOST = 'clinica.example'

test.use({
  serviceWorkers: 'block',
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`],
  },
})

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 360, height: 740 },
]) {
  test(`nothing moves from the first frame to the drawn QR code, ${String(viewport.width)} px wide`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport)
    const shifts = await recordShifts(page)
    const url = new URL(`/${DEMO_ACCOUNT.tenant}/instalar`, baseURL)
    url.hostname = PUBLIC_HOST

    await page.goto(url.href)

    const address = `${url.origin}/${DEMO_ACCOUNT.tenant}`
    await expect(
      page.getByRole('img', { name: `Código QR de la dirección ${address}` }),
    ).toBeVisible()
    await expect(page.locator('figcaption')).toHaveText(address)
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeEnabled()
    await expect(page.getByText(/dirección local/)).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    expect(await shifts()).toEqual([])
  })
}
