/**
 * The connection banner lies over the bottom of the window: on an offline visit its words appear
 * after the screen is taken over, change to "Conexión restablecida" and go, and nothing on the
 * screen moves (no layout shift at all), on a phone where the words take two lines and on a
 * desktop. Whatever has the focus stays clear of it.
 */
import { expect, test, type Page } from '@playwright/test'
import { APP_READY_ATTRIBUTE } from '../../../src/app/press-keeper'
import { recordShifts } from '../../utils/layout-shifts'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { waitForControllingWorker } from '../../utils/service-worker'

const TENANT = DEMO_ACCOUNT.tenant

/** The banner's box and the window's height, as the page lays them out now. */
async function bannerBox(page: Page) {
  return page.evaluate(() => {
    const banner = document.querySelector('.connection-status')
    if (!banner) throw new Error('no banner')
    const box = banner.getBoundingClientRect()
    return {
      top: box.top,
      bottom: box.bottom,
      height: box.height,
      lineHeight: parseFloat(getComputedStyle(banner).lineHeight),
      windowHeight: window.innerHeight,
    }
  })
}

for (const { width, height, lines } of [
  { width: 360, height: 640, lines: 2 },
  { width: 1280, height: 720, lines: 1 },
]) {
  test(`at ${String(width)} px, the banner shows offline and back online without moving the screen`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height })
    const shifts = await recordShifts(page)
    await page.goto(`/${TENANT}/login`)
    await waitForControllingWorker(page)
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')

    // The offline visit: the worker answers, the page finds the API unreachable after hydration.
    await context.setOffline(true)
    await page.reload()
    const banner = page.getByRole('status').filter({ hasText: 'Sin conexión' })
    await expect(banner).toHaveText(/^Sin conexión/)
    await expect(banner).toBeInViewport({ ratio: 1 })
    const offline = await bannerBox(page)
    // Held to the bottom of the window, on as many lines as its words need.
    expect(offline.bottom).toBeCloseTo(offline.windowHeight, 0)
    expect(Math.round(offline.height / offline.lineHeight)).toBeGreaterThanOrEqual(lines)
    // Everything else the offline visit paints has come: the logo and every other image are
    // decoded, the fonts are ready, and no layout shift is waiting to be reported.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready
          await Promise.all([...document.images].map((image) => image.decode().catch(() => null)))
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
          return [...document.images].every((image) => image.complete)
        }),
      )
      .toBe(true)
    expect(await shifts()).toEqual([])

    await context.setOffline(false)
    const restored = page.locator('.connection-status')
    await expect(restored).toHaveText('Conexión restablecida')
    await expect(restored).toBeInViewport({ ratio: 1 })
    // Gone by itself after a few seconds: the screen did not move then either.
    await expect(restored).toHaveText('', { timeout: 10_000 })
    expect(await shifts()).toEqual([])
  })
}

test('with the banner shown, the control that has the focus is never under it', async ({
  page,
  context,
}) => {
  // A short window: most of the screen's controls start below the banner.
  await page.setViewportSize({ width: 360, height: 420 })
  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  await context.setOffline(true)
  await expect(page.locator('.connection-status')).toHaveText(/^Sin conexión/)
  await page.evaluate(() => {
    window.scrollTo(0, 0)
  })

  const obscured: string[] = []
  const seen = new Set<string>()
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement
      const banner = document.querySelector('.connection-status')
      if (!element || element === document.body || !banner) return null
      const box = element.getBoundingClientRect()
      const bannerBox = banner.getBoundingClientRect()
      return {
        name: `${element.tagName} ${element.textContent.trim()} ${element.getAttribute('name') ?? ''}`,
        isUnderBanner: box.bottom > bannerBox.top + 0.5 && box.top < bannerBox.bottom - 0.5,
      }
    })
    if (focused === null) continue
    if (seen.has(focused.name)) break
    seen.add(focused.name)
    if (focused.isUnderBanner) obscured.push(focused.name)
  }
  // The whole page was walked: the form's button and the footer's last link were reached.
  expect([...seen].some((name) => name.includes('Entrar'))).toBe(true)
  expect([...seen].some((name) => name.includes('Instalar en otro dispositivo'))).toBe(true)
  expect(obscured).toEqual([])

  // On paper the connection of the moment says nothing.
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.connection-status')).toBeHidden()
})
