/**
 * The 401 reaction (docs/api-requests.md) kept exact (storage wiped, `/login`, so `/main/login`),
 * and the screen it ends on says why and leads back to the hospital, then to the screen the user
 * was on.
 */
import { expect, test } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { localStorageEntries } from '../../utils/page-state'

test.use({ serviceWorkers: 'block' })

test('an expired session says so on /main/login and leads back to the hospital and screen', async ({
  page,
}) => {
  await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  await page.getByRole('link', { name: 'Directorio' }).click()
  await expect(page).toHaveURL(/\/hospital-central\/directorio$/)

  await page.route('**/api/me', (route) =>
    route.fulfill({ status: 401, json: { error: 'token_expired', message: 'Sesión caducada.' } }),
  )
  await page.reload()

  await expect(page).toHaveURL(/\/main\/login\?/)
  expect(await localStorageEntries(page)).toEqual({
    tenant: 'main',
    'fin-de-sesion': expect.any(String),
  })
  await expect(page.getByText('Tu sesión ha caducado.')).toBeVisible()
  await page.unroute('**/api/me')

  // The way back is in the address itself: nothing of it was kept in storage.
  await page.getByRole('link', { name: 'Volver a Hospital Central' }).click()
  await expect(page).toHaveURL(/\/hospital-central\/login\?volver=/)
  await expect(page.getByRole('banner')).toContainText('Hospital Central')

  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(/\/hospital-central\/directorio$/)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
})

test('a return path to another hospital or origin is never followed', async ({ page }) => {
  await page.goto(`/${DEMO_ACCOUNT.tenant}/login?volver=${encodeURIComponent('//evil.example/x')}`)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()

  await expect(page).toHaveURL(/\/hospital-central\/cliente$/)
})
