/**
 * The app and the reference server each hold the tenant rules and the manifest builder, because
 * `server/` never imports `src/` (it ships without the app's code). This contract keeps the two
 * copies equal: a hospital must be the same hospital, and install as the same app, whichever of
 * them answers first.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RESERVED_SEGMENTS as SERVER_RESERVED, isTenantSegment } from '../../server/tenants'
import { SEED_HOSPITALS, type Hospital } from '../../server/seed-data'
import { buildWebManifest } from '../../server/web-manifest'
import { RESERVED_SEGMENTS, SERVER_SEGMENTS } from '../config/tenants'
import { parseHospitalesAnswer } from './branding-rules'
import { buildTenantManifest } from './tenant-manifest'
import { isTenantId } from './tenant-path'

const ORIGIN = 'https://clinica.example'

describe('the app and the reference server agree on tenants', () => {
  it('reserve the same first segments, the paths the server serves itself included', () => {
    expect([...SERVER_RESERVED].sort()).toEqual([...RESERVED_SEGMENTS, ...SERVER_SEGMENTS].sort())
  })

  it.each([
    'hospital-central',
    'clínica-añil',
    'клиника',
    'v1.2',
    '-x',
    '<script>',
    'a'.repeat(100),
    'a'.repeat(101),
    'login',
    'main',
    '',
  ])('accept or refuse %s alike', (segment) => {
    expect(isTenantSegment(segment)).toBe(isTenantId(segment))
  })

  it('accept or refuse any segment alike', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (segment) => {
        expect(isTenantSegment(segment)).toBe(isTenantId(segment))
      }),
      { numRuns: 2000 },
    )
  })
})

function appManifest(hospital: Hospital) {
  const answer = parseHospitalesAnswer([hospital], hospital.tenant, ORIGIN)
  if (!answer.ok) throw new Error(answer.reason)
  return buildTenantManifest(hospital.tenant, answer.branding)
}

// What a browser compares: URLs resolved, the app's own icons (the logo icon is added by each
// side only once it knows the logo's size).
interface AnyManifest {
  id: string
  scope: string
  start_url: string
  icons: readonly { src: string }[]
}

function asInstalled<M extends AnyManifest>(manifest: M) {
  const resolve = (path: string) => new URL(path, ORIGIN).href
  return {
    ...manifest,
    id: resolve(manifest.id),
    scope: resolve(manifest.scope),
    start_url: resolve(manifest.start_url),
    icons: manifest.icons.filter((icon) => icon.src.startsWith('/icons/')),
  }
}

describe('the app and the reference server build the same manifest', () => {
  const hospitals: Hospital[] = [
    ...SEED_HOSPITALS,
    {
      tenant: 'clínica-añil',
      nombre: 'Hospital Universitario Virgen de la Añil',
      color_primario: '#123456',
      color_secundario: '#fedcba',
      imagen: '/logos/clinica-sol.png',
    },
  ]

  it.each(hospitals.map((hospital) => [hospital.tenant, hospital] as const))(
    'for %s',
    (_, hospital) => {
      const fromServer = buildWebManifest({
        tenant: hospital.tenant,
        hospital,
        hasServerLogo: true,
      })
      expect(asInstalled(appManifest(hospital))).toEqual(asInstalled(fromServer))
    },
  )

  it('for main, which has no record', () => {
    const fromServer = buildWebManifest({
      tenant: 'main',
      hospital: undefined,
      hasServerLogo: false,
    })
    expect(asInstalled(buildTenantManifest('main', null))).toEqual(asInstalled(fromServer))
  })
})
