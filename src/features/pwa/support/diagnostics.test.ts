import { describe, expect, it, vi } from 'vitest'
import { CALLS_WITHOUT_RELAY } from '../../../lib/call-relay'
import {
  collectDiagnostics,
  describeWorker,
  formatDiagnosticsReport,
  type DiagnosticsSources,
} from './diagnostics'

const T0 = Date.UTC(2026, 10, 23, 9, 30, 0)

/** A Cache Storage of named caches holding bodies of the given sizes. */
function fakeCaches(contents: Record<string, number[]>) {
  return {
    keys: () => Promise.resolve(Object.keys(contents)),
    open: (name: string) => {
      const sizes = contents[name] ?? []
      const requests = sizes.map((_, index) => new Request(`http://localhost/${name}/${index}`))
      return Promise.resolve({
        keys: () => Promise.resolve(requests),
        match: (request: Request) => {
          const index = requests.indexOf(request)
          return Promise.resolve(new Response(new Uint8Array(sizes[index] ?? 0)))
        },
      } as unknown as Cache)
    },
  }
}

function sources(overrides: Partial<DiagnosticsSources> = {}): DiagnosticsSources {
  return {
    now: () => T0,
    serviceWorker: {
      getRegistration: () =>
        Promise.resolve({
          active: {},
          waiting: null,
          installing: null,
        } as ServiceWorkerRegistration),
      controller: {} as ServiceWorker,
    },
    caches: fakeCaches({
      'clinica-pwa-precache-v2-http://localhost/': [1024, 2048],
      'clinica-pwa-logos-v1': [512],
    }),
    storage: {
      estimate: () => Promise.resolve({ usage: 3 * 1024 * 1024, quota: 2 * 1024 ** 3 }),
      persisted: () => Promise.resolve(true),
    },
    isInstalled: () => true,
    readBrandingRefreshedAt: () => Promise.resolve(T0 - 60_000),
    describeConnection: () => 'Conectado',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
    ...overrides,
  }
}

describe('collectDiagnostics and its report', () => {
  it('tells support the state of the app on this device, in Spanish', async () => {
    const report = formatDiagnosticsReport(await collectDiagnostics('hospital-central', sources()))
    expect(report).toContain('Versión de la aplicación: ')
    expect(report).toContain('Centro: hospital-central')
    expect(report).toContain('Service worker: activo')
    expect(report).toContain('Página controlada por el service worker: sí')
    expect(report).toContain('clinica-pwa-precache-v2-http://localhost/: 2 entradas, 3 kB')
    expect(report).toContain('clinica-pwa-logos-v1: 1 entrada, 512 B')
    expect(report).toContain('Almacenamiento usado: 3 MB')
    expect(report).toContain('Almacenamiento disponible: 2 GB')
    expect(report).toContain('Almacenamiento persistente: sí')
    expect(report).toContain('Aplicación instalada: sí')
    // The hour depends on the machine's time zone; the minute does not.
    expect(report).toMatch(/Imagen del centro actualizada: 23\/11\/26, \d{1,2}:29:00/)
    expect(report).toContain('Conexión: Conectado')
    expect(report).toContain('Navegador: Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0')
  })

  it('holds nothing personal, whatever the device keeps', async () => {
    localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.secreto')
    localStorage.setItem('tenant', 'hospital-central')
    sessionStorage.setItem('usuario', JSON.stringify({ email: 'demo@hospital-central.es' }))
    document.body.innerHTML = '<p>Sesión iniciada como Lucía García · demo@hospital-central.es</p>'

    const report = formatDiagnosticsReport(await collectDiagnostics('hospital-central', sources()))

    expect(report).not.toContain('eyJ')
    expect(report).not.toContain('secreto')
    expect(report).not.toMatch(/@/)
    expect(report).not.toContain('Lucía')
    document.body.innerHTML = ''
  })

  it('says "unknown" for what the browser cannot tell, and never fails', async () => {
    const failing = sources({
      serviceWorker: undefined,
      caches: { keys: () => Promise.reject(new Error('denied')), open: vi.fn() },
      storage: undefined,
      isInstalled: () => false,
      readBrandingRefreshedAt: () => Promise.reject(new Error('no IndexedDB')),
      describeConnection: () => 'Sin conexión',
    })
    const report = formatDiagnosticsReport(await collectDiagnostics('clinica-sol', failing))
    expect(report).toContain('Service worker: no disponible en este navegador')
    expect(report).toContain('Cachés: no disponibles')
    expect(report).toContain('Almacenamiento usado: desconocido')
    expect(report).toContain('Almacenamiento persistente: desconocido')
    expect(report).toContain('Imagen del centro actualizada: nunca en este dispositivo')
    expect(report).toContain('Conexión: Sin conexión')
  })
})

describe('the calls line', () => {
  it('says when the hospital has no relay, and nothing signed out', async () => {
    const without = await collectDiagnostics(
      'hospital-central',
      sources({ describeCalls: () => Promise.resolve(CALLS_WITHOUT_RELAY) }),
    )
    expect(formatDiagnosticsReport(without)).toContain(`Llamadas: ${CALLS_WITHOUT_RELAY}`)
    const signedOut = await collectDiagnostics(
      'hospital-central',
      sources({ describeCalls: () => Promise.resolve(null) }),
    )
    expect(formatDiagnosticsReport(signedOut)).not.toContain('Llamadas:')
  })
})

describe('describeWorker', () => {
  const worker = {
    isSupported: true,
    isInstalling: false,
    isWaiting: false,
    isActive: false,
    isControlled: false,
  }
  it('names every state the registration is in', () => {
    expect(describeWorker(worker)).toBe('ninguno')
    expect(describeWorker({ ...worker, isInstalling: true })).toBe('instalando')
    expect(describeWorker({ ...worker, isActive: true, isWaiting: true })).toBe(
      'activo; versión nueva en espera',
    )
  })
})
