/**
 * A hospital visited once keeps its own icons on the device: offline, its favicon, home-screen
 * and install icons still come from the worker, drawn in its colours.
 */
import { expect, test } from '@playwright/test'
import { TENANT_ICONS, tenantIconUrl, type TenantIconKind } from '../../../src/contract/icons'
import { readCachedPaths, waitForControllingWorker } from '../../utils/service-worker'

const TENANT = 'clinica-sol'
const ICON_CACHE = 'clinica-pwa-icons-v1'
const KINDS = Object.keys(TENANT_ICONS) as TenantIconKind[]

test('offline, every icon of a hospital visited once still loads, at its size', async ({
  page,
  context,
}) => {
  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  // The worker fetched them itself when it kept the hospital's branding.
  await expect
    .poll(async () => [...((await readCachedPaths(page))[ICON_CACHE] ?? [])].sort())
    .toEqual(KINDS.map((kind) => tenantIconUrl(TENANT, kind)).sort())

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(
    tenantIconUrl(TENANT, 'favicon'),
  )
  const loaded = await page.evaluate(
    async (urls) => {
      return Promise.all(
        urls.map(async (url) => {
          const response = await fetch(url)
          const bitmap = await createImageBitmap(await response.blob())
          return { url, status: response.status, width: bitmap.width }
        }),
      )
    },
    KINDS.map((kind) => tenantIconUrl(TENANT, kind)),
  )
  expect(loaded).toEqual(
    KINDS.map((kind) => ({
      url: tenantIconUrl(TENANT, kind),
      status: 200,
      width: TENANT_ICONS[kind].size,
    })),
  )
})
