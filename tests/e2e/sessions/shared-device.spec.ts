/**
 * Shared-device mode with a controlled clock: after four idle minutes a warning with a visible
 * countdown, "Seguir conectado" keeps the session, and a minute more of silence ends it with the
 * full wipe and the hospital's sign-in. The device stays in shared mode for the next person.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { localStorageEntries } from '../../utils/page-state'
import { advanceClockUntilVisible, idleWarning } from '../../utils/idle'

test.use({ serviceWorkers: 'block' })

async function signInOnSharedDevice(page: Page) {
  await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByLabel('Este dispositivo es compartido').check()
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
}

test('an idle session warns with a countdown, can be kept, and then ends for the next person', async ({
  page,
}) => {
  await page.clock.install()
  await signInOnSharedDevice(page)
  const dialog = idleWarning(page)
  await expect(dialog).toHaveCount(0)

  await advanceClockUntilVisible(page, dialog)
  await expect(dialog).toContainText(/se cerrará en \d+ segundos/)
  await expect(dialog.getByRole('button', { name: 'Seguir conectado' })).toBeFocused()

  await dialog.getByRole('button', { name: 'Seguir conectado' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  await page.clock.fastForward('04:30')
  await expect(dialog).toContainText('se cerrará en 30 segundos')
  await page.clock.fastForward('00:31')

  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT.tenant}/login$`))
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
  const stored = await localStorageEntries(page)
  expect(stored.token).toBeUndefined()
  // The device is still a shared one: the next person's session ends the same way.
  expect(stored['dispositivo-compartido']).toBe('1')
  await expect(page.getByLabel('Este dispositivo es compartido')).toBeChecked()
})

test('activity in another tab keeps the session of every tab', async ({ context, page }) => {
  // One clock for the whole context: both tabs live in the same time.
  await context.clock.install()
  await signInOnSharedDevice(page)
  const other = await context.newPage()
  await other.goto(`/${DEMO_ACCOUNT.tenant}/directorio`)
  await expect(other.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  await context.clock.fastForward('03:00')
  await other.getByRole('heading', { level: 1 }).click()

  // Four and a half minutes after the first tab's last input, one and a half after the other's.
  await context.clock.fastForward('01:30')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  // Without anyone using either tab, both warn in time.
  await context.clock.fastForward('03:00')
  await expect(page.getByRole('alertdialog', { name: '¿Sigues ahí?' })).toBeVisible()
  await expect(other.getByRole('alertdialog', { name: '¿Sigues ahí?' })).toBeVisible()
})

test('a device not marked as shared keeps an idle session', async ({ page }) => {
  await page.clock.install()
  await page.goto(`/${DEMO_ACCOUNT.tenant}/login`)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)

  await page.clock.fastForward('10:00')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(page.getByRole('banner')).toContainText(DEMO_ACCOUNT.nombre)
})
