import { expect, test } from '@playwright/test'
import { brandColors, hex, hospitalRecord } from '../../utils/page-state'
import {
  readCachedPaths,
  readPaintedPrimaries,
  recordPaintedPrimaries,
  waitForControllingWorker,
} from '../../utils/service-worker'

const TENANT = 'hospital-central'
const NEW_COLORS = { color_primario: '#6a1b9a', color_secundario: '#00695c' }

test('a hospital’s new colours are applied while the page is open, after the cached ones', async ({
  page,
  context,
}) => {
  const record = await hospitalRecord(page, TENANT)
  const oldPrimary = hex(record.color_primario)
  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  await expect.poll(async () => (await brandColors(page)).primario).toBe(oldPrimary)
  // Once controlled, `verHospitales` goes through the worker, which keeps the answer.
  await page.reload()
  await expect
    .poll(async () => (await readCachedPaths(page))['clinica-pwa-branding-v1'] ?? [])
    .toContain(`/api/hospitales?tenant=${TENANT}`)

  // The hospital changes its colours on the server. `context.route` also sees the requests the
  // worker makes (its stale-while-revalidate refresh); `page.route` would not.
  await context.route('**/api/hospitales?*', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as Record<string, unknown>[]
    await route.fulfill({ response, json: body.map((item) => ({ ...item, ...NEW_COLORS })) })
  })
  let loads = 0
  page.on('load', () => {
    loads += 1
  })
  // What the page itself asks for (its worker's refresh is not the page's).
  let pageAsksForBranding = 0
  page.on('request', (request) => {
    if (request.url().includes('/api/hospitales?') && !request.serviceWorker()) {
      pageAsksForBranding += 1
    }
  })
  await recordPaintedPrimaries(page)
  await page.reload()

  // The cached answer painted first; the refreshed one is applied without another reload.
  await expect.poll(async () => (await brandColors(page)).primario).toBe(NEW_COLORS.color_primario)
  const painted = await readPaintedPrimaries(page)
  expect(painted.beforeScripts?.primario).toBe(oldPrimary)
  expect(painted.values).toEqual([oldPrimary, NEW_COLORS.color_primario])
  expect((await brandColors(page)).secundario).toBe(NEW_COLORS.color_secundario)
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
    NEW_COLORS.color_primario,
  )
  expect(loads).toBe(1)
  // The worker handed the page the new answer: the page never fetched it a second time.
  expect(pageAsksForBranding).toBe(1)
})
