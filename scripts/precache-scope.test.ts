import { describe, expect, test } from 'vitest'
import { duplicateUrls, precacheScope, filesOnlyFor, type ScopeChunk } from './precache-scope'

function chunk(fileName: string, fields: Partial<ScopeChunk> = {}): ScopeChunk {
  return { fileName, isEntry: false, screen: null, imports: [], css: [], ...fields }
}

// The entry loads every screen on demand; the professional's screen shares a chunk with the
// patient's waiting room and has one of its own, the administration a style sheet.
const BUILD: ScopeChunk[] = [
  chunk('assets/index.js', {
    isEntry: true,
    imports: ['assets/login.js', 'assets/atencion.js', 'assets/profesional.js', 'assets/admin.js'],
    css: ['assets/index.css'],
  }),
  chunk('assets/press-keeper.js', { isEntry: true }),
  chunk('assets/login.js', { screen: 'login' }),
  chunk('assets/atencion.js', { screen: 'atencion-asistencia', imports: ['assets/use-live.js'] }),
  chunk('assets/use-live.js'),
  chunk('assets/profesional.js', {
    screen: 'profesional',
    imports: ['assets/use-live.js', 'assets/take-request.js'],
  }),
  chunk('assets/take-request.js'),
  chunk('assets/admin.js', {
    screen: 'admin',
    imports: ['assets/admin-panel.js'],
    css: ['assets/admin.css'],
  }),
  chunk('assets/admin-panel.js', { imports: ['assets/login.js'] }),
]

describe('filesOnlyFor', () => {
  test("leaves out the staff screens' own files, not what they share with the others", () => {
    expect([...filesOnlyFor(BUILD, ['profesional', 'admin'])].sort()).toEqual([
      'assets/admin-panel.js',
      'assets/admin.css',
      'assets/admin.js',
      'assets/profesional.js',
      'assets/take-request.js',
    ])
  })

  test('leaves out the prerendered shell of a screen cached on first use, and only its own', () => {
    const build = [...BUILD, chunk('assets/instalar.js', { screen: 'instalar' })]
    const leftOut = filesOnlyFor(build, ['instalar'])
    expect([...leftOut].sort()).toEqual(['assets/instalar.js', 'shells/instalar.html'])
  })

  test('without staff screens, everything is precached', () => {
    expect(filesOnlyFor(BUILD, []).size).toBe(0)
  })
})

describe('duplicateUrls', () => {
  test('names each URL listed more than once, once', () => {
    expect(duplicateUrls(['a', 'b', 'a', 'c', 'a', 'b'])).toEqual(['a', 'b'])
    expect(duplicateUrls(['a', 'b'])).toEqual([])
  })
})

describe("the build's manifest transform", () => {
  const entry = (url: string) => ({ url, revision: null, size: 1 })

  function readBundle(scope: ReturnType<typeof precacheScope>, chunks: Record<string, unknown>) {
    const generateBundle = scope.plugin.generateBundle as (
      this: { error: (message: string) => never },
      options: unknown,
      bundle: Record<string, unknown>,
    ) => void
    generateBundle.call(
      {
        error: (message) => {
          throw new Error(message)
        },
      },
      {},
      chunks,
    )
  }

  const screenChunk = (name: string, imports: string[] = []) => ({
    type: 'chunk',
    fileName: `assets/${name}.js`,
    isEntry: false,
    isDynamicEntry: true,
    facadeModuleId: `/app/src/app/routes/${name}.tsx`,
    imports: [],
    dynamicImports: imports,
    viteMetadata: { importedCss: new Set<string>() },
  })
  const STAFF = ['profesional', 'referidos', 'apanel', 'admin', 'admin-login']
  const CLINIC_DEVICES = ['instalar', 'sala-de-espera']
  const bundle: Record<string, unknown> = {
    'assets/index.js': {
      ...screenChunk(
        'index',
        ['login', ...STAFF, ...CLINIC_DEVICES].map((name) => `assets/${name}.js`),
      ),
      isEntry: true,
      isDynamicEntry: false,
      facadeModuleId: '/app/src/main.tsx',
    },
    'assets/login.js': screenChunk('login'),
    ...Object.fromEntries(
      [...STAFF, ...CLINIC_DEVICES].map((name) => [`assets/${name}.js`, screenChunk(name)]),
    ),
  }

  test("drops the staff screens' and the clinic devices' files from the precache", async () => {
    const scope = precacheScope(() => ['manifest.webmanifest'])
    readBundle(scope, bundle)
    const { manifest } = await scope.transform([
      entry('index.html'),
      entry('shells/login.html'),
      entry('shells/instalar.html'),
      entry('assets/index.js'),
      entry('assets/login.js'),
      entry('assets/profesional.js'),
      entry('assets/admin.js'),
      entry('assets/instalar.js'),
      entry('assets/sala-de-espera.js'),
    ])
    expect(manifest.map(({ url }) => url)).toEqual([
      'index.html',
      'shells/login.html',
      'assets/index.js',
      'assets/login.js',
    ])
  })

  test('fails the build on a URL listed twice, counting the entries added after it', () => {
    const scope = precacheScope(() => ['manifest.webmanifest', 'icons/icon-192.png'])
    readBundle(scope, bundle)
    expect(() => scope.transform([entry('index.html'), entry('icons/icon-192.png')])).toThrow(
      'The precache lists these URLs more than once: icons/icon-192.png',
    )
  })

  test('fails the build when a staff screen has no chunk (renamed or gone)', () => {
    const scope = precacheScope(() => [])
    const withoutBoard = Object.fromEntries(
      Object.entries(bundle).filter(([fileName]) => fileName !== 'assets/apanel.js'),
    )
    expect(() => {
      readBundle(scope, withoutBoard)
    }).toThrow('apanel')
  })
})
