import { describe, expect, it } from 'vitest'
import { RESERVED_SEGMENTS, resolveTenantLocation } from './tenants'

const ORIGIN = 'https://clinica.example'

function resolve(url: string, stored: string | null = null) {
  const parsed = new URL(url, ORIGIN)
  return resolveTenantLocation(
    { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash },
    stored,
  )
}

describe('resolveTenantLocation, the routing table of docs/routing.md', () => {
  it('sends / to the login of the stored tenant, or of main', () => {
    expect(resolve('/')).toEqual({ kind: 'redirect', tenant: 'main', to: '/main/login' })
    expect(resolve('/', 'clinica-norte')).toEqual({
      kind: 'redirect',
      tenant: 'clinica-norte',
      to: '/clinica-norte/login',
    })
  })

  it.each(RESERVED_SEGMENTS)('prefixes the reserved first segment %s with the tenant', (name) => {
    expect(resolve(`/${name}`)).toEqual({ kind: 'redirect', tenant: 'main', to: `/main/${name}` })
    expect(resolve(`/${name}/a/b?x=1#y`, 'hospital-central')).toEqual({
      kind: 'redirect',
      tenant: 'hospital-central',
      to: `/hospital-central/${name}/a/b?x=1#y`,
    })
  })

  it('keeps the whole path, query and hash', () => {
    expect(
      resolveTenantLocation({ pathname: '/admin/usuarios', search: '?x=1', hash: '#y' }, null),
    ).toEqual({ kind: 'redirect', tenant: 'main', to: '/main/admin/usuarios?x=1#y' })
  })

  it('treats reserved names case-sensitively', () => {
    expect(resolve('/Login/x')).toEqual({ kind: 'tenant', tenant: 'Login' })
  })

  it('takes any other first segment as the tenant, without redirecting', () => {
    expect(resolve('/hospital-x/pagos')).toEqual({ kind: 'tenant', tenant: 'hospital-x' })
    expect(resolve('/hospital-x/login?x=1#y')).toEqual({ kind: 'tenant', tenant: 'hospital-x' })
  })

  it('sends /{tenant} without a child to its login screen', () => {
    expect(resolve('/hospital-x')).toEqual({
      kind: 'redirect',
      tenant: 'hospital-x',
      to: '/hospital-x/login',
    })
    expect(resolve('/hospital-x/?a=b#c')).toEqual({
      kind: 'redirect',
      tenant: 'hospital-x',
      to: '/hospital-x/login?a=b#c',
    })
  })

  it('decodes Unicode tenants and keeps them encoded in the URL', () => {
    expect(resolve('/cl%C3%ADnica-%C3%B1/login')).toEqual({ kind: 'tenant', tenant: 'clínica-ñ' })
  })

  it('writes the tenant segment the one canonical way, so every URL starts with /{tenant}/', () => {
    expect(resolve('/%68ospital-x/pagos?a=1#b')).toEqual({
      kind: 'redirect',
      tenant: 'hospital-x',
      to: '/hospital-x/pagos?a=1#b',
    })
    expect(resolve('/cl%c3%adnica/login')).toEqual({
      kind: 'redirect',
      tenant: 'clínica',
      to: '/cl%C3%ADnica/login',
    })
  })

  it('drops control characters, encoded or not, as a browser drops raw tabs and newlines', () => {
    // Decoded, `x\ny` matches no route pattern at all; without them it is a screen's path or
    // "page not found" inside the hospital's layout.
    expect(resolveTenantLocation({ pathname: '/hospital-central/x%0Ay' }, null)).toEqual({
      kind: 'redirect',
      tenant: 'hospital-central',
      to: '/hospital-central/xy',
    })
    expect(resolveTenantLocation({ pathname: '/hospital-central/a%00%7F%1Fb%250A' }, null)).toEqual(
      {
        kind: 'redirect',
        tenant: 'hospital-central',
        to: '/hospital-central/ab%250A',
      },
    )
  })

  it('reads a ? or # inside the pathname as a path character, not a query or hash', () => {
    expect(
      resolveTenantLocation({ pathname: '/login?x=1#y', search: '?a=b', hash: '#c' }, null),
    ).toEqual({ kind: 'redirect', tenant: 'main', to: '/main/login%3Fx=1%23y?a=b#c' })
  })

  it('ignores a stored tenant that is reserved or malformed', () => {
    expect(resolve('/login', 'admin')).toMatchObject({ to: '/main/login' })
    expect(resolve('/login', '<script>')).toMatchObject({ to: '/main/login' })
  })
})

describe('resolveTenantLocation, hostile paths', () => {
  const hostile: [string, string][] = [
    ['//evil.example', '/main/evil.example'],
    ['//evil.example/login', '/main/evil.example/login'],
    ['/\\evil.example', '/main/evil.example'],
    ['/\t/evil.example', '/main/evil.example'],
    ['/\n\\evil.example/login', '/main/evil.example/login'],
    ['/\\/evil.example/x', '/main/evil.example/x'],
    ['/%2F%2Fevil.example', '/main/%2F%2Fevil.example'],
    ['/%5C%5Cevil.example', '/main/%5C%5Cevil.example'],
    ['/%252F%252Fevil.example', '/main/%252F%252Fevil.example'],
    ['/..', '/main/login'],
    ['/%2e%2e/%2e%2e/login', '/main/login'],
    ['/./login', '/main/login'],
    ['/%3Cscript%3Ealert(1)%3C/script%3E', '/main/%3Cscript%3Ealert(1)%3C/script%3E'],
    ['/%00/login', '/main/login'],
    ['/%E0%A4%A/x', '/main/%E0%A4%A/x'],
    [`/${'a'.repeat(1000)}/login`, `/main/${'a'.repeat(1000)}/login`],
    ['/https:%2F%2Fevil.example', '/main/https:%2F%2Fevil.example'],
    ['/javascript:alert(1)', '/main/javascript:alert(1)'],
  ]

  it.each(hostile)('%s stays on the origin: %s', (path, expected) => {
    const resolution = resolveTenantLocation({ pathname: path }, null)
    expect(resolution).toEqual({ kind: 'redirect', tenant: 'main', to: expected })
    expect(new URL(expected, ORIGIN).origin).toBe(ORIGIN)
  })
})
