/**
 * The staff screens are not precached (a patient's phone never downloads them): a professional's
 * queue screen opened once online is kept by the worker and opens offline afterwards.
 */
import { expect, test } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { builtAssets, readCachedPaths, waitForControllingWorker } from '../../utils/service-worker'

const TENANT = DEMO_ACCOUNT.tenant
const PROFESIONAL = `profesional@${TENANT}.es`

test('a staff screen opened once online opens offline afterwards', async ({ context, page }) => {
  await page.goto(`/${TENANT}/login`)
  await waitForControllingWorker(page)
  const professionalChunk = builtAssets().find((asset) =>
    /^\/assets\/profesional-[\w-]+\.js$/.test(asset),
  )
  expect(professionalChunk).toBeDefined()
  const before = Object.values(await readCachedPaths(page)).flat()
  expect(before).not.toContain(professionalChunk)

  await page.getByLabel('Correo electrónico').fill(PROFESIONAL)
  await page.getByLabel('Contraseña').fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  await page.goto(`/${TENANT}/profesional`)
  const title = page.getByRole('heading', { level: 1, name: 'Área profesional' })
  await expect(title).toBeVisible()
  await expect
    .poll(async () => Object.values(await readCachedPaths(page)).flat())
    .toContain(professionalChunk)

  await context.setOffline(true)
  await page.reload()
  await expect(title).toBeVisible()
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }),
  ).toBeVisible()
})
