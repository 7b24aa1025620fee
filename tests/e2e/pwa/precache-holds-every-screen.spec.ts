import { expect, test } from '@playwright/test'
import { builtAssets, readCachedPaths, waitForControllingWorker } from '../../utils/service-worker'

test('the precache holds the shell and every script and style of the build', async ({ page }) => {
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
  // Every route chunk and style sheet, used or not: a screen never opened must work offline too.
  const assets = builtAssets()
  expect(assets.filter((asset) => asset.endsWith('.js')).length).toBeGreaterThan(10)
  expect(precached).toEqual(expect.arrayContaining(assets))
})
