/**
 * The worker caches nothing of a call: its records, its signals, its relay credentials and the
 * live stream that carries them match none of the worker's caching routes, so they go to the
 * network untouched (and the API answers them `Cache-Control: no-store`). Media never pass
 * through HTTP at all.
 */
import { describe, expect, it } from 'vitest'
import { isBuildAssetRequest } from './asset-route'
import { isHospitalesRequest } from './branding-route'
import { isTenantIconRequest } from './icon-route'
import { isLogoRequest } from './logo-route'
import { isTenantManifestRequest } from './manifest-route'
import { isShellNavigation } from './navigation-route'
import { navigationRequest, requestFor } from './testing/worker-fakes'

const CONSULTATION = '/api/asistencias/0b7f3d3e-1c2a-4d5e-8f90-1a2b3c4d5e6f'
const CALL = `${CONSULTATION}/llamadas/3c8f2a10-5d4e-4f6a-8b7c-9d0e1f2a3b4c`
const CALL_PATHS = [
  `${CONSULTATION}/llamadas`,
  `${CALL}/aceptar`,
  `${CALL}/colgar`,
  `${CALL}/senales`,
  '/api/llamadas/ice',
  '/api/eventos',
]

const ROUTES = {
  isBuildAssetRequest,
  isHospitalesRequest,
  isTenantIconRequest,
  isLogoRequest,
  isTenantManifestRequest,
  isShellNavigation,
}

describe('what the worker keeps of a call', () => {
  it.each(CALL_PATHS)('%s matches none of its caching routes, whatever asks for it', (path) => {
    const url = new URL(path, self.location.origin)
    const requests = [
      requestFor(url.href, ''),
      requestFor(url.href, 'image'),
      requestFor(url.href, '', { method: 'POST', body: '{}' }),
      navigationRequest(url.href),
    ]
    for (const request of requests) {
      for (const [name, matches] of Object.entries(ROUTES)) {
        expect(matches({ request, url, sameOrigin: true }), `${name} ${request.method}`).toBe(false)
      }
    }
  })
})
