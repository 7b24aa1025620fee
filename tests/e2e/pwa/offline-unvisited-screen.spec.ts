import { expect, test } from '@playwright/test'
import { DEMO_TENANTS } from '../../utils/demo'
import { brandColors, hex, hospitalRecord } from '../../utils/page-state'
import { waitForControllingWorker } from '../../utils/service-worker'

const TENANT = 'hospital-central'

test('offline, a screen never opened before shows its title inside the branded layout', async ({
  page,
  context,
}) => {
  const record = await hospitalRecord(page, TENANT)
  const directoryChunks: string[] = []
  context.on('request', (request) => {
    if (/\/assets\/directorio-[^/]+\.js$/.test(request.url())) directoryChunks.push(request.url())
  })

  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
  await context.setOffline(true)

  await page.goto(`/${TENANT}/directorio`)
  await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(DEMO_TENANTS[TENANT].nombre)
  await expect(
    page.getByRole('banner').getByRole('img', { name: `Logotipo de ${record.nombre}` }),
  ).toBeVisible()
  expect((await brandColors(page)).primario).toBe(hex(record.color_primario))
  // The screen's chunk had never been fetched online: only the precache could answer it.
  expect(directoryChunks.length).toBeGreaterThan(0)
})
