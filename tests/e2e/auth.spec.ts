import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../utils/demo'
import { localStorageEntries } from '../utils/page-state'

test.use({ serviceWorkers: 'block' })

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

test('sign-in with the demo account opens the patient area', async ({ page }) => {
  await page.goto('/hospital-central/login')
  await signIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Área del paciente' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  expect((await localStorageEntries(page)).token).toMatch(/\S{20,}/)
})

test('every API call carries the stored token in X-Authorization', async ({ page }) => {
  await page.goto('/hospital-central/login')
  await signIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  const token = (await localStorageEntries(page)).token
  const meRequest = page.waitForRequest('**/api/me')
  await page.reload()
  expect((await meRequest).headers()['x-authorization']).toBe(`Bearer ${token}`)
})

test('wrong credentials are announced and nothing is stored', async ({ page }) => {
  await page.goto('/hospital-central/login')
  await signIn(page, DEMO_ACCOUNT.email, 'contraseña-incorrecta')
  await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.')
  await expect(page).toHaveURL(/\/hospital-central\/login$/)
  expect((await localStorageEntries(page)).token).toBeUndefined()
  expect((await localStorageEntries(page)).tenant).toBe('hospital-central')
})

test('validation messages appear before anything is sent', async ({ page }) => {
  let loginCalls = 0
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login')) loginCalls += 1
  })
  await page.goto('/hospital-central/login')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByText('Introduce tu correo electrónico.')).toBeVisible()
  await expect(page.getByText('Introduce tu contraseña.')).toBeVisible()
  await expect(page.getByLabel('Correo electrónico')).toBeFocused()
  expect(loginCalls).toBe(0)
})

test('sign-out returns to the login screen of the same hospital', async ({ page }) => {
  await page.goto('/hospital-central/login')
  await signIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/hospital-central\/login$/)
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
  expect((await localStorageEntries(page)).token).toBeUndefined()
})

test('a 401 wipes storage, opens /main/login (saying why) and the other tab follows', async ({
  context,
}) => {
  const first = await context.newPage()
  await first.goto('/hospital-central/login')
  await signIn(first, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await expect(first.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  await first.evaluate(() => {
    sessionStorage.setItem('borrador', 'datos del usuario')
  })

  const second = await context.newPage()
  await second.goto('/hospital-central/cliente')
  await expect(second.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  // The server stops accepting the token (expired, revoked) and the first tab is the one to ask.
  await first.route('**/api/me', (route) =>
    route.fulfill({
      status: 401,
      json: { error: 'token_expired', message: 'La sesión ha caducado.' },
    }),
  )
  await first.reload()

  await expect(first).toHaveURL(/\/main\/login\?caducada=1&centro=hospital-central&/)
  expect(await localStorageEntries(first)).toEqual({
    tenant: 'main',
    'fin-de-sesion': expect.any(String),
  })
  expect(await first.evaluate(() => sessionStorage.length)).toBe(0)
  // The other tab says why too, with its own way back.
  await expect(second).toHaveURL(/\/main\/login\?caducada=1&centro=hospital-central&/)
  await expect(second.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  await expect(second.getByRole('banner')).not.toContainText(DEMO_ACCOUNT.nombre)
})

test("an account of one hospital is not shown as another hospital's patient", async ({ page }) => {
  await page.goto('/hospital-central/login')
  await signIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
  await expect(page.getByRole('link', { name: 'Ir a mi centro' })).toHaveCount(0)

  await page.goto('/clinica-norte/cliente')
  const main = page.getByRole('main')
  await expect(main).toContainText('con una cuenta de otro centro')
  await expect(main).not.toContainText('(Paciente)')
  await page.getByRole('banner').getByRole('link', { name: 'Ir a mi centro' }).click()
  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
  await expect(page.getByRole('main')).toContainText(`${DEMO_ACCOUNT.nombre} (Paciente)`)

  // The product's own portal takes any account.
  await page.goto('/main/cliente')
  await expect(page.getByRole('main')).toContainText(`${DEMO_ACCOUNT.nombre} (Paciente)`)
})
