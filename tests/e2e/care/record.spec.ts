/**
 * The record of a consultation in a real browser: a finished consultation (a photo, a
 * conversation, a summary) is read again by its patient and its professional from their homes,
 * another patient gets "no access"; printed it keeps the summary and drops the navigation; its PDF
 * downloads and holds the summary. A guest who left an email is told the summary was sent, and it
 * reaches the run's SMTP server. axe on each new screen.
 */
import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { makeImage } from '../../../server/uploads/testing/images'
import { axeFindings, englishFindings } from '../../utils/a11y'
import { createAccount, uniqueEmail } from '../../utils/admin-api'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { waitForMail } from '../../utils/mail'
import { signIn } from '../../utils/sign-in'
import { acceptCurrentTerms } from '../../utils/terms'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PROFESIONAL = `profesional@${TENANT}.es`
const PASSWORD = 'contrasena-segura'
const PHONE = { width: 390, height: 844 }
const TABLET = { width: 1024, height: 768 }

async function findings(page: Page, where: string): Promise<string[]> {
  return [...(await axeFindings(page, where)), ...(await englishFindings(page, where))]
}

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', {
    data: { email, password, tenant: TENANT },
  })
  expect(response.status(), `sign-in of ${email}`).toBe(200)
  return ((await response.json()) as { token: string }).token
}

/** A new patient of the hospital who accepted its terms: their email. */
async function newPatient(request: APIRequestContext, nombre: string): Promise<string> {
  const email = uniqueEmail('registro', TENANT)
  await createAccount(request, TENANT, { email, nombre, rol: 'cliente', password: PASSWORD })
  await acceptCurrentTerms(request, TENANT, await tokenOf(request, email, PASSWORD))
  return email
}

async function newPage(browser: Browser, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      throw new Error(`Console error: ${message.text()}`)
    }
  })
  return page
}

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages
}

const RESUMEN = 'Faringitis vírica. Reposo, líquidos y paracetamol si hay fiebre.'

/** A finished consultation of a new patient (a photo, two messages, a summary), through the API. */
async function finishedConsultation(request: APIRequestContext) {
  const stamp = String(Date.now())
  const nombre = `Paciente Registro ${stamp}`
  const patientEmail = await newPatient(request, nombre)
  const patientToken = await tokenOf(request, patientEmail, PASSWORD)
  const professionalToken = await tokenOf(request, PROFESIONAL, DEMO_ACCOUNT.password)
  const as = (token: string) => ({ 'X-Authorization': `Bearer ${token}` })

  // The consultation, through the API as the screens would make it.
  const id = randomUUID()
  const motivo = `Me duele la garganta ${stamp}`
  expect(
    (
      await request.post('/api/asistencias', { headers: as(patientToken), data: { id, motivo } })
    ).status(),
  ).toBe(201)
  const photo = await request.post(`/api/asistencias/${id}/fotos`, {
    headers: as(patientToken),
    multipart: {
      foto: { name: 'garganta.png', mimeType: 'image/png', buffer: await makeImage('png') },
    },
  })
  expect(photo.status()).toBe(201)
  expect(
    (
      await request.post(`/api/asistencias/${id}/atender`, { headers: as(professionalToken) })
    ).status(),
  ).toBe(200)
  for (const [token, texto] of [
    [patientToken, '¿Puedo tomar ibuprofeno?'],
    [professionalToken, 'Mejor paracetamol, cada ocho horas.'],
  ] as const) {
    const sent = await request.post(`/api/asistencias/${id}/mensajes`, {
      headers: as(token),
      data: { id: randomUUID(), texto },
    })
    expect(sent.status()).toBe(201)
  }
  const finished = await request.post(`/api/asistencias/${id}/finalizar`, {
    headers: as(professionalToken),
    data: { resumen: RESUMEN },
  })
  expect(finished.status()).toBe(200)

  return { id, motivo, nombre, patientEmail }
}

