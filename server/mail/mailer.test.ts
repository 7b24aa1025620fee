import { createServer, type Server, type Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startSmtpInbox } from '../testing/smtp-inbox.js'
import { createMailer } from './mailer.js'

const MESSAGE = {
  to: 'paciente@example.org',
  subject: 'Confirma tu correo',
  text: 'Abre el enlace.',
  html: '<p>Abre el enlace.</p>',
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

function logSpy() {
  return { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger & {
    error: ReturnType<typeof vi.fn>
  }
}

/** A server that accepts connections and never says a word (an SMTP server that hangs). */
async function silentServer(): Promise<number> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(
    () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => {
          resolve()
        })
      }),
  )
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe('the mailer', () => {
  it('gives up on an SMTP server that never answers: the message fails, is logged, and closing does not hang', async () => {
    const port = await silentServer()
    const log = logSpy()
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${String(port)}`,
      from: 'Clínica <no-responder@example.org>',
      demoMode: false,
      log,
      timeouts: { connectionTimeout: 300, greetingTimeout: 300, socketTimeout: 300 },
    })
    mailer.send(MESSAGE)
    // Resolves only once the message has failed (nodemailer's own default would wait 30 s).
    await mailer.drain()
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'an email could not be sent')
  })

  it('sends a burst over its pool of connections, every message delivered', async () => {
    const inbox = await startSmtpInbox()
    closers.push(() => inbox.close())
    const log = logSpy()
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Clínica <no-responder@example.org>',
      demoMode: false,
      log,
    })
    for (let index = 0; index < 5; index += 1) {
      mailer.send({ ...MESSAGE, to: `paciente${String(index)}@example.org` })
    }
    await mailer.drain()
    expect(log.error).not.toHaveBeenCalled()
    for (let index = 0; index < 5; index += 1) {
      const to = `paciente${String(index)}@example.org`
      await inbox.waitFor((mail) => mail.to.includes(to))
    }
  })
})
