/**
 * In-app alerts in a real Chromium, each person in their own context: a patient on their home is
 * alerted when their request is taken and on a message (banner with a link, words for screen
 * readers, a tone, the tab title's count, a system notification naming no one while the tab is
 * out of view); a professional inside one consultation is alerted of a reply in another and of a
 * new immediate request; two tabs of one professional make one tone and one notification per
 * piece of news; a referral reaches its patient on the consultation screen and the professional
 * it names elsewhere. `Notification` and `AudioContext` are stubbed in the page to count what
 * the person would see and hear.
 */
import { randomUUID } from 'node:crypto'
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import { createAccount, uniqueEmail } from '../../utils/admin-api'
import { axeFindings } from '../../utils/a11y'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { acceptCurrentTerms, currentTermsVersion } from '../../utils/terms'

test.use({ serviceWorkers: 'block' })

const TENANT = DEMO_ACCOUNT.tenant
const PROFESIONAL = `profesional@${TENANT}.es`
const PEDIATRA = { email: `profesional2@${TENANT}.es`, nombre: 'Elena Navarro' }
const PASSWORD = 'clave-avisos-1'

interface Seen {
  notifications: { title: string; body?: string; tag?: string }[]
  tones: number
}

/** Counts, in every page of `context`, the system notifications shown and the tones played. */
async function watchAlerts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: Seen = { notifications: [], tones: 0 }
    Object.assign(window, { alertsSeen: seen })
    class StubNotification {
      static permission = 'granted'
      static requestPermission() {
        return Promise.resolve('granted')
      }
      onclick: (() => void) | null = null
      constructor(title: string, options?: NotificationOptions) {
        seen.notifications.push({ title, body: options?.body, tag: options?.tag })
      }
      close() {
        return undefined
      }
    }
    class StubAudioContext {
      currentTime = 0
      destination = {}
      createOscillator() {
        return {
          frequency: { value: 0 },
          connect: (next: unknown) => next,
          // A tone's first note starts at once: one per tone.
          start: (at: number) => {
            if (at === 0) seen.tones += 1
          },
          stop: () => undefined,
        }
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
          connect: (next: unknown) => next,
        }
      }
    }
    Object.defineProperty(window, 'Notification', { value: StubNotification, writable: true })
    Object.defineProperty(window, 'AudioContext', { value: StubAudioContext, writable: true })
  })
}

function seenIn(page: Page): Promise<Seen> {
  return page.evaluate(() => (window as unknown as { alertsSeen: Seen }).alertsSeen)
}

/** Puts the tab out of view (or back), as switching to another app would. */
async function setInView(page: Page, isInView: boolean): Promise<void> {
  await page.evaluate((visible) => {
    Object.defineProperty(document, 'visibilityState', {
      value: visible ? 'visible' : 'hidden',
      configurable: true,
    })
    document.dispatchEvent(new Event('visibilitychange'))
  }, isInView)
}

