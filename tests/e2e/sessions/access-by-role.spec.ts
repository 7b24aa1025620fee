/**
 * Access by role, the same on every screen: each role screen shows its content to the roles it is
 * declared for, and to everyone else "No tienes acceso a esta área" with the way to their own
 * area. A signed-in user never sees a sign-in form of their hospital, and the logo leads home.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const ACCOUNTS = {
  cliente: { email: DEMO_ACCOUNT.email, home: 'cliente' },
  profesional: { email: `profesional@${TENANT}.es`, home: 'profesional' },
  admin: { email: `admin@${TENANT}.es`, home: 'admin' },
} as const

// What each role screen is declared for (`ROLE_POLICIES` in src/contract/permissions.ts).
const ROLE_SCREENS = {
  cliente: ['cliente'],
  profesional: ['profesional'],
  referidos: ['profesional', 'admin'],
  admin: ['admin'],
  apanel: ['admin'],
} as const

async function signIn(page: Page, email: string) {
  await page.goto(`/${TENANT}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
}

for (const [rol, account] of Object.entries(ACCOUNTS)) {
  test(`${rol}: every role screen, the sign-in screens and the logo`, async ({ page }) => {
    await signIn(page, account.email)
    await expect(page).toHaveURL(new RegExp(`/${TENANT}/${account.home}$`))

    for (const [screen, roles] of Object.entries(ROLE_SCREENS)) {
      await page.goto(`/${TENANT}/${screen}`)
      const main = page.getByRole('main')
      if ((roles as readonly string[]).includes(rol)) {
        await expect(main, screen).toContainText('Has iniciado sesión como')
        await expect(main, screen).not.toContainText('No tienes acceso')
      } else {
        await expect(
          page.getByRole('heading', { level: 1, name: 'No tienes acceso a esta área' }),
          screen,
        ).toBeVisible()
        await main.getByRole('link', { name: 'Ir a mi área' }).click()
        await expect(page, screen).toHaveURL(new RegExp(`/${TENANT}/${account.home}$`))
      }
    }

    for (const signInScreen of ['login', 'admin-login']) {
      await page.goto(`/${TENANT}/${signInScreen}`)
      await expect(page, signInScreen).toHaveURL(new RegExp(`/${TENANT}/${account.home}$`))
    }

    await page.goto(`/${TENANT}/directorio`)
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Hospital Central/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`/${TENANT}/${account.home}$`))
  })
}

test('correct credentials of another hospital’s account lead to that hospital’s sign-in', async ({
  page,
}) => {
  await page.goto('/clinica-norte/login')
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()

  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Esta cuenta pertenece a otro centro.')
  await alert.getByRole('link', { name: 'Ir al acceso de mi centro' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/login$`))

  // A wrong password reveals nothing of the kind.
  await page.goto('/clinica-norte/login')
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill('otra-contraseña')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.')
})
