/**
 * The administration through a connection drop: a change submitted offline says there is no
 * connection beside its form, the administration stays on screen with what was typed, and once
 * the connection returns the same form sends it.
 */
import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../../utils/admin-api'
import { signIn } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

const TENANT = 'hospital-central'

test('an account typed offline stays typed, and is created once the connection returns', async ({
  page,
  context,
}) => {
  await signIn(page, TENANT, `admin@${TENANT}.es`, 'demo1234')
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/admin$`))
  const panel = page.getByRole('region', { name: /^Cuentas/ })
  const form = panel.locator('form').filter({ hasText: 'Nueva cuenta' })
  await expect(form.getByRole('button', { name: 'Crear cuenta' })).toBeEnabled()

  await context.setOffline(true)
  const email = uniqueEmail('sin-conexion', TENANT)
  await form.getByLabel('Nombre y apellidos').fill('Elena Sin Conexión')
  await form.getByLabel('Correo electrónico').fill(email)
  await form.getByLabel('Perfil').selectOption('profesional')
  await form.getByLabel(/Contraseña inicial/).fill('clave-inicial-segura')
  await form.getByRole('button', { name: 'Crear cuenta' }).click()

  // Said beside the form; the administration and what was typed stay.
  await expect(panel.getByText('No hay conexión con el servidor', { exact: false })).toBeVisible()
  await expect(page.getByText('No se ha podido comprobar tu sesión', { exact: false })).toHaveCount(
    0,
  )
  await expect(form.getByLabel('Nombre y apellidos')).toHaveValue('Elena Sin Conexión')
  await expect(form.getByLabel('Correo electrónico')).toHaveValue(email)
  await expect(form.getByLabel('Perfil')).toHaveValue('profesional')
  await expect(form.getByLabel(/Contraseña inicial/)).toHaveValue('clave-inicial-segura')

  // Back online: the session is checked again and the same form still holds it all.
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  await expect(form.getByLabel('Correo electrónico')).toHaveValue(email)
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(panel.getByRole('row', { name: new RegExp(email) })).toBeVisible()
})
