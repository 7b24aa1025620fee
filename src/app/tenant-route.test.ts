import { describe, expect, it } from 'vitest'
import type { Branding } from '../contract/branding'
import { DEFAULT_COLORS } from '../contract/branding'
import {
  startTenant,
  TENANT_GATE_ID,
  TENANT_ROUTE_ID,
  tenantGateLoader,
  tenantLoader,
  type TenantLoadContext,
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

function loadTenant(tenant: string, context?: TenantLoadContext): TenantRouteData {
  const url = new URL(`/${encodeURIComponent(tenant)}/login`, 'https://clinica.example')
  return tenantLoader(
    { request: new Request(url), url, pattern: '/:tenant', params: { tenant }, context: undefined },
    context,
  )
}

describe('start-up resolves the tenant of the URL the page opened on, once', () => {
  it('gives the hospital route’s answer, with the shell’s branding, and no redirect', async () => {
    const start = startTenant(
      { pathname: '/hospital-central/login', search: '', hash: '' },
      shell(CENTRAL),
    )
    expect(start.redirectTo).toBeNull()
    expect(start.loaderData[TENANT_GATE_ID]).toBeNull()
    const data = start.loaderData[TENANT_ROUTE_ID] as TenantRouteData
    expect(data).toMatchObject({
      tenant: 'hospital-central',
      branding: CENTRAL,
      sessionReadAt: null,
    })
    expect(await data.session).toEqual({ status: 'signed-out' })
    expect(localStorage.getItem('tenant')).toBe('hospital-central')
  })

  it('takes no branding from a shell painted for another hospital', () => {
    const start = startTenant({ pathname: '/clinica-sol/login' }, shell(CENTRAL))
    expect((start.loaderData[TENANT_ROUTE_ID] as TenantRouteData).branding).toBeNull()
  })

  it('redirects a URL without a tenant to the stored one, keeping the hash loaders never see', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    const start = startTenant({ pathname: '/login', search: '?x=1', hash: '#ayuda' }, shell(null))
    expect(start.redirectTo).toBe('/hospital-central/login?x=1#ayuda')
    expect((start.loaderData[TENANT_ROUTE_ID] as TenantRouteData).tenant).toBe('hospital-central')
    expect(localStorage.getItem('logo')).toBe('/logos/hospital-central.png')
  })

  it('drops the previous hospital’s logo when the page opens on another one', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    startTenant({ pathname: '/clinica-sol/login' }, shell(null))

    expect(localStorage.getItem('tenant')).toBe('clinica-sol')
    expect(localStorage.getItem('logo')).toBeNull()
  })
})

describe('the hospital route’s loader', () => {
  it('answers the tenant, the branding known for it, and the session', async () => {
    startTenant({ pathname: '/hospital-central/login' }, shell(CENTRAL))
    const data = loadTenant('hospital-central')
    expect(data).toMatchObject({ tenant: 'hospital-central', branding: CENTRAL })
    expect(await data.session).toEqual({ status: 'signed-out' })
    // Another hospital’s branding never comes with it.
    expect(loadTenant('clinica-sol').branding).toBeNull()
    expect(loadTenant('main').branding).toBeNull()
  })

  it('keeps the session on screen unless the router asks for it again', () => {
    const previous = loadTenant('hospital-central')
    const kept = loadTenant('hospital-central', {
      previous,
      readSession: false,
      refreshBranding: false,
    })
    expect(kept.session).toBe(previous.session)
    const read = loadTenant('hospital-central', {
      previous,
      readSession: true,
      refreshBranding: false,
    })
    expect(read.session).not.toBe(previous.session)
    // Another hospital’s session is never kept.
    const other = loadTenant('clinica-sol', {
      previous,
      readSession: false,
      refreshBranding: false,
    })
    expect(other.session).not.toBe(previous.session)
  })

  it('reads nothing for a segment the root is redirecting', () => {
    localStorage.setItem('tenant', 'hospital-central')
    expect(loadTenant('login').tenant).toBe('main')
    expect(localStorage.getItem('tenant')).toBe('hospital-central')
  })
})
