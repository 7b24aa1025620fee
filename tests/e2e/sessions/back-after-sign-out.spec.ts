/**
 * After a sign-out, nothing of the previous user comes back: not with Back, not from the
 * back/forward cache of a page left before the sign-out happened in another tab.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

async function signIn(page: Page) {
  await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT.tenant}/cliente$`))
  await expect(page.getByRole('main')).toContainText(DEMO_ACCOUNT.nombre)
}

test('Back after "Cerrar sesión" shows the screen signed out', async ({ page }) => {
  await signIn(page)
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT.tenant}/login$`))

  await page.goBack()

  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT.tenant}/cliente$`))
  await expect(page.getByRole('main')).toContainText('Para entrar en esta área')
  await expect(page.locator('body')).not.toContainText(DEMO_ACCOUNT.nombre)
})

test('a page restored from the back/forward cache after a sign-out elsewhere shows nobody', async ({
  context,
  page,
}) => {
  await signIn(page)
  // A new document: the signed-in one may be kept in the back/forward cache.
  await page.goto(`/${DEMO_ACCOUNT.tenant}/directorio`)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  const other = await context.newPage()
  await other.goto(`/${DEMO_ACCOUNT.tenant}/directorio`)
  await other.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(other).toHaveURL(new RegExp(`/${DEMO_ACCOUNT.tenant}/login$`))

  await page.goBack()

  await expect(page.getByRole('main')).toContainText('Para entrar en esta área')
  await expect(page.locator('body')).not.toContainText(DEMO_ACCOUNT.nombre)
})
