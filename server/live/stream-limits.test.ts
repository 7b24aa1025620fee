/**
 * Live streams are capped per session, per account, per client address and per instance: a
 * flood from one token keeps only its newest few open, and ordinary requests still answer.
 */
import { afterEach, describe, expect, it } from 'vitest'
import {
  EVENTOS,
  STREAMS_PER_ACCOUNT,
  STREAMS_PER_SESSION,
  type Asistencia,
} from '../../src/contract/care.js'
import type { BuildAppOptions } from '../app.js'
import { DEMO, requestHelp, signIn } from '../testing/care-client.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp | undefined
let baseUrl = ''
const streams: TestEventStream[] = []

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await testApp?.close()
  testApp = undefined
})

async function start(options: Partial<BuildAppOptions> = {}) {
  testApp = await createTestApp({ careSweepIntervalMs: 0, ...options })
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return testApp.app
}

async function stream(token: string) {
  const opened = await openEventStream(baseUrl, token)
  streams.push(opened)
  return opened
}

async function expectEvictedForLimit(opened: TestEventStream) {
  const cierre = await opened.next((event) => event.event === EVENTOS.cierre)
  expect(JSON.parse(cierre.data)).toEqual({ motivo: 'limite' })
  await opened.ended
}

/** Every stream of `open` is still live: each receives the request created now. */
async function expectAllLive(open: TestEventStream[], patient: Parameters<typeof requestHelp>[0]) {
  const id = await requestHelp(patient)
  await Promise.all(
    open.map((item) =>
      item.next(
        (event) =>
          event.event === EVENTOS.asistencia && (JSON.parse(event.data) as Asistencia).id === id,
      ),
    ),
  )
}

describe('live stream limits', { timeout: 30_000 }, () => {
  it('keeps a flood from one session to its newest streams, and others are still answered', async () => {
    const app = await start()
    const flooder = await signIn(app, DEMO.patient)
    const flood: TestEventStream[] = []
    for (let index = 0; index < STREAMS_PER_SESSION + 14; index += 1) {
      const opened = await stream(flooder.token)
      expect(opened.status).toBe(200)
      flood.push(opened)
    }
    const evicted = flood.slice(0, 14)
    const kept = flood.slice(14)
    await Promise.all(evicted.map(expectEvictedForLimit))
    await expectAllLive(kept, flooder)

    const other = await signIn(app, DEMO.professional)
    const health = await fetch(`${baseUrl}/api/health`)
    expect(health.status).toBe(200)
    const me = await fetch(`${baseUrl}/api/me`, {
      headers: { 'x-authorization': `Bearer ${other.token}` },
    })
    expect(me.status).toBe(200)
  })

  it("closes an account's oldest stream past its cap, whichever session opened it", async () => {
    // Tokens issued in the same second are the same token: each session signs in a second apart.
    let clock = Date.now()
    const app = await start({ now: () => clock })
    const sessions = []
    for (let index = 0; index < 3; index += 1) {
      sessions.push(await signIn(app, DEMO.professional))
      clock += 1_000
    }
    const opened: TestEventStream[] = []
    for (let index = 0; index < STREAMS_PER_ACCOUNT; index += 1) {
      opened.push(await stream(sessions[index % 3]?.token ?? ''))
    }
    const newest = await stream(sessions[2]?.token ?? '')
    await expectEvictedForLimit(opened[0] ?? newest)
    await expectAllLive([...opened.slice(1), newest], await signIn(app, DEMO.patient))
  })

  it('answers 429 with Retry-After past the cap of one client address', async () => {
    const app = await start({ liveStreamsPerAddress: 2 })
    const [patient, professional, nurse] = await Promise.all([
      signIn(app, DEMO.patient),
      signIn(app, DEMO.professional),
      signIn(app, DEMO.nurse),
    ])
    expect((await stream(patient.token)).status).toBe(200)
    expect((await stream(professional.token)).status).toBe(200)
    const refused = await stream(nurse.token)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('sheds streams past the instance cap with 503, while health checks and writes answer', async () => {
    const app = await start({ capacity: { maxConnections: 1_000, maxStreams: 3 } })
    const patient = await signIn(app, DEMO.patient)
    const staff = await Promise.all(
      [DEMO.professional, DEMO.professional2, DEMO.nurse].map((account) => signIn(app, account)),
    )
    const open = []
    for (const member of staff) {
      const opened = await stream(member.token)
      expect(opened.status).toBe(200)
      open.push(opened)
    }
    const shed = await stream(patient.token)
    expect(shed.status).toBe(503)
    expect(Number(shed.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200)
    expect((await fetch(`${baseUrl}/api/health/vivo`)).status).toBe(200)
    await expectAllLive(open, patient)
  })

  it('sheds a flood past the cap before checking sessions: streams being checked hold places', async () => {
    const app = await start({ capacity: { maxConnections: 1_000, maxStreams: 3 } })
    const accounts = [DEMO.patient, DEMO.professional, DEMO.professional2, DEMO.nurse]
    const tokens = (await Promise.all(accounts.map((account) => signIn(app, account)))).map(
      (session) => session.token,
    )
    // Twelve streams of four people arriving at once: three places, whatever the order.
    const flood = await Promise.all(
      Array.from({ length: 12 }, (_, index) => stream(tokens[index % tokens.length] ?? '')),
    )
    expect(flood.filter((opened) => opened.status === 200)).toHaveLength(3)
    expect(flood.filter((opened) => opened.status === 503)).toHaveLength(9)
    // A full instance answers 503 before reading any session: a forged token costs it nothing.
    expect((await stream('no-es-un-token')).status).toBe(503)
    // A refused check gives its place back.
    for (const opened of flood) opened.close()
    await expect.poll(async () => (await stream('no-es-un-token')).status).toBe(401)
    expect((await stream(tokens[0] ?? '')).status).toBe(200)
  })
})
