/** Presence reaches the streams that show it, and not the queue streams of every professional. */
import { afterEach, expect, it } from 'vitest'
import { EVENTOS, type Asistencia, type PresenciaCambios } from '../../src/contract/care.js'
import { DEMO, requestHelp, signIn } from '../testing/care-client.js'
import { openEventStream, type TestEventStream } from '../testing/event-stream.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp | undefined
const streams: TestEventStream[] = []

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await testApp?.close()
  testApp = undefined
})

it(
  'announces a professional to plain streams and not to the queue streams of the others',
  { timeout: 20_000 },
  async () => {
    testApp = await createTestApp({ careSweepIntervalMs: 0 })
    const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const open = async (token: string, cola: boolean) => {
      const stream = await openEventStream(baseUrl, token, { cola })
      streams.push(stream)
      return stream
    }
    const patient = await signIn(testApp.app, DEMO.patient)
    const first = await signIn(testApp.app, DEMO.professional)
    const second = await signIn(testApp.app, DEMO.professional2)
    const directory = await open(patient.token, false)
    const firstQueue = await open(first.token, true)

    await open(second.token, true)
    // Both become available, in one presence event or two (changes close together go together).
    const available = new Set<number>()
    await directory.next((event) => {
      if (event.event !== EVENTOS.presencia) return false
      for (const change of (JSON.parse(event.data) as PresenciaCambios).cambios) {
        if (change.disponible) available.add(change.id)
      }
      return available.size === 2
    })

    // A later event reaches the first queue: everything logged before it has been delivered.
    const id = await requestHelp(patient)
    await firstQueue.next(
      (event) =>
        event.event === EVENTOS.asistencia && (JSON.parse(event.data) as Asistencia).id === id,
    )
    expect(firstQueue.events.filter((event) => event.event === EVENTOS.presencia)).toEqual([])
  },
)
