/**
 * The TURN relay of the call tests: Debian's coturn on 127.0.0.1, checking the API's minted
 * credentials with the same shared secret (`--use-auth-secret`), relaying between loopback
 * addresses only. Its ports follow the run's port, so runs on other ports never meet it.
 * Started by its binary and stopped by its PID; killed and started again to test recovery.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createSocket } from 'node:dgram'
import { E2E_PORT } from './mail'

export const TURN_PORT = E2E_PORT + 2
export const TURN_SECRET = 'secreto-de-pruebas-del-rele'
/** What the app server is given (playwright.config.ts). */
export const TURN_URLS = `turn:127.0.0.1:${String(TURN_PORT)}?transport=udp`
// A hundred relay ports per run port, far from the app's: 64500–64599 for port 4450.
const RELAY_MIN_PORT = 20_000 + (E2E_PORT % 4_500) * 10
const RELAY_MAX_PORT = RELAY_MIN_PORT + 99
const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver'

export interface TurnRelay {
  /** Kills the relay at once (SIGKILL): its allocations go with it. */
  kill: () => Promise<void>
  /** Starts it again on the same ports. */
  restart: () => Promise<void>
  stop: () => Promise<void>
}

/** Resolves once the relay answers a STUN binding request on its port. */
async function waitForRelay(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const socket = createSocket('udp4')
  // A STUN binding request: type 0x0001, length 0, the magic cookie, a 12-byte transaction id.
  const request = Buffer.from('000100002112a442000000000000000000000001', 'hex')
  const answered = new Promise<void>((resolve) => {
    socket.once('message', () => {
      resolve()
    })
  })
  const deadline = Date.now() + timeoutMs
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`turnserver exited (${String(child.exitCode)})`)
      socket.send(request, TURN_PORT, '127.0.0.1')
      const result = await Promise.race([
        answered.then(() => true),
        new Promise<boolean>((resolve) =>
          setTimeout(() => {
            resolve(false)
          }, 100),
        ),
      ])
      if (result) return
    }
    throw new Error('turnserver did not answer')
  } finally {
    socket.close()
  }
}

function launch(): ChildProcess {
  return spawn(
    TURNSERVER,
    [
      '--use-auth-secret',
      `--static-auth-secret=${TURN_SECRET}`,
      '--realm=clinica',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${String(TURN_PORT)}`,
      `--min-port=${String(RELAY_MIN_PORT)}`,
      `--max-port=${String(RELAY_MAX_PORT)}`,
      '--allow-loopback-peers',
      '--no-tls',
      '--no-dtls',
      '--no-tcp-relay',
      '--no-cli',
      '--log-file=stdout',
      '--fingerprint',
    ],
    { stdio: 'ignore' },
  )
}

export async function startTurnRelay(): Promise<TurnRelay> {
  let child = launch()
  // A test run that ends without stop() takes its relay with it.
  const onExit = () => {
    child.kill('SIGKILL')
  }
  process.once('exit', onExit)
  await waitForRelay(child)
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
  }
  return {
    kill,
    async restart() {
      await kill()
      child = launch()
      await waitForRelay(child)
    },
    async stop() {
      process.off('exit', onExit)
      await kill()
    },
  }
}
