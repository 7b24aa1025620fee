/**
 * Several API processes on one PostgreSQL, behind one address: what one instance does, every
 * other sees (tokens, sign-in limits, hospitals and their logos), and stopping one loses nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMinimalDist,
  startApiInstance,
  startRoundRobinProxy,
  type ApiInstance,
  type RoundRobinProxy,
} from '../testing/api-instances.js'
import { createPostgresSchemaUrl } from '../testing/test-database.js'
import { makeImage } from '../uploads/testing/images.js'

const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4']
const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }
const PATIENT = {
  email: 'demo@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}
const ACCOUNT_LIMIT = 4

let instances: ApiInstance[] = []
let proxy: RoundRobinProxy
let dist: ReturnType<typeof createMinimalDist>

beforeAll(async () => {
  dist = createMinimalDist()
  const env = {
    DATABASE_URL: await createPostgresSchemaUrl(),
    DIST_DIR: dist.dir,
    DEMO_MODE: '1',
    LOGIN_ACCOUNT_RATE_LIMIT: String(ACCOUNT_LIMIT),
  }
  // All at once on an empty database: migrations and the seed must cope with each other.
  instances = await Promise.all(
    HOSTS.map((host) => startApiInstance({ host, env, lifetimeSeconds: 180 })),
  )
  proxy = await startRoundRobinProxy(
    '127.0.0.5',
    instances.map((instance) => instance.url),
  )
}, 90_000)

afterAll(async () => {
  await proxy.close()
  await Promise.all(instances.map((instance) => instance.stop()))
  dist.remove()
})

function instance(index: number): ApiInstance {
  const found = instances[index]
  if (!found) throw new Error(`No instance ${String(index)}`)
  return found
}

async function signIn(base: string, credentials: object): Promise<Response> {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
}

async function tokenFrom(base: string, credentials: object): Promise<string> {
  const response = await signIn(base, credentials)
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

function authorised(
  token: string,
  {
    headers = {},
    ...init
  }: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): RequestInit {
  return { ...init, headers: { ...headers, 'x-authorization': `Bearer ${token}` } }
}

async function hospitalOn(base: string, tenant: string): Promise<unknown> {
  return (await fetch(`${base}/api/hospitales?tenant=${tenant}`)).json()
}

describe('several instances on one PostgreSQL', () => {
  it('accept on every instance a token issued by one', async () => {
    const token = await tokenFrom(instance(0).url, PATIENT)
    for (const { url } of instances) {
      const me = await fetch(`${url}/api/me`, authorised(token))
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ tenant: 'hospital-central' })
    }
  })

  it('hold the per-account sign-in limit together, behind one address', async () => {
    const first = proxy.answeredBy.length
    const statuses: number[] = []
    for (let attempt = 0; attempt < ACCOUNT_LIMIT + 2; attempt += 1) {
      const response = await signIn(proxy.url, {
        email: 'profesional@hospital-central.es',
        password: `adivina-${String(attempt)}`,
        tenant: 'hospital-central',
      })
      statuses.push(response.status)
    }
    expect(new Set(proxy.answeredBy.slice(first)).size).toBe(instances.length)
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
  })

  it('serve a hospital created on one and re-branded on another, logo included', async () => {
    const token = await tokenFrom(instance(0).url, PRODUCT_ADMIN)
    const created = await fetch(
      `${instance(0).url}/api/admin/hospitales`,
      authorised(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tenant: 'hospital-compartido',
          nombre: 'Hospital Compartido',
          color_primario: '#123456',
          color_secundario: '#abcdef',
        }),
      }),
    )
    expect(created.status).toBe(201)
    expect(await hospitalOn(instance(2).url, 'hospital-compartido')).toMatchObject([
      { nombre: 'Hospital Compartido' },
    ])

    // Re-branded on the second instance: a new name, colour and an uploaded logo.
    const current = await fetch(
      `${instance(1).url}/api/admin/hospitales/hospital-compartido`,
      authorised(token),
    )
    const renamed = await fetch(
      `${instance(1).url}/api/admin/hospitales/hospital-compartido`,
      authorised(token, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          'if-match': current.headers.get('etag') ?? '',
        },
        body: JSON.stringify({ nombre: 'Hospital Renovado', color_primario: '#8c1f4e' }),
      }),
    )
    expect(renamed.status).toBe(200)
    const form = new FormData()
    form.append(
      'logo',
      new Blob([new Uint8Array(await makeImage('png', { color: '#8c1f4e' }))], {
        type: 'image/png',
      }),
      'logo.png',
    )
    const uploaded = await fetch(
      `${instance(1).url}/api/admin/hospitales/hospital-compartido/logo`,
      authorised(token, { method: 'POST', body: form }),
    )
    expect(uploaded.status).toBe(200)
    const { imagen } = (await uploaded.json()) as { imagen: string }

    const servedLogos: Buffer[] = []
    for (const { url } of [instance(0), instance(2)]) {
      expect(await hospitalOn(url, 'hospital-compartido')).toEqual([
        {
          tenant: 'hospital-compartido',
          nombre: 'Hospital Renovado',
          color_primario: '#8c1f4e',
          color_secundario: '#abcdef',
          imagen,
          // No contact phone was given when it was created.
          telefono: '',
          nombre_corto: '',
        },
      ])
      const manifest = (await (
        await fetch(`${url}/hospital-compartido/manifest.webmanifest`)
      ).json()) as { name: string; theme_color: string }
      expect(manifest).toMatchObject({ name: 'Hospital Renovado', theme_color: '#8c1f4e' })
      const logo = await fetch(`${url}${imagen}`)
      expect(logo.status).toBe(200)
      expect(logo.headers.get('content-type')).toBe('image/png')
      servedLogos.push(Buffer.from(await logo.arrayBuffer()))
    }
    expect(servedLogos[0]?.equals(servedLogos[1] ?? Buffer.alloc(0))).toBe(true)
  })

  it('lose nothing when one of them stops', async () => {
    const token = await tokenFrom(instance(0).url, PATIENT)
    await instance(0).stop()
    // As many requests as instances: the round robin reaches the stopped one too, and skips it.
    for (const host of HOSTS) {
      expect(await hospitalOn(proxy.url, 'hospital-compartido'), `turn of ${host}`).toMatchObject([
        { nombre: 'Hospital Renovado' },
      ])
    }
    const me = await fetch(`${proxy.url}/api/me`, authorised(token))
    expect(me.status).toBe(200)
    expect((await signIn(proxy.url, PRODUCT_ADMIN)).status).toBe(200)
  })
})
