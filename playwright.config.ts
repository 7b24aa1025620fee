import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { E2E_PORT as PORT, SMTP_PORT } from './tests/utils/mail'
import { PUSH_SERVICE_ORIGIN } from './tests/utils/push'
import { TURN_SECRET, TURN_URLS } from './tests/utils/turn'

const BASE_URL = `http://127.0.0.1:${PORT}`
// Debian's Chromium on CI machines; a machine with Playwright's own browsers may point elsewhere.
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

// The address bar's popup is a page of the browser's own that this headless build reloads about
// four times a second, taking CPU from every page under test and every visit the bench measures.
// (Chromium joins this list with the one Playwright passes.)
const BROWSER_UI_PAGES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

export const CHROMIUM_ARGS = [
  `--disable-features=${BROWSER_UI_PAGES_OFF.join(',')}`,
  '--disable-quic',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // On CI a test that fails is run once more and, if it then passes, reported as flaky (listed
  // by name in the output): one slow moment of a shared machine does not throw a whole run away,
  // and a test that fails twice still fails it.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // A real SMTP server for the run: registration and access resets send their links there.
  globalSetup: './tests/e2e/global-setup.ts',
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // The app started as the README says: `npm start` builds, then serves app and API together.
  webServer: {
    // A fresh database for every run: state from an earlier run never leaks into tests.
    command: 'rm -f build/e2e.sqlite* && npm start',
    url: `${BASE_URL}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DB_PATH: 'build/e2e.sqlite',
      // The journeys sign the demo accounts in far more often than a person could in 15 minutes;
      // the limits themselves are proven by the server's tests (server/routes/auth.test.ts).
      LOGIN_RATE_LIMIT: '10000',
      LOGIN_ACCOUNT_RATE_LIMIT: '10000',
      SMTP_URL: `smtp://127.0.0.1:${String(SMTP_PORT)}`,
      MAIL_FROM: 'no-responder@clinica.example',
      PUBLIC_URL: BASE_URL,
      // The run's own push service (tests/utils/push.ts): the only one besides the browsers'.
      PUSH_SERVICE_ORIGINS: PUSH_SERVICE_ORIGIN,
      // The call test's relay (tests/utils/turn.ts), which that test starts and stops.
      TURN_URLS,
      TURN_SECRET,
    },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
