/**
 * Immediate care without an account and kiosk walk-ins, in a real browser: a guest asks from the
 * sign-in screen's link on a phone and is attended by a professional in another context, up to
 * the thanks; a kiosk walk-in gets its ticket, the professional's queue shows "Presencial · A-0xx",
 * and 30 seconds later the kiosk holds nothing of the person (Web Storage, IndexedDB, Cache
 * Storage); offline, the walk-in waits in the outbox and its ticket comes when it is sent; axe
 * on every state of the new screen in every demo hospital.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { KIOSK_TICKET_SECONDS } from '../../../src/contract/immediate-care'
import { axeFindings, englishFindings, waitForBranding } from '../../utils/a11y'
import { enrolKiosk } from '../../utils/admin-api'
import { DEMO_ACCOUNT, DEMO_TENANTS } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const SCREEN = `/${TENANT}/atencion-profesional-publica-inmediata`
const PHONE = { width: 390, height: 844 }
const TABLET = { width: 1024, height: 768 }

function failOnConsoleErrors(page: Page, who: string) {
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(message.text())
    ) {
      throw new Error(`Console error in ${who}'s page: ${message.text()}`)
    }
  })
}

async function newPage(browser: Browser, who: string, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE })
  const page = await context.newPage()
  failOnConsoleErrors(page, who)
  return page
}

async function professionalPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser, 'the professional', TABLET)
  await page.goto(`/${TENANT}/login`)
  await page.getByLabel('Correo electrónico').fill(`profesional@${TENANT}.es`)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: /Cola de espera/ })).toBeVisible()
  return page
}

function queueRow(page: Page, motivo: string) {
  return page
    .getByRole('region', { name: /^Cola de espera/ })
    .getByRole('listitem')
    .filter({ hasText: motivo })
}

async function fillForm(page: Page, person: { nombre: string; contacto: string; motivo: string }) {
  await page.getByLabel('Nombre').fill(person.nombre)
  await page.getByLabel('Teléfono o correo electrónico').fill(person.contacto)
  await page.getByLabel('Motivo').fill(person.motivo)
  await page.getByRole('checkbox', { name: /He leído y acepto/ }).check()
}

/** Everything the page's origin keeps, as text: Web Storage, every IndexedDB record, caches. */
async function everythingKept(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const entries = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, index) => {
          const key = storage.key(index) ?? ''
          return [key, storage.getItem(key)]
        }),
      )
    const kept: unknown[] = [entries(localStorage), entries(sessionStorage)]
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name)
        opening.onsuccess = () => {
          resolve(opening.result)
        }
        opening.onerror = () => {
          reject(new Error(`Cannot open ${name}`))
        }
      })
      for (const store of database.objectStoreNames) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const reading = database.transaction(store).objectStore(store).getAll()
          reading.onsuccess = () => {
            resolve(reading.result)
          }
          reading.onerror = () => {
            reject(new Error(`Cannot read ${name}/${store}`))
          }
        })
        kept.push({ database: name, store, records })
      }
      database.close()
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const entry of await cache.keys()) {
        const answer = await cache.match(entry)
        kept.push({ cache: name, url: entry.url, body: answer ? await answer.text() : '' })
      }
    }
    return JSON.stringify(kept)
  })
}

