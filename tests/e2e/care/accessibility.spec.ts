/**
 * axe (WCAG 2.2 AA, label in name included) and the Spanish-only check on every screen of the care
 * journey: the directory and the professional's queue in every demo hospital's colours (clinica-sol's
 * deliberately pale ones included), and the patient's whole way through in hospital-central, whose
 * demo patient and administrator they are: home, request form, waiting room, consultation, thanks,
 * the consultation's record, the inactive-consultation screen and the operations board.
 */
import { expect, request, test, type Page } from '@playwright/test'
import { axeFindings, englishFindings, useToken, waitForBranding } from '../../utils/a11y'
import { DEMO_ACCOUNT, DEMO_TENANTS } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant

async function findings(page: Page, where: string): Promise<string[]> {
  return [...(await axeFindings(page, where)), ...(await englishFindings(page, where))]
}

async function tokenOf(baseURL: string, email: string, tenant: string): Promise<string> {
  const api = await request.newContext({ baseURL })
  try {
    const response = await api.post('/api/auth/login', {
      data: { email, password: DEMO_ACCOUNT.password, tenant },
    })
    expect(response.status(), `sign-in of ${email}`).toBe(200)
    return ((await response.json()) as { token: string }).token
  } finally {
    await api.dispose()
  }
}

async function call(
  baseURL: string,
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  data = {},
) {
  const api = await request.newContext({ baseURL })
  try {
    const response = await api.fetch(path, {
      method,
      headers: { 'X-Authorization': `Bearer ${token}` },
      data,
    })
    expect(response.ok(), `${method} ${path}`).toBe(true)
  } finally {
    await api.dispose()
  }
}

for (const tenant of Object.keys(DEMO_TENANTS)) {
  test(`${tenant}: the directory and the professional's queue pass axe`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('The config sets baseURL')
    const found: string[] = []

    await page.goto(`/${tenant}/directorio`)
    await waitForBranding(page, tenant)
    await expect(page.getByRole('heading', { name: 'Medicina general' })).toBeVisible()
    found.push(...(await findings(page, `${tenant} directorio`)))

    await useToken(page, await tokenOf(baseURL, `profesional@${tenant}.es`, tenant))
    await page.goto(`/${tenant}/profesional`)
    await waitForBranding(page, tenant)
    await expect(page.getByRole('heading', { name: /^Cola de espera/ })).toBeVisible()
    await expect(page.getByText('Cargando la cola…')).toHaveCount(0)
    found.push(...(await findings(page, `${tenant} profesional`)))

    expect(found).toEqual([])
  })
}

test("the patient's way through a consultation and the operations board pass axe", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('The config sets baseURL')
  const found: string[] = []
  const patient = await tokenOf(baseURL, DEMO_ACCOUNT.email, TENANT)
  const professional = await tokenOf(baseURL, `profesional@${TENANT}.es`, TENANT)
  await page.goto(`/${TENANT}/login`)
  await useToken(page, patient)

  await page.goto(`/${TENANT}/cliente`)
  await waitForBranding(page, TENANT)
  await expect(page.getByRole('link', { name: 'Solicitar asistencia' }).first()).toBeVisible()
  found.push(...(await findings(page, 'cliente')))

  await page.goto(`/${TENANT}/solicitar-asistencia`)
  await expect(page.getByLabel('Motivo')).toBeVisible()
  found.push(...(await findings(page, 'solicitar-asistencia')))
  await page.getByLabel('Motivo').fill(`Revisión de accesibilidad ${Date.now()}`)
  await page.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(page.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  found.push(...(await findings(page, 'atencion-asistencia, waiting')))
  const id = new URL(page.url()).pathname.split('/').pop() ?? ''

  await call(baseURL, professional, 'POST', `/api/asistencias/${id}/atender`)
  await expect(page.getByRole('heading', { name: /^Te atiende / })).toBeVisible()
  await page.getByLabel('Mensaje').fill('Hola, tengo fiebre desde ayer.')
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Hola, tengo fiebre desde ayer.')).toBeVisible()
  found.push(...(await findings(page, 'atencion-asistencia, consultation')))

  await call(baseURL, professional, 'POST', `/api/asistencias/${id}/finalizar`, {
    resumen: 'Reposo y líquidos; volver si la fiebre dura más de tres días.',
  })
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/agradecimiento-final/${id}$`))
  await expect(page.getByRole('button', { name: 'Enviar valoración' })).toBeVisible()
  found.push(...(await findings(page, 'agradecimiento-final')))

  await page.goto(`/${TENANT}/atencion-asistencia/${id}`)
  await expect(page.getByRole('button', { name: 'Descargar PDF' })).toBeVisible()
  found.push(...(await findings(page, 'atencion-asistencia, record')))

  await page.goto(`/${TENANT}/error-consulta-inactiva?motivo=finalizada`)
  await expect(page.getByRole('main')).toContainText('ha finalizado')
  found.push(...(await findings(page, 'error-consulta-inactiva')))

  await useToken(page, await tokenOf(baseURL, `admin@${TENANT}.es`, TENANT))
  await page.goto(`/${TENANT}/apanel`)
  await expect(page.getByRole('heading', { name: 'Hoy' })).toBeVisible()
  found.push(...(await findings(page, 'apanel')))

  expect(found).toEqual([])
})
