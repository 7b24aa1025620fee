import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

/** One message: a Spanish subject, a plain-text part and an HTML part saying the same. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  /** False outside demo mode without `SMTP_URL`: the routes that send mail answer 503. */
  readonly isAvailable: boolean
  /**
   * Sends in the background and returns at once, so an answer never waits for (or reveals, by
   * its timing) whether a message was sent. Failures are logged, never thrown.
   */
  send(message: MailMessage): void
  /**
   * Sends and settles with the outcome (rejects when the SMTP server refused or could not be
   * reached), for senders that retry; the message is tracked like `send`'s until it settles.
   */
  deliver(message: MailMessage): Promise<void>
  /** Waits for the messages still being sent, then closes the connections (the close hook). */
  drain(): Promise<void>
}

/**
 * How long each step with the SMTP server may take: a server that accepts and never answers is a
 * failure after these, never a message pending forever (the close hook waits for every message).
 */
export interface SmtpTimeouts {
  connectionTimeout: number
  greetingTimeout: number
  socketTimeout: number
}

export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
}

/** Connections kept open to the SMTP server: a burst of messages shares them. */
const SMTP_POOL_SIZE = 2

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's URL form); undefined = none. */
  smtpUrl: string | undefined
  /** The sender, e.g. `Clínica <no-responder@example.org>`. */
  from: string
  demoMode: boolean
  log: FastifyBaseLogger
  /** Tests shorten them. */
  timeouts?: SmtpTimeouts
}

/**
 * The mail channel: nodemailer to `SMTP_URL`. Without it, in demo mode, each message (with its
 * link) is written to the log instead, so the demo works on one machine; outside demo mode
 * nothing is sent and `isAvailable` is false.
 */
export function createMailer({
  smtpUrl,
  from,
  demoMode,
  log,
  timeouts = SMTP_TIMEOUTS,
}: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>()
  const track = (work: Promise<void>) => {
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }
  const drain = async () => {
    await Promise.all([...pending])
  }

  if (smtpUrl === undefined) {
    const logInstead = (message: MailMessage) => {
      if (!demoMode) return
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'email not sent (no SMTP_URL, demo mode): its text is here',
      )
    }
    return {
      isAvailable: demoMode,
      send: logInstead,
      deliver(message) {
        if (!demoMode) return Promise.reject(new Error('No SMTP_URL: email cannot be sent'))
        logInstead(message)
        return Promise.resolve()
      },
      drain,
    }
  }

  // What the URL says (host, port, credentials, TLS) wins over these defaults.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_POOL_SIZE,
    ...timeouts,
  })
  const deliver = (message: MailMessage) => {
    const sent = transport.sendMail({ from, ...message }).then(() => undefined)
    track(sent.catch(() => undefined))
    return sent
  }
  return {
    isAvailable: true,
    send(message) {
      deliver(message).catch((error: unknown) => {
        // The address is personal data and the text holds a secret link: neither is logged.
        log.error({ err: error }, 'an email could not be sent')
      })
    },
    deliver,
    async drain() {
      await drain()
      transport.close()
    },
  }
}
