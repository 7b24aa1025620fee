/**
 * A hospital's specialties in a real browser: its administrator adds one in "Especialidades",
 * creates a professional who has it, a patient asks for it in the request form, and the new
 * professional's queue shows the request with it. Renaming and retiring change what is offered.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { axeFindings } from '../../utils/a11y'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { signIn } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const ADMIN = `admin@${TENANT}.es`

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, TENANT, email, password)
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  return page
}

test('an admin defines a specialty, a professional has it, a patient asks for it and that professional sees it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const run = String(Date.now()).slice(-6)
  const specialty = `Cardiología ${run}`
  const proEmail = `cardio-${run}@${TENANT}.es`
  const proPassword = 'latido firme 2026'

  const admin = await signedIn(browser, ADMIN, DEMO_ACCOUNT.password)
  await expect(admin).toHaveURL(new RegExp(`/${TENANT}/admin$`))
  const panel = admin.getByRole('region', { name: 'Especialidades' })
  await expect(panel.getByRole('row', { name: /Pediatría/ })).toBeVisible()
  await panel.getByRole('button', { name: 'Añadir especialidad' }).click()
  await expect(
    panel.getByText(/especialidad/i).and(panel.locator('.admin-message-error')),
  ).toBeVisible()
  await panel.getByLabel('Nueva especialidad').fill(specialty)
  await panel.getByRole('button', { name: 'Añadir especialidad' }).click()
  await expect(panel.getByText(`Especialidad añadida: ${specialty}.`)).toBeVisible()
  await expect(panel.getByRole('row', { name: new RegExp(specialty) })).toContainText('Se ofrece')
  await panel.getByLabel('Nueva especialidad').fill(specialty.toUpperCase())
  await panel.getByRole('button', { name: 'Añadir especialidad' }).click()
  await expect(
    panel.getByText('Este centro ya tiene una especialidad con ese nombre.'),
  ).toBeVisible()
  expect(await axeFindings(admin, `/${TENANT}/admin`)).toEqual([])

  // A professional of that specialty, created in "Cuentas".
  const accounts = admin.getByRole('region', { name: /^Cuentas de/ })
  const form = accounts.locator('form').filter({
    has: admin.getByRole('heading', { name: 'Nueva cuenta' }),
  })
  await form.getByLabel('Nombre y apellidos').fill(`Dra. Latido ${run}`)
  await form.getByLabel('Correo electrónico').fill(proEmail)
  await form.getByLabel('Perfil').selectOption({ label: 'Profesional' })
  await form.getByRole('group', { name: 'Especialidades' }).getByLabel(specialty).check()
  await form.getByLabel(/Contraseña inicial/).fill(proPassword)
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  const row = accounts.getByRole('row', { name: new RegExp(proEmail) })
  await expect(row).toContainText(specialty)

  // The patient's request form offers it; the request names it.
  const patient = await signedIn(browser, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await patient.goto(`/${TENANT}/solicitar-asistencia`)
  const motivo = `Palpitaciones al subir escaleras ${run}`
  await patient.getByLabel('Motivo').fill(motivo)
  await patient.getByLabel('Especialidad').selectOption(specialty)
  await patient.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(patient.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  const waitingRoom = patient.url()

  // The new professional signs in and finds it in the queue, with its specialty.
  const professional = await signedIn(browser, proEmail, proPassword)
  await expect(professional).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  const queued = professional
    .getByRole('region', { name: /^Cola de espera/ })
    .getByRole('listitem')
    .filter({ hasText: motivo })
  await expect(queued).toContainText(specialty)

  // The directory lists them under it.
  await professional.goto(`/${TENANT}/directorio`)
  await expect(
    professional.getByRole('region', { name: specialty }).getByText(`Dra. Latido ${run}`),
  ).toBeVisible()

  // Retired, it is offered no more.
  await panel.getByRole('button', { name: `Retirar ${specialty}` }).click()
  await expect(panel.getByRole('row', { name: new RegExp(specialty) })).toContainText('Retirada')
  await patient.goto(`/${TENANT}/solicitar-asistencia`)
  await expect(
    patient.getByLabel('Especialidad').locator('option', { hasText: 'Pediatría' }),
  ).toHaveCount(1)
  await expect(
    patient.getByLabel('Especialidad').locator('option', { hasText: specialty }),
  ).toHaveCount(0)

  // The request goes, as its patient would end it: the demo patient's open requests are limited.
  await patient.goto(waitingRoom)
  await patient.getByRole('button', { name: 'Cancelar solicitud' }).click()
  await patient.getByRole('button', { name: 'Sí, cancelar la solicitud' }).click()
  await expect(patient).toHaveURL(/\/error-consulta-inactiva\?motivo=cancelada$/)
})
