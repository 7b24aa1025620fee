import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

/** Demo accounts of the care journey's tests (demo mode, shared password). */
export const DEMO = {
  patient: { email: 'demo@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' },
  professional: {
    email: 'profesional@hospital-central.es',
    password: 'demo1234',
    tenant: 'hospital-central',
  },
  professional2: {
    email: 'profesional2@hospital-central.es',
    password: 'demo1234',
    tenant: 'hospital-central',
  },
  nurse: {
    email: 'enfermeria@hospital-central.es',
    password: 'demo1234',
    tenant: 'hospital-central',
  },
  admin: { email: 'admin@hospital-central.es', password: 'demo1234', tenant: 'hospital-central' },
  otherHospitalProfessional: {
    email: 'profesional@clinica-norte.es',
    password: 'demo1234',
    tenant: 'clinica-norte',
  },
} as const

export interface Credentials {
  email: string
  password: string
  tenant: string
}

/** A small API client over `inject`, signed in as one account. */
export interface CareClient {
  token: string
  call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>
}

export async function signIn(app: FastifyInstance, credentials: Credentials): Promise<CareClient> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: credentials,
  })
  expect(response.statusCode).toBe(200)
  const { token } = response.json<{ token: string }>()
  return {
    token,
    call: (method, url, payload) =>
      app.inject({ method, url, payload, headers: { 'x-authorization': `Bearer ${token}` } }),
  }
}

/**
 * A new patient account of `tenant`, made through the administration API, signed in, having
 * accepted the hospital's current terms (as its first visit would ask).
 */
export async function newPatient(
  app: FastifyInstance,
  tenant = 'hospital-central',
  nombre = 'Otra Paciente',
): Promise<CareClient> {
  const admin = await signIn(
    app,
    tenant === 'hospital-central'
      ? DEMO.admin
      : { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' },
  )
  const email = `paciente-${randomUUID().slice(0, 8)}@${tenant}.es`
  const created = await admin.call('POST', `/api/admin/hospitales/${tenant}/cuentas`, {
    email,
    nombre,
    rol: 'cliente',
    password: 'contrasena-segura',
  })
  expect(created.statusCode).toBe(201)
  const patient = await signIn(app, { email, password: 'contrasena-segura', tenant })
  const terms = await app.inject({ url: `/api/terminos?tenant=${tenant}` })
  const current = terms.json<{ vigentes: { version: number } | null }>().vigentes
  if (current) {
    const accepted = await patient.call('POST', '/api/terminos/aceptar', {
      version: current.version,
    })
    expect(accepted.statusCode).toBe(204)
  }
  return patient
}

/** Creates a request as `patient`; returns its id. */
export async function requestHelp(
  patient: CareClient,
  motivo = 'Me duele la cabeza desde ayer.',
  extra: object = {},
): Promise<string> {
  const id = randomUUID()
  const response = await patient.call('POST', '/api/asistencias', { id, motivo, ...extra })
  expect(response.statusCode).toBe(201)
  return id
}

/** `client` attaches a PNG photo to the request `id`, as the page's multipart upload sends it. */
export function uploadPhoto(
  app: FastifyInstance,
  client: CareClient,
  id: string,
  file: Buffer,
): Promise<LightMyRequestResponse> {
  const boundary = '----clinica-test'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app.inject({
    method: 'POST',
    url: `/api/asistencias/${id}/fotos`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-authorization': `Bearer ${client.token}`,
    },
  })
}
