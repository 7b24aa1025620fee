import { expect, test } from '@playwright/test'
import { DEFAULT_COLORS } from '../../../src/contract/branding'
import { brandColors, hex, hospitalRecord } from '../../utils/page-state'
import {
  readPaintedPrimaries,
  recordPaintedPrimaries,
  waitForControllingWorker,
} from '../../utils/service-worker'

test('a first visit starts with the default colours, then the hospital’s, never another hospital’s', async ({
  page,
}) => {
  const central = hex((await hospitalRecord(page, 'hospital-central')).color_primario)
  const norte = hex((await hospitalRecord(page, 'clinica-norte')).color_primario)
  expect(central).not.toBe(norte)
  await recordPaintedPrimaries(page)

  // Cold: no worker, nothing stored. The served HTML has only the defaults.
  await page.goto('/hospital-central/login')
  await expect.poll(async () => (await brandColors(page)).primario).toBe(central)
  expect((await readPaintedPrimaries(page)).values).toEqual([DEFAULT_COLORS.primario, central])
  await waitForControllingWorker(page)
  await expect(page.getByRole('banner').getByRole('img')).toBeVisible()

  // Another hospital, never visited on this device: defaults first, then its own colours. The
  // worker holds hospital-central's branding, and must not paint it here.
  await page.goto('/clinica-norte/login')
  await expect.poll(async () => (await brandColors(page)).primario).toBe(norte)
  const painted = await readPaintedPrimaries(page)
  // Unbranded shell: index.html's header bar stays hidden rather than show the default colours.
  expect(painted.beforeScripts).toEqual({
    primario: DEFAULT_COLORS.primario,
    isShellBranded: false,
  })
  expect(painted.values).toEqual([DEFAULT_COLORS.primario, norte])

  // Back to the first hospital: now known on this device, its colours from the first frame.
  await page.goto('/hospital-central/login')
  await expect.poll(async () => (await brandColors(page)).primario).toBe(central)
  expect((await readPaintedPrimaries(page)).values).toEqual([central])
})
