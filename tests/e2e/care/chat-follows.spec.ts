/**
 * The conversation follows on a 390 px phone, patient and professional each in their own context:
 * the conversation comes first and the request's details are folded; after a dozen messages the
 * newest is in view for whoever is at the end; someone who scrolled up to read stays there and is
 * offered "Nuevos mensajes", which brings the newest into view. axe finds nothing on the screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { axeFindings } from '../../utils/a11y'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PROFESIONAL = `profesional@${TENANT}.es`
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

async function signedInPhone(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  await page.goto(`/${TENANT}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  return page
}

/** Writes a message and waits until the other side has it. */
async function say(from: Page, to: Page, texto: string) {
  await from.getByLabel('Mensaje').fill(texto)
  await from.getByRole('button', { name: 'Enviar' }).click()
  await expect(from.getByLabel('Mensaje')).toHaveValue('')
  await expect(to.getByRole('log').getByText(texto)).toBeAttached()
}

test('the conversation follows the newest message on a phone, and offers "Nuevos mensajes" to a reader above', async ({
  browser,
}) => {
  const professional = await signedInPhone(browser, PROFESIONAL)
  const patient = await signedInPhone(browser, DEMO_ACCOUNT.email)
  const motivo = `Picor en los ojos ${String(Date.now())}`
  await patient.goto(`/${TENANT}/solicitar-asistencia`)
  await patient.getByLabel('Motivo').fill(motivo)
  await patient.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(patient.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()

  try {
    await professional.goto(`/${TENANT}/profesional`)
    const row = professional
      .getByRole('region', { name: /^Cola de espera/ })
      .getByRole('listitem')
      .filter({ hasText: motivo })
    await row.getByRole('button', { name: 'Atender' }).click()
    await expect(patient.getByRole('heading', { name: /^Te atiende / })).toBeVisible()

    // On the phone the conversation comes first; the request's details are folded below it.
    const details = patient.locator('details', { hasText: 'Detalles de la solicitud' })
    await expect(details).not.toHaveAttribute('open')
    await expect(patient.getByText(motivo)).toBeHidden()
    const log = patient.getByRole('log', { name: 'Conversación' })
    await say(professional, patient, 'Hola, ¿desde cuándo le pican?')
    const logBox = await log.boundingBox()
    const detailsBox = await details.boundingBox()
    expect(logBox && detailsBox && logBox.y < detailsBox.y).toBe(true)
    await patient.getByText('Detalles de la solicitud').click()
    await expect(patient.getByText(motivo)).toBeVisible()
    await patient.getByText('Detalles de la solicitud').click()

    // A dozen messages both ways: the newest stays in view for each, at the end of the log.
    for (let n = 1; n <= 6; n += 1) {
      await say(patient, professional, `Mensaje del paciente ${String(n)}`)
      await expect(professional.getByText(`Mensaje del paciente ${String(n)}`)).toBeInViewport()
      await say(professional, patient, `Mensaje del profesional ${String(n)}`)
      await expect(patient.getByText(`Mensaje del profesional ${String(n)}`)).toBeInViewport()
    }
    await expect(patient.getByText('Mensaje del paciente 6')).toBeInViewport()
    await expect(patient.getByRole('button', { name: 'Nuevos mensajes' })).toHaveCount(0)

    // The patient scrolls up to read: a new message does not move them, and is offered.
    await log.evaluate((element) => {
      element.scrollTop = 0
    })
    await expect(patient.getByText('Hola, ¿desde cuándo le pican?')).toBeInViewport()
    await say(professional, patient, 'Voy a recetarle un colirio.')
    const jump = patient.getByRole('button', { name: 'Nuevos mensajes' })
    await expect(jump).toBeVisible()
    await expect(patient.getByText('Voy a recetarle un colirio.')).not.toBeInViewport()
    await expect(patient.getByText('Hola, ¿desde cuándo le pican?')).toBeInViewport()
    expect(await axeFindings(patient, 'consultation on a phone, with "Nuevos mensajes"')).toEqual(
      [],
    )

    await jump.click()
    await expect(patient.getByText('Voy a recetarle un colirio.')).toBeInViewport()
    await expect(jump).toHaveCount(0)
    await expect(log).toBeFocused()
    expect(await axeFindings(patient, 'consultation on a phone')).toEqual([])
  } finally {
    // The demo patient may hold only a few open requests: this one ends here.
    await professional.getByLabel('Resumen').fill('Conjuntivitis alérgica. Colirio.')
    await professional.getByRole('button', { name: 'Finalizar' }).click()
    await expect(patient).toHaveURL(new RegExp(`/${TENANT}/agradecimiento-final/`))
    await professional.context().close()
    await patient.context().close()
  }
})