async function signInPage(page: Page, email: string, password: string): Promise<void> {
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      throw new Error(`Console error in ${email}'s page: ${message.text()}`)
    }
  })
  await page.goto(`/${TENANT}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
}

async function signedIn(browser: Browser, email: string, password: string = DEMO_ACCOUNT.password) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  await watchAlerts(context)
  const page = await context.newPage()
  await signInPage(page, email, password)
  return page
}

/** The alerts are listening on this page (they load after the first screen). */
async function alertsReady(page: Page): Promise<void> {
  await expect(page.locator('#avisos-recientes')).toBeAttached()
}

function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '')
}

/** A patient of their own, who has accepted the hospital's terms. */
async function newPatient(request: APIRequestContext, nombre: string) {
  const email = uniqueEmail('avisos', TENANT)
  await createAccount(request, TENANT, { email, nombre, rol: 'cliente', password: PASSWORD })
  const login = await request.post('/api/auth/login', {
    data: { email, password: PASSWORD, tenant: TENANT },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  await acceptCurrentTerms(request, TENANT, token)
  return { email, nombre, token }
}

async function api(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'GET',
  path: string,
  data?: object,
) {
  const response = await request.fetch(path, {
    method,
    headers: { 'X-Authorization': `Bearer ${token}` },
    data,
  })
  expect(response.ok(), `${method} ${path}: ${String(response.status())}`).toBe(true)
  return (await response.json()) as unknown
}

/** A request of `token`'s patient; answers its id. */
async function requestHelp(request: APIRequestContext, token: string, motivo: string) {
  const id = randomUUID()
  await api(request, token, 'POST', '/api/asistencias', { id, motivo })
  return id
}

/** A guest's immediate request; answers its id and the guest's token. */
async function immediateRequest(request: APIRequestContext, nombre: string) {
  const version = await currentTermsVersion(request, TENANT)
  const created = await request.post('/api/asistencias/inmediata', {
    data: {
      id: randomUUID(),
      tenant: TENANT,
      nombre,
      contacto: '+34 600 123 456',
      motivo: 'Dolor en el pecho desde hace 20 minutos',
      acepta_terminos: true,
      ...(version === null ? {} : { terminos_version: version }),
    },
  })
  expect(created.status()).toBe(201)
  const body = (await created.json()) as { asistencia: { id: string }; sesion: { token: string } }
  return { id: body.asistencia.id, token: body.sesion.token }
}

function banner(page: Page, text: string) {
  return page
    .getByRole('region', { name: 'Avisos nuevos' })
    .getByRole('listitem')
    .filter({ hasText: text })
}

test('a patient on their home is alerted when taken and on each message, out of view too', async ({
  browser,
  request,
}) => {
  const lucia = await newPatient(request, `Lucía Martín ${String(Date.now())}`)
  const patient = await signedIn(browser, lucia.email, PASSWORD)
  const id = await requestHelp(request, lucia.token, 'Fiebre alta desde anoche')
  await expect(patient).toHaveURL(new RegExp(`/${TENANT}/cliente$`))
  await expect(patient.getByRole('link', { name: 'Ver mi solicitud en espera' })).toBeVisible()
  await alertsReady(patient)

  const professional = await signedIn(browser, PROFESIONAL)
  // Each queue button names its patient for a screen reader; it still reads "Atender".
  const take = professional.getByRole('button', { name: `Atender a ${lucia.nombre}` })
  await expect(take).toHaveText('Atender')
  await take.click()
  await expect(professional).toHaveURL(new RegExp(`/atencion-asistencia/${id}$`))

  const taken = banner(patient, 'Un profesional ha empezado a atenderte')
  await expect(taken).toBeVisible()
  await expect(taken.getByRole('link', { name: 'Ir a mi consulta' })).toHaveAttribute(
    'href',
    `/${TENANT}/atencion-asistencia/${id}`,
  )
  await expect(patient.locator('#avisos-recientes')).toHaveText(
    'Un profesional ha empezado a atenderte',
  )
  await expect(patient).toHaveTitle('(1) Área del paciente · Hospital Central')
  expect(await seenIn(patient)).toEqual({ notifications: [], tones: 1 })
  expect(await axeFindings(patient, 'patient home with an alert')).toEqual([])

  await professional.getByLabel('Mensaje').fill('Hola, ¿cuánta fiebre tienes?')
  await professional.getByRole('button', { name: 'Enviar' }).click()
  await expect(banner(patient, 'Tienes un mensaje nuevo')).toBeVisible()
  await expect(patient).toHaveTitle('(2) Área del paciente · Hospital Central')
  await expect.poll(async () => (await seenIn(patient)).tones).toBe(2)

  // The banners stay on whichever screen the patient opens next, counted in its title.
  await patient
    .getByRole('navigation', { name: 'Enlaces de ayuda' })
    .getByRole('link', { name: 'Directorio' })
    .click()
  await expect(patient).toHaveURL(new RegExp(`/${TENANT}/directorio$`))
  await expect(patient).toHaveTitle('(2) Directorio · Hospital Central')
  await expect(banner(patient, 'Tienes un mensaje nuevo')).toBeVisible()
  await expect(banner(patient, 'Un profesional ha empezado a atenderte')).toBeVisible()

  // Out of view, a message also raises a system notification that names no one.
  await setInView(patient, false)
  await professional.getByLabel('Mensaje').fill('¿Has tomado algo para la fiebre?')
  await professional.getByRole('button', { name: 'Enviar' }).click()
  await expect
    .poll(async () => (await seenIn(patient)).notifications)
    .toEqual([
      { title: 'Hospital Central', body: 'Tienes un mensaje nuevo', tag: `asistencia-${id}` },
    ])
  expect(JSON.stringify(await seenIn(patient))).not.toMatch(/Lucía|fiebre/)
  await setInView(patient, true)

  // Following a banner leads to the consultation, whose news is then seen.
  await banner(patient, 'Un profesional ha empezado a atenderte')
    .getByRole('link', { name: 'Ir a mi consulta' })
    .click()
  await expect(patient).toHaveURL(new RegExp(`/atencion-asistencia/${id}$`))
  await expect(patient.getByText('¿Has tomado algo para la fiebre?')).toBeVisible()
  await expect(patient.getByRole('region', { name: 'Avisos nuevos' })).toHaveCount(0)
  await expect(patient).toHaveTitle('Atención de asistencia · Hospital Central')

  for (const page of [patient, professional]) await page.context().close()
})

test('a professional in one consultation hears of a reply in another and of an immediate request', async ({
  browser,
  request,
}) => {
  const lucia = await newPatient(request, `Lucía Martín ${String(Date.now())}`)
  const first = await requestHelp(request, lucia.token, 'Tos seca desde hace una semana')
  const professional = await signedIn(browser, PROFESIONAL)
  await professional.getByRole('button', { name: `Atender a ${lucia.nombre}` }).click()
  await expect(professional).toHaveURL(new RegExp(`/atencion-asistencia/${first}$`))
  await alertsReady(professional)

  const guestName = `Pedro Invitado ${String(Date.now())}`
  const guest = await immediateRequest(request, guestName)
  const urgent = banner(professional, 'Nueva solicitud de asistencia · Inmediata')
  await expect(urgent).toBeVisible()
  await expect.poll(async () => (await seenIn(professional)).tones).toBe(1)
  await urgent.getByRole('link', { name: 'Ir a la cola' }).click()
  await expect(professional).toHaveURL(new RegExp(`/${TENANT}/profesional$`))
  // The queue shows the news by itself: its banner is gone.
  await expect(professional.getByRole('region', { name: 'Avisos nuevos' })).toHaveCount(0)
  await professional.getByRole('button', { name: `Atender a ${guestName}` }).click()
  await expect(professional).toHaveURL(new RegExp(`/atencion-asistencia/${guest.id}$`))

  // Back in the first consultation, the guest replies in theirs.
  await professional.goto(`/${TENANT}/atencion-asistencia/${first}`)
  await expect(
    professional.getByRole('heading', { name: `Consulta con ${lucia.nombre}` }),
  ).toBeVisible()
  await alertsReady(professional)
  await api(request, guest.token, 'POST', `/api/asistencias/${guest.id}/mensajes`, {
    id: randomUUID(),
    texto: 'Me cuesta respirar',
  })
  const reply = banner(professional, 'Tienes un mensaje nuevo')
  await expect(reply).toBeVisible()
  await expect(reply.getByRole('link', { name: 'Ver la conversación' })).toHaveAttribute(
    'href',
    `/${TENANT}/atencion-asistencia/${guest.id}`,
  )
  await expect(professional).toHaveTitle(/^\(1\) Atención de asistencia/)
  expect(await axeFindings(professional, 'consultation with an alert')).toEqual([])

  // A message in the consultation on screen: no banner (the conversation shows it), a tone.
  const tonesBefore = (await seenIn(professional)).tones
  await api(request, lucia.token, 'POST', `/api/asistencias/${first}/mensajes`, {
    id: randomUUID(),
    texto: 'Sigo con tos',
  })
  await expect(professional.getByText('Sigo con tos')).toBeVisible()
  await expect.poll(async () => (await seenIn(professional)).tones).toBe(tonesBefore + 1)
  await expect(banner(professional, 'Tienes un mensaje nuevo')).toHaveCount(1)

  await professional.context().close()
})

test('two tabs of one professional make one tone and one system notification per news', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  await watchAlerts(context)
  const referrals = await context.newPage()
  await signInPage(referrals, PROFESIONAL, DEMO_ACCOUNT.password)
  await referrals.goto(`/${TENANT}/referidos`)
  const directory = await context.newPage()
  await directory.goto(`/${TENANT}/directorio`)
  const tabs = [referrals, directory]
  for (const tab of tabs) await alertsReady(tab)
  for (const tab of tabs) await setInView(tab, false)

  const heard: string[] = []
  for (const name of ['Ana Invitada', 'Luis Invitado']) {
    const { id } = await immediateRequest(request, `${name} ${String(Date.now())}`)
    heard.push(id)
    for (const tab of tabs) {
      await expect(banner(tab, 'Nueva solicitud de asistencia · Inmediata')).toHaveCount(
        heard.length,
      )
    }
    // Every tab knows; the person hears one tone and sees one notification for each.
    const total = async () => {
      const seen = await Promise.all(tabs.map(seenIn))
      return {
        tones: seen.reduce((sum, one) => sum + one.tones, 0),
        notifications: seen.flatMap((one) => one.notifications),
      }
    }
    await expect.poll(total).toEqual({
      tones: heard.length,
      notifications: heard.map((each) => ({
        title: 'Hospital Central',
        body: 'Nueva solicitud de asistencia',
        tag: `asistencia-${each}`,
      })),
    })
  }
  await expect(referrals).toHaveTitle('(2) Referidos · Hospital Central')
  await expect(directory).toHaveTitle('(2) Directorio · Hospital Central')

  // Dismissed in one tab, gone from both.
  await setInView(referrals, true)
  const close = referrals.getByRole('button', { name: /^Cerrar aviso: / })
  await close.first().click()
  await close.first().click()
  for (const tab of tabs)
    await expect(tab.getByRole('region', { name: 'Avisos nuevos' })).toHaveCount(0)
  await context.close()
})

test('a referral reaches its patient on the consultation and the professional it names elsewhere', async ({
  browser,
  request,
}) => {
  const lucia = await newPatient(request, `Lucía Martín ${String(Date.now())}`)
  const patient = await signedIn(browser, lucia.email, PASSWORD)
  const id = await requestHelp(request, lucia.token, 'Mi hijo tiene dolor de oído')
  await patient.goto(`/${TENANT}/atencion-asistencia/${id}`)
  await expect(patient.getByRole('heading', { name: 'Tu solicitud está en espera' })).toBeVisible()
  await alertsReady(patient)
  const pediatrician = await signedIn(browser, PEDIATRA.email)
  await pediatrician.goto(`/${TENANT}/directorio`)
  await alertsReady(pediatrician)

  // Taken while waiting: the screen turns into the consultation and its heading takes focus.
  const professional = await signedIn(browser, PROFESIONAL)
  const token = await tokenOf(professional)
  await api(request, token, 'POST', `/api/asistencias/${id}/atender`)
  const heading = patient.getByRole('heading', { name: /^Te atiende / })
  await expect(heading).toBeFocused()
  // The screen says it by itself: no banner, one tone.
  await expect(patient.getByRole('region', { name: 'Avisos nuevos' })).toHaveCount(0)
  await expect.poll(async () => (await seenIn(patient)).tones).toBe(1)

  const directory = (await api(request, token, 'GET', '/api/profesionales')) as {
    id: number
    nombre: string
  }[]
  const named = directory.find((entry) => entry.nombre === PEDIATRA.nombre)
  const referral = randomUUID()
  await api(request, token, 'POST', `/api/asistencias/${id}/derivar`, {
    id: referral,
    profesional_id: named?.id,
    nota: 'Otalgia derecha de dos días',
  })

  const toPatient = banner(patient, 'Te han derivado a otro profesional')
  await expect(toPatient).toBeVisible()
  await expect(toPatient.getByRole('link', { name: 'Ver mi nueva solicitud' })).toHaveAttribute(
    'href',
    `/${TENANT}/atencion-asistencia/${referral}`,
  )
  await expect(patient.locator('#avisos-recientes')).toHaveText(
    'Te han derivado a otro profesional',
  )
  const toNamed = banner(pediatrician, 'Te han derivado una solicitud')
  await expect(toNamed).toBeVisible()
  await toNamed.getByRole('link', { name: 'Ver derivaciones' }).click()
  await expect(pediatrician).toHaveURL(new RegExp(`/${TENANT}/referidos$`))
  await expect(
    pediatrician.getByRole('button', { name: `Atender a ${lucia.nombre}` }),
  ).toBeVisible()

  for (const page of [patient, pediatrician, professional]) await page.context().close()
})
