import { describe, expect, test, vi } from 'vitest'
import { DEFAULT_COLORS, type Branding } from '../contract/branding'
import productManifest from '../../manifest.webmanifest?raw'
import { buildTenantManifest, parseBaseManifest, type BaseManifest } from '../contract/manifest'
import {
  createManifestHandler,
  isTenantManifestRequest,
  readBaseManifestFrom,
  readManifestTenant,
} from './manifest-route'
import { requestFor, toFetchEvent } from './testing/worker-fakes'

const BRANDING: Branding = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  colors: { ...DEFAULT_COLORS, primario: '#8c1f4e' },
  logoUrl: 'https://logos.example/central.png',
}

function readBase(): BaseManifest {
  const base = parseBaseManifest(JSON.parse(productManifest))
  if (!base) throw new Error('manifest.webmanifest lacks a field every tenant needs')
  return base
}

const BASE = readBase()

function match(path: string, destination: RequestDestination = 'manifest', sameOrigin = true) {
  const request = requestFor(path, destination)
  return readManifestTenant({ request, url: new URL(request.url), sameOrigin })
}

async function requestManifest(
  path: string,
  dependencies: Partial<Parameters<typeof createManifestHandler>[0]> = {},
): Promise<Response> {
  const handler = createManifestHandler({
    readBranding: (tenant) => Promise.resolve(tenant === BRANDING.tenant ? BRANDING : null),
    readBaseManifest: () => Promise.resolve(BASE),
    fetch: () => Promise.reject(new Error('no network in this test')),
    ...dependencies,
  })
  const request = requestFor(path, 'manifest')
  return handler({ request, url: new URL(request.url), event: toFetchEvent(request) })
}

describe('readManifestTenant', () => {
  test.each([
    ['/hospital-central/manifest.webmanifest', 'manifest', 'hospital-central'],
    ['/hospital-central/manifest.webmanifest?v=2', 'manifest', 'hospital-central'],
    ['/hospital-central/manifest.webmanifest', '', 'hospital-central'],
    ['/cl%C3%ADnica/manifest.webmanifest', 'manifest', 'clínica'],
    ['/hospital-central/app.webmanifest', 'manifest', 'hospital-central'],
    ['/hospital-central/app.webmanifest', '', null],
    ['/manifest.webmanifest', 'manifest', null],
    ['/login/manifest.webmanifest', 'manifest', null],
    ['/api/manifest.webmanifest', 'manifest', null],
  ] as const)('%s (%s) → %s', (path, destination, expected) => {
    expect(match(path, destination)).toBe(expected)
  })

  test('never another origin', () => {
    expect(match('https://cdn.example/x/manifest.webmanifest', 'manifest', false)).toBeNull()
    expect(
      isTenantManifestRequest({
        request: requestFor('/x/manifest.webmanifest', 'manifest'),
        url: new URL('https://cdn.example/x/manifest.webmanifest'),
        sameOrigin: false,
      }),
    ).toBe(false)
  })
})

describe('createManifestHandler', () => {
  test('answers the tenant’s manifest built from its stored branding', async () => {
    const response = await requestManifest('/hospital-central/manifest.webmanifest')
    expect(response.headers.get('Content-Type')).toBe('application/manifest+json')
    const manifest: unknown = await response.json()
    expect(manifest).toEqual(buildTenantManifest(BASE, 'hospital-central', BRANDING))
    expect(manifest).toMatchObject({
      id: '/hospital-central/',
      name: 'Hospital Central',
      theme_color: '#8c1f4e',
      icons: expect.arrayContaining([
        expect.objectContaining({ src: '/hospital-central/iconos/icon-maskable-512.png' }),
      ]) as unknown,
    })
  })

  test('the stored branding wins over the network', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')))
    await requestManifest('/hospital-central/manifest.webmanifest', { fetch: fetchMock })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('without stored branding (first visit) the server’s manifest is used', async () => {
    const fromServer = new Response('{"name":"Clínica Norte"}', { status: 200 })
    const response = await requestManifest('/clinica-norte/manifest.webmanifest', {
      fetch: () => Promise.resolve(fromServer),
    })
    expect(response).toBe(fromServer)
  })

  test.each([
    ['offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server error', () => Promise.resolve(new Response('', { status: 500 }))],
  ])(
    'without stored branding and %s it is the default manifest',
    async (_name, fetchFromNetwork) => {
      const response = await requestManifest('/clinica-norte/manifest.webmanifest', {
        fetch: fetchFromNetwork,
      })
      expect(await response.json()).toEqual(buildTenantManifest(BASE, 'clinica-norte', null))
    },
  )

  test('without the base manifest (precache gone) the server answers', async () => {
    const fromNetwork = new Response('{}')
    const response = await requestManifest('/hospital-central/manifest.webmanifest', {
      readBaseManifest: () => Promise.resolve(null),
      fetch: () => Promise.resolve(fromNetwork),
    })
    expect(response).toBe(fromNetwork)
  })

  test('falls back to the network when building fails', async () => {
    const fromNetwork = new Response('{}')
    const fetchMock = vi.fn(() => Promise.resolve(fromNetwork))
    const response = await requestManifest('/hospital-central/manifest.webmanifest', {
      readBranding: () => Promise.reject(new Error('IndexedDB broken')),
      fetch: fetchMock,
    })
    expect(response).toBe(fromNetwork)
  })
})

describe('readBaseManifestFrom', () => {
  test('reads the precached base manifest', async () => {
    expect(await readBaseManifestFrom(Promise.resolve(new Response(productManifest)))).toEqual(BASE)
  })

  test.each([
    ['missing', () => Promise.resolve(undefined)],
    ['not JSON', () => Promise.resolve(new Response('<html>'))],
    [
      'without icons',
      () => Promise.resolve(new Response(JSON.stringify({ ...BASE, icons: null }))),
    ],
    ['unreadable', () => Promise.reject(new Error('cache storage gone'))],
  ])('gives null when the file is %s', async (_, response) => {
    expect(await readBaseManifestFrom(response())).toBeNull()
  })
})
