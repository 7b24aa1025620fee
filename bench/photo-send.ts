/**
 * Photo upload benchmark (`npx tsx bench/photo-send.ts`): bytes and time to send a 12-megapixel
 * camera photo from a phone on the benchmarks' 3G profile (750 kbit/s up, 150 ms each way), as it
 * is and shrunk as the phone now does (longest side 1,600 px, JPEG at the contract's quality).
 * The shrinking here is sharp's, a stand-in for the phone's canvas encoder (the browser journey
 * `tests/e2e/care/photos.spec.ts` notes the bytes Chromium actually sends). Each photo is posted
 * to a real server instance over a socket paced at the profile's upload rate; the time runs from
 * the first byte to the answer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { buildApp } from '../server/app'
import { FOTO_CALIDAD_JPEG, FOTO_LADO_MAX } from '../src/contract/care'
import { cameraPhoto, PHONE_NETWORK } from '../tests/utils/camera-photo'

const PATIENT = {
  email: 'demo@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}
const BOUNDARY = '----clinica-bench'
const STEP_MS = 50

async function post(port: number, path: string, token: string, photo: Buffer): Promise<number> {
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
  const started = performance.now()
  const answered = new Promise<string>((resolve) => {
    socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString('utf8').split('\r\n')[0] ?? '')
    })
  })
  // One round trip before the first byte counts, as the phone's connection would take.
  await new Promise((resolve) => setTimeout(resolve, PHONE_NETWORK.latency))
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nX-Authorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${String(body.length)}\r\n\r\n`,
  )
  const step = Math.round((PHONE_NETWORK.uploadThroughput * STEP_MS) / 1000)
  for (let offset = 0; offset < body.length; offset += step) {
    socket.write(body.subarray(offset, offset + step))
    await new Promise((resolve) => setTimeout(resolve, STEP_MS))
  }
  const status = await answered
  await new Promise((resolve) => setTimeout(resolve, PHONE_NETWORK.latency))
  socket.destroy()
  if (!status.includes(' 201 ')) throw new Error(`Upload answered ${status}`)
  return performance.now() - started
}

// The API is all this needs: an app shell of one page stands in for the built app.
const distDir = mkdtempSync(join(tmpdir(), 'clinica-bench-'))
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Clínica</title>')
const app = await buildApp({ distDir, dbPath: ':memory:' })
try {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: PATIENT })
  const { token } = login.json<{ token: string }>()
  const asIs = await cameraPhoto()
  const shrunk = await sharp(asIs)
    .rotate()
    .resize(FOTO_LADO_MAX, FOTO_LADO_MAX, { fit: 'inside' })
    .jpeg({ quality: Math.round(FOTO_CALIDAD_JPEG * 100) })
    .toBuffer()
  const rows: string[] = []
  for (const [name, photo] of [
    ['as is', asIs],
    ['shrunk', shrunk],
  ] as const) {
    const id = randomUUID()
    const created = await app.inject({
      method: 'POST',
      url: '/api/asistencias',
      payload: { id, motivo: 'Foto de prueba del benchmark.' },
      headers: { 'x-authorization': `Bearer ${token}` },
    })
    if (created.statusCode !== 201)
      throw new Error(`Request answered ${String(created.statusCode)}`)
    const ms = await post(port, `/api/asistencias/${id}/fotos`, token, photo)
    rows.push(
      `${name.padEnd(7)} ${(photo.length / 1024).toFixed(0).padStart(6)} KB  ${(ms / 1000).toFixed(1).padStart(6)} s`,
    )
    await app.inject({
      method: 'POST',
      url: `/api/asistencias/${id}/cancelar`,
      headers: { 'x-authorization': `Bearer ${token}` },
    })
  }
  console.log('12-megapixel photo on the phone profile (3G, 750 kbit/s up):')
  for (const row of rows) console.log(`  ${row}`)
} finally {
  await app.close()
  rmSync(distDir, { recursive: true, force: true })
}
