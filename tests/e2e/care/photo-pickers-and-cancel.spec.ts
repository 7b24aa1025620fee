/**
 * Spanish everywhere, no accidents: the photo pickers are the app's own labelled buttons (with
 * "Hacer una foto", the camera, on a phone), never the browser's "Choose Files / No file chosen";
 * "Cancelar solicitud" asks first, in an accessible Spanish dialog, and keeping the request loses
 * nothing.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { axeFindings } from '../../utils/a11y'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const DESKTOP = { viewport: { width: 1280, height: 800 } }

async function signedInPatient(browser: Browser, device: typeof PHONE | typeof DESKTOP) {
  const context = await browser.newContext(device)
  const page = await context.newPage()
  await page.goto(`/${TENANT}/login`)
  await page.getByLabel('Correo electrónico').fill(DEMO_ACCOUNT.email)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  return page
}

/** Nothing of the browser's own file field shows, nor is it announced. */
async function expectNoNativeFileField(page: Page) {
  for (const field of await page.locator('input[type="file"]').all()) {
    await expect(field).toBeHidden()
  }
  const tree = await page.getByRole('main').ariaSnapshot()
  expect(tree).not.toMatch(/Choose File|No file chosen|Seleccionar archivo|Ningún archivo/i)
}

const UNDECIDED_OVER_BACKDROP = /needs review color-contrast .*partially overlaps other elements/

const PHOTO = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer()

test('on a phone the request form offers "Añadir fotos" and "Hacer una foto", both its own buttons', async ({
  browser,
}) => {
  const page = await signedInPatient(browser, PHONE)
  await page.goto(`/${TENANT}/solicitar-asistencia`)
  await expect(page.getByRole('button', { name: 'Añadir fotos' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Hacer una foto' })).toBeVisible()
  await expectNoNativeFileField(page)

  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Añadir fotos' }).click()
  const files = await chooser
  expect(files.isMultiple()).toBe(true)
  await files.setFiles({ name: 'brazo.jpg', mimeType: 'image/jpeg', buffer: await PHOTO() })
  await expect(page.getByRole('img', { name: 'Foto 1: brazo.jpg' })).toBeVisible()

  const camera = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Hacer una foto' }).click()
  const capture = await camera
  // The phone's browser opens the rear camera for it.
  expect(await capture.element().getAttribute('capture')).toBe('environment')
  await capture.setFiles({ name: 'camara.jpg', mimeType: 'image/jpeg', buffer: await PHOTO() })
  await expect(page.getByRole('img', { name: 'Foto 2: camara.jpg' })).toBeVisible()
  await expectNoNativeFileField(page)
  expect(await axeFindings(page, 'formulario de solicitud en un teléfono')).toEqual([])
  await page.context().close()
})

test('on a desktop, "Añadir fotos" only: there is no camera to point', async ({ browser }) => {
  const page = await signedInPatient(browser, DESKTOP)
  await page.goto(`/${TENANT}/solicitar-asistencia`)
  await expect(page.getByRole('button', { name: 'Añadir fotos' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Hacer una foto' })).toHaveCount(0)
  await expectNoNativeFileField(page)
  await page.context().close()
})

test('"Cancelar solicitud" asks first; keeping the request changes nothing, confirming cancels it', async ({
  browser,
}) => {
  const page = await signedInPatient(browser, PHONE)
  await page.goto(`/${TENANT}/solicitar-asistencia`)
  const motivo = `Tos seca desde hace días ${String(Date.now())}`
  await page.getByLabel('Motivo').fill(motivo)
  await page.getByRole('button', { name: 'Solicitar asistencia' }).click()
  const waiting = page.getByRole('heading', { name: 'Tu solicitud está en espera' })
  await expect(waiting).toBeVisible()
  const id = new URL(page.url()).pathname.split('/').pop() ?? ''
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const readEstado = async () => {
    const answer = await page.request.get(`/api/asistencias/${id}`, {
      headers: { 'X-Authorization': `Bearer ${String(token)}` },
    })
    return ((await answer.json()) as { estado: string }).estado
  }

  const cancel = page.getByRole('button', { name: 'Cancelar solicitud' })
  const dialog = page.getByRole('dialog', { name: '¿Cancelar la solicitud?' })
  await cancel.click()
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Dejarás tu sitio en la cola')
  // The choice that loses nothing has the focus.
  await expect(dialog.getByRole('button', { name: 'Seguir esperando' })).toBeFocused()
  // Over a modal's backdrop axe cannot decide text contrast ("needs review"); the dialog's text
  // and ground are the theme's own (the repair dialog's, measured in support-screens tests).
  const findings = await axeFindings(page, 'confirmación de cancelar la solicitud')
  expect(findings.filter((finding) => !UNDECIDED_OVER_BACKDROP.test(finding))).toEqual([])

  await dialog.getByRole('button', { name: 'Seguir esperando' }).click()
  await expect(dialog).toBeHidden()
  await expect(cancel).toBeFocused()
  await expect(waiting).toBeVisible()
  expect(await readEstado()).toBe('en_espera')

  // Escape keeps it too.
  await cancel.click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(waiting).toBeVisible()
  expect(await readEstado()).toBe('en_espera')

  await cancel.click()
  await dialog.getByRole('button', { name: 'Sí, cancelar la solicitud' }).click()
  await expect(page).toHaveURL(new RegExp(`/error-consulta-inactiva\\?motivo=cancelada$`))
  expect(await readEstado()).toBe('cancelada')
  await page.context().close()
})
