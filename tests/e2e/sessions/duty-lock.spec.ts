/**
 * A clinic tablet that stays on duty, with a controlled clock: a professional's idle session on a
 * shared device locks instead of ending. The lock screen holds nothing of any patient (not in the
 * page, not in the accessibility tree), keeps the live stream (a new request updates its count,
 * its title and plays the tone), refuses a wrong password and returns to the queue with the right
 * one. An administrator's idle session on a shared device still ends.
 */
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { axeFindings } from '../../utils/a11y'
import { createAccount, uniqueEmail } from '../../utils/admin-api'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { localStorageEntries } from '../../utils/page-state'
import { acceptCurrentTerms } from '../../utils/terms'
import { advanceClockUntilVisible, idleWarning } from '../../utils/idle'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PROFESSIONAL = { email: `profesional@${TENANT}.es`, nombre: 'Javier Ortega' }
const ADMIN = { email: `admin@${TENANT}.es` }

async function signInOnSharedDevice(page: Page, email: string) {
  await page.goto(`/${TENANT}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByLabel('Este dispositivo es compartido').check()
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
}

/** A new patient of the hospital asks for help through the API; answers their name and reason. */
async function newRequest(request: APIRequestContext, label: string) {
  const nombre = `Paciente ${label} ${randomUUID().slice(0, 6)}`
  const password = 'contrasena-segura'
  const email = uniqueEmail('guardia', TENANT)
  await createAccount(request, TENANT, { email, nombre, rol: 'cliente', password })
  const signedIn = await request.post('/api/auth/login', {
    data: { email, password, tenant: TENANT },
  })
  expect(signedIn.status()).toBe(200)
  const { token } = (await signedIn.json()) as { token: string }
  await acceptCurrentTerms(request, TENANT, token)
  const motivo = `Mareo al levantarme (${label})`
  const created = await request.post('/api/asistencias', {
    headers: { 'X-Authorization': `Bearer ${token}` },
    data: { id: randomUUID(), motivo },
  })
  expect(created.status()).toBe(201)
  return { nombre, motivo }
}

/** The number the lock screen's count says ("3 solicitudes esperando"). */
async function waitingShown(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /solicitud(es)? esperando|No hay/ })
  await expect(status).toBeVisible()
  const text = (await status.textContent()) ?? ''
  return text.startsWith('No hay') ? 0 : Number(/^(\d+)/.exec(text)?.[1])
}

test('a professional on a shared tablet left idle is locked, still alerted, and back with the password', async ({
  page,
  request,
}) => {
  // Each tone is a pair of notes at least: the oscillators the page starts are counted.
  await page.addInitScript(() => {
    const counted = window as unknown as { tones: number }
    counted.tones = 0
    const prototype = AudioContext.prototype
    const create: (this: AudioContext) => OscillatorNode = Reflect.get(
      prototype,
      'createOscillator',
    )
    prototype.createOscillator = function createOscillator(this: AudioContext) {
      counted.tones += 1
      return create.call(this)
    }
  })
  await page.clock.install()
  const first = await newRequest(request, 'uno')
  await signInOnSharedDevice(page, PROFESSIONAL.email)
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  const queue = page.getByRole('region', { name: /^Cola de espera/ })
  await expect(queue).toContainText(first.nombre)

  const lock = page.getByRole('heading', { level: 1, name: 'Pantalla bloqueada' })
  await advanceClockUntilVisible(page, lock)
  await expect(page.getByLabel('Contraseña')).toBeFocused()
  // Not covered: gone. Nothing of the queue is in the page or its accessibility tree.
  await expect(queue).toHaveCount(0)
  const html = await page.content()
  expect(html).not.toContain(first.nombre)
  expect(html).not.toContain(first.motivo)
  const tree = await page.locator('body').ariaSnapshot()
  expect(tree).not.toContain(first.nombre)
  expect(tree).toContain(PROFESSIONAL.nombre)
  expect(await axeFindings(page, 'pantalla bloqueada')).toEqual([])
  // A reload keeps the lock.
  await page.reload()
  await expect(lock).toBeVisible()
  expect(await page.content()).not.toContain(first.nombre)

  const before = await waitingShown(page)
  expect(before).toBeGreaterThanOrEqual(1)
  const tonesBefore = await page.evaluate(() => (window as unknown as { tones: number }).tones)
  const second = await newRequest(request, 'dos')
  await expect(page.getByRole('status').filter({ hasText: 'esperando' })).toHaveText(
    `${String(before + 1)} solicitudes esperando`,
  )
  await expect(page).toHaveTitle(`(${String(before + 1)}) Pantalla bloqueada · Hospital Central`)
  expect(await page.evaluate(() => (window as unknown as { tones: number }).tones)).toBeGreaterThan(
    tonesBefore,
  )
  expect(await page.content()).not.toContain(second.nombre)

  // A wrong password is refused, in Spanish, and the lock stays.
  await page.getByLabel('Contraseña').fill('no-es-la-mia')
  await page.getByRole('button', { name: 'Desbloquear' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'contraseña' })).toHaveText(
    'La contraseña no es correcta.',
  )
  await expect(lock).toBeVisible()
  expect(await page.content()).not.toContain(first.nombre)

  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Desbloquear' }).click()
  await expect(queue).toContainText(first.nombre)
  await expect(queue).toContainText(second.nombre)
  await expect(lock).toHaveCount(0)
  const stored = await localStorageEntries(page)
  expect(stored['pantalla-bloqueada']).toBeUndefined()
  expect(stored.token).toBeDefined()
})

test('the sign-in screen says what a shared device does for each role', async ({ page }) => {
  await page.goto(`/${TENANT}/login`)
  await expect(
    page.getByRole('checkbox', { name: 'Este dispositivo es compartido' }),
  ).toHaveAccessibleDescription(
    /a profesionales se les bloquea la pantalla .* a pacientes y a la administración se les cierra la sesión/,
  )
})

test("an administrator's idle session on a shared device still ends", async ({ page }) => {
  await page.clock.install()
  await signInOnSharedDevice(page, ADMIN.email)
  const warning = idleWarning(page)
  await advanceClockUntilVisible(page, warning)
  await expect(warning).toContainText('la sesión se cerrará en')
  await page.clock.fastForward('02:00')
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/login$`))
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Pantalla bloqueada' })).toHaveCount(0)
  const stored = await localStorageEntries(page)
  expect(stored.token).toBeUndefined()
  expect(stored['pantalla-bloqueada']).toBeUndefined()
})

test('"Cerrar sesión" on a locked screen ends the session for the next person', async ({
  page,
}) => {
  await page.clock.install()
  await signInOnSharedDevice(page, PROFESSIONAL.email)
  const warning = idleWarning(page)
  await advanceClockUntilVisible(page, warning)
  await expect(warning).toContainText('la pantalla se bloqueará en')
  await page.clock.fastForward('01:00')
  await expect(page.getByRole('heading', { name: 'Pantalla bloqueada' })).toBeVisible()
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/login$`))
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
  const stored = await localStorageEntries(page)
  expect(stored.token).toBeUndefined()
  expect(stored['pantalla-bloqueada']).toBeUndefined()
  expect(stored['dispositivo-compartido']).toBe('1')
})
