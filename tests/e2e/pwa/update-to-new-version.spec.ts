import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { SW_MESSAGES } from '../../../src/config/sw-messages'
import { RELEASE_NOTES_FILE } from '../../../src/contract/release-notes'
import { buildApp, deploy, REPO_ROOT, startAppServer, type AppServer } from '../../utils/app-server'
import {
  builtAssets,
  precacheList,
  readCachedPaths,
  waitForControllingWorker,
} from '../../utils/service-worker'

// Two builds on one origin of their own (the suite's port + 101), so the suite's server and its `dist/` stay
// untouched: A is the suite's build, B is built here with another version (new chunk hashes, a
// new precache manifest in sw.js). Each test deploys A, opens the app, then deploys B.
// Beside the suite's own port, so two checkouts testing at once never share it.
const PORT = Number(process.env.E2E_PORT ?? 4173) + 101
const VERSION_B = 'e2e-update-b'
// What B's release notes say (release-notes.json has no entry for a test version: see below).
const NOTES_B = ['Las citas se confirman al momento.', 'El directorio se lee mejor.']

let workDir: string
let buildA: string
let buildB: string
let served: string
let server: AppServer | undefined

test.describe.configure({ timeout: 60_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  workDir = await mkdtemp(join(tmpdir(), 'clinica-update-'))
  buildA = join(workDir, 'a')
  buildB = join(workDir, 'b')
  served = join(workDir, 'served')
  await deploy(join(REPO_ROOT, 'dist'), buildA)
  await buildApp(buildB, VERSION_B)
  // The build writes its version's notes beside it; B's are written here as a release would
  // have kept them in release-notes.json.
  const emitted = JSON.parse(await readFile(join(buildB, 'release-notes.json'), 'utf8')) as unknown
  if (JSON.stringify(emitted) !== JSON.stringify({ version: VERSION_B, notas: [] })) {
    throw new Error(`Unexpected release notes in build B: ${JSON.stringify(emitted)}`)
  }
  await writeFile(
    join(buildB, 'release-notes.json'),
    JSON.stringify({ version: VERSION_B, notas: NOTES_B }),
  )
  await deploy(buildA, served)
  server = await startAppServer({ port: PORT, distDir: served, dbPath: join(workDir, 'db.sqlite') })
})

test.afterAll(async () => {
  await server?.stop()
  await rm(workDir, { recursive: true, force: true })
})

const updatePrompt = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Nueva versión disponible' })

/** Opens version A controlled by its worker; counts the page loads that follow. */
interface WorkerRequests {
  /** Calls to `registration.update()`: looks for a new version. */
  looks: number
  /** The `type` of each message the page posted to a service worker. */
  messages: string[]
}

/**
 * Records, in the page, what it asks of its service worker: both are asked synchronously when
 * the app decides (a navigation, an idle timer), so reading the record right after the event
 * that would have made the app ask tells whether it did.
 */
async function watchWorkerRequests(page: Page): Promise<() => Promise<WorkerRequests>> {
  await page.addInitScript(() => {
    const asked: WorkerRequests = { looks: 0, messages: [] }
    Object.defineProperty(window, 'workerRequests', { value: asked })
    const registration = ServiceWorkerRegistration.prototype
    const { value: update } = Object.getOwnPropertyDescriptor(registration, 'update') as {
      value: (this: ServiceWorkerRegistration) => Promise<ServiceWorkerRegistration>
    }
    registration.update = function (this: ServiceWorkerRegistration) {
      asked.looks += 1
      return update.call(this)
    }
    const worker = ServiceWorker.prototype
    const { value: post } = Object.getOwnPropertyDescriptor(worker, 'postMessage') as {
      value: (this: ServiceWorker, ...args: unknown[]) => void
    }
    worker.postMessage = function (this: ServiceWorker, ...args: unknown[]) {
      const message = args[0] as { type?: unknown } | null
      asked.messages.push(String(message?.type))
      post.apply(this, args)
    }
  })
  return () =>
    page.evaluate(() => (window as unknown as { workerRequests: WorkerRequests }).workerRequests)
}

