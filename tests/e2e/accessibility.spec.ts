/**
 * Accessibility of every screen, for every demo tenant (their colours differ, clinica-sol's are
 * deliberately pale): axe (WCAG 2.2 AA), keyboard use, focus rings, reflow at 320 CSS px and at
 * 200% text, reduced motion, live announcements, and a Spanish-only interface.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import {
  ALL_SCREENS,
  ALL_TENANTS,
  axeFindings,
  DEMO_NAMES,
  demoTokens,
  englishFindings,
  focusRingProblems,
  measureFocusRing,
  navigateInApp,
  tabThroughPage,
  useToken,
  waitForBranding,
  waitForScreen,
  type DemoRol,
  type FocusRing,
} from '../utils/a11y'
import { DEMO_ACCOUNT } from '../utils/demo'
import { localStorageEntries } from '../utils/page-state'

test.use({ serviceWorkers: 'block' })

// The server limits sign-ins per account: each demo account signs in once for the whole file.
let tokens: Promise<Record<DemoRol, string>> | undefined
function sessionTokens(baseURL: string | undefined): Promise<Record<DemoRol, string>> {
  if (!baseURL) throw new Error('The config sets baseURL')
  tokens ??= demoTokens(baseURL)
  return tokens
}

async function openTenant(page: Page, tenant: string, screen = 'login') {
  await page.goto(`/${tenant}/${screen}`)
  await waitForBranding(page, tenant)
}

/** axe and the language check on what the page shows now. */
async function auditPage(page: Page, where: string): Promise<string[]> {
  return [...(await axeFindings(page, where)), ...(await englishFindings(page, where))]
}

// Screens a patient's role may not see (`ROLE_POLICIES` in src/contract/permissions.ts).
const NOT_FOR_CLIENTE = new Set(['profesional', 'referidos', 'admin', 'apanel'])

/**
 * What the demo patient (an account of hospital-central) sees on `screen` of `tenant`: at home,
 * the sign-in screens lead to the patient area and other roles' screens say "no access"; on
 * `main`, which takes any account, the latter too; elsewhere the screens say the account is
 * another hospital's, under their own title.
 */
const PORTAL_SIGN_IN = new Set(['login', 'admin-login'])

function titleForCliente(screen: { path: string; title: string }, tenant: string): string {
  const isHome = tenant === 'hospital-central'
  if (isHome && (screen.path === 'login' || screen.path === 'admin-login')) {
    return 'Área del paciente'
  }
  if ((isHome || tenant === 'main') && NOT_FOR_CLIENTE.has(screen.path)) {
    return 'No tienes acceso a esta área'
  }
  return screen.title
}

test.describe('every screen passes axe and speaks Spanish', () => {
  for (const tenant of ALL_TENANTS) {
    test(`${tenant}: every screen signed out, signed in as cliente, and each role's landing screen`, async ({
      page,
      baseURL,
    }) => {
      const { cliente, profesional, admin } = await sessionTokens(baseURL)
      await openTenant(page, tenant)
      const findings: string[] = []

      async function visit(path: string, title: string, who: string) {
        await navigateInApp(page, `/${tenant}/${path}`)
        await waitForScreen(page, title)
        findings.push(...(await auditPage(page, `${tenant}/${path} (${who})`)))
      }

      for (const screen of ALL_SCREENS) await visit(screen.path, screen.title, 'signed out')
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }),
      ).toBeVisible()

      await useToken(page, cliente)
      for (const screen of ALL_SCREENS) {
        // The portal's sign-in sends someone already signed in to their own hospital, as soon as
        // the session is confirmed (tests/e2e/sessions/portal-sign-in.spec.ts): no screen to audit.
        if (tenant === 'main' && PORTAL_SIGN_IN.has(screen.path)) continue
        await visit(screen.path, titleForCliente(screen, tenant), 'cliente')
        await expect(page.getByRole('banner')).toContainText(DEMO_NAMES.cliente)
      }

      const landings: [DemoRol, string, string][] = [
        ['profesional', 'profesional', 'Área profesional'],
        ['admin', 'admin', 'Administración'],
        ['admin', 'apanel', 'Panel de administración'],
      ]
      for (const [rol, path, title] of landings) {
        await useToken(page, rol === 'admin' ? admin : profesional)
        await visit(path, title, rol)
        await expect(page.getByRole('banner')).toContainText(DEMO_NAMES[rol])
        await expect(page.getByRole('main')).toContainText(
          `Has iniciado sesión como ${DEMO_NAMES[rol]}`,
        )
      }

      expect(findings).toEqual([])
    })
  }
})