test('a finished consultation is read again by its patient, printed and downloaded', async ({
  browser,
  request,
}) => {
  const { id, motivo, patientEmail } = await finishedConsultation(request)

  // The patient, from "Consultas anteriores".
  const patient = await newPage(browser, PHONE)
  await signIn(patient, TENANT, patientEmail, PASSWORD)
  await expect(patient).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  const history = patient.getByRole('region', { name: 'Consultas anteriores' })
  await history.getByRole('link').first().click()
  await expect(patient).toHaveURL(new RegExp(`/${TENANT}/atencion-asistencia/${id}$`))
  const record = patient.getByRole('article')
  await expect(record.getByText('¿Puedo tomar ibuprofeno?')).toBeVisible()
  await expect(record.getByText('Mejor paracetamol, cada ocho horas.')).toBeVisible()
  await expect(record.getByText(RESUMEN)).toBeVisible()
  await expect(record.getByText(motivo)).toBeVisible()
  await expect(record.getByRole('img', { name: 'Foto 1 de la solicitud' })).toBeVisible()
  // Read-only: nothing to write or finish.
  await expect(patient.getByLabel('Mensaje')).toHaveCount(0)
  await expect(patient.getByRole('button', { name: 'Finalizar' })).toHaveCount(0)
  expect(await findings(patient, 'record, patient')).toEqual([])
  // Nothing of it stays in the device's storage.
  const kept = await patient.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  )
  expect(kept).not.toContain(RESUMEN)
  expect(kept).not.toContain('ibuprofeno')

  // Printed: the summary and the conversation, the hospital, no navigation and no buttons.
  await patient.emulateMedia({ media: 'print' })
  await expect(record.getByText(RESUMEN)).toBeVisible()
  await expect(record.getByText('¿Puedo tomar ibuprofeno?')).toBeVisible()
  await expect(patient.locator('.app-header .brand')).toBeVisible()
  await expect(patient.getByRole('button', { name: 'Imprimir' })).toBeHidden()
  await expect(patient.getByRole('link', { name: 'Ir a mi área' })).toBeHidden()
  await expect(patient.getByRole('button', { name: 'Cerrar sesión' })).toBeHidden()
  await expect(patient.locator('nav')).toBeHidden()
  await expect(patient.locator('.app-footer')).toBeHidden()
  // On A4 paper: one or two pages, the summary and the hospital, none of the app's chrome.
  const printed = await pdfPages(await patient.pdf({ format: 'A4' }))
  expect(printed.length).toBeLessThanOrEqual(2)
  const paper = printed.join('\n')
  expect(paper).toContain(RESUMEN)
  expect(paper).toContain('Hospital Central')
  expect(paper).not.toContain('Cerrar sesión')
  expect(paper).not.toContain('Descargar PDF')
  await patient.emulateMedia({ media: 'screen' })

  // The PDF: the server's, downloaded, with the summary in its text.
  const [download] = await Promise.all([
    patient.waitForEvent('download'),
    patient.getByRole('button', { name: 'Descargar PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^consulta-\d{4}-\d{2}-\d{2}\.pdf$/)
  const text = (await pdfPages(await readFile(await download.path()))).join('\n')
  expect(text).toContain(RESUMEN)
  expect(text).toContain('¿Puedo tomar ibuprofeno?')

  await patient.context().close()
})

test('its professional reads it again from their home; another patient gets no access', async ({
  browser,
  request,
}) => {
  const { id, nombre } = await finishedConsultation(request)

  // The professional, from "Consultas recientes".
  const professional = await newPage(browser, TABLET)
  await signIn(professional, TENANT, PROFESIONAL, DEMO_ACCOUNT.password)
  await professional
    .getByRole('region', { name: 'Consultas recientes' })
    .getByRole('link', { name: nombre })
    .click()
  await expect(professional).toHaveURL(new RegExp(`/${TENANT}/atencion-asistencia/${id}$`))
  const seen = professional.getByRole('article')
  await expect(seen.getByText('Mejor paracetamol, cada ocho horas.')).toBeVisible()
  await expect(seen.getByText(RESUMEN)).toBeVisible()
  await expect(seen.getByRole('img', { name: 'Foto 1 de la solicitud' })).toBeVisible()
  expect(await findings(professional, 'record, professional')).toEqual([])

  // Another patient: the consultation does not exist for them.
  const strangerEmail = await newPatient(request, 'Otra Paciente')
  const stranger = await newPage(browser, PHONE)
  await signIn(stranger, TENANT, strangerEmail, PASSWORD)
  await expect(stranger).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  await stranger.goto(`/${TENANT}/atencion-asistencia/${id}`)
  await expect(
    stranger.getByText('Esta consulta no existe o no tienes acceso a ella.'),
  ).toBeVisible()
  await expect(stranger.getByText(RESUMEN)).toHaveCount(0)

  for (const page of [professional, stranger]) await page.context().close()
})

test('a guest who left an email is told the summary was sent, and receives it', async ({
  browser,
  request,
}) => {
  const guest = await newPage(browser, PHONE)
  const email = uniqueEmail('invitado', TENANT)
  const motivo = `Me he torcido el tobillo ${String(Date.now())}`
  await guest.goto(`/${TENANT}/atencion-profesional-publica-inmediata`)
  await guest.getByLabel('Nombre').fill('Invitado Registro')
  await guest.getByLabel('Teléfono o correo electrónico').fill(email)
  await guest.getByLabel('Motivo').fill(motivo)
  await guest.getByRole('checkbox', { name: /He leído y acepto/ }).check()
  await guest.getByRole('button', { name: 'Pedir atención inmediata' }).click()
  await expect(guest.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  const id = new URL(guest.url()).pathname.split('/').pop() ?? ''

  const token = await tokenOf(request, PROFESIONAL, DEMO_ACCOUNT.password)
  const headers = { 'X-Authorization': `Bearer ${token}` }
  expect((await request.post(`/api/asistencias/${id}/atender`, { headers })).status()).toBe(200)
  await expect(guest.getByRole('heading', { name: /^Te atiende / })).toBeVisible()
  const resumen = 'Esguince leve. Hielo, reposo y vendaje durante una semana.'
  const finished = await request.post(`/api/asistencias/${id}/finalizar`, {
    headers,
    data: { resumen },
  })
  expect(finished.status()).toBe(200)

  await expect(guest).toHaveURL(new RegExp(`/${TENANT}/agradecimiento-final/${id}$`))
  await expect(guest.getByText(resumen)).toBeVisible()
  await expect(
    guest.getByText(`Te hemos enviado este resumen por correo electrónico a ${email}.`),
  ).toBeVisible()
  await expect(guest.getByRole('button', { name: 'Imprimir' })).toBeVisible()
  expect(await findings(guest, 'guest thanks with email')).toEqual([])

  const mail = await waitForMail(email, 'Resumen de tu consulta')
  expect(mail.text).toContain(resumen)
  expect(mail.subject).toContain('Hospital Central')

  await guest.emulateMedia({ media: 'print' })
  await expect(guest.getByText(resumen)).toBeVisible()
  await expect(guest.getByRole('button', { name: 'Imprimir' })).toBeHidden()
  await guest.context().close()
})
