/**
 * A session ended on another device says why: a new password chosen on one device ends the
 * session of another, whose next request lands on `/main/login` (the 401 reaction kept exact)
 * saying the password changed, with the way back to the patient's hospital one tap away.
 */
import { expect, test } from '@playwright/test'
import { createAccount, productAdminHeaders, uniqueEmail } from '../../utils/admin-api'
import { localStorageEntries } from '../../utils/page-state'
import { signIn } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

const TENANT = 'hospital-central'

test('a password changed on another device ends this session and says so', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('otro-dispositivo', TENANT)
  const id = await createAccount(request, TENANT, {
    email,
    nombre: 'Pablo Ruiz',
    rol: 'cliente',
    password: 'clave-anterior-1',
  })
  const phone = await (await browser.newContext()).newPage()
  await signIn(phone, TENANT, email, 'clave-anterior-1')
  await expect(phone).toHaveURL(new RegExp(`/${TENANT}/cliente$`))

  // On another device the patient sets a new password with a code from the administration.
  const issued = await request.patch(`/api/admin/hospitales/${TENANT}/cuentas/${String(id)}`, {
    headers: await productAdminHeaders(request),
    data: { restablecer_acceso: true },
  })
  const { codigo_acceso } = (await issued.json()) as { codigo_acceso: string }
  const tablet = await (await browser.newContext()).newPage()
  await tablet.goto(`/${TENANT}/restablecer-acceso`)
  const withCode = tablet.getByRole('region', { name: '¿Tienes un código de acceso?' })
  await withCode.getByLabel('Correo electrónico de la cuenta').fill(email)
  await withCode.getByRole('textbox', { name: 'Código de acceso' }).fill(codigo_acceso)
  await withCode.getByLabel('Contraseña nueva').fill('clave-nueva-segura-2')
  await withCode.getByRole('button', { name: 'Cambiar la contraseña' }).click()
  await expect(withCode.getByText('Contraseña cambiada.', { exact: false })).toBeVisible()

  // The phone's next request meets the ended session.
  await phone.reload()
  await expect(phone).toHaveURL(/\/main\/login\?/)
  expect(await localStorageEntries(phone)).toEqual({
    tenant: 'main',
    'fin-de-sesion': expect.any(String),
  })
  await expect(
    phone.getByText('Se ha cerrado tu sesión porque la contraseña ha cambiado.', { exact: false }),
  ).toBeVisible()
  await expect(phone.getByText('Tu sesión ha caducado')).toHaveCount(0)

  // One tap back to the hospital, where the new password opens the screen left.
  await phone.getByRole('link', { name: 'Volver a Hospital Central' }).click()
  await expect(phone).toHaveURL(new RegExp(`/${TENANT}/login\\?volver=`))
  await phone.getByLabel('Correo electrónico').fill(email)
  await phone.getByLabel('Contraseña').fill('clave-nueva-segura-2')
  await phone.getByRole('button', { name: 'Entrar' }).click()
  await expect(phone).toHaveURL(new RegExp(`/${TENANT}/cliente$`))

  await phone.context().close()
  await tablet.context().close()
})
