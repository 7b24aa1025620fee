import { describe, expect, it } from 'vitest'
import { isLocalAddress } from './local-address'

describe('isLocalAddress', () => {
  it.each([
    'http://localhost:4610/hospital-central',
    'http://LOCALHOST/x',
    'http://app.localhost/x',
    'http://127.0.0.1:4173/hospital-central',
    'http://127.1.2.3/x',
    'http://[::1]:4173/x',
  ])('%s is local', (address) => {
    expect(isLocalAddress(address)).toBe(true)
  })

  it.each([
    'https://clinica.example/hospital-central',
    'http://192.168.1.20:4173/hospital-central',
    'http://localhost.example.com/x',
    'http://127.0.0.1.example.com/x',
    'no es una dirección',
  ])('%s is not', (address) => {
    expect(isLocalAddress(address)).toBe(false)
  })
})
