/**
 * A test file's SMTP inbox (one for the whole file) and an app per test whose mail reaches it,
 * closed after each test: the set-up every test of sent mail (invitations, registration, records)
 * otherwise repeats.
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.js'
import { createTestApp, type TestApp } from './test-app.js'

type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]>

export interface MailedTestApps {
  /** The file's inbox, from its first test on. */
  readonly inbox: SmtpInbox
  /** This test's app, once started. */
  readonly testApp: TestApp | undefined
  /** Starts this test's app, its mail sent to the inbox from `publicUrl`'s links. */
  start: (options?: TestAppOptions) => Promise<TestApp>
}

const FROM = 'Clínica <avisos@example.org>'

/** Registers the inbox and the apps' lifetimes in the calling test file. */
export function mailedTestApps(publicUrl: string): MailedTestApps {
  let inbox: SmtpInbox | undefined
  let current: TestApp | undefined

  beforeAll(async () => {
    inbox = await startSmtpInbox()
  })
  afterAll(async () => {
    await inbox?.close()
  })
  afterEach(async () => {
    await current?.close()
    current = undefined
  })

  const started = (): SmtpInbox => {
    if (!inbox) throw new Error('The inbox starts before the first test')
    return inbox
  }
  return {
    get inbox() {
      return started()
    },
    get testApp() {
      return current
    },
    start: async (options = {}) => {
      current = await createTestApp({
        mail: { smtpUrl: started().url, publicUrl, from: FROM },
        ...options,
      })
      return current
    },
  }
}
