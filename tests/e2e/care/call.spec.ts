/**
 * A call inside the consultation between two separate Chromium processes (fake camera and
 * microphone), relay-only through a coturn this test starts on 127.0.0.1: the professional calls,
 * the patient accepts, both decode the other's video and hear their audio; the relay is killed
 * and started again mid-call and media flows again; "Colgar" ends it on both sides and leaves
 * its line in the conversation; a patient who reloads mid-call is back in it; "Finalizar" ends a
 * running call; both pressing at once gives one call; nobody else can signal into it (404); a
 * participant who signs out leaves the call at once.
 */
import { expect, request, test, type Browser, type Page } from '@playwright/test'
import type { Llamada } from '../../../src/contract/calls'
import { axeFindings, englishFindings } from '../../utils/a11y'
import {
  CALL_TENANT,
  finishConsultation,
  launchCallBrowser,
  mediaStats,
  newConsultation,
  openConsultation,
  PHONE,
  TABLET,
  tokenOf,
  waitForMedia,
  type CallConsultation,
} from '../../utils/call'
import { currentTermsVersion } from '../../utils/terms'
import { startTurnRelay, type TurnRelay } from '../../utils/turn'

test.describe.configure({ mode: 'serial', timeout: 240_000 })

let relay: TurnRelay
let professionalBrowser: Browser
let patientBrowser: Browser
const opened: CallConsultation[] = []

test.beforeAll(async () => {
  relay = await startTurnRelay()
  professionalBrowser = await launchCallBrowser()
  patientBrowser = await launchCallBrowser()
})

test.afterAll(async ({ baseURL }) => {
  if (baseURL) for (const consultation of opened) await finishConsultation(baseURL, consultation)
  await professionalBrowser.close()
  await patientBrowser.close()
  await relay.stop()
})

async function openBoth(baseURL: string | undefined) {
  if (!baseURL) throw new Error('The config sets baseURL')
  const consultation = await newConsultation(baseURL)
  opened.push(consultation)
  const { id } = consultation
  const professional = await openConsultation(
    professionalBrowser,
    baseURL,
    consultation.professional,
    id,
    TABLET,
    'the professional',
  )
  const patient = await openConsultation(
    patientBrowser,
    baseURL,
    consultation.patient,
    id,
    PHONE,
    'the patient',
  )
  return { consultation, professional, patient }
}

async function callsOf(baseURL: string, consultation: CallConsultation): Promise<Llamada[]> {
  const api = await request.newContext({ baseURL })
  try {
    const answer = await api.get(`/api/asistencias/${consultation.id}/llamadas`, {
      headers: { 'X-Authorization': `Bearer ${consultation.patient}` },
    })
    expect(answer.status()).toBe(200)
    return (await answer.json()) as Llamada[]
  } finally {
    await api.dispose()
  }
}

/** The call's announcements (the ringing). */
function ringing(page: Page) {
  return page.getByRole('region', { name: 'Llamada' }).getByRole('alert')
}

/**
 * axe asks a person to check the captions of every video. A call between two people is not
 * synchronized media: WCAG's captions criteria do not ask two-way calls to be captioned
 * (Understanding SC 1.2.4, "Intent"), and what the call's state is, is said in words beside it.
 */
const REVIEWED = ': needs review video-caption on '

async function findings(page: Page, where: string) {
  const axe = (await axeFindings(page, where)).filter((finding) => !finding.includes(REVIEWED))
  return [...axe, ...(await englishFindings(page, where))]
}

/** The professional calls by video and the patient accepts; resolves once media flows both ways. */
async function videoCall(professional: Page, patient: Page) {
  await professional.getByRole('button', { name: 'Videollamada' }).click()
  await expect(professional.getByText(/^Llamando a /)).toBeVisible()
  await expect(ringing(patient)).toContainText('Videollamada entrante de')
  await patient.getByRole('button', { name: 'Aceptar' }).click()
  await Promise.all([waitForMedia(patient), waitForMedia(professional)])
}

