/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1: the app sends to it
 * through `SMTP_URL` as it would to any mail server, and the test reads what arrived.
 */
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

/** One message as received: recipients, decoded subject, plain-text and HTML parts. */
export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  raw: string
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:{port}` */
  url: string
  messages: ReceivedMail[]
  /** The first message (already received or arriving within `timeoutMs`) that matches. */
  waitFor(matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/** The message as a mail client would read it: MIME decoding is postal-mime's, not ours. */
async function parseMail(raw: Buffer, to: string[], from: string): Promise<ReceivedMail> {
  const email = await PostalMime.parse(raw)
  return {
    to,
    from,
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
    raw: raw.toString('utf8'),
  }
}

export interface SmtpInboxOptions {
  /** A fixed port (a browser test's server is told it before the inbox starts); 0 = any free one. */
  port?: number
  /** Called with each message as it arrives (e.g. to hand it to another process). */
  onMessage?: (mail: ReceivedMail) => void
}

/** Starts the SMTP server on 127.0.0.1 (a free port unless `port` says which). */
export async function startSmtpInbox({
  port = 0,
  onMessage,
}: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address)
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        parseMail(Buffer.concat(chunks), to, from).then(
          (mail) => {
            messages.push(mail)
            onMessage?.(mail)
            for (const wake of waiters) wake()
            callback()
          },
          (error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)))
          },
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('SMTP server has no port')

  return {
    url: `smtp://127.0.0.1:${String(address.port)}`,
    messages,
    async waitFor(matches, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find(matches)
        if (found) return found
        const left = deadline - Date.now()
        if (left <= 0) throw new Error('No matching email arrived in time')
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            clearTimeout(timer)
            resolve()
          }
          const timer = setTimeout(wake, left)
          waiters.add(wake)
        })
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
      }),
  }
}

/** The absolute link of `screen` in a message's plain-text part. */
export function linkIn(mail: ReceivedMail, screen: string): URL {
  const match = new RegExp(`https?://\\S+/${screen}(?:\\?\\S*)?`).exec(mail.text)
  if (!match) throw new Error(`No ${screen} link in: ${mail.text}`)
  return new URL(match[0])
}
