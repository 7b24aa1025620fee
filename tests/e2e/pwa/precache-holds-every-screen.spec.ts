import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { REPO_ROOT } from '../../utils/app-server'
import {
  builtAssets,
  precacheList,
  readCachedPaths,
  waitForControllingWorker,
} from '../../utils/service-worker'

/** The build's chunk of a screen (`/assets/{screen}-{hash}.js`). */
function screenChunk(assets: readonly string[], screen: string): string {
  const chunk = assets.find((asset) => new RegExp(`^/assets/${screen}-[\\w-]+\\.js$`).test(asset))
  if (!chunk) throw new Error(`No chunk for ${screen}`)
  return chunk
}

test('the precache holds the shell and the public and patient screens, each file once', async ({
  page,
}) => {
  await page.goto('/hospital-central/login')
  await waitForControllingWorker(page)

  const cached = await readCachedPaths(page)
  const names = Object.keys(cached)
  expect(names.length).toBeGreaterThan(0)
  for (const name of names) expect(name).toMatch(/^clinica-pwa-/)

  const precacheNames = names.filter((name) => name.startsWith('clinica-pwa-precache'))
  expect(precacheNames).toHaveLength(1)
  const precached = cached[precacheNames[0] ?? ''] ?? []

  expect(precached).toContain('/index.html')
  expect(precached).toContain('/manifest.webmanifest')
  expect(new Set(precached).size).toBe(precached.length)
  // A patient's or a public screen never opened must work offline too.
  const assets = builtAssets()
  for (const screen of [
    'login',
    'cliente',
    'solicitar-asistencia',
    'atencion-asistencia',
    'directorio',
    'registro',
  ]) {
    expect(precached).toContain(screenChunk(assets, screen))
  }
  // The staff screens load on first use: a patient's phone never downloads them.
  for (const screen of ['profesional', 'referidos', 'apanel', 'admin']) {
    expect(precached).not.toContain(screenChunk(assets, screen))
  }
  // The worker's list names each URL once (the build fails otherwise).
  const worker = readFileSync(join(REPO_ROOT, 'dist', 'sw.js'), 'utf8')
  const listed = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1])
  expect(listed.length).toBeGreaterThan(20)
  expect(new Set(listed).size).toBe(listed.length)
  expect(precached).toEqual(expect.arrayContaining(precacheList()))
})
