/**
 * The public screens are in the HTML itself (rendered at build time, branded per URL by the
 * server and the worker) and the page takes them over where they stand: what is typed first is
 * kept, nothing is painted twice, and "Entrar" works from the first frame: a press before the
 * app is ready is kept and acted on once it is, never sent by the browser itself.
 */
import { expect, test, type Page } from '@playwright/test'
import { SCREEN_TITLES } from '../../src/app/routes/screen-titles'
import {
  hospitalNameFor,
  PRERENDERED_SCREENS,
  type PrerenderedScreen,
} from '../../src/contract/app-shell'
import { deriveBrandingColors } from '../../src/contract/branding'
import { parseColor } from '../../src/contract/colors'
import { INSTALL_SEGMENT, REGISTER_SEGMENT } from '../../src/contract/tenants'
import { APP_READY_ATTRIBUTE, KEPT_PRESS_ATTRIBUTE } from '../../src/app/press-keeper'
import { API_PATHS } from '../../src/config/api-paths'
import { SEED_HOSPITALS } from '../../server/seed/demo-data'
import { ALL_TENANTS, axeFindings } from '../utils/a11y'
import { recordShifts } from '../utils/layout-shifts'
import { DEMO_ACCOUNT, DEMO_TENANTS } from '../utils/demo'

const HOSPITAL_TENANTS = Object.keys(DEMO_TENANTS)

/** The page heading `screen` shows for `tenant`: the install sheet names the hospital. */
function headingOf(screen: PrerenderedScreen, tenant: string): string {
  if (screen === REGISTER_SEGMENT) return 'Crear una cuenta'
  if (screen !== INSTALL_SEGMENT) return SCREEN_TITLES[screen]
  const demo = (DEMO_TENANTS as Record<string, { nombre: string } | undefined>)[tenant]
  return `Instala la app de ${demo?.nombre ?? hospitalNameFor(tenant, null)}`
}

const SCRIPT_DELAY_MS = 3_000

// `rgb(r, g, b)` as getComputedStyle reports a `#rrggbb` colour.
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16))
  return `rgb(${String(r)}, ${String(g)}, ${String(b)})`
}

/**
 * Holds the app's scripts back for `delayMs`, as a slow phone's network would. (The shell's
 * press keeper is in its HTML, with the styles.)
 */
async function delayScripts(page: Page, delayMs: number): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    await route.continue()
  })
}

/** Every request that carries the password, in its URL or its body. */
function recordPasswordSent(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    if (
      request.url().includes(DEMO_ACCOUNT.password) ||
      request.postData()?.includes(DEMO_ACCOUNT.password)
    ) {
      sent.push(`${request.method()} ${request.url()}`)
    }
  })
  return sent
}

// Playwright's own notice when a test turns the worker off.
const WORKER_BLOCKED = 'Service Worker registration blocked by Playwright'

/** Console errors and warnings, and uncaught errors: a hydration problem shows as one of these. */
function recordTrouble(page: Page): string[] {
  const trouble: string[] = []
  page.on('console', (message) => {
    if (message.text().startsWith(WORKER_BLOCKED)) return
    if (message.type() === 'error' || message.type() === 'warning') {
      trouble.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => trouble.push(`pageerror: ${error.message}`))
  return trouble
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, serviceWorkers: 'block' })

  for (const hospital of SEED_HOSPITALS) {
    test(`${hospital.tenant}'s sign-in form is in the HTML, labelled, in its colours`, async ({
      page,
    }) => {
      const primary = parseColor(hospital.color_primario)
      const secondary = parseColor(hospital.color_secundario)
      if (!primary || !secondary) throw new Error('seed colours are valid')
      const colors = deriveBrandingColors(primary, secondary)

      await page.goto(`/${hospital.tenant}/login`)

      await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
      await expect(page.getByLabel('Correo electrónico')).toBeEditable()
      await expect(page.getByLabel('Contraseña')).toBeEditable()
      await expect(page.getByLabel('Este dispositivo es compartido')).toBeVisible()
      const header = page.locator('header.app-header')
      await expect(header.getByText(hospital.nombre, { exact: true })).toBeVisible()
      await expect(header).toHaveCSS('background-color', rgbOf(colors.primario))
      await expect(page.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
        'href',
        `/${hospital.tenant}/terminos-y-condiciones`,
      )
      await expect(page.getByText('Esta aplicación necesita JavaScript')).toBeVisible()
      await expect(page.getByText('Cargando…')).toHaveCount(0)
    })
  }

  test('a press on "Entrar" sends nothing: the browser may not send a form itself', async ({
    page,
  }) => {
    const sent = recordPasswordSent(page)
    await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
    await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
    await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)

    // The browser refuses to send it (the page's policy `form-action 'none'`) and says so on its
    // console: the press has been handled once that refusal is reported.
    const refused = page.waitForEvent('console', (message) =>
      message.text().includes("form-action 'none'"),
    )
    await page.getByRole('button', { name: 'Entrar' }).click({ noWaitAfter: true })
    await refused

    expect(page.url()).toBe(new URL(`/${DEMO_ACCOUNT.tenant}/login`, page.url()).href)
    expect(sent).toEqual([])
  })
})

