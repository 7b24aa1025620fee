import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { axeFindings } from '../../utils/a11y'
import { brandColors } from '../../utils/page-state'
import { signIn, signOut } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234' }

async function createAccount(
  page: Page,
  account: { nombre: string; email: string; perfil: string; password: string },
) {
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('heading', { name: 'Nueva cuenta' }) })
  await form.getByLabel('Nombre y apellidos').fill(account.nombre)
  await form.getByLabel('Correo electrónico').fill(account.email)
  await form.getByLabel('Perfil').selectOption({ label: account.perfil })
  await form.getByLabel(/Contraseña inicial/).fill(account.password)
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  // The accounts' own table: the audit log below it names the new account too.
  const accounts = page.getByRole('region', { name: /^Cuentas de/ })
  await expect(accounts.getByRole('row', { name: new RegExp(account.email) })).toBeVisible()
}

/** Registration at `tenant` as a new patient would send it (terms' version as the screen read it). */
async function register(request: APIRequestContext, tenant: string, terminosVersion?: number) {
  return request.post('/api/auth/registro', {
    data: {
      tenant,
      nombre: 'Paciente Nueva',
      email: `registro-${String(Date.now())}@${tenant}.es`,
      password: 'una clave muy larga 42',
      acepta_terminos: true,
      ...(terminosVersion === undefined ? {} : { terminos_version: terminosVersion }),
    },
  })
}

/** A step of the opening checklist, by its label. */
function step(checklist: Locator, label: string): Locator {
  return checklist.getByRole('listitem').filter({ hasText: label })
}

