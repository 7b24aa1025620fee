import { describe, expect, it } from 'vitest'
import { paths, returnPathWithin } from './paths'

describe('paths.sessionExpired', () => {
  it('is the 401 reaction’s /login with the hospital and the screen in the query', () => {
    expect(paths.sessionExpired('clínica-sol', '/cl%C3%ADnica-sol/pagos?x=1')).toBe(
      '/login?caducada=1&centro=cl%C3%ADnica-sol&volver=%2Fcl%25C3%25ADnica-sol%2Fpagos%3Fx%3D1',
    )
    expect(paths.sessionExpired(null, null)).toBe('/login?caducada=1')
  })
})

describe('returnPathWithin', () => {
  it.each([
    ['/hospital-central/directorio', '/hospital-central/directorio'],
    ['/hospital-central/pagos?mes=3', '/hospital-central/pagos?mes=3'],
  ])('follows a screen of the same hospital: %s', (candidate, expected) => {
    expect(returnPathWithin('hospital-central', candidate)).toBe(expected)
  })

  it.each([
    null,
    '/clinica-norte/cliente',
    '//evil.example/hospital-central/x',
    'https://evil.example/hospital-central/x',
    '/hospital-central/../clinica-norte/cliente',
    '/hospital-central/%2e%2e/clinica-norte',
    '/hospital-central\\..\\clinica-norte',
    '/hospital-central/login',
    '/hospital-central/admin-login',
    'javascript:alert(1)',
    '/hospital-centralx/cliente',
  ])('refuses %s', (candidate) => {
    expect(returnPathWithin('hospital-central', candidate)).toBeNull()
  })
})

describe('paths.installAddress', () => {
  it("is the hospital's root on the given origin, its segment encoded", () => {
    expect(paths.installAddress('hospital-central', 'https://clinica.example')).toBe(
      'https://clinica.example/hospital-central',
    )
    expect(paths.installAddress('clínica-sol', 'http://127.0.0.1:4173')).toBe(
      'http://127.0.0.1:4173/cl%C3%ADnica-sol',
    )
  })
})