test.describe('the screens as the server sends them', () => {
  test.use({ serviceWorkers: 'block' })

  // The portal's screens render on load (prerenderedScreenOf): the hospitals' are in the HTML.
  for (const tenant of HOSPITAL_TENANTS) {
    test(`axe finds nothing on ${tenant}'s server-rendered screens`, async ({ page }) => {
      // The app's scripts never run: axe sees the HTML alone.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
      const findings: string[] = []
      for (const screen of PRERENDERED_SCREENS) {
        await page.goto(`/${tenant}/${screen}`)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(screen, tenant))
        findings.push(...(await axeFindings(page, `/${tenant}/${screen}`)))
      }
      expect(findings).toEqual([])
    })
  }
})

test.describe('while the scripts are still loading', () => {
  test.use({ serviceWorkers: 'block' })

  test('what was typed survives hydration, and "Entrar" then signs in', async ({ page }) => {
    const trouble = recordTrouble(page)
    await delayScripts(page, SCRIPT_DELAY_MS)
    await page.goto(`/${DEMO_ACCOUNT.tenant}/login`, { waitUntil: 'commit' })

    const email = page.getByLabel('Correo electrónico')
    const password = page.getByLabel('Contraseña')
    await email.fill(DEMO_ACCOUNT.email)
    await password.fill(DEMO_ACCOUNT.password)
    const heading = await page.getByRole('heading', { level: 1 }).elementHandle()
    const html = page.locator('html')
    // Not taken over yet: the scripts are held back.
    await expect(html).not.toHaveAttribute(APP_READY_ATTRIBUTE)

    await expect(html).toHaveAttribute(APP_READY_ATTRIBUTE, '', { timeout: 15_000 })
    // The same elements, hydrated rather than painted again, still holding what was typed.
    expect(await heading.evaluate((element) => element.isConnected)).toBe(true)
    await expect(email).toHaveValue(DEMO_ACCOUNT.email)
    await expect(password).toHaveValue(DEMO_ACCOUNT.password)

    await page.getByRole('button', { name: 'Entrar' }).click()
    // Every script here waits 3 s on purpose, the patient's home included.
    await expect(page).toHaveURL(`/${DEMO_ACCOUNT.tenant}/cliente`, { timeout: 10_000 })
    await expect(page.getByText(DEMO_ACCOUNT.nombre).first()).toBeVisible()
    expect(trouble).toEqual([])
  })

  test('a press before then is kept, never sent by the browser, and signs in once the app is ready', async ({
    page,
  }) => {
    const trouble = recordTrouble(page)
    const inUrl: string[] = []
    const signIns: string[] = []
    page.on('request', (request) => {
      if (request.url().includes(DEMO_ACCOUNT.password)) inUrl.push(request.url())
      if (new URL(request.url()).pathname === API_PATHS.login) signIns.push(request.method())
    })
    await delayScripts(page, SCRIPT_DELAY_MS)
    await page.goto(`/${DEMO_ACCOUNT.tenant}/login`, { waitUntil: 'commit' })

    await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
    await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
    await page.getByLabel('Contraseña').press('Enter')
    await page.getByRole('button', { name: 'Entrar' }).click()
    // Kept: the page waits for the app, on the sign-in screen, and shows it is busy.
    await expect(page.locator('html')).toHaveAttribute(KEPT_PRESS_ATTRIBUTE, '')
    expect(page.url()).toBe(new URL(`/${DEMO_ACCOUNT.tenant}/login`, page.url()).href)
    expect(signIns).toEqual([])

    // Every script here waits 3 s on purpose, the patient's home included.
    await expect(page).toHaveURL(`/${DEMO_ACCOUNT.tenant}/cliente`, { timeout: 15_000 })
    await expect(page.getByText(DEMO_ACCOUNT.nombre).first()).toBeVisible()
    // Two presses, one sign-in, and the password only ever in its body.
    expect(signIns).toEqual(['POST'])
    expect(inUrl).toEqual([])
    expect(trouble).toEqual([])
  })
})

test.describe('hydration', () => {
  test.use({ serviceWorkers: 'block' })

  test('nothing on the sign-in screen moves from the first frame to a working form', async ({
    page,
  }) => {
    const shifts = await recordShifts(page)
    await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
    await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
    expect(await shifts()).toEqual([])
  })

  for (const tenant of ALL_TENANTS) {
    test(`takes over ${tenant}'s server-rendered screens without a warning`, async ({ page }) => {
      const trouble = recordTrouble(page)
      for (const screen of PRERENDERED_SCREENS) {
        await page.goto(`/${tenant}/${screen}`)
        const heading = await page.getByRole('heading', { level: 1 }).elementHandle()
        // Hydrated: the footer's links are the router's now (a click stays in the page).
        await page.waitForFunction(() => {
          const root = document.getElementById('root')
          return root !== null && Object.keys(root).some((key) => key.startsWith('__react'))
        })
        await page.waitForLoadState('networkidle')
        expect(await heading.evaluate((element) => element.isConnected), screen).toBe(true)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(screen, tenant))
      }
      expect(trouble).toEqual([])
    })
  }
})
