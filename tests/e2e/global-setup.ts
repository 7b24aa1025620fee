/**
 * Starts the run's SMTP server: the app under test sends its email there (playwright.config.ts
 * gives it `SMTP_URL`), exactly as it would to a hospital's mail server.
 */
import { startSmtpInbox } from '../../server/testing/smtp-inbox'
import { keepMail, resetMailFolder, SMTP_PORT } from '../utils/mail'

export default async function globalSetup(): Promise<() => Promise<void>> {
  await resetMailFolder()
  const inbox = await startSmtpInbox({
    port: SMTP_PORT,
    onMessage: (mail) => void keepMail(mail),
  })
  return () => inbox.close()
}