test.describe('keyboard', () => {
  test('the skip link is the first stop of a visit, visible, and leads into the content', async ({
    page,
  }) => {
    await openTenant(page, 'clinica-sol')
    await waitForScreen(page, 'Iniciar sesión')
    // The first screen of a visit leaves focus at the start of the document.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)

    await page.keyboard.press('Tab')
    const skipLink = page.getByRole('link', { name: 'Saltar al contenido' })
    await expect(skipLink).toBeFocused()
    await expect(skipLink).toBeInViewport({ ratio: 1 })

    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null))
      .toBe(true)
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Correo electrónico')).toBeFocused()
  })

  test('sign-in and sign-out with the keyboard alone; focus follows each navigation', async ({
    page,
  }) => {
    await openTenant(page, DEMO_ACCOUNT.tenant)
    await waitForScreen(page, 'Iniciar sesión')
    const banner = page.getByRole('banner')

    const tabStops = [
      page.getByRole('link', { name: 'Saltar al contenido' }),
      banner.getByRole('link', { name: /Hospital Central/ }),
      banner.getByRole('link', { name: 'Iniciar sesión' }),
      page.getByLabel('Correo electrónico'),
      page.getByLabel('Contraseña'),
      page.getByLabel('Este dispositivo es compartido'),
      page.getByRole('button', { name: 'Entrar' }),
    ]
    for (const stop of tabStops) {
      await page.keyboard.press('Tab')
      await expect(stop).toBeFocused()
    }

    // Back to the fields, then Enter in the password field submits the form.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(page.getByLabel('Correo electrónico')).toBeFocused()
    await page.keyboard.type(DEMO_ACCOUNT.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(DEMO_ACCOUNT.password)
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Área del paciente' })).toBeFocused()
    await expect(banner).toContainText(DEMO_ACCOUNT.nombre)

    // "Cerrar sesión" is the stop just before the content.
    await page.keyboard.press('Shift+Tab')
    const signOut = banner.getByRole('button', { name: 'Cerrar sesión' })
    await expect(signOut).toBeFocused()
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(/\/hospital-central\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeFocused()
    expect((await localStorageEntries(page)).token).toBeUndefined()

    // A link followed with the keyboard: focus is on the new screen's heading, not lost.
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Directorio' })
    for (let presses = 0; presses < 10; presses += 1) {
      await page.keyboard.press('Tab')
      if (await footerLink.evaluate((link) => link === document.activeElement)) break
    }
    await expect(footerLink).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/hospital-central\/directorio$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeFocused()
  })
})

test.describe('visible focus', () => {
  for (const tenant of ALL_TENANTS) {
    test(`${tenant}: every focus stop shows a ring of at least 3:1 against both sides`, async ({
      page,
      baseURL,
    }) => {
      const { cliente } = await sessionTokens(baseURL)
      await openTenant(page, tenant)
      await waitForScreen(page, 'Iniciar sesión')
      const stops: FocusRing[] = []
      const problems: string[] = []

      async function tabAround(where: string) {
        const reached = await tabThroughPage(page)
        stops.push(...reached)
        problems.push(...reached.flatMap((ring) => focusRingProblems(ring, where)))
      }

      await tabAround(`${tenant} signed out`)
      // Signed in, on another role's screen: a button on the header, a link in the content.
      await useToken(page, cliente)
      await navigateInApp(page, `/${tenant}/profesional`)
      await waitForScreen(
        page,
        titleForCliente({ path: 'profesional', title: 'Área profesional' }, tenant),
      )
      await tabAround(`${tenant} signed in`)
      await navigateInApp(page, `/${tenant}/esta-pagina-no-existe`)
      await waitForScreen(page, 'Página no encontrada')
      await tabAround(`${tenant} not found`)

      const reachedNames = stops.map((ring) => ring.element)
      for (const expected of [
        'a "Saltar al contenido"',
        'a "Iniciar sesión"',
        'input "email"',
        'input "password"',
        'input "compartido"',
        'button "Entrar"',
        'button "Cerrar sesión"',
        // The account is hospital-central's: elsewhere (but on main) it is sent to its own centre.
        ...(tenant === 'hospital-central' || tenant === 'main'
          ? ['a "Ir a mi área"']
          : ['a "Ir a mi centro"', 'a "Ir a mi área en mi centro"']),
        'a "Volver al inicio"',
        'a "Términos y condiciones"',
      ]) {
        expect(reachedNames).toContain(expected)
      }
      expect(new Set(stops.map((ring) => ring.region))).toEqual(
        new Set(['page', 'header', 'main', 'footer']),
      )
      expect(problems).toEqual([])
    })
  }
})

