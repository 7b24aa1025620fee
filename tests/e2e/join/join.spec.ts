/**
 * Joining without an administrator, through the screens and a real mail server: a patient
 * registers, the confirmation email arrives at the run's SMTP server and its link signs them in; a
 * forgotten password is reset by the emailed link, and the screen answers an unknown address in
 * the same words (it reveals nothing, and no message leaves). axe and the Spanish-only check pass
 * on every joining screen in every demo hospital's colours.
 */
import { expect, test, type Page } from '@playwright/test'
import { linkIn } from '../../../server/testing/smtp-inbox'
import { axeFindings, englishFindings, waitForBranding } from '../../utils/a11y'
import { DEMO_TENANTS } from '../../utils/demo'
import { mailTo, waitForMail } from '../../utils/mail'

test.use({ serviceWorkers: 'block' })

const TENANT = 'hospital-central'
const HOSPITAL_NAME = 'Hospital Central'
const PASSWORD = 'paseo-del-prado-42'

function newAddress(label: string): string {
  return `${label}.${String(Date.now())}.${String(Math.floor(Math.random() * 1e6))}@pacientes.example`
}

async function register(page: Page, tenant: string, email: string): Promise<void> {
  await page.goto(`/${tenant}/login`)
  await page.getByRole('link', { name: 'Crear una cuenta' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear una cuenta')
  await page.getByLabel('Nombre y apellidos').fill('Lucía Fernández Ruiz')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
  await page.getByLabel('He leído y acepto los términos y condiciones').check()
  await page.getByRole('button', { name: 'Crear la cuenta' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo electrónico')
}

async function signInWith(page: Page, tenant: string, email: string, password: string) {
  await page.goto(`/${tenant}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

test('a patient registers, confirms through the emailed link and is signed in', async ({
  page,
}) => {
  const email = newAddress('registro')
  await register(page, TENANT, email)

  // Not confirmed yet: the sign-in says so and offers another link.
  await signInWith(page, TENANT, email, PASSWORD)
  await expect(page.getByText(/Tu cuenta está pendiente de confirmación/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enviar otro enlace' })).toBeVisible()

  const mail = await waitForMail(email, 'Confirma tu correo electrónico')
  expect(mail.subject).toContain(HOSPITAL_NAME)
  const link = linkIn(mail, 'validar-cuenta')
  // Built from the configured public address, never from the request.
  expect(link.origin).toBe(new URL(page.url()).origin)
  expect(link.pathname).toBe(`/${TENANT}/validar-cuenta`)

  await page.goto(link.href)
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Área del paciente')

  // The link was spent: opened again, it says so and offers another.
  await page.evaluate(() => {
    localStorage.clear()
  })
  await page.goto(link.href)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'No se ha podido confirmar la cuenta',
  )
  await expect(
    page.getByRole('alert').filter({ hasText: 'Este enlace ya se ha usado.' }),
  ).toBeVisible()
})

test('a forgotten password is reset by the emailed link; an unknown address gets the same answer', async ({
  page,
}) => {
  const email = newAddress('olvido')
  await register(page, TENANT, email)
  await page.goto(linkIn(await waitForMail(email, 'Confirma'), 'validar-cuenta').href)
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  await page.evaluate(() => {
    localStorage.clear()
  })

  async function askForLink(address: string): Promise<string> {
    await page.goto(`/${TENANT}/login`)
    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click()
    const answer = page.getByRole('status').filter({ hasText: 'Si existe una cuenta' })
    // The screen loads on demand: what is typed while it is still being drawn may be lost.
    await expect(async () => {
      await page.getByLabel('Correo electrónico').first().fill(address)
      await page.getByRole('button', { name: 'Enviar enlace' }).click()
      await expect(answer).toBeVisible({ timeout: 2_000 })
    }).toPass()
    return answer.innerText()
  }

  const unknown = newAddress('nadie')
  const answerForUnknown = await askForLink(unknown)
  const answerForKnown = await askForLink(email)
  expect(answerForUnknown).toBe(answerForKnown)

  const mail = await waitForMail(email, 'Restablece tu acceso')
  expect(await mailTo(unknown)).toEqual([])
  await page.goto(linkIn(mail, 'restablecer-acceso').href)
  const newPassword = 'cambio-de-estacion-7'
  await page.getByLabel('Contraseña nueva', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/cliente$`))

  // The new password is the one that works now.
  await page.evaluate(() => {
    localStorage.clear()
  })
  await signInWith(page, TENANT, email, PASSWORD)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos.' }),
  ).toBeVisible()
  await signInWith(page, TENANT, email, newPassword)
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
})

for (const tenant of Object.keys(DEMO_TENANTS)) {
  test(`${tenant}: the joining screens pass axe and speak Spanish`, async ({ page }) => {
    const found: string[] = []
    async function check(where: string) {
      found.push(...(await axeFindings(page, where)), ...(await englishFindings(page, where)))
    }
    await page.goto(`/${tenant}/registro`)
    await waitForBranding(page, tenant)
    await expect(page.getByRole('button', { name: 'Crear la cuenta' })).toBeEnabled()
    await check('registro')
    // Every field's message shown at once.
    await page.getByRole('button', { name: 'Crear la cuenta' }).click()
    await expect(page.getByText('Para crear la cuenta debes aceptar')).toBeVisible()
    await check('registro con errores')

    await page.goto(`/${tenant}/validar-cuenta?codigo=no-existe`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'No se ha podido confirmar la cuenta',
    )
    await check('validar-cuenta con un código desconocido')

    await page.goto(`/${tenant}/restablecer-acceso`)
    await expect(page.getByRole('button', { name: 'Enviar enlace' })).toBeVisible()
    await check('restablecer-acceso')

    await page.goto(`/${tenant}/terminos-y-condiciones`)
    await expect(page.getByText(/^Versión \d+, publicada el/)).toBeVisible()
    await check('terminos-y-condiciones')
    expect(found).toEqual([])
  })
}
