/**
 * Referrals between professionals in a real browser: the patient asks, professional A attends
 * and refers to professional B with a note; the referral reaches B's queue live (B's page already
 * open), B reads the note and the first consultation's summary on "Referidos" and takes it, and
 * the patient's home shows where they were sent. Then axe on the "Derivar" form and on
 * `/referidos` (sent and received) in every demo hospital's colours.
 */
import { expect, request, test, type Browser, type Page } from '@playwright/test'
import { createAccount, uniqueEmail } from '../../utils/admin-api'
import { axeFindings, englishFindings, useToken, waitForBranding } from '../../utils/a11y'
import { DEMO_ACCOUNT, DEMO_TENANTS } from '../../utils/demo'
import { signedInDevice } from '../../utils/sign-in'
import { acceptCurrentTerms } from '../../utils/terms'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PHONE = { width: 390, height: 844 }
const TABLET = { width: 1024, height: 768 }
// A password the product's rule accepts, for the accounts this file creates.
const PATIENT_PASSWORD = 'clave-derivada-1'

/** The second professional of each demo hospital (docs/care-service.md: one per specialty). */
const RECEIVER: Record<string, { email: string; nombre: string }> = {
  'hospital-central': { email: 'profesional2@hospital-central.es', nombre: 'Elena Navarro' },
  'clinica-norte': { email: 'pediatria@clinica-norte.es', nombre: 'Andrés Molina' },
  'clinica-sol': { email: 'pediatria@clinica-sol.es', nombre: 'Nuria Prieto' },
}
const REFERRER_NAME = 'Javier Ortega'

function signedInPage(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  return signedInDevice(browser, TENANT, email, DEMO_ACCOUNT.password, viewport)
}

function queueRow(page: Page, motivo: string) {
  return page
    .getByRole('region', { name: /^Cola de espera/ })
    .getByRole('listitem')
    .filter({ hasText: motivo })
}