async function openVersionA(page: Page, query = '') {
  await deploy(buildA, served)
  await page.goto(`http://127.0.0.1:${String(PORT)}/hospital-central/login${query}`)
  await waitForControllingWorker(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
  await expect(page.getByText(`Versión ${VERSION_B}`)).toHaveCount(0)
  const loads = { count: 0 }
  page.on('load', () => {
    loads.count += 1
  })
  return loads
}

/** Deploys B and makes the open page's registration look for it, as the hourly check would. */
async function publishVersionB(page: Page) {
  await deploy(buildB, served)
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
  // Installed, precached, and held back: it waits for the user (src/sw/lifecycle.ts).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return registration?.waiting?.state ?? null
      }),
    )
    .toBe('installed')
}

test('a new version is offered in Spanish and, once accepted, reloads the page exactly once', async ({
  page,
}) => {
  const loads = await openVersionA(page)
  await publishVersionB(page)

  const prompt = updatePrompt(page)
  await expect(prompt).toBeVisible()
  await expect(prompt).toHaveAttribute('aria-live', 'polite')
  const accept = page.getByRole('button', { name: 'Actualizar' })
  await expect(accept).toBeVisible()
  // Nothing happens until the user answers: same page, same (old) worker in control.
  expect(loads.count).toBe(0)
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return registration?.active === navigator.serviceWorker.controller
    }),
  ).toBe(true)

  await accept.click()
  await expect(page.getByText(`Versión ${VERSION_B}`)).toBeVisible()
  await expect(updatePrompt(page)).toHaveCount(0)
  // The new page's text shows before its `load` event fires (its images may still be on the way).
  await expect.poll(() => loads.count).toBe(1)

  // The new worker controls the reloaded page, with B's chunks in its precache and A's gone.
  const worker = await waitForControllingWorker(page)
  expect(worker.state).toBe('activated')
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
  ).toBeNull()
  const precached = Object.entries(await readCachedPaths(page)).find(([name]) =>
    name.startsWith('clinica-pwa-precache'),
  )?.[1]
  const precachedOf = (build: string) =>
    precacheList(build).filter((path) => path.startsWith('/assets/'))
  expect(precached).toEqual(expect.arrayContaining(precachedOf(buildB)))
  const onlyInA = precachedOf(buildA).filter((asset) => !builtAssets(buildB).includes(asset))
  expect(onlyInA.length).toBeGreaterThan(0)
  for (const asset of onlyInA) expect(precached).not.toContain(asset)
  expect(loads.count).toBe(1)
})

