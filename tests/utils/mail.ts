/**
 * Email in the browser tests: the server sends through `SMTP_URL` to a real SMTP server that the
 * test run starts (tests/e2e/global-setup.ts); each message received is written as JSON to a
 * folder the tests read, since the inbox lives in the runner and the tests in workers.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ReceivedMail } from '../../server/testing/smtp-inbox'
import { REPO_ROOT } from './app-server'

/** The app's port for this run (playwright.config.ts reads the same variable). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173)
/** The inbox's port: next to the app's, so parallel runs on other ports never share it. */
export const SMTP_PORT = E2E_PORT + 1
const MAIL_DIR = join(REPO_ROOT, 'build', 'e2e-mail', String(E2E_PORT))

/** An empty folder for this run's messages. */
export async function resetMailFolder(): Promise<void> {
  await rm(MAIL_DIR, { recursive: true, force: true })
  await mkdir(MAIL_DIR, { recursive: true })
}

let written = 0
export async function keepMail(mail: ReceivedMail): Promise<void> {
  written += 1
  await writeFile(join(MAIL_DIR, `${String(written).padStart(5, '0')}.json`), JSON.stringify(mail))
}

/** The first message to `address` whose subject contains `subject`, waiting up to 15 s. */
export async function waitForMail(address: string, subject: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 15_000
  for (;;) {
    for (const file of (await readdir(MAIL_DIR)).sort()) {
      const mail = JSON.parse(await readFile(join(MAIL_DIR, file), 'utf8')) as ReceivedMail
      if (mail.to.includes(address) && mail.subject.includes(subject)) return mail
    }
    if (Date.now() > deadline) throw new Error(`No "${subject}" email reached ${address}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The messages sent to `address` so far. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  const found: ReceivedMail[] = []
  for (const file of (await readdir(MAIL_DIR)).sort()) {
    const mail = JSON.parse(await readFile(join(MAIL_DIR, file), 'utf8')) as ReceivedMail
    if (mail.to.includes(address)) found.push(mail)
  }
  return found
}
