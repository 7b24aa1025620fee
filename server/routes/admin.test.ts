import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeImage, makeJpegWithExif, makePngBomb } from '../uploads/testing/images.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'

let testApp: TestApp
let logLines: string[]

beforeEach(async () => {
  logLines = []
  // Everything the server logs, at every level, to prove no password or code is ever written.
  testApp = await createTestApp({
    logger: {
      level: 'trace',
      stream: {
        write: (line: string) => {
          logLines.push(line)
        },
      },
    },
  })
})

afterEach(async () => {
  await testApp.close()
})

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }
const CENTRAL_ADMIN = {
  email: 'admin@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}
const CENTRAL_PATIENT = {
  email: 'demo@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}
const CENTRAL_PROFESSIONAL = {
  email: 'profesional@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
}

const NEW_HOSPITAL = {
  tenant: 'hospital-nuevo',
  nombre: 'Hospital Nuevo',
  color_primario: '#123456',
  color_secundario: '#abcdef',
}

type Method = 'GET' | 'POST' | 'PATCH'

async function signIn(credentials: { email: string; password: string; tenant: string }) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: credentials,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ token: string }>().token
}

function call(
  method: Method,
  url: string,
  token: string | undefined,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url,
    payload,
    headers: { ...headers, ...(token ? { 'x-authorization': `Bearer ${token}` } : {}) },
  })
}

