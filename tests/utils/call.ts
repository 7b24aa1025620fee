/**
 * What the call test and the call benchmark share: two separate Chromium processes with a fake
 * camera and microphone, pages forced to relay-only (every candidate through the run's TURN on
 * 127.0.0.1, so no packet leaves the loopback range), a consultation made through the API, and
 * each page's media statistics as `getStats()` reports them.
 */
import { chromium, expect, request, type Browser, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config'
import { createAccount, uniqueEmail } from './admin-api'
import { DEMO_ACCOUNT } from './demo'
import { acceptCurrentTerms } from './terms'

export const CALL_TENANT = DEMO_ACCOUNT.tenant
export const PHONE = { width: 390, height: 844 }
export const TABLET = { width: 1024, height: 768 }
const PATIENT_PASSWORD = 'llamada-de-prueba-1'

/** A Chromium process of its own, with a fake camera and microphone that need no prompt. */
export function launchCallBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  })
}

/**
 * Runs in the page before the app: every peer connection relay-only, and kept where the test
 * can read its statistics.
 */
function relayOnlyPeers() {
  const Native = window.RTCPeerConnection
  const peers: RTCPeerConnection[] = []
  Object.assign(window, { callPeers: peers })
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super({ ...configuration, iceTransportPolicy: 'relay' })
      peers.push(this)
    }
  }
}

export async function tokenOf(
  baseURL: string,
  email: string,
  tenant: string,
  password: string = DEMO_ACCOUNT.password,
): Promise<string> {
  const api = await request.newContext({ baseURL })
  try {
    const response = await api.post('/api/auth/login', { data: { email, password, tenant } })
    expect(response.status(), `sign-in of ${email}`).toBe(200)
    return ((await response.json()) as { token: string }).token
  } finally {
    await api.dispose()
  }
}

export interface CallConsultation {
  id: string
  patient: string
  professional: string
}

/** A consultation `en_curso` of a new patient, taken by the hospital's `profesional@`. */
export async function newConsultation(baseURL: string): Promise<CallConsultation> {
  const api = await request.newContext({ baseURL })
  try {
    const email = uniqueEmail('llamada', CALL_TENANT)
    await createAccount(api, CALL_TENANT, {
      email,
      nombre: 'Marta Gil',
      rol: 'cliente',
      password: PATIENT_PASSWORD,
    })
    const patient = await tokenOf(baseURL, email, CALL_TENANT, PATIENT_PASSWORD)
    await acceptCurrentTerms(api, CALL_TENANT, patient)
    const professional = await tokenOf(baseURL, `profesional@${CALL_TENANT}.es`, CALL_TENANT)
    const id = crypto.randomUUID()
    const created = await api.post('/api/asistencias', {
      headers: { 'X-Authorization': `Bearer ${patient}` },
      data: { id, motivo: 'Me ha salido una mancha en el brazo.' },
    })
    expect(created.status()).toBe(201)
    const taken = await api.post(`/api/asistencias/${id}/atender`, {
      headers: { 'X-Authorization': `Bearer ${professional}` },
    })
    expect(taken.status()).toBe(200)
    return { id, patient, professional }
  } finally {
    await api.dispose()
  }
}

/** Finishes the consultation if it is still open (a test's cleanup). */
export async function finishConsultation(baseURL: string, consultation: CallConsultation) {
  const api = await request.newContext({ baseURL })
  try {
    await api.post(`/api/asistencias/${consultation.id}/finalizar`, {
      headers: { 'X-Authorization': `Bearer ${consultation.professional}` },
      data: { resumen: 'Revisada por videollamada.' },
    })
  } finally {
    await api.dispose()
  }
}

/** The consultation's screen, signed in with `token`, in a new context of `browser`. */
export async function openConsultation(
  browser: Browser,
  baseURL: string,
  token: string,
  id: string,
  viewport: typeof PHONE,
  who: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    hasTouch: viewport === PHONE,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    serviceWorkers: 'block',
  })
  await context.addInitScript(relayOnlyPeers)
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      throw new Error(`Console error in ${who}'s page: ${message.text()}`)
    }
  })
  await page.goto(`/${CALL_TENANT}/login`)
  await page.evaluate((value) => {
    localStorage.setItem('token', value)
  }, token)
  await page.goto(`/${CALL_TENANT}/atencion-asistencia/${id}`)
  await expect(page.getByRole('heading', { name: /^(Te atiende|Consulta con) / })).toBeVisible()
  return page
}

export interface MediaStats {
  /** Video frames decoded from the other side. */
  frames: number
  /** Audio samples received from the other side. */
  samples: number
  /** Whether the pair in use goes through the relay. */
  isRelayed: boolean
}

/** The page's current call connection's statistics (zeros before it has one). */
export function mediaStats(page: Page): Promise<MediaStats> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { callPeers: RTCPeerConnection[] }).callPeers
    const peer = peers.filter((candidate) => candidate.connectionState !== 'closed').at(-1)
    const stats: MediaStats = { frames: 0, samples: 0, isRelayed: false }
    if (!peer) return stats
    const report = await peer.getStats()
    report.forEach((entry: Record<string, unknown>) => {
      if (entry.type === 'inbound-rtp' && entry.kind === 'video') {
        stats.frames += Number(entry.framesDecoded ?? 0)
      }
      if (entry.type === 'inbound-rtp' && entry.kind === 'audio') {
        stats.samples += Number(entry.totalSamplesReceived ?? 0)
      }
      if (entry.type === 'candidate-pair' && entry.state === 'succeeded' && entry.nominated) {
        const local = report.get(String(entry.localCandidateId)) as
          { candidateType?: string } | undefined
        if (local?.candidateType === 'relay') stats.isRelayed = true
      }
    })
    return stats
  })
}

/** Resolves once `page` decodes the other side's video beyond `afterFrames` and hears it. */
export async function waitForMedia(page: Page, afterFrames = 0, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        const stats = await mediaStats(page)
        return stats.frames > afterFrames && stats.samples > 0 && stats.isRelayed
      },
      { timeout, intervals: [100] },
    )
    .toBe(true)
}

/**
 * Finishes every consultation the professional of `token` has open: a test that needs them free
 * (on duty shows "Disponible ahora" only while attending no one) does not depend on the order
 * in which earlier tests left theirs.
 */
export async function finishOpenConsultations(baseURL: string, token: string): Promise<void> {
  const api = await request.newContext({ baseURL })
  const headers = { 'X-Authorization': `Bearer ${token}` }
  try {
    const listed = await api.get('/api/asistencias', { headers })
    expect(listed.status()).toBe(200)
    const open = ((await listed.json()) as { id: string; estado: string }[]).filter(
      (asistencia) => asistencia.estado === 'en_curso',
    )
    for (const { id } of open) {
      const finished = await api.post(`/api/asistencias/${id}/finalizar`, {
        headers,
        data: { resumen: 'Cerrada al preparar otra prueba.' },
      })
      expect(finished.status()).toBe(200)
    }
  } finally {
    await api.dispose()
  }
}
