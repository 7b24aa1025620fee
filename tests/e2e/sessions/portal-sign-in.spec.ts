/**
 * `/main/login` is a way in, never a second home: an account of a hospital signed in there ends
 * in its own hospital. A disabled account is told so, at sign-in and in the open app.
 */
import { expect, test } from '@playwright/test'
import { createAccount, disableAccount, uniqueEmail } from '../../utils/admin-api'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { signIn } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

test('a patient signing in at /main/login ends in their hospital, under its name', async ({
  page,
}) => {
  await signIn(page, 'main', DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
  await expect(page.getByRole('banner')).toContainText('Hospital Central')
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  // Back on the portal, a signed-in account is sent home again.
  await page.goto('/main/login')
  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
})

test('a hospital admin signing in at /main/login lands in their hospital’s administration', async ({
  page,
}) => {
  await signIn(page, 'main', 'admin@hospital-central.es', 'demo1234')
  await expect(page).toHaveURL(/\/hospital-central\/admin$/)
  await expect(page.getByRole('heading', { name: 'Imagen del centro' })).toBeVisible()
})

test('a disabled account is told so: its open app signs it out, and sign-in says why', async ({
  page,
  request,
}) => {
  const account = {
    email: uniqueEmail('baja', 'hospital-central'),
    nombre: 'Paciente de Baja',
    rol: 'cliente' as const,
    password: 'clave-baja-1',
  }
  const id = await createAccount(request, 'hospital-central', account)
  await signIn(page, 'hospital-central', account.email, account.password)
  await expect(page.getByRole('banner')).toContainText(account.nombre)
  // Any screen will do: the open app keeps its live stream (its alerts) on every screen, and
  // that stream ends with the session, so the app signs out by itself, with no navigation.
  await page.getByRole('link', { name: 'Términos y condiciones' }).click()
  await expect(page).toHaveURL(/\/hospital-central\/terminos-y-condiciones$/)

  await disableAccount(request, 'hospital-central', id)
  // The stream is closed at once; the app learns why when it reconnects (after a short delay).
  await expect(page).toHaveURL(/\/main\/login\?caducada=1&.*motivo=cuenta-desactivada/, {
    timeout: 15_000,
  })
  await expect(
    page.getByText('Tu cuenta está desactivada. Habla con la administración de tu centro.'),
  ).toBeVisible()
  await expect(page.getByText('Tu sesión ha caducado', { exact: false })).toHaveCount(0)

  await signIn(page, 'hospital-central', account.email, account.password)
  await expect(page.getByRole('alert')).toHaveText(
    'Tu cuenta está desactivada. Habla con la administración de tu centro.',
  )
})
