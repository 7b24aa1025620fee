/**
 * A photo on a slow link gets through: an upload that keeps arriving is not held to the
 * whole-request deadline, while one that stalls, or trickles below the minimum rate, is answered
 * 408 and its connection closed. Times are scaled down with the deadline (one second instead of
 * sixty); the photo, its size and its 48 KB steps are the real ones.
 */
import { connect, type AddressInfo, type Socket } from 'node:net'
import sharp from 'sharp'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Asistencia } from '../../src/contract/care.js'
import { newPatient, requestHelp, type CareClient } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

const DEADLINE_MS = 1_000
const STEP_BYTES = 48 * 1024
// 48 KB every 100 ms: the 3 MB photo takes about six whole-request deadlines to arrive.
const STEP_MS = 100
const BOUNDARY = '----clinica-slow-link'

let testApp: TestApp
let port: number

beforeEach(async () => {
  testApp = await createTestApp({ requestDeadlineMs: DEADLINE_MS, careSweepIntervalMs: 0 })
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  port = (testApp.app.server.address() as AddressInfo).port
})

afterEach(async () => {
  await testApp.close()
})

/** A camera-sized JPEG of noise (noise does not compress) of at least 3 MB. */
async function threeMegabytePhoto(): Promise<Buffer> {
  const width = 1800
  const height = 1350
  const pixels = Buffer.alloc(width * height * 3)
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 2654435761) >>> 24
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer()
  expect(jpeg.length).toBeGreaterThanOrEqual(3 * 1024 * 1024)
  return jpeg
}

interface Answer {
  status: number
  body: unknown
}

/** Reads one HTTP answer from the socket: whole once its declared length is in, or at close. */
function readAnswer(socket: Socket): Promise<Answer> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0)
    const finish = () => {
      const text = received.toString('utf8')
      const [head = '', body = ''] = text.split('\r\n\r\n')
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0),
        body: body === '' ? undefined : JSON.parse(body),
      })
    }
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const text = received.toString('utf8')
      const end = text.indexOf('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(text)?.[1]
      if (end >= 0 && length !== undefined && received.length >= end + 4 + Number(length)) {
        finish()
      }
    })
    socket.on('error', () => undefined)
    socket.once('close', finish)
  })
}

/** Opens a connection and sends the head and the start of a photo's multipart body. */
async function startUpload(client: CareClient, id: string, photo: Buffer) {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="foto"; filename="foto.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  const answer = readAnswer(socket)
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      resolve()
    }),
  )
  socket.write(
    `POST /api/asistencias/${id}/fotos HTTP/1.1\r\nHost: localhost\r\n` +
      `X-Authorization: Bearer ${client.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${String(body.length)}\r\n\r\n`,
  )
  return { socket, body, answer, closed }
}

/** Sends `bytes` in steps of `step` bytes every `everyMs`, until done or the socket closes. */
async function throttle(socket: Socket, bytes: Buffer, step: number, everyMs: number) {
  for (let offset = 0; offset < bytes.length && !socket.destroyed; offset += step) {
    socket.write(bytes.subarray(offset, offset + step))
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

async function photoCount(client: CareClient, id: string) {
  return (await client.call('GET', `/api/asistencias/${id}`)).json<Asistencia>().fotos.length
}

it('accepts a 3 MB photo that keeps arriving long past the request deadline', async () => {
  const patient = await newPatient(testApp.app)
  const id = await requestHelp(patient)
  const { socket, body, answer } = await startUpload(patient, id, await threeMegabytePhoto())
  const started = performance.now()
  await throttle(socket, body, STEP_BYTES, STEP_MS)
  const result = await answer
  // The proof that it was slow: it took several whole-request deadlines.
  expect(performance.now() - started).toBeGreaterThan(3 * DEADLINE_MS)
  expect(result.status).toBe(201)
  expect(result.body).toMatchObject({ id: expect.any(String) as string })
  socket.destroy()
  expect(await photoCount(patient, id)).toBe(1)
}, 30_000)

it('answers 408 and closes an upload that stalls, and keeps nothing', async () => {
  const patient = await newPatient(testApp.app)
  const id = await requestHelp(patient)
  const { socket, body, answer, closed } = await startUpload(
    patient,
    id,
    await threeMegabytePhoto(),
  )
  // Half the photo, then nothing more.
  socket.write(body.subarray(0, body.length / 2))
  const result = await answer
  expect(result).toEqual({
    status: 408,
    body: { error: 'request_timeout', message: expect.any(String) as string },
  })
  await closed
  expect(await photoCount(patient, id)).toBe(0)
}, 30_000)

it('answers 408 to an upload trickled below the minimum rate', async () => {
  const patient = await newPatient(testApp.app)
  const id = await requestHelp(patient)
  const { socket, body, answer, closed } = await startUpload(
    patient,
    id,
    await threeMegabytePhoto(),
  )
  const trickle = throttle(socket, body, 1, 50)
  expect((await answer).status).toBe(408)
  await closed
  await trickle
  expect(await photoCount(patient, id)).toBe(0)
}, 30_000)
