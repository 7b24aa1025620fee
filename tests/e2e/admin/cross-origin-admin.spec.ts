/**
 * The API on another origin (the `API_BASE_URL` deployment): an administrator's page on a second
 * origin saves a hospital with `PATCH` and `If-Match`, reading the `ETag` the API exposes. The
 * page is served by a tiny local server on 127.0.0.3, so the browser applies real CORS.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'

const OTHER_HOST = '127.0.0.3'

let server: Server
let otherOrigin: string

test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><html lang="es"><title>Otro origen</title><h1>Otro origen</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, OTHER_HOST, resolve))
  otherOrigin = `http://${OTHER_HOST}:${String((server.address() as AddressInfo).port)}`
})

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

test('an admin page on another origin creates and saves a hospital with If-Match', async ({
  page,
  baseURL,
}) => {
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.goto(otherOrigin)
  const tenant = `cors-${String(Date.now())}`

  const outcome = await page.evaluate(
    async ({ api, tenant }) => {
      const json = { 'content-type': 'application/json' }
      const login = await fetch(`${api}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }),
      })
      const { token } = (await login.json()) as { token: string }
      const auth = { 'x-authorization': `Bearer ${token}` }
      const created = await fetch(`${api}/api/admin/hospitales`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({
          tenant,
          nombre: 'Centro de otro origen',
          color_primario: '#0a5a8a',
          color_secundario: '#e6f0f7',
        }),
      })
      const read = await fetch(`${api}/api/admin/hospitales/${tenant}`, { headers: auth })
      const etag = read.headers.get('etag')
      const saved = await fetch(`${api}/api/admin/hospitales/${tenant}`, {
        method: 'PATCH',
        headers: { ...json, ...auth, 'if-match': etag ?? '' },
        body: JSON.stringify({ nombre: 'Centro guardado desde otro origen' }),
      })
      return {
        login: login.status,
        created: created.status,
        etag,
        saved: saved.status,
        nombre: ((await saved.json()) as { nombre: string }).nombre,
        newEtag: saved.headers.get('etag'),
      }
    },
    { api: baseURL ?? '', tenant },
  )

  expect(outcome).toMatchObject({
    login: 200,
    created: 201,
    saved: 200,
    nombre: 'Centro guardado desde otro origen',
  })
  expect(outcome.etag).toMatch(/^(W\/)?"/)
  expect(outcome.newEtag).not.toBe(outcome.etag)
  expect(consoleErrors).toEqual([])
})
