/**
 * Kiosk mode on a 1080p waiting-room screen: switched on by opening an address with `?kiosco=1`
 * once, remembered by the device, switched off only by an administrator signed in on it; large
 * type and targets; sign-out after inactivity always on; connection errors that go with the
 * outage.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { localStorageEntries } from '../../utils/page-state'
import { advanceClockUntilVisible, idleWarning } from '../../utils/idle'

test.use({ serviceWorkers: 'block', viewport: { width: 1920, height: 1080 } })

const ADMIN = { email: 'admin@hospital-central.es', password: 'demo1234' }

const isKiosk = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-kiosco'))

/** On a kiosk's home, the staff's sign-in is one small link away. */
async function openStaffSignIn(page: Page) {
  await page.getByRole('button', { name: 'Acceso del personal' }).click()
}

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

/** Rendered height in CSS px of each element the locator finds. */
async function heights(page: Page, selector: string): Promise<number[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height))
}

test('?kiosco=1 switches the device into kiosk mode: large type and targets across the screen', async ({
  page,
}) => {
  await page.goto('/hospital-central/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  expect(await isKiosk(page)).toBe(false)
  const bodyText = page.getByText('Introduce el correo electrónico y la contraseña de tu cuenta.')
  const normalSize = await bodyText.evaluate((element) => getComputedStyle(element).fontSize)
  expect(normalSize).toBe('16px')

  await page.goto('/hospital-central/login?kiosco=1')
  // The parameter has done its job and leaves the address (history replaced, not pushed).
  await expect(page).toHaveURL(/\/hospital-central\/login$/)
  await expect.poll(() => isKiosk(page)).toBe(true)
  expect((await localStorageEntries(page))['modo-kiosco']).toBe('1')
  // A kiosk's home leads with the walk-in; the staff's sign-in is a small link away.
  await expect(page.getByRole('link', { name: 'Pedir atención' })).toBeVisible()
  await openStaffSignIn(page)

  // Readable from a step away: base text of at least 20 px…
  const kioskSize = await bodyText.evaluate((element) =>
    Number.parseFloat(getComputedStyle(element).fontSize),
  )
  expect(kioskSize).toBeGreaterThanOrEqual(20)
  // …on a content column that uses the 1920 px (not a 768 px strip in the middle)…
  const main = await page.locator('main').boundingBox()
  expect(main?.width).toBeGreaterThanOrEqual(1200)
  // …and every control a finger can hit: at least 48 px high.
  const targets = [
    ...(await heights(page, 'main button, main input')),
    ...(await heights(page, 'header a, footer a')),
  ]
  expect(targets.length).toBeGreaterThan(6)
  for (const height of targets) expect(height).toBeGreaterThanOrEqual(48)
  const checkbox = await page.getByLabel('Este dispositivo es compartido').boundingBox()
  expect(checkbox?.width).toBeGreaterThanOrEqual(48)
  // A kiosk is always a shared device: the box says so and cannot be unticked.
  await expect(page.getByLabel('Este dispositivo es compartido')).toBeChecked()
  await expect(page.getByLabel('Este dispositivo es compartido')).toBeDisabled()

  // The device remembers it, at every hospital's address, after a reload.
  await page.goto('/clinica-norte/directorio')
  await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible()
  await expect.poll(() => isKiosk(page)).toBe(true)
})

test('only an administrator signed in on the device switches kiosk mode off', async ({ page }) => {
  await page.goto('/hospital-central/login?kiosco=1')
  await expect.poll(() => isKiosk(page)).toBe(true)

  // Anyone passing by: ignored, and the parameter still leaves the address.
  await page.goto('/hospital-central/login?kiosco=0')
  await expect(page).toHaveURL(/\/hospital-central\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  expect(await isKiosk(page)).toBe(true)

  // A patient signed in: ignored too.
  await openStaffSignIn(page)
  await signIn(page, DEMO_ACCOUNT)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  await page.goto('/hospital-central/cliente?kiosco=0')
  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  expect(await isKiosk(page)).toBe(true)
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  // Signing out keeps the device a kiosk for the next person.
  expect((await localStorageEntries(page))['modo-kiosco']).toBe('1')

  // The hospital's administrator: the administration screen offers the switch.
  await openStaffSignIn(page)
  await signIn(page, ADMIN)
  const panel = page.getByRole('region', { name: 'Modo quiosco' })
  await expect(panel).toContainText('Este dispositivo está en modo quiosco')
  await panel.getByRole('button', { name: 'Desactivar modo quiosco' }).click()
  await expect(panel).toContainText('Modo quiosco desactivado en este dispositivo.')
  await expect.poll(() => isKiosk(page)).toBe(false)
  expect((await localStorageEntries(page))['modo-kiosco']).toBeUndefined()

  // And `?kiosco=0` from a signed-in administrator works as well.
  await page.goto('/hospital-central/admin?kiosco=1')
  await expect.poll(() => isKiosk(page)).toBe(true)
  await page.goto('/hospital-central/admin?kiosco=0')
  await expect(page).toHaveURL(/\/hospital-central\/admin$/)
  await expect.poll(() => isKiosk(page)).toBe(false)
})

test('on a kiosk an idle session always ends by itself', async ({ page }) => {
  await page.clock.install()
  await page.goto('/hospital-central/login?kiosco=1')
  await expect.poll(() => isKiosk(page)).toBe(true)
  await openStaffSignIn(page)
  await signIn(page, DEMO_ACCOUNT)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  // Kiosk mode alone is the reason: the device was never marked shared by hand.
  expect((await localStorageEntries(page))['dispositivo-compartido']).toBeUndefined()

  await advanceClockUntilVisible(page, idleWarning(page))
  await page.clock.fastForward('01:00')
  await expect(page).toHaveURL(/\/hospital-central\/login$/)
  expect((await localStorageEntries(page)).token).toBeUndefined()
  expect(await isKiosk(page)).toBe(true)
})

test('a signed-out kiosk clears a form left untouched for 2 minutes, and only then', async ({
  page,
}) => {
  await page.clock.install()
  await page.goto('/hospital-central/login?kiosco=1')
  await expect.poll(() => isKiosk(page)).toBe(true)
  await openStaffSignIn(page)
  const email = page.getByLabel('Correo electrónico')
  await email.fill('persona.anterior@example.com')

  // Still being filled in: a minute and a half, then a key press, then another 90 s.
  await page.clock.fastForward('01:30')
  await expect(email).toHaveValue('persona.anterior@example.com')
  await email.press('End')
  await page.clock.fastForward('01:30')
  await expect(email).toHaveValue('persona.anterior@example.com')

  // Left alone for 2 minutes: the next person finds the kiosk's home, and an empty form.
  await page.clock.fastForward('00:31')
  await expect(page.getByRole('link', { name: 'Pedir atención' })).toBeVisible()
  await openStaffSignIn(page)
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('')
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
})

test('a connection error shown while offline goes once the connection is back', async ({
  page,
  context,
}) => {
  await page.goto('/hospital-central/login?kiosco=1')
  await expect.poll(() => isKiosk(page)).toBe(true)
  await openStaffSignIn(page)
  await context.setOffline(true)
  await signIn(page, DEMO_ACCOUNT)
  const alert = page.getByRole('alert').filter({ hasText: 'No hay conexión con el servidor' })
  await expect(alert).toBeVisible()

  await context.setOffline(false)
  await expect(alert).toHaveCount(0)
  // What was typed is still there, ready to send again.
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO_ACCOUNT.email)
})
