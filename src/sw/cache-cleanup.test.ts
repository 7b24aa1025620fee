import { expect, test } from 'vitest'
import { deleteUnusedCaches } from './cache-cleanup'
import { FakeCacheStorage } from './testing/worker-fakes'

const PRECACHE = 'clinica-pwa-precache-v2-http://localhost:4173/'
const CURRENT = [PRECACHE, 'clinica-pwa-branding-v1', 'clinica-pwa-logos-v1']

test('keeps the current caches and deletes old clinica-pwa ones', async () => {
  const storage = FakeCacheStorage.withCaches([
    ...CURRENT,
    'clinica-pwa-branding-v0',
    'clinica-pwa-runtime-http://localhost:4173/',
    'clinica-pwa-logos',
  ])

  const deleted = await deleteUnusedCaches(storage.asCacheStorage(), CURRENT)

  expect(deleted).toEqual([
    'clinica-pwa-branding-v0',
    'clinica-pwa-runtime-http://localhost:4173/',
    'clinica-pwa-logos',
  ])
  expect(await storage.keys()).toEqual(CURRENT)
})

test('leaves caches of anything else on the origin alone', async () => {
  const storage = FakeCacheStorage.withCaches(['workbox-precache-v2-x', 'other-app', PRECACHE])
  expect(await deleteUnusedCaches(storage.asCacheStorage(), CURRENT)).toEqual([])
  expect(await storage.keys()).toHaveLength(3)
})
