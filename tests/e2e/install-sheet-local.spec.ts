/**
 * The install page warns when it is open at an address only this machine reaches (the e2e server
 * runs on 127.0.0.1): no phone could open its QR code. Printed, the sheet carries the hospital's
 * logo and name, and leaves the warning on screen.
 */
import { expect, test } from '@playwright/test'

test.use({ serviceWorkers: 'block' })

test('a local address is warned about; the printed sheet has the hospital’s logo and name', async ({
  page,
}) => {
  await page.goto('/hospital-central/instalar')
  const warning = page.getByText(/dirección local \(127\.0\.0\.1:\d+\)/)
  await expect(warning).toBeVisible()
  const printHeader = page.locator('.install-sheet-print-header')
  await expect(printHeader).toBeHidden()

  await page.emulateMedia({ media: 'print' })
  await expect(warning).toBeHidden()
  await expect(printHeader).toBeVisible()
  await expect(printHeader).toContainText('Hospital Central')
  const logo = printHeader.getByRole('img', { name: 'Logotipo de Hospital Central' })
  await expect(logo).toBeVisible()
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
})
