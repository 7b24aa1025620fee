/**
 * The care journey in a real browser, patient on a 390 px phone and professional on a tablet, each
 * in their own context: the request reaches the queue live, is taken, the conversation flows both
 * ways live, the consultation ends with thanks and a rating, and reopening it shows its record. Also: a cancelled request leaves the queue live, two professionals
 * racing for one request, another patient's consultation, a request written offline, and the live
 * stream resuming after a dropped connection without losing an event.
 */
import { expect, request, test, type Browser, type Page } from '@playwright/test'
import { OUTBOX_DATABASE } from '../../../src/shared/care-outbox-db'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PROFESIONAL = `profesional@${TENANT}.es`
const PROFESIONAL_2 = `profesional2@${TENANT}.es`
const PHONE = { width: 390, height: 844 }
const TABLET = { width: 1024, height: 768 }

async function signedInPage(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(message.text())
    ) {
      throw new Error(`Console error in ${email}'s page: ${message.text()}`)
    }
  })
  await page.goto(`/${TENANT}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  return page
}

/** Opens the request form and sends `motivo`; resolves on the waiting room, with its id. */
async function requestHelp(page: Page, motivo: string): Promise<string> {
  await page.goto(`/${TENANT}/solicitar-asistencia`)
  await page.getByLabel('Motivo').fill(motivo)
  await page.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/atencion-asistencia/[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  return new URL(page.url()).pathname.split('/').pop() ?? ''
}

/** The request's row in the waiting queue (not in the lists of consultations below it). */
function queueRow(page: Page, motivo: string) {
  return page
    .getByRole('region', { name: /^Cola de espera/ })
    .getByRole('listitem')
    .filter({ hasText: motivo })
}

/** How many writes the page's outbox still holds (run in the page). */
function countOutboxItems({ name, store }: typeof OUTBOX_DATABASE): Promise<number> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(name)
    opening.onerror = () => {
      reject(opening.error ?? new Error('IndexedDB'))
    }
    opening.onsuccess = () => {
      const db = opening.result
      const counting = db.transaction(store).objectStore(store).count()
      counting.onsuccess = () => {
        db.close()
        resolve(counting.result)
      }
      counting.onerror = () => {
        reject(counting.error ?? new Error('IndexedDB'))
      }
    }
  })
}

test('the whole journey: request, live queue, take, live conversation, finish, thanks, rating', async ({
  browser,
}) => {
  const professional = await signedInPage(browser, PROFESIONAL, TABLET)
  await expect(professional).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  await expect(professional.getByRole('heading', { name: /Cola de espera/ })).toBeVisible()

  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)
  const motivo = `Fiebre y tos desde ayer ${Date.now()}`
  const id = await requestHelp(patient, motivo)
  await expect(patient.getByText(/Posición en la cola: \d+/)).toBeVisible()

  // Appears in the queue without a reload, and counts in the tab's title.
  const row = queueRow(professional, motivo)
  await expect(row).toBeVisible()
  await expect(row).toContainText(DEMO_ACCOUNT.nombre)
  await expect(professional).toHaveTitle(/^\(\d+\) Área profesional/)
  await row.getByRole('button', { name: 'Atender' }).click()
  await expect(professional).toHaveURL(new RegExp(`/atencion-asistencia/${id}$`))

  // The patient's waiting room becomes the consultation at once.
  await expect(patient.getByRole('heading', { name: /^Te atiende / })).toBeVisible()
  // On the phone the request's details are folded below the conversation.
  await patient.getByText('Detalles de la solicitud').click()
  await expect(patient.getByText(motivo)).toBeVisible()

  await professional.getByLabel('Mensaje').fill('Hola, ¿desde cuándo tienes fiebre?')
  await professional.getByRole('button', { name: 'Enviar' }).click()
  await expect(patient.getByText('Hola, ¿desde cuándo tienes fiebre?')).toBeVisible()

  await patient.getByLabel('Mensaje').fill('Desde ayer por la tarde.')
  await patient.getByRole('button', { name: 'Enviar' }).click()
  await expect(professional.getByText('Desde ayer por la tarde.')).toBeVisible()

  await professional.getByLabel('Resumen').fill('Cuadro vírico. Reposo, líquidos y paracetamol.')
  await professional.getByRole('button', { name: 'Finalizar' }).click()

  await expect(patient).toHaveURL(new RegExp(`/${TENANT}/agradecimiento-final/${id}$`))
  await expect(patient.getByText('Cuadro vírico. Reposo, líquidos y paracetamol.')).toBeVisible()
  const rating = patient.getByRole('radiogroup', { name: 'Puntuación' })
  await rating.getByRole('radio', { name: '5', exact: true }).check()
  await patient.getByLabel('Comentario (opcional)').fill('Muy amable.')
  await patient.getByRole('button', { name: 'Enviar valoración' }).click()
  await expect(
    patient.getByRole('status').filter({ hasText: 'Hemos recibido tu valoración' }),
  ).toBeVisible()
  await expect(patient.getByRole('button', { name: 'Enviar valoración' })).toHaveCount(0)

  // Sent once: the thanks screen opened again says it was rated.
  await patient.reload()
  await expect(patient.getByText('Ya valoraste esta consulta con 5 de 5.')).toBeVisible()

  // Opened again, it is its record, read-only.
  await patient.goto(`/${TENANT}/atencion-asistencia/${id}`)
  const record = patient.getByRole('article')
  await expect(record.getByText('Cuadro vírico. Reposo, líquidos y paracetamol.')).toBeVisible()
  await expect(record.getByText('Desde ayer por la tarde.')).toBeVisible()
  await expect(patient.getByLabel('Mensaje')).toHaveCount(0)

  // The patient's home lists it with its summary.
  await patient.goto(`/${TENANT}/cliente`)
  await expect(
    patient.getByText('Resumen: Cuadro vírico. Reposo, líquidos y paracetamol.'),
  ).toBeVisible()
  await professional.context().close()
  await patient.context().close()
})

test('a cancelled request leaves the professional’s queue live', async ({ browser }) => {
  const professional = await signedInPage(browser, PROFESIONAL, TABLET)
  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)
  const motivo = `Me duele un oído ${Date.now()}`
  await requestHelp(patient, motivo)
  await expect(queueRow(professional, motivo)).toBeVisible()

  await patient.getByRole('button', { name: 'Cancelar solicitud' }).click()

  await patient.getByRole('button', { name: 'Sí, cancelar la solicitud' }).click()
  await expect(patient).toHaveURL(new RegExp(`/error-consulta-inactiva\\?motivo=cancelada$`))
  await expect(patient.getByText('Esta solicitud se canceló.')).toBeVisible()
  await expect(queueRow(professional, motivo)).toHaveCount(0)
  await professional.context().close()
  await patient.context().close()
})

test('two professionals take the same request: one wins, the other is told', async ({
  browser,
}) => {
  const first = await signedInPage(browser, PROFESIONAL, TABLET)
  const second = await signedInPage(browser, PROFESIONAL_2, TABLET)
  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)
  const motivo = `Mareos al levantarme ${Date.now()}`
  const id = await requestHelp(patient, motivo)
  const firstRow = queueRow(first, motivo)
  const secondRow = queueRow(second, motivo)
  await expect(firstRow).toBeVisible()
  await expect(secondRow).toBeVisible()

  // The second's live stream is held back so its row is still there when it clicks.
  await second.context().setOffline(true)
  await first.getByRole('button', { name: 'Atender' }).and(firstRow.getByRole('button')).click()
  await expect(first).toHaveURL(new RegExp(`/atencion-asistencia/${id}$`))
  await second.context().setOffline(false)
  await secondRow
    .getByRole('button', { name: 'Atender' })
    .click({ timeout: 2_000 })
    .catch(() => undefined)
  // Either it clicked and lost, or the live update removed the row first: it never won.
  await expect(second).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  await expect(secondRow).toHaveCount(0)
  await expect(patient.getByRole('heading', { name: /^Te atiende / })).toBeVisible()
  // Finished, so the demo patient keeps room for the other journeys' requests.
  await first.getByLabel('Resumen').fill('Fin.')
  await first.getByRole('button', { name: 'Finalizar' }).click()
  await expect(patient).toHaveURL(/agradecimiento-final/)
  for (const page of [first, second, patient]) await page.context().close()
})

test('the loser of a race is told "Otro profesional ya la está atendiendo"', async ({
  browser,
  baseURL,
}) => {
  const second = await signedInPage(browser, PROFESIONAL_2, TABLET)
  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)
  const motivo = `Picor en la piel ${Date.now()}`
  const id = await requestHelp(patient, motivo)
  const row = queueRow(second, motivo)
  await expect(row).toBeVisible()
  // The other professional takes it while this screen's stream is cut: the row is stale.
  await second.context().setOffline(true)
  const api = await request.newContext({ baseURL })
  const login = await api.post('/api/auth/login', {
    data: { email: PROFESIONAL, password: DEMO_ACCOUNT.password, tenant: TENANT },
  })
  const { token } = (await login.json()) as { token: string }
  const taken = await api.post(`/api/asistencias/${id}/atender`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
  })
  expect(taken.status()).toBe(200)
  await second.context().setOffline(false)
  await second.evaluate(() => dispatchEvent(new Event('online')))
  await row
    .getByRole('button', { name: 'Atender' })
    .click({ timeout: 2_000 })
    .catch(() => undefined)
  if ((await row.count()) > 0) {
    await expect(
      second.getByRole('alert').filter({ hasText: 'Otro profesional ya la está atendiendo' }),
    ).toBeVisible()
  }
  await expect(second).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  // Finished, so the demo patient keeps room for the other journeys' requests.
  const finished = await api.post(`/api/asistencias/${id}/finalizar`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
    data: { resumen: 'Fin.' },
  })
  expect(finished.status()).toBe(200)
  await api.dispose()
  for (const page of [second, patient]) await page.context().close()
})

test('another patient’s consultation does not exist for them and shows nothing of it', async ({
  browser,
  baseURL,
}) => {
  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)
  const motivo = `Consulta privada ${Date.now()}`
  const id = await requestHelp(patient, motivo)

  // A second patient of the same hospital, created by its administrator.
  const api = await request.newContext({ baseURL })
  const login = await api.post('/api/auth/login', {
    data: { email: `admin@${TENANT}.es`, password: DEMO_ACCOUNT.password, tenant: TENANT },
  })
  const { token } = (await login.json()) as { token: string }
  const email = `paciente-${Date.now()}@${TENANT}.es`
  const created = await api.post(`/api/admin/hospitales/${TENANT}/cuentas`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
    data: { email, nombre: 'Otro Paciente', rol: 'cliente', password: 'otra-clave-1234' },
  })
  expect(created.status()).toBe(201)
  await api.dispose()

  const context = await browser.newContext({ viewport: PHONE })
  const other = await context.newPage()
  await other.goto(`/${TENANT}/login`)
  await other.getByLabel('Correo electrónico').fill(email)
  await other.getByLabel('Contraseña').fill('otra-clave-1234')
  await other.getByRole('button', { name: 'Entrar' }).click()
  await expect(other.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  await other.goto(`/${TENANT}/atencion-asistencia/${id}`)
  await expect(other.getByText('Esta consulta no existe o no tienes acceso a ella.')).toBeVisible()
  await expect(other.getByRole('main')).not.toContainText(motivo)
  await expect(other.getByRole('main')).not.toContainText(DEMO_ACCOUNT.nombre)
  await context.close()
  await patient.getByRole('button', { name: 'Cancelar solicitud' }).click()
  await patient.getByRole('button', { name: 'Sí, cancelar la solicitud' }).click()
  await patient.context().close()
})

test('a request written offline waits as "Pendiente de envío" and is sent once back online', async ({
  browser,
}) => {
  const professional = await signedInPage(browser, PROFESIONAL, TABLET)
  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)
  const motivo = `Escrita sin conexión ${Date.now()}`
  await patient.goto(`/${TENANT}/solicitar-asistencia`)
  await expect(patient.getByLabel('Motivo')).toBeVisible()
  await patient.context().setOffline(true)
  await patient.getByLabel('Motivo').fill(motivo)
  await patient.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(patient).toHaveURL(new RegExp(`/${TENANT}/cliente\\?pendiente=1$`))
  await expect(patient.getByText('Pendiente de envío')).toBeVisible()
  await expect(queueRow(professional, motivo)).toHaveCount(0)

  await patient.context().setOffline(false)
  await expect(queueRow(professional, motivo)).toHaveCount(1)
  await expect(patient.getByText('Pendiente de envío')).toHaveCount(0)
  // Its own row: other requests of this patient may be waiting too.
  const sent = patient
    .getByRole('listitem')
    .filter({ hasText: motivo })
    .getByRole('link', { name: 'Ver mi solicitud en espera' })
  await expect(sent).toBeVisible()
  // Nothing is left to send on a later return to the app: the device's outbox is empty.
  await expect.poll(() => patient.evaluate(countOutboxItems, OUTBOX_DATABASE)).toBe(0)
  await expect(queueRow(professional, motivo)).toHaveCount(1)

  await sent.click()
  await patient.getByRole('button', { name: 'Cancelar solicitud' }).click()
  await patient.getByRole('button', { name: 'Sí, cancelar la solicitud' }).click()
  await expect(queueRow(professional, motivo)).toHaveCount(0)
  await professional.context().close()
  await patient.context().close()
})

test('the stream resumes after a dropped connection without losing an event', async ({
  browser,
}) => {
  const professional = await signedInPage(browser, PROFESIONAL, TABLET)
  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)
  const motivo = `Reanudación ${Date.now()}`
  await requestHelp(patient, motivo)
  await queueRow(professional, motivo).getByRole('button', { name: 'Atender' }).click()
  await expect(patient.getByRole('heading', { name: /^Te atiende / })).toBeVisible()

  // The patient's connection drops; the professional writes meanwhile.
  await patient.context().setOffline(true)
  await expect(patient.getByText(/Sin actualizaciones en directo/)).toBeVisible()
  await professional.getByLabel('Mensaje').fill('Mensaje escrito durante el corte')
  await professional.getByRole('button', { name: 'Enviar' }).click()
  await expect(professional.getByText('Mensaje escrito durante el corte')).toBeVisible()
  await patient.context().setOffline(false)

  await expect(patient.getByText('Mensaje escrito durante el corte')).toBeVisible({
    timeout: 20_000,
  })
  await expect(patient.getByText(/Sin actualizaciones en directo/)).toHaveCount(0)
  await professional.getByLabel('Resumen').fill('Fin.')
  await professional.getByRole('button', { name: 'Finalizar' }).click()
  await expect(patient).toHaveURL(/agradecimiento-final/)
  await professional.context().close()
  await patient.context().close()
})
