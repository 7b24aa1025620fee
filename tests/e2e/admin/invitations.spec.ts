/**
 * A new hospital run by its own people, in a real browser: the product admin onboards it from
 * /main/admin; its administrator defines a specialty and invites a professional by email (the
 * link arrives at the run's real SMTP server; "Reenviar" replaces it); the professional chooses a
 * password through the link and is signed in; a patient of that hospital asks for that specialty
 * and the professional sees the request.
 */
import { expect, test, type Page } from '@playwright/test'
import { axeFindings } from '../../utils/a11y'
import { mailTo, waitForMail } from '../../utils/mail'
import { signIn, signOut } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234' }
const INVITATION_SUBJECT = 'Te damos la bienvenida'

function newAccountForm(page: Page) {
  return page.locator('form').filter({ has: page.getByRole('heading', { name: 'Nueva cuenta' }) })
}

async function createAccount(
  page: Page,
  account: {
    nombre: string
    email: string
    perfil: string
    password?: string
    especialidad?: string
  },
) {
  const form = newAccountForm(page)
  await form.getByLabel('Nombre y apellidos').fill(account.nombre)
  await form.getByLabel('Correo electrónico').fill(account.email)
  await form.getByLabel('Perfil').selectOption({ label: account.perfil })
  if (account.especialidad !== undefined) {
    await form
      .getByRole('group', { name: 'Especialidades' })
      .getByLabel(account.especialidad)
      .check()
  }
  if (account.password !== undefined) {
    await form.getByLabel(/Contraseña inicial/).fill(account.password)
  }
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(
    page
      .getByRole('region', { name: /^Cuentas de/ })
      .getByRole('row', { name: new RegExp(account.email) }),
  ).toBeVisible()
}

/** The invitation link of the `nth` invitation mailed to `email` (1 = the first). */
async function invitationLink(email: string, nth: number): Promise<string> {
  await waitForMail(email, INVITATION_SUBJECT)
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBe(nth)
  const mail = (await mailTo(email))[nth - 1]
  const found = /https?:\/\/\S+\/restablecer-acceso\?invitacion=\S+/.exec(mail?.text ?? '')
  if (!found) throw new Error(`No invitation link in: ${mail?.text ?? ''}`)
  return found[0]
}

test('onboard a hospital, define a specialty, invite a professional by email who then attends that specialty', async ({
  page,
  browser,
}) => {
  // A whole hospital's first day, five screens long.
  test.setTimeout(120_000)
  const run = String(Date.now())
  const slug = `hospital-inv-${run}`
  const nombre = `Hospital Santa Ana ${run.slice(-5)}`
  const adminEmail = `admin@${slug}.es`
  const proEmail = `raul.campos@${slug}.es`
  const patientEmail = `paciente@${slug}.es`
  const specialty = 'Traumatología'

  // 1. The product admin onboards the hospital and its administrator.
  await signIn(page, 'main', PRODUCT_ADMIN.email, PRODUCT_ADMIN.password)
  await expect(page).toHaveURL(/\/main\/admin$/)
  const newHospital = page.locator('form').filter({
    has: page.getByRole('heading', { name: 'Nuevo centro' }),
  })
  await newHospital.getByLabel(/Dirección/).fill(slug)
  await newHospital.getByLabel('Nombre del centro').fill(nombre)
  await newHospital.getByRole('button', { name: 'Crear centro' }).click()
  await expect(page.getByRole('heading', { name: `Cuentas de ${nombre}` })).toBeVisible()
  await createAccount(page, {
    nombre: 'Ana Admin',
    email: adminEmail,
    perfil: 'Administración',
    password: 'gestion del centro 1',
  })
  await signOut(page)

  // 2. Its administrator defines a specialty and invites a professional who has it.
  await signIn(page, slug, adminEmail, 'gestion del centro 1')
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin$`))
  const specialties = page.getByRole('region', { name: 'Especialidades' })
  await expect(
    specialties.getByText('Este centro todavía no tiene especialidades.', { exact: false }),
  ).toBeVisible()
  await specialties.getByLabel('Nueva especialidad').fill(specialty)
  await specialties.getByRole('button', { name: 'Añadir especialidad' }).click()
  await expect(specialties.getByRole('row', { name: new RegExp(specialty) })).toBeVisible()
  await createAccount(page, {
    nombre: 'Dr. Raúl Campos',
    email: proEmail,
    perfil: 'Profesional',
    especialidad: specialty,
  })
  await expect(page.getByText(/Le hemos enviado una invitación por correo/)).toBeVisible()
  const accounts = page.getByRole('region', { name: /^Cuentas de/ })
  const row = accounts.getByRole('row', { name: new RegExp(proEmail) })
  await expect(row).toContainText('Invitación pendiente')
  await expect(row).toContainText(specialty)
  expect(await axeFindings(page, `/${slug}/admin`)).toEqual([])
  const firstLink = await invitationLink(proEmail, 1)
  await row.getByRole('button', { name: `Reenviar la invitación a ${proEmail}` }).click()
  await expect(
    page.getByText(`Invitación reenviada a ${proEmail}.`, { exact: false }),
  ).toBeVisible()
  const secondLink = await invitationLink(proEmail, 2)
  expect(new URL(secondLink).pathname).toBe(`/${slug}/restablecer-acceso`)
  await createAccount(page, {
    nombre: 'Marta Paciente',
    email: patientEmail,
    perfil: 'Paciente',
    password: 'me duele la rodilla',
  })
  await signOut(page)

  // 3. The professional: the replaced link no longer works; the new one sets the password.
  const pro = await (await browser.newContext()).newPage()
  await pro.goto(firstLink)
  await expect(pro.getByRole('heading', { name: 'Elige tu contraseña' })).toBeVisible()
  await pro.getByLabel('Contraseña nueva', { exact: true }).fill('rodillas y tobillos')
  await pro.getByRole('button', { name: 'Guardar la contraseña' }).click()
  await expect(pro.getByText(/^Este enlace no es válido/)).toBeVisible()
  await expect(
    pro.getByText('Pide a la administración de tu centro que te envíe otra invitación.'),
  ).toBeVisible()
  await pro.goto(secondLink)
  await pro.getByLabel('Contraseña nueva', { exact: true }).fill('1234567890')
  await pro.getByRole('button', { name: 'Guardar la contraseña' }).click()
  await expect(pro.locator('.field-error')).toBeVisible()
  expect(await axeFindings(pro, new URL(secondLink).pathname + new URL(secondLink).search)).toEqual(
    [],
  )
  await pro.getByLabel('Contraseña nueva', { exact: true }).fill('rodillas y tobillos')
  await pro.getByRole('button', { name: 'Guardar la contraseña' }).click()
  await expect(pro).toHaveURL(new RegExp(`/${slug}/profesional$`))
  await expect(pro.getByRole('banner')).toContainText('Dr. Raúl Campos')

  // 4. A patient of that hospital asks for that specialty; the professional sees it.
  await signIn(page, slug, patientEmail, 'me duele la rodilla')
  await expect(page).toHaveURL(new RegExp(`/${slug}/cliente$`))
  await page.goto(`/${slug}/solicitar-asistencia`)
  const motivo = `Esguince de tobillo ${run}`
  await page.getByLabel('Motivo').fill(motivo)
  await page.getByLabel('Especialidad').selectOption(specialty)
  await page.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(page.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  const queued = pro
    .getByRole('region', { name: /^Cola de espera/ })
    .getByRole('listitem')
    .filter({ hasText: motivo })
  await expect(queued).toContainText(specialty)
})
