/**
 * Properties of the routing rules (docs/routing.md) over any location a
 * browser, a link or an attacker can produce: the redirect never leaves the origin, always lands
 * under `/{tenant}/`, keeps the query and the hash, and is final (the rules accept their own
 * result). If a property fails, the rules are wrong, not the property.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decodeSegment,
  DEFAULT_TENANT,
  firstSegment,
  isTenantId,
  RESERVED_SEGMENTS,
  resolveTenantLocation,
  type LocationParts,
  type TenantResolution,
} from './tenants'

const ORIGINS = [
  'https://clinica.example',
  'http://127.0.0.1:4173',
  'https://hospital.example:8443',
] as const
const RUNS = 3_000

// Pieces that have broken URL handling somewhere: separators, encodings of them (single and
// double), dot segments, control characters, markup, scheme look-alikes, Unicode, reserved names.
const TRICKY_SEGMENTS = [
  ...RESERVED_SEGMENTS,
  DEFAULT_TENANT,
  'hospital-central',
  '',
  '.',
  '..',
  '%2e',
  '%2E%2e',
  '.%2e',
  '%2F',
  '%2f%2f',
  '%5C',
  '%5c%5c',
  '%252F%252F',
  '%255C',
  '%25',
  '%',
  '%zz',
  '%00',
  '%0a',
  '\\',
  '\t',
  '\n',
  ' ',
  '?',
  '#',
  '@',
  ':',
  'evil.example',
  'https:',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '%3Cscript%3E',
  '%68ospital-central',
  'cl%C3%ADnica-%C3%B1',
  'cl%c3%adnica',
  'clínica-ñ',
  'ǅemo',
  '病院',
  '🏥',
  '\u202e',
  'a'.repeat(1000),
]

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_SEGMENTS) },
  { weight: 2, arbitrary: fc.webSegment() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
)

/** Any string a caller could hand the rules as a pathname, well-formed or not. */
const rawPathname = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('/', '//', '///', '/\\', '\\', '\\\\', '/\t/', ''),
      fc.array(segment, { maxLength: 6 }),
      fc.array(fc.constantFrom('/', '\\', '//'), { minLength: 6, maxLength: 6 }),
    )
    .map(([start, segments, separators]) =>
      segments.reduce(
        (path, part, index) => path + (index ? (separators[index] ?? '/') : '') + part,
        start,
      ),
    ),
  fc.string({ unit: 'binary', maxLength: 80 }),
)

const rawSearch = fc.oneof(
  fc.constant(''),
  fc.webQueryParameters().map((query) => `?${query}`),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((query) => `?${query}`),
  fc.constantFrom('?', '?next=//evil.example', '?x=%2F%2Fevil.example&y=\\evil'),
)

const rawHash = fc.oneof(
  fc.constant(''),
  fc.webFragments().map((fragment) => `#${fragment}`),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((fragment) => `#${fragment}`),
  fc.constantFrom('#', '#//evil.example', '#javascript:alert(1)'),
)

const storedTenant = fc.option(
  fc.oneof(
    fc.constantFrom('hospital-central', 'clinica-norte', 'clínica-ñ', ...RESERVED_SEGMENTS),
    fc.string({ maxLength: 20 }),
  ),
)

/**
 * What a browser puts in `location` for `origin` followed by `rest` as typed or linked
 * (`rest` starting with `/`; `//x` stays a path on the origin, as in `https://app//x`).
 */
function asBrowserLocation(origin: string, rest: string): LocationParts {
  const url = new URL(origin + rest)
  return { pathname: url.pathname, search: url.search, hash: url.hash }
}

/** The location the user ends on: the redirect target, or the location itself. */
function landing(location: LocationParts, resolution: TenantResolution): string {
  return resolution.kind === 'redirect'
    ? resolution.to
    : location.pathname + (location.search ?? '') + (location.hash ?? '')
}