test('a video call through the relay: ringing, media both ways, a relay restart, Colgar', async ({
  baseURL,
}) => {
  const { consultation, professional, patient } = await openBoth(baseURL)
  const found: string[] = []
  found.push(...(await findings(patient, 'before a call')))

  await professional.getByRole('button', { name: 'Videollamada' }).click()
  await expect(professional.getByText(/^Llamando a /)).toBeVisible()
  await expect(ringing(patient)).toContainText('Videollamada entrante de')
  found.push(...(await findings(patient, 'ringing')), ...(await findings(professional, 'calling')))
  await patient.getByRole('button', { name: 'Aceptar' }).click()
  await Promise.all([waitForMedia(patient), waitForMedia(professional)])
  await expect(patient.getByRole('status').filter({ hasText: 'Conectada' })).toBeVisible()
  // Beside the conversation on the tablet, above it on the phone; the conversation stays usable.
  const stage = professional.locator('.call-stage')
  const conversation = professional.getByRole('region', { name: 'Conversación' })
  const [stageBox, conversationBox] = [await stage.boundingBox(), await conversation.boundingBox()]
  expect(conversationBox?.x).toBeGreaterThan((stageBox?.x ?? 0) + (stageBox?.width ?? 0) - 1)
  const phoneStage = await patient.locator('.call-stage').boundingBox()
  const phoneConversation = await patient
    .getByRole('region', { name: 'Conversación' })
    .boundingBox()
  expect(phoneConversation?.y).toBeGreaterThan((phoneStage?.y ?? 0) + (phoneStage?.height ?? 0) - 1)
  await patient.getByLabel('Mensaje').fill('Se ve bien la mancha ahora?')
  await patient.getByRole('button', { name: 'Enviar' }).click()
  await expect(professional.getByText('Se ve bien la mancha ahora?')).toBeVisible()
  await expect(professional.locator('video.call-self')).toHaveJSProperty('muted', true)
  await expect(professional.locator('video.call-remote')).toHaveAttribute('playsinline', '')
  found.push(
    ...(await findings(patient, 'in a call')),
    ...(await findings(professional, 'in a call')),
  )

  // The relay goes away mid-call and comes back: both sides reconnect by themselves.
  await relay.kill()
  await expect(patient.getByText('Reconectando…')).toBeVisible({ timeout: 30_000 })
  await expect(professional.getByText('Reconectando…')).toBeVisible({ timeout: 30_000 })
  const [patientFrames, professionalFrames] = [
    (await mediaStats(patient)).frames,
    (await mediaStats(professional)).frames,
  ]
  await relay.restart()
  await Promise.all([
    waitForMedia(patient, patientFrames, 15_000),
    waitForMedia(professional, professionalFrames, 15_000),
  ])

  await professional.getByRole('button', { name: 'Silenciar micrófono' }).click()
  await expect(professional.getByRole('button', { name: 'Silenciar micrófono' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await professional.getByRole('button', { name: 'Colgar' }).click()
  for (const page of [professional, patient]) {
    await expect(
      page.getByRole('status').filter({ hasText: 'La llamada ha terminado' }),
    ).toBeVisible()
    await expect(page.locator('video')).toHaveCount(0)
    await expect(
      page.getByRole('listitem').filter({ hasText: /^Videollamada · \d+ min/ }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Videollamada' })).toBeEnabled()
  }
  if (!baseURL) throw new Error('The config sets baseURL')
  const [ended] = await callsOf(baseURL, consultation)
  expect(ended).toMatchObject({ estado: 'terminada', motivo_fin: 'colgada', video: true })
  expect(found).toEqual([])
})

test('a patient who reloads mid-call is back in it, and Finalizar ends the call', async ({
  baseURL,
}) => {
  if (!baseURL) throw new Error('The config sets baseURL')
  const { consultation, professional, patient } = await openBoth(baseURL)
  await videoCall(professional, patient)

  await patient.reload()
  await expect(patient.getByRole('button', { name: 'Colgar' })).toBeVisible()
  await Promise.all([waitForMedia(patient), waitForMedia(professional)])

  await professional.getByLabel('Resumen').fill('Lesión benigna. Control en un mes.')
  await professional.getByRole('button', { name: 'Finalizar' }).click()
  await expect(patient).toHaveURL(new RegExp(`/${CALL_TENANT}/agradecimiento-final/`))
  const [ended] = await callsOf(baseURL, consultation)
  expect(ended).toMatchObject({ estado: 'terminada', motivo_fin: 'consulta_finalizada' })
})

test('both pressing at once gives one call, closed to others; signing out ends it', async ({
  baseURL,
}) => {
  if (!baseURL) throw new Error('The config sets baseURL')
  const { consultation, professional, patient } = await openBoth(baseURL)
  await Promise.all([
    professional.getByRole('button', { name: 'Videollamada' }).click(),
    patient.getByRole('button', { name: 'Videollamada' }).click(),
  ])
  await Promise.all([waitForMedia(patient), waitForMedia(professional)])
  const calls = await callsOf(baseURL, consultation)
  expect(calls).toHaveLength(1)
  expect(calls[0]?.estado).toBe('en_curso')
  const callId = calls[0]?.id ?? ''

  const api = await request.newContext({ baseURL })
  try {
    const guest = await api.post('/api/asistencias/inmediata', {
      data: {
        id: crypto.randomUUID(),
        tenant: CALL_TENANT,
        nombre: 'Otra Paciente',
        contacto: '600000000',
        motivo: 'Dolor de cabeza.',
        acepta_terminos: true,
        terminos_version: (await currentTermsVersion(api, CALL_TENANT)) ?? undefined,
      },
    })
    expect(guest.status()).toBe(201)
    const otherPatient = ((await guest.json()) as { sesion: { token: string } }).sesion.token
    const strangers = {
      'another patient': otherPatient,
      'a colleague': await tokenOf(baseURL, `profesional2@${CALL_TENANT}.es`, CALL_TENANT),
      "another hospital's professional": await tokenOf(
        baseURL,
        'profesional@clinica-norte.es',
        'clinica-norte',
      ),
    }
    for (const [who, token] of Object.entries(strangers)) {
      const signal = await api.post(
        `/api/asistencias/${consultation.id}/llamadas/${callId}/senales`,
        {
          headers: { 'X-Authorization': `Bearer ${token}` },
          data: { candidato: null },
        },
      )
      expect(signal.status(), who).toBe(404)
    }
  } finally {
    await api.dispose()
  }
  // The call carried on untouched.
  const frames = (await mediaStats(patient)).frames
  await waitForMedia(patient, frames)

  // A participant who signs out leaves the call at once: the other side is told now.
  await professional.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(
    patient.getByRole('status').filter({ hasText: 'La llamada ha terminado' }),
  ).toBeVisible()
  await expect(patient.locator('video')).toHaveCount(0)
  const [ended] = await callsOf(baseURL, consultation)
  expect(ended).toMatchObject({ id: callId, estado: 'terminada', motivo_fin: 'colgada' })
})
