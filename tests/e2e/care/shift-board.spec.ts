/**
 * The board that runs a shift, in a real browser: the hospital's administrator opens it from the
 * administration home; a patient's waiting request appears live, marked with its wait and time
 * left; "Asignar a …" leaves it to one professional, whose open queue keeps it while another
 * professional's open queue drops it; "Cerrar" with a reason cancels it and the patient's screen,
 * open all along, says so with the reason; today's "Canceladas" figure counts it. Axe on the
 * board, and the portal administrator's view of every hospital's figures.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { axeFindings } from '../../utils/a11y'
import { productAdminHeaders } from '../../utils/admin-api'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { signedInDevice } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const TABLET = { width: 1024, height: 768 }
const PHONE = { width: 390, height: 844 }
const ASSIGNEE = { email: 'profesional2@hospital-central.es', nombre: 'Elena Navarro' }
const OTHER_PROFESSIONAL = 'profesional@hospital-central.es'

// Every context a test opens, closed after it: an open queue keeps its professional available.
const opened: BrowserContext[] = []
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()))
})

async function signedInPage(
  browser: Browser,
  tenant: string,
  email: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await signedInDevice(browser, tenant, email, DEMO_ACCOUNT.password, viewport)
  opened.push(page.context())
  return page
}

function queueRow(page: Page, motivo: string) {
  return page
    .getByRole('region', { name: /^Cola de espera/ })
    .getByRole('listitem')
    .filter({ hasText: motivo })
}

const figure = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`)

test('the board assigns a waiting request to one professional and closes it with a reason the patient reads', async ({
  browser,
  request,
}) => {
  // Five people signed in at once, each page live.
  test.slow()
  const admin = await signedInPage(browser, TENANT, `admin@${TENANT}.es`, TABLET)
  await admin.getByRole('link', { name: 'Tablero de operaciones' }).click()
  await expect(admin).toHaveURL(new RegExp(`/${TENANT}/apanel$`))
  await expect(admin.getByRole('heading', { name: /^En espera/ })).toBeVisible()
  await expect(figure(admin, 'Canceladas')).toHaveText(/^\d+$/)
  const cancelledBefore = Number(await figure(admin, 'Canceladas').textContent())

  const assignee = await signedInPage(browser, TENANT, ASSIGNEE.email, TABLET)
  await expect(assignee.getByText('Cargando la cola…')).toHaveCount(0)
  const other = await signedInPage(browser, TENANT, OTHER_PROFESSIONAL, TABLET)
  await expect(other.getByText('Cargando la cola…')).toHaveCount(0)
  const patient = await signedInPage(browser, TENANT, DEMO_ACCOUNT.email, PHONE)

  const motivo = `Tos persistente desde hace días ${Date.now()}`
  await patient.goto(`/${TENANT}/solicitar-asistencia`)
  await patient.getByLabel('Motivo').fill(motivo)
  await patient.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(patient.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  await expect(queueRow(other, motivo)).toBeVisible()
  await expect(queueRow(assignee, motivo)).toBeVisible()

  // The board shows it live, with its wait and the time left before it expires.
  const row = admin.getByRole('listitem').filter({ hasText: motivo })
  await expect(row).toContainText(DEMO_ACCOUNT.nombre)
  await expect(row).toContainText(/Espera .* · quedan \d+ minutos/)
  expect(await axeFindings(admin, 'the board with a waiting request')).toEqual([])

  await row.getByRole('button', { name: 'Asignar a …' }).click()
  const choice = row.getByLabel('Profesional')
  const value = await choice.locator('option', { hasText: ASSIGNEE.nombre }).getAttribute('value')
  await choice.selectOption(value ?? '')
  await row.getByRole('button', { name: 'Asignar', exact: true }).click()
  await expect(row).toContainText(`Asignada a ${ASSIGNEE.nombre}`)

  // Only the assignee keeps it; the other professional's open queue drops it, live.
  await expect(queueRow(other, motivo)).toHaveCount(0)
  await expect(queueRow(assignee, motivo)).toBeVisible()
  await other.reload()
  await expect(other.getByText('Cargando la cola…')).toHaveCount(0)
  await expect(queueRow(assignee, motivo)).toBeVisible()
  await expect(queueRow(other, motivo)).toHaveCount(0)

  // Closed with a reason: the patient's screen, open all along, says so.
  const reason = 'Servicio saturado: acuda a urgencias.'
  await row.getByRole('button', { name: 'Cerrar', exact: true }).click()
  await row.getByLabel('Motivo del cierre').fill(reason)
  expect(await axeFindings(admin, 'the board closing a request')).toEqual([])
  await row.getByRole('button', { name: 'Cerrar solicitud' }).click()
  await expect(admin.getByRole('listitem').filter({ hasText: motivo })).toHaveCount(0)
  await expect(patient.getByText('El centro ha cerrado tu solicitud.')).toBeVisible()
  await expect(patient.getByText(reason)).toBeVisible()
  await expect(queueRow(assignee, motivo)).toHaveCount(0)

  // Today's figures count it, live.
  await expect(figure(admin, 'Canceladas')).toHaveText(String(cancelledBefore + 1))

  // The portal's administrators see every hospital's figures side by side, whatever the names.
  const stamp = String(Date.now())
  const created = await request.post('/api/admin/hospitales', {
    headers: await productAdminHeaders(request),
    data: {
      tenant: `centro-tablero-${stamp}`,
      nombre: `Centro de Pruebas ${stamp}${stamp} (renovado)`,
      color_primario: '#0b5394',
      color_secundario: '#38761d',
    },
  })
  expect(created.status()).toBe(201)
  const portal = await signedInPage(browser, 'main', 'plataforma@main.es', TABLET)
  await portal.goto('/main/apanel')
  const central = portal.getByRole('row', { name: /^Hospital Central/ })
  await expect(central).toBeVisible()
  await expect(portal.getByRole('row', { name: /^Clínica Norte/ })).toBeVisible()
  await expect(portal.getByRole('columnheader', { name: 'Canceladas' })).toBeVisible()
  expect(await axeFindings(portal, "the portal's board")).toEqual([])
})
