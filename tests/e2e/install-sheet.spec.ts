/**
 * The printable install page of every demo hospital: its QR code, read back from the pixels on
 * screen, holds the hospital's address; axe finds nothing; printed, it is the sheet alone.
 */
import { expect, test, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { ALL_TENANTS, axeFindings, englishFindings, waitForBranding } from '../utils/a11y'
import { DEMO_TENANTS } from '../utils/demo'

test.use({ serviceWorkers: 'block' })

const HOSPITALS = Object.entries(DEMO_TENANTS)

/** The text of the QR code `page` shows, decoded from a screenshot of it. */
async function readQrCode(page: Page): Promise<string | null> {
  const png = await page.getByRole('img', { name: /^Código QR de la dirección / }).screenshot()
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}

for (const [tenant, { nombre }] of HOSPITALS) {
  test(`${tenant}: the QR code holds the hospital's address, also written out`, async ({
    page,
    baseURL,
  }) => {
    const address = `${baseURL ?? ''}/${tenant}`
    await page.goto(`/${tenant}/instalar`)
    await expect(
      page.getByRole('heading', { level: 1, name: `Instala la app de ${nombre}` }),
    ).toBeVisible()
    await expect(
      page.getByRole('img', { name: `Código QR de la dirección ${address}` }),
    ).toBeVisible()
    await expect(page.locator('figcaption')).toHaveText(address)
    expect(await readQrCode(page)).toBe(address)

    // The address opens the hospital's app (its sign-in, the installed app's start page).
    await page.goto(address)
    await expect(page).toHaveURL(`${address}/login`)
    await expect(page.getByRole('banner')).toContainText(nombre)
  })
}

for (const tenant of ALL_TENANTS) {
  test(`${tenant}: the install page passes axe and speaks Spanish`, async ({ page }) => {
    await page.goto(`/${tenant}/instalar`)
    await waitForBranding(page, tenant)
    await expect(page.getByRole('img', { name: /^Código QR/ })).toBeVisible()
    await expect(page.getByText('Comprobando sesión…')).toHaveCount(0)
    expect([
      ...(await axeFindings(page, `${tenant} instalar`)),
      ...(await englishFindings(page, `${tenant} instalar`)),
    ]).toEqual([])
  })
}

test('printed, the sheet is alone, black on white, with a large QR code', async ({ page }) => {
  await page.goto('/hospital-central/instalar')
  await waitForBranding(page, 'hospital-central')
  await page.emulateMedia({ media: 'print' })

  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(0, 0, 0)')
  const qr = await page.getByRole('img', { name: /^Código QR/ }).boundingBox()
  // 11 cm at CSS's 96 px per inch.
  expect(qr?.width).toBeGreaterThan(400)
  expect(await readQrCode(page)).toMatch(/\/hospital-central$/)
})
