import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Branding } from '../contract/branding'
import { DEFAULT_COLORS } from '../contract/branding'
import { SESSION_QUERY_KEY } from '../features/auth/session-query'
import { brandingQuery } from '../features/tenant/branding-query'
import {
  startTenant,
  TENANT_GATE_ID,
  TENANT_ROUTE_ID,
  tenantGateLoader,
  type TenantRouteData,
} from './tenant-route'

function load(path: string) {
  const url = new URL(path, 'https://clinica.example')
  return tenantGateLoader({
    request: new Request(url),
    url,
    pattern: '/',
    params: {},
    context: undefined,
  })
}

function visit(path: string) {
  try {
    const url = new URL(path, 'https://clinica.example')
    tenantGateLoader({
      request: new Request(url),
      url,
      pattern: '/',
      params: {},
      context: undefined,
    })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
  return null
}

describe('the root loader applies the routing rules to every navigation', () => {
  it('lets a hospital’s URL through and stores its tenant, decoded', () => {
    expect(load('/cl%C3%ADnica-sol/pagos?x=1')).toBeNull()
    expect(localStorage.getItem('tenant')).toBe('clínica-sol')
  })

  it('stores the tenant the URL names', () => {
    expect(visit('/clinica-norte/login')).toBeNull()
    expect(localStorage.getItem('tenant')).toBe('clinica-norte')
  })

  it('drops the previous hospital’s logo when the tenant changes, before any branding loads', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    visit('/no-existe-xyz/login')

    expect(localStorage.getItem('tenant')).toBe('no-existe-xyz')
    expect(localStorage.getItem('logo')).toBeNull()
  })

  it('keeps the logo while the tenant stays the same', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    visit('/hospital-central/directorio')

    expect(localStorage.getItem('logo')).toBe('/logos/hospital-central.png')
  })

  it('redirects a reserved first segment without touching the stored tenant or logo', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    const redirect = visit('/login')

    expect(redirect?.headers.get('Location')).toBe('/hospital-central/login')
    expect(localStorage.getItem('logo')).toBe('/logos/hospital-central.png')
  })
})

const CENTRAL: Branding = {
  tenant: 'hospital-central',
  nombre: 'Hospital Central',
  colors: DEFAULT_COLORS,
  logoUrl: '/logos/hospital-central.png',
}

function shell(branding: Branding | null): Document {
  const doc = document.implementation.createHTMLDocument()
  if (branding) {
    const data = doc.createElement('script')
    data.id = 'tenant-branding'
    data.type = 'application/json'
    data.textContent = JSON.stringify(branding)
    doc.head.append(data)
  }
  return doc
}

function started(path: string, doc: Document) {
  const client = new QueryClient()
  // Start-up asks for the branding behind the first screen; its loading code is not wanted here.
  client.query = () => Promise.resolve(undefined as never)
  const start = startTenant({ pathname: path }, doc, client)
  return {
    ...start,
    client,
    branding: (tenant: string) => client.getQueryData(brandingQuery(tenant).queryKey),
  }
}

describe('start-up resolves the tenant of the URL the page opened on, once', () => {
  it('gives the hospital route’s answer and seeds the cache with the shell’s branding', () => {
    const start = started('/hospital-central/login', shell(CENTRAL))
    expect(start.redirectTo).toBeNull()
    expect(start.loaderData[TENANT_GATE_ID]).toBeNull()
    expect(start.loaderData[TENANT_ROUTE_ID]).toEqual({
      tenant: 'hospital-central',
    } satisfies TenantRouteData)
    expect(start.branding('hospital-central')).toEqual(CENTRAL)
    expect(localStorage.getItem('tenant')).toBe('hospital-central')
  })

  it('seeds nobody signed in when no token is stored, and nothing when one is', () => {
    expect(
      started('/hospital-central/login', shell(null)).client.getQueryData(SESSION_QUERY_KEY),
    ).toEqual({ status: 'signed-out' })
    localStorage.setItem('token', 'stored')
    expect(
      started('/hospital-central/login', shell(null)).client.getQueryData(SESSION_QUERY_KEY),
    ).toBeUndefined()
  })

  it('takes no branding from a shell painted for another hospital', () => {
    const start = started('/clinica-sol/login', shell(CENTRAL))
    expect(start.branding('clinica-sol')).toBeUndefined()
    expect(start.branding('hospital-central')).toBeUndefined()
  })

  it.each([
    ['broken JSON', '{"tenant": "hospital-central", '],
    [
      'a tampered colour',
      JSON.stringify({ ...CENTRAL, colors: { ...DEFAULT_COLORS, primario: 'red;}' } }),
    ],
    ['an array', JSON.stringify([CENTRAL])],
  ])('takes no branding from a data block holding %s', (_, content) => {
    const doc = shell(null)
    const data = doc.createElement('script')
    data.id = 'tenant-branding'
    data.textContent = content
    doc.head.append(data)
    expect(started('/hospital-central/login', doc).branding('hospital-central')).toBeUndefined()
  })

  it("gives main the product's defaults, whatever the data block says", () => {
    const start = started('/main/login', shell({ ...CENTRAL, tenant: 'main' }))
    expect(start.branding('main')).toBeNull()
  })

  it('redirects a URL without a tenant to the stored one, keeping the hash loaders never see', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    const start = startTenant(
      { pathname: '/login', search: '?x=1', hash: '#ayuda' },
      shell(null),
      new QueryClient(),
    )
    expect(start.redirectTo).toBe('/hospital-central/login?x=1#ayuda')
    expect(start.loaderData[TENANT_ROUTE_ID]).toEqual({ tenant: 'hospital-central' })
    expect(localStorage.getItem('logo')).toBe('/logos/hospital-central.png')
  })

  it('drops the previous hospital’s logo when the page opens on another one', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    started('/clinica-sol/login', shell(null))

    expect(localStorage.getItem('tenant')).toBe('clinica-sol')
    expect(localStorage.getItem('logo')).toBeNull()
  })
})