test('a referral reaches the named professional live, who reads the note and summary and takes it', async ({
  browser,
}) => {
  const receiver = RECEIVER[TENANT]
  if (!receiver) throw new Error('No receiver for the demo hospital')
  const professionalB = await signedInPage(browser, receiver.email, TABLET)
  await expect(professionalB).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  await expect(professionalB.getByText('Cargando la cola…')).toHaveCount(0)
  const professionalA = await signedInPage(browser, `profesional@${TENANT}.es`, TABLET)
  const patient = await signedInPage(browser, DEMO_ACCOUNT.email, PHONE)

  const motivo = `Mi hijo tiene dolor de oído ${Date.now()}`
  await patient.goto(`/${TENANT}/solicitar-asistencia`)
  await patient.getByLabel('Motivo').fill(motivo)
  await patient.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(patient.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()

  await queueRow(professionalA, motivo).getByRole('button', { name: 'Atender' }).click()
  await expect(professionalA).toHaveURL(/\/atencion-asistencia\//)

  // Derivar: the form checks its fields in Spanish before anything is sent.
  await professionalA.getByRole('button', { name: 'Derivar', exact: true }).click()
  await professionalA.getByRole('radio', { name: 'Un profesional concreto' }).check()
  await professionalA.getByRole('button', { name: 'Enviar derivación' }).click()
  await expect(professionalA.getByText('Elige un profesional.')).toBeVisible()
  await expect(professionalA.getByText(/El campo «nota» debe tener entre 1 y/)).toBeVisible()
  await professionalA
    .getByLabel('Profesional', { exact: true })
    .selectOption({ label: `${receiver.nombre} (Pediatría)` })
  const nota = 'Otalgia derecha de dos días; valorar otitis media.'
  await professionalA.getByLabel('Nota').fill(nota)
  await professionalA.getByRole('button', { name: 'Enviar derivación' }).click()
  await expect(
    professionalA
      .getByRole('status')
      .filter({ hasText: `Derivación enviada a ${receiver.nombre}.` }),
  ).toBeVisible()

  // B's queue, open all along, gets it without a reload, marked as a referral.
  const row = queueRow(professionalB, motivo)
  await expect(row).toBeVisible()
  await expect(row).toContainText(`Derivada por ${REFERRER_NAME}`)

  const resumen = 'Otoscopia con tímpano abombado; se deriva a pediatría.'
  await professionalA.getByLabel('Resumen').fill(resumen)
  await professionalA.getByRole('button', { name: 'Finalizar' }).click()
  await expect(patient).toHaveURL(/\/agradecimiento-final\//)

  await professionalB.getByRole('link', { name: 'Derivaciones enviadas y recibidas' }).click()
  await expect(professionalB).toHaveURL(new RegExp(`/${TENANT}/referidos$`))
  const received = professionalB
    .getByRole('region', { name: 'Derivaciones recibidas' })
    .getByRole('listitem')
    .filter({ hasText: motivo })
  await expect(received).toContainText(nota)
  await expect(received).toContainText(resumen)
  await expect(received).toContainText(REFERRER_NAME)
  await expect(received).toContainText('En espera')
  await received.getByRole('button', { name: `Atender a ${DEMO_ACCOUNT.nombre}` }).click()
  await expect(professionalB).toHaveURL(/\/atencion-asistencia\//)
  await expect(
    professionalB.getByRole('heading', { name: `Consulta con ${DEMO_ACCOUNT.nombre}` }),
  ).toBeVisible()
  await expect(professionalB.getByText(nota)).toBeVisible()
  await expect(professionalB.getByText(resumen)).toBeVisible()

  // A's list of sent referrals follows its state.
  await professionalA.goto(`/${TENANT}/referidos`)
  const sent = professionalA
    .getByRole('region', { name: 'Derivaciones enviadas' })
    .getByRole('listitem')
    .filter({ hasText: receiver.nombre })
    .first()
  await expect(sent).toContainText('En consulta')

  // The patient's home shows where they were sent, without the note between professionals.
  await patient.goto(`/${TENANT}/cliente`)
  const current = patient.getByRole('region', { name: 'Tu solicitud actual' })
  await expect(current.getByText(`Te han derivado a ${receiver.nombre}`)).toBeVisible()
  await expect(current).toContainText('En consulta')
  await expect(patient.getByText(nota)).toHaveCount(0)

  // Finished, so the demo patient keeps room for the other journeys' requests.
  await professionalB.getByLabel('Resumen').fill('Otitis media; tratamiento pautado.')
  await professionalB.getByRole('button', { name: 'Finalizar' }).click()
  await expect(professionalB).toHaveURL(new RegExp(`/${TENANT}/profesional$`))

  for (const page of [professionalA, professionalB, patient]) await page.context().close()
})

async function tokenOf(
  baseURL: string,
  email: string,
  tenant: string,
  password: string = DEMO_ACCOUNT.password,
): Promise<string> {
  const api = await request.newContext({ baseURL })
  try {
    const response = await api.post('/api/auth/login', {
      data: { email, password, tenant },
    })
    expect(response.status(), `sign-in of ${email}`).toBe(200)
    return ((await response.json()) as { token: string }).token
  } finally {
    await api.dispose()
  }
}

/**
 * A consultation in `tenant` of a new patient, taken by its `profesional@`; answers its id and
 * the patient's token.
 */
async function consultationIn(
  baseURL: string,
  tenant: string,
): Promise<{ id: string; patient: string }> {
  const api = await request.newContext({ baseURL })
  try {
    const email = uniqueEmail('derivada', tenant)
    await createAccount(api, tenant, {
      email,
      nombre: 'Irene Vidal',
      rol: 'cliente',
      password: PATIENT_PASSWORD,
    })
    const patient = await tokenOf(baseURL, email, tenant, PATIENT_PASSWORD)
    await acceptCurrentTerms(api, tenant, patient)
    const professional = await tokenOf(baseURL, `profesional@${tenant}.es`, tenant)
    const id = crypto.randomUUID()
    const created = await api.post('/api/asistencias', {
      headers: { 'X-Authorization': `Bearer ${patient}` },
      data: { id, motivo: 'Revisión de accesibilidad de las derivaciones.' },
    })
    expect(created.status()).toBe(201)
    const taken = await api.post(`/api/asistencias/${id}/atender`, {
      headers: { 'X-Authorization': `Bearer ${professional}` },
    })
    expect(taken.status()).toBe(200)
    return { id, patient }
  } finally {
    await api.dispose()
  }
}

async function findings(page: Page, where: string): Promise<string[]> {
  return [...(await axeFindings(page, where)), ...(await englishFindings(page, where))]
}

for (const tenant of Object.keys(DEMO_TENANTS)) {
  test(`${tenant}: the Derivar form and the referrals screen pass axe`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('The config sets baseURL')
    const receiver = RECEIVER[tenant]
    if (!receiver) throw new Error(`No receiver for ${tenant}`)
    const found: string[] = []
    const { id, patient } = await consultationIn(baseURL, tenant)

    await page.goto(`/${tenant}/login`)
    await useToken(page, await tokenOf(baseURL, `profesional@${tenant}.es`, tenant))
    await page.goto(`/${tenant}/atencion-asistencia/${id}`)
    await waitForBranding(page, tenant)
    await page.getByRole('button', { name: 'Derivar', exact: true }).click()
    await page.getByRole('button', { name: 'Enviar derivación' }).click()
    await expect(page.getByText('Elige una especialidad.')).toBeVisible()
    found.push(...(await findings(page, `${tenant} Derivar, errors`)))
    await page.getByRole('radio', { name: 'Un profesional concreto' }).check()
    await page
      .getByLabel('Profesional', { exact: true })
      .selectOption({ label: `${receiver.nombre} (Pediatría)` })
    await page.getByLabel('Nota').fill('Revisión de accesibilidad.')
    found.push(...(await findings(page, `${tenant} Derivar, filled`)))
    await page.getByRole('button', { name: 'Enviar derivación' }).click()
    await expect(page.getByText(`Derivación enviada a ${receiver.nombre}.`)).toBeVisible()
    found.push(...(await findings(page, `${tenant} Derivar, sent`)))

    await page.goto(`/${tenant}/referidos`)
    await expect(page.getByRole('heading', { name: 'Derivaciones enviadas' })).toBeVisible()
    await expect(page.getByText('Cargando las derivaciones…')).toHaveCount(0)
    found.push(...(await findings(page, `${tenant} referidos, sent`)))

    await useToken(page, await tokenOf(baseURL, receiver.email, tenant))
    await page.goto(`/${tenant}/referidos`)
    await waitForBranding(page, tenant)
    await expect(page.getByRole('button', { name: /^Atender a Irene Vidal/ }).first()).toBeVisible()
    found.push(...(await findings(page, `${tenant} referidos, received`)))

    // The receiver's queue marks it; the patient's home says where they were sent.
    await page.goto(`/${tenant}/profesional`)
    await expect(page.getByText(`Derivada por `).first()).toBeVisible()
    found.push(...(await findings(page, `${tenant} profesional, with a referral`)))
    await useToken(page, patient)
    await page.goto(`/${tenant}/cliente`)
    await expect(page.getByText(`Te han derivado a ${receiver.nombre}`)).toBeVisible()
    found.push(...(await findings(page, `${tenant} cliente, referred`)))

    expect(found).toEqual([])
  })
}