test('a guest asks for immediate care without an account and is attended up to the thanks', async ({
  browser,
}) => {
  const professional = await professionalPage(browser)
  const guest = await newPage(browser, 'the guest', PHONE)
  await guest.goto(`/${TENANT}/login`)
  await guest.getByRole('link', { name: 'Atención inmediata sin cuenta' }).click()
  await expect(guest).toHaveURL(new RegExp(`${SCREEN}$`))
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(
    'Atención profesional inmediata',
  )

  const motivo = `Corte profundo en la mano ${String(Date.now())}`
  await fillForm(guest, { nombre: 'Invitada Pruebas', contacto: '+34 600 123 456', motivo })
  await guest.getByRole('button', { name: 'Pedir atención inmediata' }).click()

  // The same waiting room as a patient's, on a guest session limited to this request.
  await expect(guest).toHaveURL(new RegExp(`/${TENANT}/atencion-asistencia/[0-9a-f-]{36}$`))
  await expect(guest.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  const id = new URL(guest.url()).pathname.split('/').pop() ?? ''
  expect(await guest.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
  // The header's way home leads to the one request; a guest is offered immediate care again,
  // never an account's request form (which its session may not use).
  await guest.locator('.brand').click()
  await expect(guest).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  const home = guest.getByRole('main')
  await expect(home.getByRole('link', { name: 'Pedir otra atención inmediata' })).toBeVisible()
  await expect(home.getByRole('link', { name: 'Solicitar asistencia', exact: true })).toHaveCount(0)
  await expect(home.getByText(motivo)).toBeVisible()
  await guest.goBack()
  await expect(guest.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()

  // The professional is alerted live, the request marked as immediate.
  const row = queueRow(professional, motivo)
  await expect(row).toBeVisible()
  await expect(row).toContainText('Inmediata')
  await expect(row).toContainText('Invitada Pruebas')
  await row.getByRole('button', { name: 'Atender' }).click()
  await expect(professional).toHaveURL(new RegExp(`/atencion-asistencia/${id}$`))
  // The professional can call the guest back.
  await expect(professional.getByText('+34 600 123 456')).toBeVisible()

  await expect(guest.getByRole('heading', { name: /^Te atiende / })).toBeVisible()
  await professional.getByLabel('Mensaje').fill('Aprieta la herida con una gasa limpia.')
  await professional.getByRole('button', { name: 'Enviar' }).click()
  await expect(guest.getByText('Aprieta la herida con una gasa limpia.')).toBeVisible()
  await guest.getByLabel('Mensaje').fill('Ya deja de sangrar.')
  await guest.getByRole('button', { name: 'Enviar' }).click()
  await expect(professional.getByText('Ya deja de sangrar.')).toBeVisible()

  await professional.getByLabel('Resumen').fill('Herida superficial. Vendaje compresivo.')
  await professional.getByRole('button', { name: 'Finalizar' }).click()

  // The thanks, with the summary; the guest session ended with the consultation, here too.
  await expect(guest).toHaveURL(new RegExp(`/${TENANT}/agradecimiento-final/${id}$`))
  await expect(guest.getByText('Herida superficial. Vendaje compresivo.')).toBeVisible()
  await expect(guest.getByText(/Tu sesión de invitado ha terminado/)).toBeVisible()
  await expect.poll(() => guest.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect([
    ...(await axeFindings(guest, 'guest thanks')),
    ...(await englishFindings(guest, 'guest thanks')),
  ]).toEqual([])

  for (const page of [guest, professional]) await page.context().close()
})

test('a kiosk walk-in gets a ticket, shows in the queue, and leaves nothing behind', async ({
  browser,
}) => {
  const professional = await professionalPage(browser)
  const kiosk = await newPage(browser, 'the kiosk', { width: 1920, height: 1080 })
  await kiosk.clock.install()
  await kiosk.goto(`${SCREEN}?kiosco=1`)
  await expect(kiosk).toHaveURL(new RegExp(`${SCREEN}$`))
  await expect.poll(() => kiosk.evaluate(() => localStorage.getItem('modo-kiosco'))).toBe('1')
  await enrolKiosk(kiosk, TENANT)

  const person = {
    nombre: 'Paciente Presencial',
    contacto: 'presencial@correo.es',
    motivo: `Mareo en la sala de espera ${String(Date.now())}`,
  }
  await fillForm(kiosk, person)
  await kiosk.getByRole('button', { name: 'Pedir atención inmediata' }).click()
  const ticket = kiosk.locator('.care-ticket')
  await expect(ticket).toHaveText(/^A-\d{3}$/)
  const number = (await ticket.textContent()) ?? ''
  // Very large type, read from across the room.
  expect(
    await ticket.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
  ).toBeGreaterThanOrEqual(120)
  // No guest session on a kiosk.
  expect(await kiosk.evaluate(() => localStorage.getItem('token'))).toBeNull()

  const row = queueRow(professional, person.motivo)
  await expect(row).toBeVisible()
  await expect(row).toContainText(`Presencial · ${number}`)

  await kiosk.clock.fastForward((KIOSK_TICKET_SECONDS - 1) * 1000)
  await expect(ticket).toBeVisible()
  await kiosk.clock.fastForward(1000)
  await expect(kiosk.getByRole('button', { name: 'Pedir atención inmediata' })).toBeVisible()
  await expect(kiosk.getByLabel('Nombre')).toHaveValue('')
  await expect(kiosk.getByLabel('Motivo')).toHaveValue('')

  const kept = await everythingKept(kiosk)
  for (const trace of [person.nombre, person.contacto, person.motivo, number]) {
    expect(kept).not.toContain(trace)
  }

  for (const page of [kiosk, professional]) await page.context().close()
})

test('offline, the kiosk keeps the walk-in in its outbox until it is sent, then forgets it', async ({
  browser,
}) => {
  const kiosk = await newPage(browser, 'the kiosk', { width: 1920, height: 1080 })
  await kiosk.goto(`${SCREEN}?kiosco=1`)
  await expect.poll(() => kiosk.evaluate(() => localStorage.getItem('modo-kiosco'))).toBe('1')
  await enrolKiosk(kiosk, TENANT)
  const person = {
    nombre: 'Sin Conexión',
    contacto: '600 987 654',
    motivo: `Dolor de espalda ${String(Date.now())}`,
  }
  await fillForm(kiosk, person)
  await kiosk.context().setOffline(true)
  await kiosk.getByRole('button', { name: 'Pedir atención inmediata' }).click()
  await expect(
    kiosk.getByText('Sin conexión: se enviará en cuanto vuelva la conexión.'),
  ).toBeVisible()
  // The queued walk-in is the one thing kept.
  expect(await everythingKept(kiosk)).toContain(person.motivo)

  await kiosk.context().setOffline(false)
  await expect(kiosk.locator('.care-ticket')).toHaveText(/^A-\d{3}$/)
  await expect.poll(() => everythingKept(kiosk)).not.toContain(person.motivo)

  await kiosk.context().close()
})

for (const tenant of Object.keys(DEMO_TENANTS)) {
  test(`${tenant}: every state of the immediate-care screen passes axe`, async ({ browser }) => {
    const found: string[] = []
    const check = async (page: Page, where: string) => {
      found.push(...(await axeFindings(page, where)), ...(await englishFindings(page, where)))
    }
    const page = await newPage(browser, 'the visitor', PHONE)
    await page.goto(`/${tenant}/atencion-profesional-publica-inmediata`)
    await waitForBranding(page, tenant)
    await expect(page.getByRole('button', { name: 'Pedir atención inmediata' })).toBeVisible()
    await check(page, `${tenant} form`)

    await page.getByRole('button', { name: 'Pedir atención inmediata' }).click()
    await expect(page.getByText('Introduce un teléfono o un correo electrónico.')).toBeVisible()
    await expect(page.getByLabel('Nombre')).toBeFocused()
    await check(page, `${tenant} form with errors`)

    await page.getByLabel('Teléfono o correo electrónico').fill('no es un contacto')
    await page.getByRole('button', { name: 'Pedir atención inmediata' }).click()
    await expect(page.getByText(/^Escribe un teléfono/)).toBeVisible()

    await page.goto(`/${tenant}/atencion-profesional-publica-inmediata?kiosco=1`)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('modo-kiosco'))).toBe('1')
    await enrolKiosk(page, tenant)
    await waitForBranding(page, tenant)
    await check(page, `${tenant} kiosk form`)
    await fillForm(page, {
      nombre: 'Visita Accesible',
      contacto: '+34 611 222 333',
      motivo: `Revisión de accesibilidad ${String(Date.now())}`,
    })
    await page.getByRole('button', { name: 'Pedir atención inmediata' }).click()
    await expect(page.locator('.care-ticket')).toHaveText(/^A-\d{3}$/)
    await check(page, `${tenant} kiosk ticket`)

    expect(found).toEqual([])
    await page.context().close()
  })
}
