/**
 * A signed-in tablet reloaded without network: the header says the session could not be
 * checked and "Cerrar sesión" is there; back online the session is verified again by itself;
 * and signing out works offline, at once.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { localStorageEntries } from '../../utils/page-state'
import { waitForControllingWorker } from '../../utils/service-worker'

async function signIn(page: Page) {
  await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
  await waitForControllingWorker(page)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
}

const UNVERIFIED = 'Sesión iniciada, sin comprobar: no hay conexión con el servidor.'

test('offline, a signed-in reload says the session is unchecked, and back online it is verified', async ({
  context,
  page,
}) => {
  await signIn(page)

  await context.setOffline(true)
  await page.reload()
  const banner = page.getByRole('banner')
  await expect(banner).toContainText(UNVERIFIED)
  await expect(banner.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  await expect(banner.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0)

  await context.setOffline(false)
  await expect(banner).toContainText(DEMO_ACCOUNT.nombre, { timeout: 15_000 })
  await expect(banner).not.toContainText(UNVERIFIED)
})

test('offline, "Cerrar sesión" signs out at once and leaves nothing of the user', async ({
  context,
  page,
}) => {
  await signIn(page)
  await context.setOffline(true)
  await page.reload()
  const banner = page.getByRole('banner')
  await expect(banner).toContainText(UNVERIFIED)

  await banner.getByRole('button', { name: 'Cerrar sesión' }).click()

  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT.tenant}/login$`))
  await expect(banner.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
  expect((await localStorageEntries(page)).token).toBeUndefined()
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
})
