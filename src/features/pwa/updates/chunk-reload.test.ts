import { describe, expect, test, vi } from 'vitest'
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_SESSION_KEY,
  installChunkLoadRecovery,
  isChunkLoadError,
  reloadAfterChunkError,
  reloadAt,
} from './chunk-reload'

function environment(now = 1_000_000, isOnline = true, pendingUrl: string | null = null) {
  return {
    now: vi.fn(() => now),
    isOnline: vi.fn(() => isOnline),
    pendingUrl: vi.fn(() => pendingUrl),
    reload: vi.fn<(url: string | null) => void>(),
  }
}

describe('isChunkLoadError', () => {
  test.each([
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/pagos-abc.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://x/assets/a.js'),
    new Error('Unable to preload CSS for /assets/pagos.css'),
    'Failed to fetch dynamically imported module',
    { message: 'Importing a module script failed.' },
  ])('%s is one', (error) => {
    expect(isChunkLoadError(error)).toBe(true)
  })

  test.each([new Error('boom'), new TypeError('Failed to fetch'), null, undefined, 42, {}])(
    '%s is not',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false)
    },
  )
})

describe('reloadAfterChunkError', () => {
  test('reloads once, remembering when in sessionStorage', () => {
    const env = environment()
    expect(reloadAfterChunkError(env)).toBe(true)
    expect(env.reload).toHaveBeenCalledExactlyOnceWith(null)
    expect(sessionStorage.getItem(CHUNK_RELOAD_SESSION_KEY)).toBe('1000000')
  })

  test('during a navigation, reloads into the screen being opened, not the one left', () => {
    const env = environment(1_000_000, true, '/hospital-central/directorio?x=1#y')
    expect(reloadAfterChunkError(env)).toBe(true)
    expect(env.reload).toHaveBeenCalledExactlyOnceWith('/hospital-central/directorio?x=1#y')
  })

  test('no second reload within the guard time: the error screen shows instead', () => {
    sessionStorage.setItem(CHUNK_RELOAD_SESSION_KEY, '1000000')
    const env = environment(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1)
    expect(reloadAfterChunkError(env)).toBe(false)
    expect(env.reload).not.toHaveBeenCalled()
  })

  test('after the guard time a new stale deploy may reload again', () => {
    sessionStorage.setItem(CHUNK_RELOAD_SESSION_KEY, '1000000')
    const env = environment(1_000_000 + CHUNK_RELOAD_GUARD_MS)
    expect(reloadAfterChunkError(env)).toBe(true)
  })

  test('a garbage or future timestamp does not block recovery', () => {
    sessionStorage.setItem(CHUNK_RELOAD_SESSION_KEY, 'abc')
    expect(reloadAfterChunkError(environment())).toBe(true)
    sessionStorage.setItem(CHUNK_RELOAD_SESSION_KEY, String(5_000_000))
    expect(reloadAfterChunkError(environment())).toBe(true)
  })

  test('never reloads offline', () => {
    const env = environment(1_000_000, false)
    expect(reloadAfterChunkError(env)).toBe(false)
    expect(env.reload).not.toHaveBeenCalled()
    expect(sessionStorage.getItem(CHUNK_RELOAD_SESSION_KEY)).toBeNull()
  })
})

describe('installChunkLoadRecovery', () => {
  function preloadError(): Event {
    return new Event('vite:preloadError', { cancelable: true })
  }

  test('a preload error reloads once and is swallowed; a second one goes through', () => {
    const env = environment()
    const uninstall = installChunkLoadRecovery(window, env)

    const first = preloadError()
    window.dispatchEvent(first)
    const second = preloadError()
    window.dispatchEvent(second)

    expect(env.reload).toHaveBeenCalledOnce()
    expect(first.defaultPrevented).toBe(true)
    expect(second.defaultPrevented).toBe(false)
    uninstall()
  })

  test('uninstalling stops listening', () => {
    const env = environment()
    installChunkLoadRecovery(window, env)()
    window.dispatchEvent(preloadError())
    expect(env.reload).not.toHaveBeenCalled()
  })
})

describe('reloadAt', () => {
  function fakeLocation() {
    return {
      href: 'https://app.example/hospital-central/login',
      origin: 'https://app.example',
      assign: vi.fn(),
      reload: vi.fn(),
    }
  }

  test('loads a path of this origin', () => {
    const location = fakeLocation()
    reloadAt('/hospital-central/directorio?x=1#y', location)
    expect(location.assign).toHaveBeenCalledExactlyOnceWith(
      'https://app.example/hospital-central/directorio?x=1#y',
    )
    expect(location.reload).not.toHaveBeenCalled()
  })

  test.each([
    null,
    '//evil.example/x',
    'https://evil.example/',
    'javascript:alert(1)',
    'http://[::',
  ])('%s reloads the current page instead', (url) => {
    const location = fakeLocation()
    reloadAt(url, location)
    expect(location.reload).toHaveBeenCalledOnce()
    expect(location.assign).not.toHaveBeenCalled()
  })
})
