import { expect, test } from '@playwright/test'
import { APP_READY_ATTRIBUTE } from '../../../src/app/press-keeper'
import { DEMO_ACCOUNT, DEMO_TENANTS } from '../../utils/demo'
import { waitForControllingWorker } from '../../utils/service-worker'

const TENANT = DEMO_ACCOUNT.tenant

test('warm and offline, the worker answers the sign-in screen itself, which the page takes over', async ({
  page,
  context,
}) => {
  const trouble: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(message.text())
  })
  page.on('pageerror', (error) => trouble.push(error.message))

  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')

  for (const isOffline of [false, true]) {
    await context.setOffline(isOffline)
    // The scripts wait, so what the worker sent is what is on screen.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.fallback()
    })
    const response = await page.reload({ waitUntil: 'commit' })
    expect(response?.fromServiceWorker()).toBe(true)
    const html = (await response?.text()) ?? ''
    // The form and the hospital's name are in the HTML, not a loading indicator.
    expect(html).toContain('name="password"')
    expect(html).toContain(`<span class="brand-name">${DEMO_TENANTS[TENANT].nombre}</span>`)
    expect(html).not.toContain('Cargando…')

    await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
    const heading = await page.getByRole('heading', { level: 1 }).elementHandle()
    // Taken over by the app once its scripts come.
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '', {
      timeout: 15_000,
    })
    expect(await heading.evaluate((element) => element.isConnected)).toBe(true)
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO_ACCOUNT.email)
    await page.unrouteAll()
  }
  // Offline, the only errors are the API calls that could not be made.
  expect(
    trouble.filter((text) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(text)),
  ).toEqual([])
})
