/**
 * The front desk, in a real browser: an administrator enrols a waiting-room device as a kiosk from
 * the administration; on it, a walk-in gets a ticket from the kiosk's home ("Pedir atención"); a
 * professional on a tablet (another context) attends it and presses "Llamar" to a room; the
 * waiting-room display (a third context, no session) shows "A-0xx → room" within 2 s, also after
 * its network dropped and returned. A walk-in without the kiosk's credential is refused.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { axeFindings } from '../../utils/a11y'
import { DEMO_ACCOUNT } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PASSWORD = DEMO_ACCOUNT.password

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport })
  return context.newPage()
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

test('an enrolled kiosk’s walk-in is called from a tablet and shown on the waiting room’s wall', async ({
  browser,
}) => {
  // Three devices, a sign-in on two of them and a dropped network: more than one screen's budget.
  test.slow()
  // The administrator enrols the waiting-room device.
  const kiosk = await newPage(browser, { width: 1920, height: 1080 })
  await kiosk.goto(`/${TENANT}/login`)
  await signIn(kiosk, `admin@${TENANT}.es`)
  await expect(kiosk).toHaveURL(new RegExp(`/${TENANT}/admin$`))
  const panel = kiosk.getByRole('region', { name: 'Quioscos' })
  await panel.getByLabel('Nombre del quiosco').fill(`Recepción ${String(Date.now())}`)
  await panel.getByRole('button', { name: 'Dar de alta este dispositivo' }).click()
  await expect(panel).toContainText('Este dispositivo es ahora el quiosco')
  await expect(panel.getByRole('button', { name: /^Revocar / }).first()).toBeVisible()
  await expect.poll(() => kiosk.evaluate(() => localStorage.getItem('modo-kiosco'))).toBe('1')
  await kiosk.getByRole('button', { name: 'Cerrar sesión' }).click()

  // The kiosk's home leads with the walk-in.
  await kiosk.getByRole('link', { name: 'Pedir atención' }).click()
  const motivo = `Me he torcido el tobillo ${String(Date.now())}`
  await kiosk.getByLabel('Nombre').fill('Visita Mostrador')
  await kiosk.getByLabel('Teléfono o correo electrónico').fill('+34 611 000 111')
  await kiosk.getByLabel('Motivo').fill(motivo)
  await kiosk.getByRole('checkbox', { name: /He leído y acepto/ }).check()
  await kiosk.getByRole('button', { name: 'Pedir atención inmediata' }).click()
  const ticketShown = kiosk.locator('.care-ticket')
  await expect(ticketShown).toHaveText(/^A-\d{3}$/)
  const ticket = (await ticketShown.textContent()) ?? ''

  // The waiting room's display: no session.
  const display = await newPage(browser, { width: 1920, height: 1080 })
  await display.goto(`/${TENANT}/sala-de-espera`)
  await expect(display.getByRole('heading', { level: 1, name: 'Sala de espera' })).toBeVisible()

  // Without the kiosk's credential, a walk-in is refused and gets no ticket.
  const forged = await display.request.post('/api/asistencias/inmediata', {
    data: {
      id: crypto.randomUUID(),
      tenant: TENANT,
      nombre: 'Sin Quiosco',
      contacto: '+34 622 000 222',
      motivo: 'Quiero pasar delante',
      acepta_terminos: true,
      presencial: true,
    },
  })
  expect(forged.status()).toBe(403)

  // The professional attends the walk-in on a tablet and calls it to a room.
  const professional = await newPage(browser, { width: 1024, height: 768 })
  await professional.goto(`/${TENANT}/login`)
  await signIn(professional, `profesional@${TENANT}.es`)
  const row = professional
    .getByRole('region', { name: /^Cola de espera/ })
    .getByRole('listitem')
    .filter({ hasText: motivo })
  await expect(row).toContainText(`Presencial · ${ticket}`)
  await row.getByRole('button', { name: 'Atender' }).click()
  await expect(professional.locator('.care-walk-in-ticket')).toHaveText(ticket)
  // No chat or calls with a person who has no device.
  await expect(professional.getByRole('button', { name: 'Videollamada' })).toHaveCount(0)
  await expect(professional.getByRole('heading', { name: 'Notas clínicas' })).toBeVisible()
  await professional.getByLabel('Consulta o puesto').fill('Consulta 2')
  await professional.getByRole('button', { name: 'Llamar' }).click()
  await expect(display.getByText(`${ticket} → Consulta 2`)).toBeVisible({ timeout: 2000 })
  expect(await axeFindings(display, 'waiting-room display')).toEqual([])

  // The display loses its network; a call made meanwhile shows once it returns.
  await display.context().setOffline(true)
  await professional.getByRole('button', { name: 'Cambiar consulta' }).click()
  await professional.getByLabel('Consulta o puesto').fill('Consulta 3')
  await professional.getByRole('button', { name: 'Llamar' }).click()
  await expect(professional.getByText(`Llamado: ${ticket} → Consulta 3`)).toBeVisible()
  await display.context().setOffline(false)
  await expect(display.locator('.waiting-room-call')).toHaveText(`${ticket} → Consulta 3`, {
    timeout: 2000,
  })
  await expect(display.getByText(`${ticket} → Consulta 2`)).toBeVisible()
  // Nothing of the person is on the wall.
  await expect(display.getByText('Visita Mostrador')).toHaveCount(0)
  await expect(display.getByText(motivo)).toHaveCount(0)

  // The professional ends the walk-in with its clinical note.
  await professional.getByLabel('Resumen').fill('Esguince leve. Vendaje y reposo.')
  await professional.getByRole('button', { name: 'Finalizar' }).click()
  await expect(professional.getByText('Esguince leve. Vendaje y reposo.')).toBeVisible()

  for (const page of [kiosk, display, professional]) await page.context().close()
})
