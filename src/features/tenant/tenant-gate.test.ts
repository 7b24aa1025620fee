import { describe, expect, it } from 'vitest'
import { startTenant, tenantGateLoader } from './tenant-gate'

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

describe('the root loader stores the tenant of every navigation', () => {
  it('resolves the tenant once and returns it, decoded, for the whole tree', () => {
    expect(load('/cl%C3%ADnica-sol/pagos?x=1')).toEqual({ tenant: 'clínica-sol' })
    expect(load('/main/login')).toEqual({ tenant: 'main' })
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

describe('start-up resolves the tenant of the URL the page opened on, once', () => {
  it('gives the root loader’s answer and no redirect for a hospital’s own URL', () => {
    expect(startTenant({ pathname: '/clinica-norte/login', search: '', hash: '' })).toEqual({
      redirectTo: null,
      data: { tenant: 'clinica-norte' },
    })
    expect(localStorage.getItem('tenant')).toBe('clinica-norte')
  })

  it('redirects a URL without a tenant to the stored one, keeping the hash loaders never see', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    expect(startTenant({ pathname: '/login', search: '?x=1', hash: '#ayuda' })).toEqual({
      redirectTo: '/hospital-central/login?x=1#ayuda',
      data: { tenant: 'hospital-central' },
    })
    expect(localStorage.getItem('logo')).toBe('/logos/hospital-central.png')
  })

  it('drops the previous hospital’s logo when the page opens on another one', () => {
    localStorage.setItem('tenant', 'hospital-central')
    localStorage.setItem('logo', '/logos/hospital-central.png')

    startTenant({ pathname: '/clinica-sol/login' })

    expect(localStorage.getItem('tenant')).toBe('clinica-sol')
    expect(localStorage.getItem('logo')).toBeNull()
  })
})