/** Query and hash as a browser shows each once parsed (`?` alone is no query). */
function canonicalQueryAndHash(search: string, hash: string) {
  return {
    search: new URL(`https://canonical.invalid/${search}`).search,
    hash: new URL(`https://canonical.invalid/${hash}`).hash,
  }
}

function expectSameOriginUnderTenant(target: string, tenant: string) {
  for (const origin of ORIGINS) expect(new URL(target, origin).origin).toBe(origin)
  // Not `//host` nor `/\host`: both would be read as another host by some parser.
  expect(target).toMatch(/^\/[^/\\]/)
  expect(target.startsWith(`/${encodeURIComponent(tenant)}/`)).toBe(true)
  expect(tenant === DEFAULT_TENANT || isTenantId(tenant)).toBe(true)
}

function expectFinal(target: string, tenant: string, stored: string | null) {
  const again = asBrowserLocation(ORIGINS[0], target)
  expect(resolveTenantLocation(again, stored)).toEqual({ kind: 'tenant', tenant })
}

describe('resolveTenantLocation properties, browser-shaped locations', () => {
  // The URL as typed or linked, then parsed by the browser into `location`.
  const browserLocation = fc
    .tuple(rawPathname, rawSearch, rawHash, fc.constantFrom(...ORIGINS))
    .map(([pathname, search, hash, origin]) => {
      // A raw `?` or `#` in the path would start the query early: keep the generated parts apart.
      const path = pathname.replace(/[?#]/g, encodeURIComponent)
      return asBrowserLocation(origin, (path.startsWith('/') ? path : `/${path}`) + search + hash)
    })

  it('lands on the same origin, under /{tenant}/, keeping query and hash exactly', () => {
    fc.assert(
      fc.property(browserLocation, storedTenant, (location, stored) => {
        const resolution = resolveTenantLocation(location, stored)
        const target = landing(location, resolution)
        expectSameOriginUnderTenant(target, resolution.tenant)
        const landed = new URL(target, ORIGINS[0])
        expect(landed.search).toBe(location.search)
        expect(landed.hash).toBe(location.hash)
      }),
      { numRuns: RUNS },
    )
  })

  it('is idempotent: its own result, with any stored tenant, is final', () => {
    fc.assert(
      fc.property(browserLocation, storedTenant, storedTenant, (location, stored, storedLater) => {
        const resolution = resolveTenantLocation(location, stored)
        expectFinal(landing(location, resolution), resolution.tenant, storedLater)
      }),
      { numRuns: RUNS },
    )
  })

  it("takes the URL's tenant when its first segment names one, else the stored one, else main", () => {
    fc.assert(
      fc.property(browserLocation, storedTenant, (location, stored) => {
        const fallback = stored !== null && isTenantId(stored) ? stored : DEFAULT_TENANT
        // A browser has already resolved dots and backslashes; `//x` has an empty first segment.
        const first = location.pathname.startsWith('//')
          ? null
          : decodeSegment(firstSegment(location.pathname))
        const expected = first !== null && isTenantId(first) ? first : fallback

        expect(resolveTenantLocation(location, stored).tenant).toBe(expected)
      }),
      { numRuns: RUNS },
    )
  })
})

describe('resolveTenantLocation properties, arbitrary strings', () => {
  // Nothing guarantees the input came from a browser (a stored path, a message): never trust it.
  it('never throws, and its result is same-origin, under /{tenant}/ and final', () => {
    fc.assert(
      fc.property(
        rawPathname,
        rawSearch,
        rawHash,
        storedTenant,
        (pathname, search, hash, stored) => {
          const resolution = resolveTenantLocation({ pathname, search, hash }, stored)
          const target = landing({ pathname, search, hash }, resolution)
          expectSameOriginUnderTenant(target, resolution.tenant)
          const landed = new URL(target, ORIGINS[0])
          expect({ search: landed.search, hash: landed.hash }).toEqual(
            canonicalQueryAndHash(search, hash),
          )
          expectFinal(target, resolution.tenant, stored)
        },
      ),
      { numRuns: RUNS },
    )
  })
})
