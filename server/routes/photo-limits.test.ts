/**
 * A consultation's photo limits hold under a burst (counted in the insert's own transaction), a
 * file past the size limit is a Spanish 413, and a decompression bomb is refused from its header.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  FOTO_MAX_BYTES,
  FOTO_MAX_PIXELS,
  MAX_FOTOS_POR_ASISTENCIA,
  MAX_FOTOS_POR_CONVERSACION,
  type Asistencia,
} from '../../src/contract/care.js'
import {
  DEMO,
  newPatient,
  requestHelp,
  signIn,
  type CareClient,
  uploadPhoto,
} from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { makeImage, makePngBomb } from '../uploads/testing/images.js'

let testApp: TestApp

beforeEach(async () => {
  testApp = await createTestApp({ careSweepIntervalMs: 0 })
})

afterEach(async () => {
  await testApp.close()
})

function upload(client: CareClient, id: string, file: Buffer) {
  return uploadPhoto(testApp.app, client, id, file)
}

async function countPhotos(client: CareClient, id: string) {
  const record = (await client.call('GET', `/api/asistencias/${id}`)).json<Asistencia>()
  return record.fotos.length
}

describe('photo limits', { timeout: 20_000 }, () => {
  it('stores exactly the request limit when ten uploads arrive at once', async () => {
    const patient = await newPatient(testApp.app)
    const id = await requestHelp(patient)
    const image = await makeImage('png')
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(patient, id, image)))
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_FOTOS_POR_ASISTENCIA)
    expect(statuses.filter((status) => status === 409)).toHaveLength(10 - MAX_FOTOS_POR_ASISTENCIA)
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({
      error: 'demasiadas_fotos',
      message: `Una solicitud admite como máximo ${String(MAX_FOTOS_POR_ASISTENCIA)} fotos.`,
    })
    expect(await countPhotos(patient, id)).toBe(MAX_FOTOS_POR_ASISTENCIA)
  })

  it('stores exactly the conversation limit when uploads race for its last places', async () => {
    const patient = await newPatient(testApp.app)
    const professional = await signIn(testApp.app, DEMO.professional)
    const id = await requestHelp(patient)
    expect((await professional.call('POST', `/api/asistencias/${id}/atender`)).statusCode).toBe(200)
    const image = await makeImage('png')
    for (let index = 0; index < MAX_FOTOS_POR_CONVERSACION - 2; index += 1) {
      expect((await upload(professional, id, image)).statusCode).toBe(201)
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        upload(index % 2 === 0 ? patient : professional, id, image),
      ),
    )
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2)
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(8)
    // One more, however sent, is refused: the conversation holds exactly its limit.
    expect((await upload(patient, id, image)).statusCode).toBe(409)
  })

  it('refuses a photo past the size limit with a Spanish 413, and keeps nothing', async () => {
    const patient = await newPatient(testApp.app)
    const id = await requestHelp(patient)
    const nineMegabytes = Buffer.concat([
      await makeImage('png'),
      Buffer.alloc(9 * 1024 * 1024 - 1000, 7),
    ])
    expect(nineMegabytes.length).toBeGreaterThan(FOTO_MAX_BYTES)
    const answer = await upload(patient, id, nineMegabytes)
    expect(answer.statusCode).toBe(413)
    expect(answer.json()).toEqual({
      error: 'payload_too_large',
      message: `La foto no puede pasar de ${String(FOTO_MAX_BYTES / (1024 * 1024))} MB.`,
    })
    expect(await countPhotos(patient, id)).toBe(0)
  })

  it('refuses a decompression bomb from its header with a Spanish 413', async () => {
    const patient = await newPatient(testApp.app)
    const id = await requestHelp(patient)
    // Within the largest side, past the pixels a photo may have.
    const side = Math.ceil(Math.sqrt(FOTO_MAX_PIXELS)) + 1
    const answer = await upload(patient, id, await makePngBomb(side))
    expect(answer.statusCode).toBe(413)
    expect(answer.json<{ message: string }>().message).toBe(
      `La foto no puede tener más de ${String(FOTO_MAX_PIXELS / 1_000_000)} megapíxeles.`,
    )
    expect(await countPhotos(patient, id)).toBe(0)
  })
})
