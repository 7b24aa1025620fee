import { describe, expect, it } from 'vitest'
import { HOSPITAL_SLUG_MAX_LENGTH, isNewHospitalSlug } from './tenants'

describe('isNewHospitalSlug', () => {
  it('accepts lowercase ASCII words joined by single hyphens', () => {
    for (const slug of ['hospital-central', 'clinica-sol', 'h1', 'centro-24-horas']) {
      expect(isNewHospitalSlug(slug), slug).toBe(true)
    }
    expect(isNewHospitalSlug('a'.repeat(HOSPITAL_SLUG_MAX_LENGTH))).toBe(true)
  })

  it('refuses every file the server answers at the root, and anything with a dot', () => {
    const rootFiles = [
      'sw.js',
      'manifest.webmanifest',
      'robots.txt',
      'favicon.png',
      'apple-touch-icon.png',
      'release-notes.json',
      'index.html',
      'centro.',
      '.centro',
    ]
    for (const slug of rootFiles) expect(isNewHospitalSlug(slug), slug).toBe(false)
  })

  it('refuses case twins, look-alike letters and reserved names', () => {
    const refused = [
      'Hospital-Central',
      'API',
      'Main',
      'main',
      'api',
      'admin',
      'login',
      'assets',
      'h\u043Espital', // Cyrillic о
      '\uFF48\uFF4F\uFF53\uFF50', // full-width letters
      'clínica-sol',
      'doble--guion',
      '-al-principio',
      'al-final-',
      'con espacio',
      'con_guion_bajo',
      '',
      'a'.repeat(HOSPITAL_SLUG_MAX_LENGTH + 1),
    ]
    for (const slug of refused) expect(isNewHospitalSlug(slug), slug).toBe(false)
  })
})
