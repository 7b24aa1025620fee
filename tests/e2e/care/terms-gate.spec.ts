/**
 * The terms gate: a new version of the hospital's terms is accepted by a patient before their next
 * request. A patient opening the request screen with a version pending sees it first; one whose
 * request the server stops (the admin published while they typed) accepts, and the request goes
 * as typed: reason, specialty and photo.
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test'
import sharp from 'sharp'
import { createAccount, uniqueEmail } from '../../utils/admin-api'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { signIn } from '../../utils/sign-in'
import { acceptCurrentTerms } from '../../utils/terms'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const ADMIN = `admin@${TENANT}.es`
const PHONE = { width: 390, height: 844 }

async function signedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await signIn(page, TENANT, email, password)
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  return page
}

/** The demo patient takes the version this test published, so later journeys find none pending. */
async function demoPatientAccepts(request: APIRequestContext) {
  const { email, password, tenant } = DEMO_ACCOUNT
  const login = await request.post('/api/auth/login', { data: { email, password, tenant } })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  await acceptCurrentTerms(request, TENANT, token)
}

test('new terms stop a request until accepted, and the request then goes as it was typed', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000)
  const email = uniqueEmail('terminos', TENANT)
  const password = 'clave-paciente-1'
  await createAccount(request, TENANT, { email, nombre: 'Marta Soler', rol: 'cliente', password })
  const patient = await signedInPage(browser, email, password)
  const admin = await signedInPage(browser, ADMIN, DEMO_ACCOUNT.password)

  try {
    // A new patient has not accepted the hospital's terms yet: they come first, the form waits.
    await patient.goto(`/${TENANT}/solicitar-asistencia?especialidad=Pediatr%C3%ADa`)
    const changed = patient.getByRole('heading', {
      name: 'Los términos y condiciones han cambiado',
    })
    await expect(changed).toBeVisible()
    await expect(patient.getByLabel('Motivo')).toBeHidden()
    await patient.getByRole('button', { name: 'Acepto los términos y condiciones' }).click()
    await expect(changed).toBeHidden()

    // The patient types; meanwhile the administration publishes a new version.
    const motivo = `Mancha en la piel que ha crecido (${String(Date.now())})`
    await patient.getByLabel('Motivo').fill(motivo)
    await expect(patient.getByLabel('Especialidad')).toHaveValue('Pediatría')
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#aa5533' },
    })
      .jpeg()
      .toBuffer()
    const chooser = patient.waitForEvent('filechooser')
    await patient.getByRole('button', { name: 'Añadir fotos' }).click()
    await (await chooser).setFiles({ name: 'piel.jpg', mimeType: 'image/jpeg', buffer: photo })
    await expect(patient.getByRole('img', { name: 'Foto 1: piel.jpg' })).toBeVisible()

    await admin.goto(`/${TENANT}/admin`)
    const texto = `Nuevas condiciones del servicio ${String(Date.now())}.`
    await admin.getByLabel('Texto de la nueva versión').fill(texto)
    await admin.getByRole('button', { name: 'Publicar nueva versión' }).click()
    await expect(admin.getByText(/Versión vigente: \d+/)).toBeVisible()

    // Sending meets the new terms: shown with "Acepto", nothing typed lost.
    await patient.getByRole('button', { name: 'Solicitar asistencia' }).click()
    await expect(changed).toBeVisible()
    await expect(patient.getByText(texto)).toBeVisible()
    await expect(patient.getByLabel('Motivo')).toBeHidden()
    await patient.getByRole('button', { name: 'Acepto los términos y condiciones' }).click()

    // Accepted: the request goes as typed, with its specialty and photo.
    await expect(patient).toHaveURL(new RegExp(`/${TENANT}/atencion-asistencia/[0-9a-f-]{36}$`))
    await expect(
      patient.getByRole('heading', { name: 'Tu solicitud está en espera' }),
    ).toBeVisible()
    await expect(patient.getByText(motivo)).toBeVisible()
    await expect(patient.getByText('Pediatría')).toBeVisible()
    await expect(patient.getByRole('img', { name: 'Foto 1 de la solicitud' })).toBeVisible()
    await patient.getByRole('button', { name: 'Cancelar solicitud' }).click()
    await patient.getByRole('button', { name: 'Sí, cancelar la solicitud' }).click()
  } finally {
    await demoPatientAccepts(request)
    await patient.context().close()
    await admin.context().close()
  }
})
