import { expect, test } from '@playwright/test'
import { brandColors, hex, hospitalRecord } from '../../utils/page-state'
import {
  readPaintedPrimaries,
  recordPaintedPrimaries,
  waitForControllingWorker,
} from '../../utils/service-worker'

test('every visit is in the hospital’s colours from the first frame, never another hospital’s', async ({
  page,
}) => {
  const central = hex((await hospitalRecord(page, 'hospital-central')).color_primario)
  const norte = hex((await hospitalRecord(page, 'clinica-norte')).color_primario)
  expect(central).not.toBe(norte)
  await recordPaintedPrimaries(page)

  // Cold: no worker, nothing stored. The server branded the HTML it sent.
  await page.goto('/hospital-central/login')
  await expect.poll(async () => (await brandColors(page)).primario).toBe(central)
  expect(await readPaintedPrimaries(page)).toEqual({
    beforeScripts: { primario: central, isShellBranded: true },
    values: [central],
  })
  await waitForControllingWorker(page)
  await expect(page.getByRole('banner').getByRole('img')).toBeVisible()

  // Another hospital, never visited on this device: the worker holds hospital-central's
  // branding, must not paint it here, and leaves the page to the server, which brands it.
  await page.goto('/clinica-norte/login')
  await expect.poll(async () => (await brandColors(page)).primario).toBe(norte)
  expect(await readPaintedPrimaries(page)).toEqual({
    beforeScripts: { primario: norte, isShellBranded: true },
    values: [norte],
  })

  // Back to the first hospital: its colours from the first frame, out of the worker's shell.
  const response = await page.goto('/hospital-central/login')
  expect(response?.fromServiceWorker()).toBe(true)
  await expect.poll(async () => (await brandColors(page)).primario).toBe(central)
  expect((await readPaintedPrimaries(page)).values).toEqual([central])
})