test('a product admin onboards a hospital; its admin brands it; its patient sees the branding', async ({
  page,
}) => {
  const slug = `hospital-e2e-${String(Date.now())}`
  const nombre = 'Hospital de Pruebas'
  const adminEmail = `admin@${slug}.es`
  const patientEmail = `paciente@${slug}.es`

  // 1. The product admin creates the hospital and its admin account from /main/admin.
  await signIn(page, 'main', PRODUCT_ADMIN.email, PRODUCT_ADMIN.password)
  await expect(page).toHaveURL(/\/main\/admin$/)
  await expect(page.getByRole('heading', { name: 'Centros', level: 2 })).toBeVisible()
  await expect(page.getByRole('row', { name: /Hospital Central/ })).toBeVisible()
  expect(await axeFindings(page, '/main/admin')).toEqual([])

  const newHospital = page.locator('form').filter({
    has: page.getByRole('heading', { name: 'Nuevo centro' }),
  })
  await newHospital.getByLabel(/Dirección/).fill('admin')
  await newHospital.getByLabel('Nombre del centro').fill(nombre)
  await newHospital.getByRole('button', { name: 'Crear centro' }).click()
  await expect(page.getByText(/no puede ser un nombre reservado/)).toBeVisible()

  await newHospital.getByLabel(/Dirección/).fill(slug)
  await newHospital.getByRole('button', { name: 'Crear centro' }).click()
  await expect(
    page.getByText(`Centro creado: ${nombre} (/${slug}).`, { exact: false }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: `Cuentas de ${nombre}` })).toBeVisible()
  // Nobody joins before the hospital publishes its terms.
  const closed = await register(page.request, slug)
  expect(closed.status()).toBe(409)
  expect(await closed.json()).toMatchObject({ error: 'no_terms' })
  await createAccount(page, {
    nombre: 'Admin de Pruebas',
    email: adminEmail,
    perfil: 'Administración',
    password: 'clave-admin-1',
  })
  await signOut(page)

  // 2. That admin signs in on the hospital's own address and brands it.
  await signIn(page, slug, adminEmail, 'clave-admin-1')
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin$`))
  await expect(page.getByRole('heading', { name: 'Imagen del centro' })).toBeVisible()
  // Its home lists what the hospital still lacks to open, each step pending.
  const checklist = page.getByRole('region', { name: `Puesta en marcha de ${nombre}` })
  for (const label of [
    'Colores y logotipo del centro',
    'Teléfono de contacto',
    'Términos y condiciones publicados',
    'Al menos una especialidad',
    'Primera cuenta de profesional',
    'Página de instalación impresa',
  ]) {
    await expect(step(checklist, label)).toContainText('pendiente')
  }

  const logo = await sharp({
    create: { width: 256, height: 256, channels: 4, background: '#00897b' },
  })
    .png()
    .toBuffer()
  await page.getByLabel(/Imagen PNG, JPEG o WebP/).setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  })
  await expect(
    page.getByText('El logotipo debe ser una imagen PNG, JPEG o WebP (no SVG).'),
  ).toBeVisible()
  await page.getByLabel(/Imagen PNG, JPEG o WebP/).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logo,
  })
  await expect(page.getByRole('img', { name: 'Vista previa del logotipo elegido' })).toBeVisible()
  await page.getByRole('button', { name: 'Subir logotipo' }).click()
  await expect(page.getByText('Logotipo actualizado.')).toBeVisible()
  await expect(
    page.getByRole('banner').getByRole('img', { name: `Logotipo de ${nombre}` }),
  ).toBeVisible()
  await expect(step(checklist, 'Colores y logotipo del centro')).toContainText('hecho')

  // A pale secondary colour: the verdict says so and the save asks for confirmation first.
  await page.getByLabel(/Color primario/).fill('#6a1b9a')
  await page.getByLabel(/Color secundario/).fill('#fff59d')
  await page.getByLabel(/Teléfono de contacto/).fill('+34 910 555 010')
  // Too long for a home screen: said in Spanish before anything is sent.
  const shortName = page.getByLabel(/Nombre corto/)
  await shortName.fill('Hospital de Pruebas')
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(
    page.getByText('El nombre corto puede tener como mucho 12 caracteres.'),
  ).toBeVisible()
  await shortName.fill('Pruebas')
  await expect(page.getByText(/El color secundario #fff59d es demasiado claro/)).toBeVisible()
  await expect(page.getByRole('row', { name: /Texto de la cabecera y los botones/ })).toContainText(
    'Legible (cumple AA)',
  )
  expect(await axeFindings(page, `/${slug}/admin`)).toEqual([])
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByRole('alert')).toContainText('la app los oscurecerá')
  await page.getByRole('button', { name: 'Guardar igualmente' }).click()
  await expect(page.getByText(/Cambios guardados/)).toBeVisible()
  await expect(step(checklist, 'Teléfono de contacto')).toContainText('hecho')
  // This device shows the new colours at once.
  await expect.poll(() => brandColors(page)).toEqual({ primario: '#6a1b9a', secundario: '#fff59d' })
  // And a phone that installs it shows the short name under the icon.
  const manifest = await page.request.get(`/${slug}/manifest.webmanifest`)
  expect(((await manifest.json()) as { short_name: string }).short_name).toBe('Pruebas')

  // The terms start from a Spanish template naming the hospital; the admin adapts and publishes.
  const terms = page.getByRole('region', { name: `Términos y condiciones de ${nombre}` })
  const editor = terms.getByLabel('Texto de la nueva versión')
  await expect(editor).toHaveValue(new RegExp(`servicio de atención de ${nombre}`))
  await editor.fill(`${await editor.inputValue()}\n\n6. Contacto: +34 910 555 010.`)
  await terms.getByRole('button', { name: 'Publicar nueva versión' }).click()
  await expect(terms.getByText('Publicada la versión 1.')).toBeVisible()
  await expect(step(checklist, 'Términos y condiciones publicados')).toContainText('hecho')
  const opened = await register(page.request, slug, 1)
  expect(opened.status()).toBe(202)

  const specialties = page.getByRole('region', { name: 'Especialidades' })
  await specialties.getByLabel('Nueva especialidad').fill('Pediatría')
  await specialties.getByRole('button', { name: 'Añadir especialidad' }).click()
  await expect(specialties.getByRole('row', { name: /Pediatría/ })).toBeVisible()
  await expect(step(checklist, 'Al menos una especialidad')).toContainText('hecho')
  await expect(step(checklist, 'Primera cuenta de profesional')).toContainText('pendiente')

  await createAccount(page, {
    nombre: 'Paciente de Pruebas',
    email: patientEmail,
    perfil: 'Paciente',
    password: 'clave-paciente-1',
  })
  await signOut(page)

  // 3. The patient signs in and sees the hospital's branding.
  await signIn(page, slug, patientEmail, 'clave-paciente-1')
  await expect(page).toHaveURL(new RegExp(`/${slug}/cliente$`))
  await expect(page.getByRole('banner')).toContainText(nombre)
  await expect(page.getByRole('banner')).toContainText('Paciente de Pruebas')
  await expect(page.getByRole('contentinfo')).toContainText('Teléfono de contacto: +34 910 555 010')
  await expect.poll(() => brandColors(page)).toEqual({ primario: '#6a1b9a', secundario: '#fff59d' })
  const shownLogo = page.getByRole('banner').getByRole('img', { name: `Logotipo de ${nombre}` })
  await expect(shownLogo).toHaveAttribute('src', /\/logos\/h\/[0-9a-f]{32}\.png$/)
  await expect
    .poll(() => shownLogo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(256)
})
