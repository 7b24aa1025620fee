/**
 * An email address names one account per hospital: a hospital's administration creates an address
 * another hospital already holds as it would any other, and each hospital's sign-in opens its own
 * account with its own password.
 */
import { expect, test } from '@playwright/test'
import { signIn, signOut } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }
const CENTRAL_ADMIN = { email: 'admin@hospital-central.es', password: 'demo1234' }

test('a hospital creates an address another hospital holds, and each signs in its own account', async ({
  page,
}) => {
  const email = `compartida.${String(Date.now())}@example.org`

  // Clinica Norte already holds the address (made by the product's administration).
  const login = await page.request.post('/api/auth/login', { data: PRODUCT_ADMIN })
  const { token } = (await login.json()) as { token: string }
  const norte = await page.request.post('/api/admin/hospitales/clinica-norte/cuentas', {
    headers: { 'X-Authorization': `Bearer ${token}` },
    data: { email, nombre: 'Paciente de Norte', rol: 'cliente', password: 'clave-de-norte-1' },
  })
  expect(norte.status()).toBe(201)

  // Hospital Central's administration creates it too, as any new address.
  await signIn(page, 'hospital-central', CENTRAL_ADMIN.email, CENTRAL_ADMIN.password)
  await expect(page).toHaveURL(/\/hospital-central\/admin$/)
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('heading', { name: 'Nueva cuenta' }) })
  await form.getByLabel('Nombre y apellidos').fill('Paciente de Central')
  await form.getByLabel('Correo electrónico').fill(email)
  await form.getByLabel('Perfil').selectOption({ label: 'Paciente' })
  await form.getByLabel(/Contraseña inicial/).fill('clave-de-central-1')
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  // The accounts' own table: the audit log below it names the new account too.
  const accounts = page.getByRole('region', { name: /^Cuentas de/ })
  await expect(accounts.getByRole('row', { name: new RegExp(email) })).toBeVisible()

  // The same address again in the same hospital is refused, speaking of this hospital only.
  await form.getByLabel('Nombre y apellidos').fill('Otra vez')
  await form.getByLabel('Correo electrónico').fill(email)
  await form.getByLabel(/Contraseña inicial/).fill('clave-de-central-2')
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(page.getByText('Este centro ya tiene una cuenta con ese correo.')).toBeVisible()
  await signOut(page)

  // Each hospital's sign-in opens its own account.
  await signIn(page, 'hospital-central', email, 'clave-de-central-1')
  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
  await expect(page.getByRole('banner')).toContainText('Paciente de Central')
  await signOut(page)
  await signIn(page, 'clinica-norte', email, 'clave-de-norte-1')
  await expect(page).toHaveURL(/\/clinica-norte\/cliente$/)
  await expect(page.getByRole('banner')).toContainText('Paciente de Norte')
  await signOut(page)

  // The portal cannot tell which of the two was meant: it names neither.
  await signIn(page, 'main', email, 'clave-de-norte-1')
  await expect(page.getByText('Correo o contraseña incorrectos.')).toBeVisible()
})
