/**
 * The directory as a signed-out visitor opens it: its frame (heading, intro, the list's place,
 * footer) is in the HTML in the hospital's branding; the list is asked for as the route loads,
 * before the page has taken the screen over; and its arrival, however slow, moves nothing.
 * The portal, which has no professionals, says so without asking the API.
 */
import { expect, test, type Page } from '@playwright/test'
import { APP_READY_ATTRIBUTE } from '../../src/app/press-keeper'
import { API_PATHS } from '../../src/config/api-paths'
import { demoTokens, DEMO_NAMES } from '../utils/a11y'
import { finishOpenConsultations } from '../utils/call'
import { recordShifts } from '../utils/layout-shifts'
import { DEMO_TENANTS } from '../utils/demo'

const TENANT = 'hospital-central'
const SLOW_LIST_MS = 2_000

/** Console errors and warnings, and uncaught errors (a hydration problem shows as one). */
function recordTrouble(page: Page): string[] {
  const trouble: string[] = []
  page.on('console', (message) => {
    if (message.text().startsWith('Service Worker registration blocked by Playwright')) return
    if (message.type() === 'error' || message.type() === 'warning') {
      trouble.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => trouble.push(`pageerror: ${error.message}`))
  return trouble
}

/** When (page clock, ms) the app took the screen over; call before `goto`. */
async function recordTakeover(page: Page): Promise<void> {
  await page.addInitScript((attribute) => {
    // The document itself: `<html>` may not be parsed yet when this runs.
    new MutationObserver((_records, observer) => {
      if (!document.documentElement.hasAttribute(attribute)) return
      Object.assign(window, { __readyAt: performance.now() })
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: [attribute] })
  }, APP_READY_ATTRIBUTE)
}

test.describe('signed out', () => {
  test.use({ serviceWorkers: 'block' })

  for (const { width, height } of [
    { width: 360, height: 640 },
    { width: 1280, height: 720 },
  ]) {
    test(`at ${String(width)} px, the frame is in the HTML, the list is asked for before the takeover, and a slow one moves nothing`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height })
      const trouble = recordTrouble(page)
      const shifts = await recordShifts(page)
      await recordTakeover(page)
      await page.route(`**${API_PATHS.profesionales}?*`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_LIST_MS))
        await route.continue()
      })

      const response = await page.goto(`/${TENANT}/directorio`)
      const html = (await response?.text()) ?? ''
      // The screen's frame is in the HTML, in the hospital's name, with the list's place.
      expect(html).toContain('>Directorio</h1>')
      expect(html).toContain('Los profesionales del centro, por especialidad.')
      expect(html).toContain('<p role="status">Cargando el directorio…</p>')
      expect(html).toContain(`<span class="brand-name">${DEMO_TENANTS[TENANT].nombre}</span>`)
      expect(html).toContain('aria-label="Enlaces de ayuda"')
      expect(html).not.toContain('Cargando…<')

      await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')
      // Still waiting for the slow list, in the place it will take.
      await expect(
        page.getByRole('status').filter({ hasText: 'Cargando el directorio…' }),
      ).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: 'Medicina general' })).toBeVisible({
        timeout: 10_000,
      })
      await expect(
        page.getByRole('link', { name: 'Solicitar asistencia de Pediatría' }),
      ).toHaveAttribute('href', `/${TENANT}/solicitar-asistencia?especialidad=Pediatr%C3%ADa`)

      const timing = await page.evaluate((path) => {
        const list = performance
          .getEntriesByType('resource')
          .find((entry) => new URL(entry.name).pathname === path)
        return {
          askedAt: list?.startTime ?? Number.NaN,
          readyAt: (window as unknown as { __readyAt?: number }).__readyAt ?? Number.NaN,
        }
      }, API_PATHS.profesionales)
      // Asked for by the route's loader, as the page prepares the takeover: not after it.
      expect(timing.askedAt).toBeLessThan(timing.readyAt)

      expect(await shifts()).toEqual([])
      expect(trouble).toEqual([])
    })
  }
})

test("signed in, the list is the session's and presence changes live, as before", async ({
  page,
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('The config sets baseURL')
  const tokens = await demoTokens(baseURL)
  // Attending no one: a professional on duty shows as free only then.
  await finishOpenConsultations(baseURL, tokens.profesional)
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === API_PATHS.profesionales) asked.push(url.search)
  })
  await page.goto(`/${TENANT}/login`)
  await page.evaluate((token) => {
    localStorage.setItem('token', token)
  }, tokens.cliente)
  await page.goto(`/${TENANT}/directorio`)
  const row = page.getByRole('listitem').filter({ hasText: DEMO_NAMES.profesional })
  await expect(row).toContainText('No disponible')
  // The session's list: no hospital named in the address (asked again on each change of presence).
  expect(asked.length).toBeGreaterThan(0)
  expect(asked.filter((search) => search !== '')).toEqual([])

  // The professional opens their queue on another device: the patient sees it at once.
  const other = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  try {
    const professional = await other.newPage()
    await professional.goto(`/${TENANT}/login`)
    await professional.evaluate((token) => {
      localStorage.setItem('token', token)
    }, tokens.profesional)
    await professional.goto(`/${TENANT}/profesional`)
    await expect(row).toContainText('Disponible ahora', { timeout: 10_000 })
  } finally {
    await other.close()
  }
})

test('the portal has no directory of its own: it says so, without asking the API', async ({
  page,
}) => {
  const trouble = recordTrouble(page)
  const asked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === API_PATHS.profesionales) asked.push(request.url())
  })
  await page.goto('/main/directorio')
  await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible()
  await expect(
    page.getByText('Este portal no es un centro y no tiene profesionales.', { exact: false }),
  ).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(asked).toEqual([])
  expect(trouble).toEqual([])
})
