import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, chromium, expect, type BrowserContext, type Page } from '@playwright/test'
import { hex, hospitalRecord } from '../../utils/page-state'
import { waitForControllingWorker } from '../../utils/service-worker'

interface ManifestIcon {
  src: string
  sizes: string
  purpose?: string
}

interface AppManifest {
  id: string
  name: string
  lang: string
  display: string
  start_url: string
  scope: string
  theme_color: string
  icons: ManifestIcon[]
}

// A normal Playwright context is incognito, where Chromium reports `in-incognito` and never
// offers to install: installability needs a persistent profile, one per test.
const test = base.extend<{
  openProfile: (options?: { serviceWorkers?: 'allow' | 'block' }) => Promise<Page>
}>({
  openProfile: async ({ launchOptions, baseURL }, use) => {
    const opened: { dir: string; context: BrowserContext }[] = []
    await use(async ({ serviceWorkers = 'allow' } = {}) => {
      const dir = await mkdtemp(join(tmpdir(), 'clinica-install-'))
      const context = await chromium.launchPersistentContext(dir, {
        ...launchOptions,
        baseURL,
        locale: 'es-ES',
        serviceWorkers,
      })
      opened.push({ dir, context })
      return context.pages()[0] ?? context.newPage()
    })
    for (const { dir, context } of opened) {
      await context.close()
      await rm(dir, { recursive: true, force: true })
    }
  },
})

async function readInstallState(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  const { url, errors, data } = await cdp.send('Page.getAppManifest')
  await cdp.detach()
  return {
    installabilityErrors,
    url,
    errors,
    manifest: JSON.parse(data ?? 'null') as AppManifest | null,
  }
}

function iconSizes(manifest: AppManifest | null, purpose: string): string[] {
  return (manifest?.icons ?? [])
    .filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose))
    .map((icon) => icon.sizes)
}

async function expectInstallableAs(page: Page, tenant: string) {
  const record = await hospitalRecord(page, tenant)
  // The manifest link follows the tenant; Chromium reads the manifest again when it changes.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    `/${tenant}/manifest.webmanifest`,
  )
  await expect
    .poll(async () => (await readInstallState(page)).manifest?.id, { timeout: 10_000 })
    .toBe(`/${tenant}/`)
  const state = await readInstallState(page)
  expect(state.installabilityErrors).toEqual([])
  expect(state.errors).toEqual([])
  expect(new URL(state.url).pathname).toBe(`/${tenant}/manifest.webmanifest`)
  expect(state.manifest).toMatchObject({
    id: `/${tenant}/`,
    name: record.nombre,
    lang: 'es',
    display: 'standalone',
    start_url: `/${tenant}/login`,
    scope: `/${tenant}/`,
    theme_color: hex(record.color_primario),
  })
  expect(iconSizes(state.manifest, 'any')).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(iconSizes(state.manifest, 'maskable')).toContain('512x512')
  return state.manifest
}

test('each hospital installs as its own app, with the worker answering its manifest', async ({
  openProfile,
}) => {
  const page = await openProfile()
  await page.goto('/hospital-central/login')
  await waitForControllingWorker(page)
  const central = await expectInstallableAs(page, 'hospital-central')

  await page.goto('/clinica-norte/login')
  const manifestFromWorker = page.waitForResponse(
    (response) =>
      response.url().endsWith('/clinica-norte/manifest.webmanifest') &&
      response.fromServiceWorker(),
  )
  await page.reload()
  await manifestFromWorker
  const norte = await expectInstallableAs(page, 'clinica-norte')

  expect(norte?.id).not.toBe(central?.id)
  expect(norte?.theme_color).not.toBe(central?.theme_color)
})

test('a visit without a service worker gets a valid manifest from the server', async ({
  openProfile,
}) => {
  // As on a first visit before the worker is installed, or in a browser without workers.
  const page = await openProfile({ serviceWorkers: 'block' })
  const manifestFromServer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/clinica-norte/manifest.webmanifest') &&
      !response.fromServiceWorker(),
  )
  await page.goto('/clinica-norte/login')
  expect((await manifestFromServer).status()).toBe(200)
  await expectInstallableAs(page, 'clinica-norte')
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
})
