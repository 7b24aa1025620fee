/**
 * Install help in a real Chromium: the app's own "Instalar la aplicación" button follows the
 * browser's install offer (`beforeinstallprompt`, simulated: Playwright's contexts are incognito,
 * where Chromium never offers installation), Safari's steps on an iPhone, and the printable page
 * offline.
 */
import { devices, expect, test, type Page } from '@playwright/test'
import { ALL_TENANTS, axeFindings, waitForBranding } from '../../utils/a11y'
import { DEMO_TENANTS } from '../../utils/demo'
import { builtAssets, readCachedPaths, waitForControllingWorker } from '../../utils/service-worker'

const TENANT = 'hospital-central'
const HOSPITAL = DEMO_TENANTS[TENANT].nombre

interface OfferProbe {
  prompts: number
}

/**
 * Sends the page what Chromium sends when the app is installable: a cancelable
 * `beforeinstallprompt` whose `prompt()` is counted and whose answer is `outcome`.
 */
async function offerInstallation(page: Page, outcome: 'accepted' | 'dismissed') {
  await page.evaluate((choice) => {
    const probe: OfferProbe = { prompts: 0 }
    Object.assign(window, { __installOffer: probe })
    const event = new Event('beforeinstallprompt', { cancelable: true })
    Object.assign(event, {
      prompt: () => {
        probe.prompts += 1
        return Promise.resolve()
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    })
    window.dispatchEvent(event)
  }, outcome)
}

const promptsShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { __installOffer: OfferProbe }).__installOffer.prompts)

const footer = (page: Page) => page.getByRole('contentinfo')

test("the browser's install offer shows the button; installing opens its dialog once and the button goes", async ({
  page,
}) => {
  await page.goto(`/${TENANT}/login`)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  const install = footer(page).getByRole('button', { name: 'Instalar la aplicación' })
  await expect(install).toHaveCount(0)

  await offerInstallation(page, 'accepted')
  await expect(install).toBeVisible()
  const box = await install.boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(44)

  await install.click()
  await expect(install).toHaveCount(0)
  expect(await promptsShown(page)).toBe(1)
  await expect(footer(page).getByRole('status')).toHaveText(
    new RegExp(`${HOSPITAL} se ha instalado`),
  )
})

test('a dismissed offer hides the button too', async ({ page }) => {
  await page.goto(`/${TENANT}/login`)
  await offerInstallation(page, 'dismissed')
  const install = footer(page).getByRole('button', { name: 'Instalar la aplicación' })
  await install.click()
  await expect(install).toHaveCount(0)
  expect(await promptsShown(page)).toBe(1)
})

test('appinstalled (installed from the browser menu) hides the button', async ({ page }) => {
  await page.goto(`/${TENANT}/login`)
  await offerInstallation(page, 'accepted')
  const install = footer(page).getByRole('button', { name: 'Instalar la aplicación' })
  await expect(install).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
  await expect(install).toHaveCount(0)
})

test('without an offer from the browser there is no install button, only the link to the QR page', async ({
  page,
}) => {
  await page.goto(`/${TENANT}/login`)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  // Long enough for the worker's install and Chromium's own installability check.
  await waitForControllingWorker(page)
  await expect(footer(page).getByRole('button')).toHaveCount(0)
  await footer(page).getByRole('link', { name: 'Instalar en otro dispositivo' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/instalar$`))
  await expect(
    page.getByRole('heading', { level: 1, name: `Instala la app de ${HOSPITAL}` }),
  ).toBeVisible()
})

test("on an iPhone, Safari's steps naming the hospital are one tap away", async ({ browser }) => {
  const iPhone = devices['iPhone 13']
  const context = await browser.newContext({
    userAgent: iPhone.userAgent,
    viewport: iPhone.viewport,
    deviceScaleFactor: iPhone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  })
  const page = await context.newPage()
  await page.goto(`/${TENANT}/login`)
  await expect(page.getByRole('banner')).toContainText(HOSPITAL)

  const howTo = footer(page).getByRole('button', { name: 'Cómo instalar la aplicación' })
  await expect(howTo).toHaveAttribute('aria-expanded', 'false')
  await expect(footer(page).getByText('Añadir a pantalla de inicio')).toBeHidden()
  await howTo.tap()

  await expect(howTo).toHaveAttribute('aria-expanded', 'true')
  const steps = footer(page)
    .getByRole('listitem')
    .filter({ hasText: /Compartir|Añadir/ })
  await expect(steps).toHaveText([
    /Compartir/,
    /Añadir a pantalla de inicio/,
    new RegExp(`Añadir.*${HOSPITAL}`),
  ])
  await context.close()
})

for (const tenant of ALL_TENANTS) {
  test(`${tenant}: the install button and Safari's steps pass axe in the hospital's colours`, async ({
    page,
    browser,
  }) => {
    await page.goto(`/${tenant}/login`)
    await waitForBranding(page, tenant)
    await offerInstallation(page, 'accepted')
    const install = footer(page).getByRole('button', { name: 'Instalar la aplicación' })
    await expect(install).toBeVisible()
    await install.focus()
    const found = await axeFindings(page, `${tenant} install button`)

    const iPhone = devices['iPhone 13']
    const context = await browser.newContext({
      userAgent: iPhone.userAgent,
      viewport: iPhone.viewport,
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
    })
    const phone = await context.newPage()
    await phone.goto(`/${tenant}/login`)
    await waitForBranding(phone, tenant)
    await footer(phone).getByRole('button', { name: 'Cómo instalar la aplicación' }).tap()
    await expect(footer(phone).getByRole('list').first()).toBeVisible()
    found.push(...(await axeFindings(phone, `${tenant} iPhone install steps`)))
    await context.close()

    expect(found).toEqual([])
  })
}

test('the install page opens offline after one visit online', async ({ page, context }) => {
  await page.goto(`/${TENANT}/instalar`)
  await waitForControllingWorker(page)
  const heading = page.getByRole('heading', { level: 1, name: `Instala la app de ${HOSPITAL}` })
  await expect(heading).toBeVisible()
  // Not precached (a patient's phone has no use for it): the worker keeps what the visit loaded.
  const installChunk = builtAssets().find((asset) => /^\/assets\/instalar-[\w-]+\.js$/.test(asset))
  expect(installChunk).toBeDefined()
  await expect
    .poll(async () => Object.values(await readCachedPaths(page)).flat())
    .toContain(installChunk)

  await context.setOffline(true)
  await page.reload()
  await expect(heading).toBeVisible()
  const qr = page.getByRole('img', { name: /^Código QR de la dirección / })
  await expect(qr).toBeVisible()
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible()
})
