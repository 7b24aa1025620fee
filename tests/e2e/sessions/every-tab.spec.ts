/**
 * A wipe reaches every open tab of the app completely (docs/api-requests.md: all browser storage of
 * the user): the other tabs follow to the sign-in screen and clear their own sessionStorage, which
 * no other tab can clear for them.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

async function signIn(page: Page) {
  await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
}

const tabStorage = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)))

test('a 401 in one tab clears the other tab’s sessionStorage and takes it to the sign-in', async ({
  context,
}) => {
  const first = await context.newPage()
  await signIn(first)
  const second = await context.newPage()
  await second.goto(`/${DEMO_ACCOUNT.tenant}/cliente`)
  await expect(second.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  await second.evaluate(() => {
    sessionStorage.setItem('borrador-consulta', 'Dolor de cabeza desde el lunes')
  })

  // The session expires on the server: the first tab's next call gets a 401 and wipes.
  await first.route('**/api/me', (route) =>
    route.fulfill({ status: 401, json: { error: 'token_expired', message: 'Sesión caducada.' } }),
  )
  await first.reload()
  await expect(first).toHaveURL(/\/main\/login\?caducada=1&centro=hospital-central&/)

  // The other tab says why too, with its own way back.
  await expect(second).toHaveURL(
    /\/main\/login\?caducada=1&centro=hospital-central&volver=%2Fhospital-central%2Fcliente$/,
  )
  await expect(second.getByText('Tu sesión ha caducado', { exact: false })).toBeVisible()
  await expect(second.getByRole('link', { name: 'Volver a Hospital Central' })).toBeVisible()
  expect(await tabStorage(second)).toEqual({})
  await expect(second.getByRole('banner')).not.toContainText(DEMO_ACCOUNT.nombre)
})

test('signing out in one tab clears the other tab’s sessionStorage too', async ({ context }) => {
  const first = await context.newPage()
  await signIn(first)
  const second = await context.newPage()
  await second.goto(`/${DEMO_ACCOUNT.tenant}/cliente`)
  // The second tab has finished its own reads: a read still on its way when the first tab signs
  // out would go without a token and end as an expired session instead.
  await expect(second.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  await expect(second.getByText('Cargando tus solicitudes…')).toHaveCount(0)
  await second.evaluate(() => {
    sessionStorage.setItem('borrador-consulta', 'Dolor de cabeza desde el lunes')
  })

  await first.getByRole('button', { name: 'Cerrar sesión' }).click()

  await expect(second).toHaveURL(new RegExp(`/${DEMO_ACCOUNT.tenant}/login$`))
  expect(await tabStorage(second)).toEqual({})
  await expect(second.getByRole('banner')).not.toContainText(DEMO_ACCOUNT.nombre)
})

test('a tab away from the app while another meets a 401 clears its sessionStorage on return', async ({
  context,
}) => {
  const first = await context.newPage()
  await signIn(first)
  const second = await context.newPage()
  await second.goto(`/${DEMO_ACCOUNT.tenant}/cliente`)
  await expect(second.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
  await second.evaluate(() => {
    sessionStorage.setItem('borrador-consulta', 'Dolor de cabeza desde el lunes')
  })
  // Like a reload caught between two documents: no page of the app runs in this tab to hear the
  // wipe's broadcast (sessionStorage stays the tab's, as across a reload).
  await second.goto('about:blank')

  await first.route('**/api/me', (route) =>
    route.fulfill({ status: 401, json: { error: 'token_expired', message: 'Sesión caducada.' } }),
  )
  await first.reload()
  await expect(first).toHaveURL(/\/main\/login\?caducada=1/)

  await second.goBack()
  await expect(second.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible()
  expect(await tabStorage(second)).not.toHaveProperty('borrador-consulta')
})