function multipart(
  file: Buffer,
  { field = 'logo', filename = 'logo.png', type = 'image/png' } = {},
) {
  const boundary = '----clinica-test-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

function uploadLogo(tenant: string, token: string, file: Buffer, options = {}) {
  const { payload, headers } = multipart(file, options)
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin/hospitales/${tenant}/logo`,
    payload,
    headers: { ...headers, 'x-authorization': `Bearer ${token}` },
  })
}

async function readHospital(tenant: string, token: string) {
  const response = await call('GET', `/api/admin/hospitales/${tenant}`, token)
  expect(response.statusCode).toBe(200)
  return { record: response.json<Record<string, unknown>>(), etag: String(response.headers.etag) }
}

describe('hospitals, by product admins', () => {
  it('lists, creates and disables a hospital; the public answer follows', async () => {
    const token = await signIn(PRODUCT_ADMIN)
    const created = await call('POST', '/api/admin/hospitales', token, NEW_HOSPITAL)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({
      ...NEW_HOSPITAL,
      imagen: '',
      telefono: '',
      nombre_corto: '',
      activo: true,
    })

    const list = await call('GET', '/api/admin/hospitales', token)
    expect(list.json<{ tenant: string }[]>().map((hospital) => hospital.tenant)).toContain(
      'hospital-nuevo',
    )
    const publicAnswer = await call('GET', '/api/hospitales?tenant=hospital-nuevo', undefined)
    expect(publicAnswer.json()).toEqual([
      { ...NEW_HOSPITAL, imagen: '', telefono: '', nombre_corto: '' },
    ])

    const { etag } = await readHospital('hospital-nuevo', token)
    const disabled = await call(
      'PATCH',
      '/api/admin/hospitales/hospital-nuevo',
      token,
      { activo: false },
      { 'if-match': etag },
    )
    expect(disabled.statusCode).toBe(200)
    expect(disabled.json<{ activo: boolean }>().activo).toBe(false)
    const gone = await call('GET', '/api/hospitales?tenant=hospital-nuevo', undefined)
    expect(gone.json()).toEqual([])
  })

  it('answers 409 to a name another hospital already has, whatever its case or spacing', async () => {
    const token = await signIn(PRODUCT_ADMIN)
    const response = await call('POST', '/api/admin/hospitales', token, {
      ...NEW_HOSPITAL,
      nombre: 'hospital  CENTRAL',
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      error: 'name_taken',
      message: 'Ya hay un centro llamado «hospital  CENTRAL».',
    })
    const { etag } = await readHospital('clinica-norte', token)
    const renamed = await call(
      'PATCH',
      '/api/admin/hospitales/clinica-norte',
      token,
      { nombre: 'Hospital Central' },
      { 'if-match': etag },
    )
    expect(renamed.statusCode).toBe(409)
    // Its own name, unchanged or re-cased, is no clash.
    const same = await call(
      'PATCH',
      '/api/admin/hospitales/clinica-norte',
      token,
      { nombre: 'Clínica NORTE' },
      { 'if-match': etag },
    )
    expect(same.statusCode).toBe(200)
  })

  it('answers 409 to a tenant that is taken', async () => {
    const token = await signIn(PRODUCT_ADMIN)
    const response = await call('POST', '/api/admin/hospitales', token, {
      ...NEW_HOSPITAL,
      tenant: 'hospital-central',
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ error: 'tenant_taken' })
  })

  it.each([
    'admin',
    'login',
    'api',
    'logos',
    'main',
    'Hospital Central',
    '../etc',
    '%2e%2e',
    'a/b',
    '-guion',
    '<script>',
    'hospital\u202Eelbat',
    'x'.repeat(101),
  ])('answers 400 to the reserved or hostile slug %j', async (tenant) => {
    const token = await signIn(PRODUCT_ADMIN)
    const response = await call('POST', '/api/admin/hospitales', token, {
      ...NEW_HOSPITAL,
      tenant,
    })
    expect(response.statusCode).toBe(400)
  })

  it.each(['', '   ', 'Hospital\u0000Nulo', 'Hospital\u202Eoditseb', 'x'.repeat(101)])(
    'answers 400 to the hostile name %j',
    async (nombre) => {
      const token = await signIn(PRODUCT_ADMIN)
      const response = await call('POST', '/api/admin/hospitales', token, {
        ...NEW_HOSPITAL,
        nombre,
      })
      expect(response.statusCode).toBe(400)
    },
  )

  it.each(['red', '#12345', '#1234567', 'url(x)', '#fff;}', 'rgb(0,0,0);x', '#ggg000', ''])(
    'answers 400 invalid_color to the colour %j',
    async (color) => {
      const token = await signIn(PRODUCT_ADMIN)
      const response = await call('POST', '/api/admin/hospitales', token, {
        ...NEW_HOSPITAL,
        color_primario: color,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'invalid_color' })
    },
  )

  it.each([
    ['a hospital admin', CENTRAL_ADMIN],
    ['a patient', CENTRAL_PATIENT],
    ['a professional', CENTRAL_PROFESSIONAL],
  ])('answers 403 to %s', async (_who, credentials) => {
    const token = await signIn(credentials)
    expect((await call('GET', '/api/admin/hospitales', token)).statusCode).toBe(403)
    expect((await call('POST', '/api/admin/hospitales', token, NEW_HOSPITAL)).statusCode).toBe(403)
  })

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/admin/hospitales', undefined)).statusCode).toBe(401)
  })
})

describe('a hospital, by its admins', () => {
  it('sets and removes the contact phone; the public answer follows; a malformed one gets 400', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const path = '/api/admin/hospitales/hospital-central'
    const publicPhone = async () =>
      (await testApp.app.inject({ url: '/api/hospitales?tenant=hospital-central' })).json<
        { telefono: string }[]
      >()[0]?.telefono

    let { etag } = await readHospital('hospital-central', token)
    const set = await call(
      'PATCH',
      path,
      token,
      { telefono: '+34 91 123 45 67' },
      { 'if-match': etag },
    )
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ telefono: '+34 91 123 45 67' })
    expect(await publicPhone()).toBe('+34 91 123 45 67')

    ;({ etag } = await readHospital('hospital-central', token))
    for (const telefono of ['llámanos', '<b>1</b>', '1'.repeat(31)]) {
      const refused = await call('PATCH', path, token, { telefono }, { 'if-match': etag })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ error: 'invalid_request' })
    }

    const removed = await call('PATCH', path, token, { telefono: '' }, { 'if-match': etag })
    expect(removed.statusCode).toBe(200)
    expect(await publicPhone()).toBe('')
  })

  it('sets the short name a home screen shows, counted as a person reads it; a long or hostile one gets 400', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const path = '/api/admin/hospitales/hospital-central'
    const manifest = async () =>
      (await testApp.app.inject({ url: '/hospital-central/manifest.webmanifest' })).json<{
        short_name: string
      }>()

    let { etag } = await readHospital('hospital-central', token)
    // Twelve characters as a person counts them, though more in UTF-16.
    const set = await call(
      'PATCH',
      path,
      token,
      { nombre_corto: ' Centrál 🏥🏥🏥🏥 ' },
      { 'if-match': etag },
    )
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ nombre_corto: 'Centrál 🏥🏥🏥🏥' })
    expect((await manifest()).short_name).toBe('Centrál 🏥🏥🏥🏥')

    ;({ etag } = await readHospital('hospital-central', token))
    for (const nombre_corto of ['Hospital Central', 'a\u0000b', 'a\u202Eb', '\u200B', 42]) {
      const refused = await call('PATCH', path, token, { nombre_corto }, { 'if-match': etag })
      expect(refused.statusCode, JSON.stringify(nombre_corto)).toBe(400)
    }

    // Emptied: the home screen shows the name shortened again.
    const cleared = await call('PATCH', path, token, { nombre_corto: '' }, { 'if-match': etag })
    expect(cleared.statusCode).toBe(200)
    expect((await manifest()).short_name).toBe('H. Central')
  })

  it('edits name and colours with If-Match; a stale version gets 412 and loses nothing', async () => {
    const first = await signIn(CENTRAL_ADMIN)
    const second = await signIn(PRODUCT_ADMIN)
    const { etag } = await readHospital('hospital-central', first)

    // Two admins saving the same version at once: one wins, the other is told, nothing is mixed.
    const [a, b] = await Promise.all([
      call(
        'PATCH',
        '/api/admin/hospitales/hospital-central',
        first,
        { color_primario: '#111111' },
        { 'if-match': etag },
      ),
      call(
        'PATCH',
        '/api/admin/hospitales/hospital-central',
        second,
        { nombre: 'Otro nombre' },
        { 'if-match': etag },
      ),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412])
    const winner = a.statusCode === 200 ? a : b
    const { record } = await readHospital('hospital-central', first)
    expect(record).toEqual(winner.json())
    expect(winner.headers.etag).not.toBe(etag)
  })

  it('answers 428 to a change without If-Match', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const response = await call('PATCH', '/api/admin/hospitales/hospital-central', token, {
      nombre: 'Sin versión',
    })
    expect(response.statusCode).toBe(428)
  })

  it('answers 403 to an admin of another hospital, and to a hospital admin disabling', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const other = await call(
      'PATCH',
      '/api/admin/hospitales/clinica-norte',
      token,
      {
        nombre: 'Mío',
      },
      { 'if-match': '*' },
    )
    expect(other.statusCode).toBe(403)
    const disable = await call(
      'PATCH',
      '/api/admin/hospitales/hospital-central',
      token,
      { activo: false },
      { 'if-match': '*' },
    )
    expect(disable.statusCode).toBe(403)
    expect(
      (await call('GET', '/api/admin/hospitales/clinica-norte/cuentas', token)).statusCode,
    ).toBe(403)
  })

  it.each([
    ['a patient', CENTRAL_PATIENT],
    ['a professional', CENTRAL_PROFESSIONAL],
  ])('answers 403 to %s of the hospital', async (_who, credentials) => {
    const token = await signIn(credentials)
    const patch = await call(
      'PATCH',
      '/api/admin/hospitales/hospital-central',
      token,
      {
        nombre: 'X',
      },
      { 'if-match': '*' },
    )
    expect(patch.statusCode).toBe(403)
    expect(
      (await call('GET', '/api/admin/hospitales/hospital-central/cuentas', token)).statusCode,
    ).toBe(403)
    expect((await uploadLogo('hospital-central', token, await makeImage('png'))).statusCode).toBe(
      403,
    )
  })
})

describe('logo upload', () => {
  it('stores a re-encoded PNG under a content-hashed URL, cached for a year', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const response = await uploadLogo(
      'hospital-central',
      token,
      await makeJpegWithExif('SECRETO'),
      {
        filename: 'logo.jpg',
        type: 'image/jpeg',
      },
    )
    expect(response.statusCode).toBe(200)
    const { imagen } = response.json<{ imagen: string }>()
    expect(imagen).toMatch(/^\/logos\/h\/[0-9a-f]{32}\.png$/)

    const served = await testApp.app.inject({ method: 'GET', url: imagen })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.rawPayload.includes('SECRETO')).toBe(false)

    const publicAnswer = await call('GET', '/api/hospitales?tenant=hospital-central', undefined)
    expect(publicAnswer.json<{ imagen: string }[]>()[0]?.imagen).toBe(imagen)
  })

  it('answers 415 to SVG, and to text named .png', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')
    expect(
      (await uploadLogo('hospital-central', token, svg, { type: 'image/svg+xml' })).statusCode,
    ).toBe(415)
    const liar = await uploadLogo('hospital-central', token, Buffer.from('<html>hola</html>'))
    expect(liar.statusCode).toBe(415)
    expect(liar.json()).toMatchObject({ error: 'unsupported_media_type' })
  })

  it('answers 413 to a file over 1 MB and to a decompression bomb, 422 to a truncated image', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(1024 * 1024 + 1)])
    expect((await uploadLogo('hospital-central', token, big)).statusCode).toBe(413)
    expect((await uploadLogo('hospital-central', token, await makePngBomb())).statusCode).toBe(413)
    const whole = await makeImage('png', { width: 300, height: 300 })
    const truncated = await uploadLogo(
      'hospital-central',
      token,
      whole.subarray(0, whole.length / 2),
    )
    expect(truncated.statusCode).toBe(422)
    // Nothing was lost: the hospital keeps its logo.
    const { record } = await readHospital('hospital-central', token)
    expect(record.imagen).toBe('/logos/hospital-central.png')
  })

  it('answers 400 to a file in another field, 415 to a JSON body', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const wrongField = await uploadLogo('hospital-central', token, await makeImage('png'), {
      field: 'imagen',
    })
    expect(wrongField.statusCode).toBe(400)
    const json = await call('POST', '/api/admin/hospitales/hospital-central/logo', token, {
      logo: 'x',
    })
    expect(json.statusCode).toBe(415)
  })
})

describe('accounts', () => {
  it('creates, lists and disables an account, never answering a hash or password', async () => {
    const token = await signIn(CENTRAL_ADMIN)
    const created = await call('POST', '/api/admin/hospitales/hospital-central/cuentas', token, {
      email: ' Nueva@Hospital-Central.es ',
      nombre: 'Nueva Paciente',
      rol: 'cliente',
      password: 'contrasena-segura',
    })
    expect(created.statusCode).toBe(201)
    const account = created.json<{ id: number; email: string }>()
    expect(account.email).toBe('nueva@hospital-central.es')
    expect(created.body).not.toMatch(/password|scrypt|contrasena-segura/)

    const list = await call('GET', '/api/admin/hospitales/hospital-central/cuentas', token)
    expect(list.json<{ email: string }[]>().map((item) => item.email)).toContain(
      'nueva@hospital-central.es',
    )
    expect(list.body).not.toMatch(/password|scrypt/)

    const patientToken = await signIn({
      email: 'nueva@hospital-central.es',
      password: 'contrasena-segura',
      tenant: 'hospital-central',
    })
    const disabled = await call(
      'PATCH',
      `/api/admin/hospitales/hospital-central/cuentas/${account.id}`,
      token,
      { activo: false },
    )
    expect(disabled.statusCode).toBe(200)
    // The disabled account's token is refused everywhere, saying why, and it cannot sign in
    // again: with the right password it is told its account is disabled.
    const me = await call('GET', '/api/me', patientToken)
    expect(me.statusCode).toBe(401)
    expect(me.json()).toMatchObject({ error: 'account_disabled' })
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: 'nueva@hospital-central.es',
        password: 'contrasena-segura',
        tenant: 'hospital-central',
      },
    })
    expect(again.statusCode).toBe(403)
    expect(again.json()).toEqual({
      error: 'account_disabled',
      message: 'Tu cuenta está desactivada. Habla con la administración de tu centro.',
    })
    const wrongPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nueva@hospital-central.es', password: 'otra', tenant: 'hospital-central' },
    })
    expect(wrongPassword.json()).toMatchObject({ error: 'invalid_credentials' })
    expect(logLines.join('\n')).not.toMatch(/contrasena-segura|scrypt\$/)
  })

  it('disabling a hospital ends the sessions of its accounts, admins included', async () => {
    const product = await signIn(PRODUCT_ADMIN)
    const admin = await signIn(CENTRAL_ADMIN)
    const { etag } = await readHospital('hospital-central', product)
    await call(
      'PATCH',
      '/api/admin/hospitales/hospital-central',
      product,
      { activo: false },
      {
        'if-match': etag,
      },
    )
    const me = await call('GET', '/api/me', admin)
    expect(me.statusCode).toBe(401)
    expect(me.json()).toMatchObject({ error: 'hospital_disabled' })
    expect(
      (await call('GET', '/api/admin/hospitales/hospital-central/cuentas', admin)).statusCode,
    ).toBe(401)
    // Its people, signing in with the right password, are told the hospital is disabled.
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: CENTRAL_PATIENT,
    })
    expect(again.statusCode).toBe(403)
    expect(again.json()).toMatchObject({ error: 'hospital_disabled' })
  })

  it('resets access with a one-time, expiring code shown once', async () => {
    const admin = await signIn(CENTRAL_ADMIN)
    const list = await call('GET', '/api/admin/hospitales/hospital-central/cuentas', admin)
    const patient = list
      .json<{ id: number; email: string }[]>()
      .find((item) => item.email === 'demo@hospital-central.es')
    const reset = await call(
      'PATCH',
      `/api/admin/hospitales/hospital-central/cuentas/${String(patient?.id)}`,
      admin,
      { restablecer_acceso: true },
    )
    expect(reset.statusCode).toBe(200)
    const { codigo_acceso: code } = reset.json<{ codigo_acceso: string }>()
    expect(code).toMatch(/^[A-Z2-9]{12}$/)

    const use = (codigo: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/restablecer-acceso',
        payload: {
          tenant: 'hospital-central',
          email: 'demo@hospital-central.es',
          codigo,
          password: 'nueva-clave-1',
        },
      })
    expect((await use('AAAAAAAAAAAA')).statusCode).toBe(400)
    expect((await use(code)).statusCode).toBe(204)
    expect((await use(code)).statusCode).toBe(400)
    await signIn({ ...CENTRAL_PATIENT, password: 'nueva-clave-1' })

    const audit = await call('GET', '/api/admin/hospitales/hospital-central/auditoria', admin)
    expect(audit.body).not.toContain(code)
    expect(logLines.join('\n')).not.toContain(code)
  })

  it('refuses an expired code', async () => {
    let now = Date.now()
    await testApp.close()
    testApp = await createTestApp({ now: () => now })
    const admin = await signIn(CENTRAL_ADMIN)
    const reset = await call('PATCH', '/api/admin/hospitales/hospital-central/cuentas/1', admin, {
      restablecer_acceso: true,
    })
    const { codigo_acceso: code, email } = reset.json<{ codigo_acceso: string; email: string }>()
    now += 25 * 60 * 60 * 1000
    const used = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/restablecer-acceso',
      payload: { tenant: 'hospital-central', email, codigo: code, password: 'nueva-clave-1' },
    })
    expect(used.statusCode).toBe(400)
  })

  it.each([
    [{ email: 'no-es-correo', nombre: 'X', rol: 'cliente', password: 'contrasena-segura' }],
    [{ email: 'a@b.es', nombre: 'X', rol: 'superadmin', password: 'contrasena-segura' }],
    [{ email: 'a@b.es', nombre: 'X', rol: 'cliente', password: 'corta' }],
    [{ email: 'a@b.es', nombre: '\u0007', rol: 'cliente', password: 'contrasena-segura' }],
    [
      {
        email: 'a@b.es',
        nombre: 'X',
        rol: 'cliente',
        password: 'contrasena-segura',
        tenant: 'otro',
      },
    ],
  ])('answers 400 to the account %j', async (body) => {
    const admin = await signIn(CENTRAL_ADMIN)
    const response = await call(
      'POST',
      '/api/admin/hospitales/hospital-central/cuentas',
      admin,
      body,
    )
    expect(response.statusCode).toBe(400)
  })

  it('answers 409 to an email that is taken', async () => {
    const admin = await signIn(CENTRAL_ADMIN)
    const response = await call('POST', '/api/admin/hospitales/hospital-central/cuentas', admin, {
      email: 'demo@hospital-central.es',
      nombre: 'Duplicada',
      rol: 'cliente',
      password: 'contrasena-segura',
    })
    expect(response.statusCode).toBe(409)
  })

  it('answers 404 to an account of another hospital named by id under this one', async () => {
    const product = await signIn(PRODUCT_ADMIN)
    const other = await call('POST', '/api/admin/hospitales/clinica-norte/cuentas', product, {
      email: 'norte@clinica-norte.es',
      nombre: 'Norte',
      rol: 'cliente',
      password: 'contrasena-segura',
    })
    const admin = await signIn(CENTRAL_ADMIN)
    const id = other.json<{ id: number }>().id
    const response = await call(
      'PATCH',
      `/api/admin/hospitales/hospital-central/cuentas/${id}`,
      admin,
      { activo: false },
    )
    expect(response.statusCode).toBe(404)
  })
})

describe('audit log', () => {
  it('records who changed what, before and after, readable by the admins concerned only', async () => {
    const admin = await signIn(CENTRAL_ADMIN)
    const { etag } = await readHospital('hospital-central', admin)
    await call(
      'PATCH',
      '/api/admin/hospitales/hospital-central',
      admin,
      { nombre: 'Central' },
      {
        'if-match': etag,
      },
    )
    const audit = await call('GET', '/api/admin/hospitales/hospital-central/auditoria', admin)
    expect(audit.statusCode).toBe(200)
    const [entry] = audit.json<Record<string, unknown>[]>()
    expect(entry).toMatchObject({
      autor: 'admin@hospital-central.es',
      accion: 'hospital.editado',
      objeto: 'hospital-central',
      antes: { nombre: 'Hospital Central' },
      despues: { nombre: 'Central' },
    })
    expect(Date.parse(String(entry?.fecha))).not.toBeNaN()

    const product = await signIn(PRODUCT_ADMIN)
    expect(
      (await call('GET', '/api/admin/hospitales/hospital-central/auditoria', product)).statusCode,
    ).toBe(200)
    expect(
      (await call('GET', '/api/admin/hospitales/clinica-norte/auditoria', admin)).statusCode,
    ).toBe(403)
  })
})

describe('the audit log, paged', () => {
  it('answers 50 entries newest first, then the older ones after the cursor `antes`', async () => {
    const admin = await signIn(CENTRAL_ADMIN)
    // 55 changes: access codes issued (each is audited).
    for (let index = 0; index < 55; index += 1) {
      await call('PATCH', '/api/admin/hospitales/hospital-central/cuentas/1', admin, {
        restablecer_acceso: true,
      })
    }
    const first = await call('GET', '/api/admin/hospitales/hospital-central/auditoria', admin)
    const page = first.json<{ id: number }[]>()
    expect(page).toHaveLength(50)
    const ids = page.map((entry) => entry.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))

    const oldest = ids.at(-1)
    const next = await call(
      'GET',
      `/api/admin/hospitales/hospital-central/auditoria?antes=${String(oldest)}`,
      admin,
    )
    const rest = next.json<{ id: number }[]>()
    expect(rest.length).toBeGreaterThanOrEqual(5)
    expect(rest.every((entry) => entry.id < Number(oldest))).toBe(true)
  })

  it.each(['0', '-1', 'abc', '1.5', '01', '9'.repeat(20)])(
    'answers 400 to the cursor %s',
    async (antes) => {
      const admin = await signIn(CENTRAL_ADMIN)
      const response = await call(
        'GET',
        `/api/admin/hospitales/hospital-central/auditoria?antes=${encodeURIComponent(antes)}`,
        admin,
      )
      expect(response.statusCode).toBe(400)
    },
  )
})

describe('re-enabling an account', () => {
  it('lets a disabled account sign in again, audited; an admin never disables itself', async () => {
    const admin = await signIn(CENTRAL_ADMIN)
    const list = await call('GET', '/api/admin/hospitales/hospital-central/cuentas', admin)
    const accounts = list.json<{ id: number; email: string }[]>()
    const patient = accounts.find((item) => item.email === CENTRAL_PATIENT.email)
    const self = accounts.find((item) => item.email === CENTRAL_ADMIN.email)
    const url = `/api/admin/hospitales/hospital-central/cuentas/${String(patient?.id)}`

    await call('PATCH', url, admin, { activo: false })
    const enabled = await call('PATCH', url, admin, { activo: true })
    expect(enabled.statusCode).toBe(200)
    expect(enabled.json()).toMatchObject({ activo: true })
    await signIn(CENTRAL_PATIENT)

    const audit = await call('GET', '/api/admin/hospitales/hospital-central/auditoria', admin)
    expect(audit.json<{ accion: string }[]>()[0]).toMatchObject({ accion: 'cuenta.activada' })

    const selfUrl = `/api/admin/hospitales/hospital-central/cuentas/${String(self?.id)}`
    expect((await call('PATCH', selfUrl, admin, { activo: false })).statusCode).toBe(400)
  })
})

describe('GET /api/openapi.json', () => {
  it('describes the whole API, administration included', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const description = response.json<{ openapi: string; paths: Record<string, unknown> }>()
    expect(description.openapi).toMatch(/^3\./)
    expect(Object.keys(description.paths)).toEqual(
      expect.arrayContaining([
        '/api/hospitales',
        '/api/auth/login',
        '/api/me',
        '/api/admin/hospitales',
        '/api/admin/hospitales/{tenant}',
        '/api/admin/hospitales/{tenant}/logo',
        '/api/admin/hospitales/{tenant}/cuentas',
        '/api/admin/hospitales/{tenant}/cuentas/{id}',
        '/api/admin/hospitales/{tenant}/auditoria',
      ]),
    )
  })
})
