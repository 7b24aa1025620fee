/** What the service worker shows a page: its registration, its caches, what it painted. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { REPO_ROOT } from './app-server'

export interface ControllingWorker {
  scope: string
  scriptURL: string
  state: string
}

/**
 * Waits until a service worker is activated and controls `page`. The very first install claims
 * the open page (src/sw/lifecycle.ts), so no reload is needed; a page that stays uncontrolled
 * fails on the test's timeout.
 */
export async function waitForControllingWorker(page: Page): Promise<ControllingWorker> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })
      })
    }
    const controller = navigator.serviceWorker.controller
    if (!controller) throw new Error('No controller after controllerchange')
    // The first install claims while still `activating`; its caches are ready once `activated`.
    const active = registration.active
    if (active && active.state !== 'activated') {
      await new Promise<void>((resolve) => {
        active.addEventListener('statechange', () => {
          if (active.state === 'activated') resolve()
        })
      })
    }
    return {
      scope: registration.scope,
      scriptURL: controller.scriptURL,
      state: registration.active?.state ?? 'none',
    }
  })
}

export interface CachedEntry {
  url: string
  /** Request headers as the Cache API stored them (lower-case names). */
  requestHeaders: Record<string, string>
  contentType: string
  /** The body for text answers, '' for anything else (images). */
  text: string
}

/** Every Cache Storage cache of the page's origin, with every entry it holds. */
export async function readCacheStorage(page: Page): Promise<Record<string, CachedEntry[]>> {
  return page.evaluate(async () => {
    const result: Record<string, CachedEntry[]> = {}
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      const entries: CachedEntry[] = []
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        const contentType = response?.headers.get('content-type') ?? ''
        const isText = /json|text|javascript|xml/.test(contentType)
        const requestHeaders: Record<string, string> = {}
        request.headers.forEach((value, name) => {
          requestHeaders[name] = value
        })
        entries.push({
          url: request.url,
          requestHeaders,
          contentType,
          text: isText && response ? await response.text() : '',
        })
      }
      result[name] = entries
    }
    return result
  })
}

/** The URLs held by each cache, without Workbox's `__WB_REVISION__` parameter. */
export async function readCachedPaths(page: Page): Promise<Record<string, string[]>> {
  const storage = await readCacheStorage(page)
  return Object.fromEntries(
    Object.entries(storage).map(([name, entries]) => [
      name,
      entries.map(({ url }) => {
        const parsed = new URL(url)
        parsed.searchParams.delete('__WB_REVISION__')
        return parsed.pathname + parsed.search
      }),
    ]),
  )
}

/** The scripts and styles of a build (`dist/assets/*.{js,css}`), as URL paths. */
export function builtAssets(distDir = join(REPO_ROOT, 'dist')): string[] {
  return readdirSync(join(distDir, 'assets'))
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file) => `/assets/${file}`)
}

/** The URL paths the build's worker precaches (its list in `dist/sw.js`), each once. */
export function precacheList(distDir = join(REPO_ROOT, 'dist')): string[] {
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8')
  return [...new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1] ?? ''}`))]
}

/** The stored branding of `tenant` in IndexedDB (`clinica-pwa` / `branding`), or null. */
export async function readStoredBranding(page: Page, tenant: string): Promise<unknown> {
  return page.evaluate(
    (key) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('clinica-pwa')
        open.onerror = () => {
          reject(open.error ?? new Error('indexedDB.open failed'))
        }
        open.onsuccess = () => {
          const database = open.result
          if (!database.objectStoreNames.contains('branding')) {
            database.close()
            resolve(null)
            return
          }
          const read = database.transaction('branding').objectStore('branding').get(key)
          read.onsuccess = () => {
            database.close()
            resolve((read.result as unknown) ?? null)
          }
          read.onerror = () => {
            database.close()
            reject(read.error ?? new Error('IndexedDB read failed'))
          }
        }
      }),
    tenant,
  )
}

/**
 * Records `--color-primario` on `:root` as the page goes: once when the parser has built the
 * document but before any module script ran (React has not rendered: `readyState` turns
 * `interactive` before deferred and module scripts execute), with whether the shell came branded
 * (`data-branded`: only then does index.html's header bar show), then on every change of
 * `<html>`'s style. Read it with `readPaintedPrimaries`.
 */
export async function recordPaintedPrimaries(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Probe {
      beforeScripts: { primario: string; isShellBranded: boolean } | null
      values: string[]
    }
    const probe: Probe = { beforeScripts: null, values: [] }
    Object.defineProperty(window, '__paintedPrimaries', { value: probe })
    const read = () =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primario').trim()
    const record = () => {
      const value = read()
      if (probe.values.at(-1) !== value) probe.values.push(value)
    }
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      probe.beforeScripts = {
        primario: read(),
        isShellBranded: document.getElementById('tenant-branding') !== null,
      }
      record()
      // The page rewrites the shell's colour tokens (`<style>` in the head) when they change.
      new MutationObserver(record).observe(document.documentElement, {
        attributes: true,
        attributeFilter: ['style'],
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
  })
}

export interface PaintedPrimaries {
  /**
   * `--color-primario` before any script of the app ran, and whether the HTML came branded for a
   * hospital (by the server or the worker: it then carries the hospital's branding data).
   */
  beforeScripts: { primario: string; isShellBranded: boolean } | null
  /** Every distinct value in order, starting with the one before scripts. */
  values: string[]
}

export async function readPaintedPrimaries(page: Page): Promise<PaintedPrimaries> {
  return page.evaluate(
    () => (window as unknown as { __paintedPrimaries: PaintedPrimaries }).__paintedPrimaries,
  )
}