test('the offer waits while a form holds unsaved input, which survives', async ({ page }) => {
  const loads = await openVersionA(page)
  const email = page.getByLabel('Correo electrónico')
  await email.fill('paciente@hospital-central.es')

  // The page learns of the waiting version (workbox-window's `waiting`, 200 ms after the install)
  // and at once asks for its release notes: once they have come and a frame has passed, "no
  // prompt" below means "held back", not "not yet".
  const learnt = page.waitForResponse((response) =>
    response.url().endsWith(`/${RELEASE_NOTES_FILE}`),
  )
  await publishVersionB(page)
  await learnt
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  )
  // The person typing is not interrupted: no offer, no reload, nothing lost.
  await expect(updatePrompt(page)).toHaveCount(0)
  await expect(email).toHaveValue('paciente@hospital-central.es')

  // With nothing left unsaved, the offer appears; typing again puts it away again.
  await email.fill('')
  await expect(updatePrompt(page)).toBeVisible()
  await email.fill('otra@hospital-central.es')
  await expect(updatePrompt(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Actualizar' })).toHaveCount(0)
  await expect(email).toHaveValue('otra@hospital-central.es')
  expect(loads.count).toBe(0)

  await email.fill('')
  await page.getByRole('button', { name: 'Actualizar' }).click()
  await expect(page.getByText(`Versión ${VERSION_B}`)).toBeVisible()
  // As above: the reloaded page's `load` event may follow its text.
  await expect.poll(() => loads.count).toBe(1)
})

test('a tab left on the old version recovers from a screen that is gone with one reload', async ({
  context,
}) => {
  const accepting = await context.newPage()
  const leftBehind = await context.newPage()
  await openVersionA(accepting)
  const loads = await openVersionA(leftBehind)
  await publishVersionB(accepting)

  // The update is accepted in the other tab: this one is not reloaded under its user's feet...
  await accepting.getByRole('button', { name: 'Actualizar' }).click()
  await expect(accepting.getByText(`Versión ${VERSION_B}`)).toBeVisible()
  await expect(updatePrompt(leftBehind)).toHaveCount(0)
  expect(loads.count).toBe(0)

  // ...but it still runs A, whose screens neither the new worker nor the server hold any more;
  // only the HTTP cache may still have them (the old worker's install fetched them), until the
  // browser evicts them, as done here. Opening one then fails to load its chunk: the page
  // reloads once, into B, on that screen.
  const cdp = await context.newCDPSession(leftBehind)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
  await leftBehind.getByRole('link', { name: 'Directorio' }).click()
  await expect(leftBehind.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible()
  await expect(leftBehind.getByText(`Versión ${VERSION_B}`)).toBeVisible()
  expect(new URL(leftBehind.url()).pathname).toBe('/hospital-central/directorio')
  await expect.poll(() => loads.count).toBe(1)
})

test('the offer says, in Spanish, what the new version changes', async ({ page }) => {
  await openVersionA(page)
  await publishVersionB(page)

  const prompt = page.locator('.update-prompt')
  await expect(updatePrompt(page)).toBeVisible()
  await expect(prompt).toContainText(`Novedades de la versión ${VERSION_B}:`)
  await expect(prompt.getByRole('listitem')).toHaveText(NOTES_B)
})

test('a kiosk left alone applies the update by itself, never while a form holds input', async ({
  page,
}) => {
  // The page's clock: idle time passes in an instant, and every timer still fires in order.
  await page.clock.install()
  const asked = await watchWorkerRequests(page)
  const loads = await openVersionA(page, '?kiosco=1')
  await expect(page.locator('html')).toHaveAttribute('data-kiosco', '')
  await page.getByRole('button', { name: 'Acceso del personal' }).click()
  const email = page.getByLabel('Correo electrónico')
  await email.fill('paciente@hospital-central.es')
  await publishVersionB(page)

  // Someone is filling a form: the update never reloads it away. (Left untouched for 2 minutes,
  // a kiosk clears it for the next person: tests/e2e/kiosk/kiosk-mode.spec.ts.)
  await page.clock.fastForward('01:30')
  // The idle check ran within the jump; applying would have asked the worker to take over.
  expect((await asked()).messages).not.toContain(SW_MESSAGES.skipWaiting)
  expect(loads.count).toBe(0)
  await expect(email).toHaveValue('paciente@hospital-central.es')
  await expect(page.getByText(`Versión ${VERSION_B}`)).toHaveCount(0)

  // Cleared (typing counts as use): the offer shows, and the kiosk waits a whole idle minute.
  await email.fill('')
  await expect(updatePrompt(page)).toBeVisible()
  await expect(page.locator('.update-prompt')).toContainText('Se instalará sola')
  await page.clock.fastForward('00:50')
  expect((await asked()).messages).not.toContain(SW_MESSAGES.skipWaiting)
  expect(loads.count).toBe(0)

  await page.clock.fastForward('00:11')
  await expect(page.getByText(`Versión ${VERSION_B}`)).toBeVisible()
  // The new page's text shows before its `load` event fires (its images may still be on the way).
  await expect.poll(() => loads.count).toBe(1)
  // Still a kiosk after the update.
  await expect(page.locator('html')).toHaveAttribute('data-kiosco', '')
})

test('an open tab learns of a new version on its next navigation once 5 minutes have passed', async ({
  page,
}) => {
  await page.clock.install()
  const asked = await watchWorkerRequests(page)
  const loads = await openVersionA(page)
  await deploy(buildB, served)
  const { looks } = await asked()
  // Moments later, a navigation asks nothing: the page has only just looked.
  await page.getByRole('link', { name: 'Directorio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible()
  expect((await asked()).looks).toBe(looks)
  await expect(updatePrompt(page)).toHaveCount(0)

  // Five minutes on (well before the hourly look), the next navigation finds version B.
  await page.clock.fastForward('05:01')
  await page.getByRole('link', { name: 'Términos y condiciones' }).click()
  await expect(updatePrompt(page)).toBeVisible({ timeout: 15_000 })
  expect((await asked()).looks).toBeGreaterThan(looks)
  expect(loads.count).toBe(0)
})
