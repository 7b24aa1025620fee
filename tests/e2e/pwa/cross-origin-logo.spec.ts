/**
 * A hospital whose logo lives on another https host: shown on the first visit, after a reload
 * under the service worker, and offline. The host is a second local origin (127.0.0.2) serving
 * over https with a self-signed certificate that this test's browser context trusts.
 */
import { execFileSync } from 'node:child_process'
import { createHash, createPublicKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../playwright.config'
import { DEMO_TENANTS } from '../../utils/demo'
import { hospitalRecord } from '../../utils/page-state'
import { readCacheStorage, waitForControllingWorker } from '../../utils/service-worker'

const TENANT = 'hospital-central'
const LOGO_HOST = '127.0.0.2'
const LOGO_PNG = readFileSync(new URL('../../../server/logos/clinica-norte.png', import.meta.url))

// The certificate exists before the browser starts: Chromium trusts it by its key's hash, for
// the page and the service worker alike (a context's ignoreHTTPSErrors does not reach workers).
const certificateDir = mkdtempSync(join(tmpdir(), 'clinica-logo-host-'))
const keyFile = join(certificateDir, 'key.pem')
const certificateFile = join(certificateDir, 'cert.pem')
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${LOGO_HOST}`,
    '-addext',
    `subjectAltName=IP:${LOGO_HOST}`,
    '-keyout',
    keyFile,
    '-out',
    certificateFile,
  ],
  { stdio: 'ignore' },
)
const certificate = readFileSync(certificateFile)
const spkiHash = createHash('sha256')
  .update(createPublicKey(certificate).export({ type: 'spki', format: 'der' }))
  .digest('base64')

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${spkiHash}`],
  },
})

let server: Server
let logoUrl: string
let logoRequests = 0

test.beforeAll(async () => {
  server = createServer({ key: readFileSync(keyFile), cert: certificate }, (_request, response) => {
    logoRequests += 1
    response.writeHead(200, {
      'content-type': 'image/png',
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=600',
    })
    response.end(LOGO_PNG)
  })
  await new Promise<void>((resolve) => server.listen(0, LOGO_HOST, resolve))
  logoUrl = `https://${LOGO_HOST}:${String((server.address() as AddressInfo).port)}/logo.png`
})

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(certificateDir, { recursive: true, force: true })
})

test('a logo on another https host shows on the first visit, under the worker, and offline', async ({
  context,
  page,
}) => {
  const record = await hospitalRecord(page, TENANT)
  // The page and the worker both get this hospital's record with its logo elsewhere.
  await context.route(/\/api\/hospitales\?tenant=hospital-central$/, (route) =>
    route.fulfill({ json: [{ ...record, imagen: logoUrl }] }),
  )
  const logo = page
    .getByRole('banner')
    .getByRole('img', { name: `Logotipo de ${DEMO_TENANTS[TENANT].nombre}` })
  const isLogoDrawn = () => logo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)

  await page.goto(`/${TENANT}/login`)
  await expect.poll(isLogoDrawn).toBe(true)

  await waitForControllingWorker(page)
  await page.reload()
  await expect.poll(isLogoDrawn).toBe(true)
  await expect
    .poll(async () => (await readCacheStorage(page))['clinica-pwa-logos-v1']?.map((e) => e.url))
    .toContain(logoUrl)

  const requestsBeforeOffline = logoRequests
  await context.setOffline(true)
  await page.reload()
  await expect.poll(isLogoDrawn).toBe(true)
  expect(logoRequests).toBe(requestsBeforeOffline)
})
