/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1: the app sends to it
 * through `SMTP_URL` as it would to any mail server, and the test reads what arrived.
 */
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

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = []
  const unfolded = value.replace(/=\r?\n/g, '')
  for (let index = 0; index < unfolded.length; index += 1) {
    const char = unfolded[index] ?? ''
    const hex = unfolded.slice(index + 1, index + 3)
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(char, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
  return body
}

// RFC 2047 encoded words (`=?UTF-8?Q?...?=` or `?B?`), as nodemailer writes non-ASCII subjects.
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

interface Part {
  headers: Map<string, string>
  body: string
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/)
  const head = split === -1 ? raw : raw.slice(0, split)
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || boundary === undefined) return [part]
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(parsePart(chunk.replace(/^\r?\n/, ''))))
}

function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const message = parsePart(raw)
  const textOf = (type: string) => {
    const part = leafParts(message).find((leaf) =>
      (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type),
    )
    return part
      ? decodeBody(part.body, (part.headers.get('content-transfer-encoding') ?? '').toLowerCase())
      : ''
  }
  return {
    to,
    from,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: textOf('text/plain'),
    html: textOf('text/html'),
    raw,
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
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to, from)
        messages.push(mail)
        onMessage?.(mail)
        for (const wake of waiters) wake()
        callback()
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