/** Content wider than the viewport, or cut off inside its box, as one readable line each. */
async function reflowFindings(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`)
    }
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${element.className} "${element.textContent.trim().slice(0, 40)}"`
    for (const element of document.querySelectorAll('.app *')) {
      if (element.closest('.visually-hidden, .skip-link')) continue
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      if (style.display === 'none' || box.width === 0) continue
      if (box.left < -0.5 || box.right > root.clientWidth + 0.5) {
        problems.push(`${describe(element)} reaches outside the viewport`)
      }
      const isInline = style.display === 'inline'
      if (!isInline && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} is cut or spills sideways`)
      }
      if (
        !isInline &&
        style.overflowY !== 'visible' &&
        element.scrollHeight > element.clientHeight + 1
      ) {
        problems.push(`${describe(element)} is cut vertically`)
      }
    }
    return problems
  })
  return found.map((problem) => `${where}: ${problem}`)
}

test.describe('reflow and text size', () => {
  test('at 320 CSS px (400% zoom) and at 200% text size nothing scrolls sideways or is cut', async ({
    page,
    context,
    baseURL,
  }) => {
    const { cliente } = await sessionTokens(baseURL)
    const findings: string[] = []

    async function checkBothSizes(where: string) {
      await page.setViewportSize({ width: 320, height: 640 })
      await page.evaluate(() => document.documentElement.style.removeProperty('font-size'))
      findings.push(...(await reflowFindings(page, `${where} at 320 px`)))
      // 200% zoom of a 1280 px window is 640 CSS px; the text size setting doubles `rem` too.
      await page.setViewportSize({ width: 640, height: 640 })
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%'
      })
      findings.push(...(await reflowFindings(page, `${where} at 640 px with 200% text`)))
    }

    for (const tenant of ALL_TENANTS) {
      await openTenant(page, tenant)
      await waitForScreen(page, 'Iniciar sesión')
      // The form as someone fills it in, with its messages shown.
      await page.getByRole('button', { name: 'Entrar' }).click()
      await expect(page.getByText('Introduce tu correo electrónico.')).toBeVisible()
      await checkBothSizes(`${tenant}/login`)

      await useToken(page, cliente)
      await navigateInApp(page, `/${tenant}/atencion-profesional-publica-inmediata`)
      await waitForScreen(page, 'Atención profesional inmediata')
      await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
      await context.setOffline(true)
      await expect(page.locator('.connection-status')).toHaveText(/^Sin conexión/)
      await checkBothSizes(`${tenant}/atencion-profesional-publica-inmediata, signed in, offline`)
      await context.setOffline(false)
      await useToken(page, null)
    }
    expect(findings).toEqual([])
  })
})

/** Animations and transitions longer than 1 ms, and smooth scrolling, on the page now. */
async function motionFindings(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const longest = (value: string) =>
      Math.max(
        ...value
          .split(',')
          .map((part) => part.trim())
          .map((part) => (part.endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))),
      )
    const problems: string[] = []
    for (const element of [document.documentElement, ...document.querySelectorAll('body *')]) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo)
        const name = `${element.tagName.toLowerCase()}.${element.className}${pseudo ?? ''}`
        if (style.animationName !== 'none' && longest(style.animationDuration) > 0.001) {
          problems.push(`${name} animates for ${style.animationDuration}`)
        }
        if (style.transitionProperty !== 'none' && longest(style.transitionDuration) > 0.001) {
          problems.push(`${name} transitions for ${style.transitionDuration}`)
        }
      }
    }
    for (const animation of document.getAnimations()) {
      const duration = Number(animation.effect?.getComputedTiming().duration ?? 0)
      if (animation.playState === 'running' && duration > 1) {
        problems.push(`a running animation of ${duration} ms`)
      }
    }
    if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') {
      problems.push('smooth scrolling')
    }
    return problems
  })
  return found.map((problem) => `${where}: ${problem}`)
}

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('with reduced motion asked for, nothing animates: buttons, banner, screens', async ({
    page,
    context,
  }) => {
    await openTenant(page, 'clinica-sol')
    await waitForScreen(page, 'Iniciar sesión')
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(
      true,
    )
    const findings: string[] = []
    // The stylesheet itself answers the preference (not only today's absence of motion).
    const hasReducedMotionRule = await page.evaluate(() => {
      const inRules = (rules: CSSRuleList): boolean =>
        [...rules].some(
          (rule) =>
            (rule instanceof CSSMediaRule &&
              rule.conditionText.includes('prefers-reduced-motion: reduce')) ||
            ('cssRules' in rule && inRules((rule as CSSGroupingRule).cssRules)),
        )
      return [...document.styleSheets].some((sheet) => inRules(sheet.cssRules))
    })
    if (!hasReducedMotionRule) findings.push('no prefers-reduced-motion rule in the styles')
    findings.push(...(await motionFindings(page, 'login')))
    await page.getByRole('button', { name: 'Entrar' }).hover()
    await page.getByLabel('Correo electrónico').focus()
    findings.push(...(await motionFindings(page, 'login, hovered and focused')))

    await context.setOffline(true)
    await expect(page.locator('.connection-status')).toHaveText(/^Sin conexión/)
    findings.push(...(await motionFindings(page, 'offline banner')))
    await context.setOffline(false)
    await expect(page.locator('.connection-status')).toHaveText('Conexión restablecida')
    findings.push(...(await motionFindings(page, 'connection restored')))

    await page.getByRole('contentinfo').getByRole('link', { name: 'Directorio' }).click()
    await waitForScreen(page, 'Directorio')
    findings.push(...(await motionFindings(page, 'after a navigation')))
    expect(findings).toEqual([])
  })
})

test.describe('announcements', () => {
  test('the connection banner is a live region before it speaks, and passes axe offline and back online', async ({
    page,
    context,
  }) => {
    const findings: string[] = []
    for (const tenant of ALL_TENANTS) {
      await openTenant(page, tenant)
      await waitForScreen(page, 'Iniciar sesión')
      const banner = page.locator('.connection-status')
      await expect(banner).toHaveAttribute('role', 'status')
      await expect(banner).toHaveAttribute('aria-live', 'polite')
      await expect(banner).toBeEmpty()
      const region = await banner.elementHandle()

      await context.setOffline(true)
      await expect(banner).toMatchAriaSnapshot('- status: /^Sin conexión/')
      // The text went into the region that was already there: screen readers announce it.
      expect(await region.evaluate((element) => element.isConnected)).toBe(true)
      findings.push(...(await auditPage(page, `${tenant}, offline banner`)))

      await context.setOffline(false)
      await expect(banner).toMatchAriaSnapshot('- status: Conexión restablecida')
      expect(await region.evaluate((element) => element.isConnected)).toBe(true)
      findings.push(...(await auditPage(page, `${tenant}, connection restored`)))
    }
    expect(findings).toEqual([])
  })
})

test.describe('update prompt of a real waiting worker', () => {
  test.use({ serviceWorkers: 'allow' })

  // The server reads the worker from the build on every request: a byte changed there is a new
  // version for the browser's own update check, as after a deploy. Restored straight away.
  const WORKER_FILE = new URL('../../dist/sw.js', import.meta.url)

  async function deployChangedWorker(page: Page) {
    const original = await readFile(WORKER_FILE)
    try {
      await writeFile(WORKER_FILE, Buffer.concat([original, Buffer.from('\n// nueva versión\n')]))
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        await registration?.update()
      })
    } finally {
      await writeFile(WORKER_FILE, original)
    }
  }

  test('is announced, passes axe for every tenant, and has visible focus on its buttons', async ({
    page,
  }) => {
    await openTenant(page, 'hospital-central')
    await page.evaluate(async () => navigator.serviceWorker.ready)
    // A first visit is not controlled by the worker yet; the next load is.
    await page.reload()
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true)
    await waitForScreen(page, 'Iniciar sesión')

    const message = page.locator('.update-prompt-message')
    await expect(message).toHaveAttribute('role', 'status')
    await expect(message).toHaveAttribute('aria-live', 'polite')
    await expect(message).toBeEmpty()
    const region = await message.elementHandle()

    await deployChangedWorker(page)
    const update = page.getByRole('button', { name: 'Actualizar' })
    await expect(update).toBeVisible({ timeout: 15_000 })
    await expect(message).toMatchAriaSnapshot('- status: Nueva versión disponible')
    expect(await region.evaluate((element) => element.isConnected)).toBe(true)

    const findings: string[] = []
    for (const tenant of ALL_TENANTS) {
      await navigateInApp(page, `/${tenant}/login`)
      await waitForBranding(page, tenant)
      await waitForScreen(page, 'Iniciar sesión')
      await expect(update).toBeVisible()
      findings.push(...(await auditPage(page, `${tenant}, update prompt`)))

      // Its buttons come just before the content.
      await page.getByRole('heading', { level: 1 }).focus()
      for (const name of ['Más tarde', 'Actualizar']) {
        await page.keyboard.press('Shift+Tab')
        await expect(page.getByRole('button', { name })).toBeFocused()
        const ring = await measureFocusRing(page)
        if (ring) findings.push(...focusRingProblems(ring, `${tenant}, update prompt`))
        else findings.push(`${tenant}: "${name}" is focused but not measurable`)
      }
    }

    // It wraps at 320 CSS px (400% zoom) like the rest of the page.
    await page.setViewportSize({ width: 320, height: 640 })
    findings.push(...(await reflowFindings(page, 'update prompt at 320 px')))

    await page.emulateMedia({ reducedMotion: 'reduce' })
    findings.push(...(await motionFindings(page, 'update prompt, reduced motion')))
    expect(findings).toEqual([])
  })
})
