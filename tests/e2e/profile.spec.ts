/**
 * "Mi perfil" in a real browser, for a new patient with a finished consultation: the email change
 * completes from the link the run's SMTP server received; "Descargar mis datos" downloads a ZIP
 * holding the patient's request and messages and nobody else's; "Quién ha consultado mis datos"
 * names the professional who opened the consultation; a closed account cannot sign in and its
 * consultation still shows for the staff, as "Cuenta cerrada". axe on the profile.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { axeFindings } from '../utils/a11y'
import { createAccount, uniqueEmail } from '../utils/admin-api'
import { DEMO_ACCOUNT } from '../utils/demo'
import { waitForMail } from '../utils/mail'
import { signIn } from '../utils/sign-in'
import { acceptCurrentTerms } from '../utils/terms'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PROFESIONAL = { email: `profesional@${TENANT}.es`, nombre: 'Javier Ortega' }
const PASSWORD = 'contrasena-segura'

async function tokenOf(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/auth/login', {
    data: { email, password, tenant: TENANT },
  })
  expect(response.status(), `sign-in of ${email}`).toBe(200)
  return ((await response.json()) as { token: string }).token
}

const as = (token: string) => ({ 'X-Authorization': `Bearer ${token}` })

/** A new patient of the hospital who accepted its terms: their email and token. */
async function newPatient(request: APIRequestContext, nombre: string) {
  const email = uniqueEmail('perfil', TENANT)
  await createAccount(request, TENANT, { email, nombre, rol: 'cliente', password: PASSWORD })
  const token = await tokenOf(request, email)
  await acceptCurrentTerms(request, TENANT, token)
  return { email, token }
}

test('a patient changes their email, downloads their data, sees who read it and closes the account', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const stamp = String(Date.now())
  const patient = await newPatient(request, `Paciente Perfil ${stamp}`)
  const other = await newPatient(request, `Otra Persona ${stamp}`)
  const professional = await tokenOf(request, PROFESIONAL.email, DEMO_ACCOUNT.password)

  // A finished consultation of the patient, opened again by the professional (an audited read).
  const id = randomUUID()
  const motivo = `Dolor de espalda ${stamp}`
  const post = async (path: string, token: string, data?: object) => {
    const response = await request.post(path, { headers: as(token), data })
    expect(response.status(), path).toBeLessThan(300)
  }
  await post('/api/asistencias', patient.token, { id, motivo })
  await post(`/api/asistencias/${id}/atender`, professional)
  await post(`/api/asistencias/${id}/mensajes`, patient.token, {
    id: randomUUID(),
    texto: `¿Puedo hacer ejercicio? ${stamp}`,
  })
  await post(`/api/asistencias/${id}/finalizar`, professional, { resumen: 'Reposo relativo.' })
  const read = await request.get(`/api/asistencias/${id}/registro`, { headers: as(professional) })
  expect(read.status()).toBe(200)
  // Somebody else's request, which must never reach the patient's file.
  const otherId = randomUUID()
  await post('/api/asistencias', other.token, { id: otherId, motivo: `Ajeno ${stamp}` })
  await post(`/api/asistencias/${otherId}/cancelar`, other.token)

  await signIn(page, TENANT, patient.email, PASSWORD)
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  await page.getByRole('link', { name: 'Mi perfil' }).click()
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible()
  await expect(page.getByText(patient.email)).toBeVisible()
  expect(await axeFindings(page, 'Mi perfil')).toEqual([])

  // The email change, completed from the link the new address received.
  const nuevo = uniqueEmail('nuevo', TENANT)
  const emailForm = page.getByRole('region', { name: 'Correo electrónico' })
  await emailForm.getByLabel('Correo electrónico nuevo').fill(nuevo)
  await emailForm.getByLabel('Contraseña actual').fill(PASSWORD)
  await emailForm.getByRole('button', { name: 'Enviar el enlace' }).click()
  await expect(emailForm.getByRole('status')).toContainText(`Te hemos enviado un enlace a ${nuevo}`)
  const mail = await waitForMail(nuevo, 'Confirma tu nuevo correo electrónico')
  const link = new URL(/https?:\/\/\S+\/perfil\?\S+/.exec(mail.text)?.[0] ?? '')
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByText('Correo cambiado: tu cuenta usa ahora')).toContainText(nuevo)
  await waitForMail(patient.email, 'Tu correo electrónico ha cambiado')
  await page.getByRole('link', { name: 'Ir a mi perfil' }).click()
  await expect(page.getByText(nuevo)).toBeVisible()

  // "Descargar mis datos": the patient's request and messages, nobody else's.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar mis datos' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('mis-datos.zip')
  const files = unzipSync(new Uint8Array(await readFile(await download.path())))
  const json = strFromU8(files['mis-datos.json'] ?? new Uint8Array())
  const datos = JSON.parse(json) as {
    cuenta: { email: string }
    solicitudes: { id: string; motivo: string }[]
    mensajes: { texto: string }[]
  }
  expect(datos.cuenta.email).toBe(nuevo)
  expect(datos.solicitudes.map((solicitud) => solicitud.motivo)).toEqual([motivo])
  expect(datos.mensajes.map((mensaje) => mensaje.texto)).toContain(
    `¿Puedo hacer ejercicio? ${stamp}`,
  )
  expect(json).not.toContain(otherId)
  expect(json).not.toContain(`Ajeno ${stamp}`)

  // "Quién ha consultado mis datos": the professional who opened the consultation.
  const reads = page.getByRole('region', { name: 'Quién ha consultado mis datos' })
  await expect(reads.getByRole('row', { name: new RegExp(PROFESIONAL.nombre) })).toContainText(
    motivo,
  )

  // Closing the account: asked for the password, then confirmed; the session ends here.
  await page.getByLabel('Contraseña para confirmar').fill(PASSWORD)
  await page.getByRole('button', { name: 'Cerrar mi cuenta', exact: true }).click()
  await page.getByRole('button', { name: 'Sí, cerrar mi cuenta' }).click()
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
  await signIn(page, TENANT, nuevo, PASSWORD)
  await expect(page.getByText('Correo o contraseña incorrectos.')).toBeVisible()
  const refused = await request.post('/api/auth/login', {
    data: { email: nuevo, password: PASSWORD, tenant: TENANT },
  })
  expect(refused.status()).toBe(401)

  // Its consultation stays for the staff, as a closed account's.
  const seen = await request.get(`/api/asistencias/${id}`, { headers: as(professional) })
  expect(seen.status()).toBe(200)
  const asistencia = (await seen.json()) as { paciente: { cuenta_cerrada?: boolean } }
  expect(asistencia.paciente.cuenta_cerrada).toBe(true)
})
