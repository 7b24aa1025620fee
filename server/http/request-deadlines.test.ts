/**
 * Slow clients cannot hold the server: a body that never arrives, or trickles in, is closed at
 * the request deadline, and the health check answers fast meanwhile.
 */
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { registerRequestDeadlines, requestDeadlines } from './request-deadlines.js'

const DEADLINE_MS = 1_000
// Node looks for late requests once a second: a request is closed within a second of its
// deadline, plus a margin for a busy machine.
const CLOSE_SLACK_MS = 2_500

let testApp: TestApp
let port: number

beforeEach(async () => {
  testApp = await createTestApp({ requestDeadlineMs: DEADLINE_MS })
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  port = (testApp.app.server.address() as AddressInfo).port
})

afterEach(async () => {
  await testApp.close()
})

/** Opens a connection and sends the head of a sign-in that announces 16,000 bytes of body. */
async function openSlowBody(): Promise<{ socket: Socket; closed: Promise<number> }> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  const opened = performance.now()
  const closed = new Promise<number>((resolve) => {
    socket.once('close', () => {
      resolve(performance.now() - opened)
    })
  })
  socket.on('error', () => undefined)
  // Read whatever comes (the 408), or the socket never reaches its end.
  socket.resume()
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n\r\n{',
  )
  return { socket, closed }
}

async function health(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${String(port)}/api/health`)
  await response.arrayBuffer()
  return response.status
}

it('closes stalled bodies at the deadline while the health check answers meanwhile', async () => {
  const slow = await Promise.all(Array.from({ length: 200 }, openSlowBody))
  let stalledClosed = 0
  for (const { closed } of slow) void closed.then(() => (stalledClosed += 1))
  // Answered while all 200 stalled bodies still hold their connections (how fast: bench:load).
  expect(await health()).toBe(200)
  expect(stalledClosed).toBe(0)

  const closedAfter = await Promise.all(slow.map(({ closed }) => closed))
  expect(Math.max(...closedAfter)).toBeLessThan(DEADLINE_MS + CLOSE_SLACK_MS)
}, 15_000)

it('closes a body trickled one byte at a time at the deadline', async () => {
  const { socket, closed } = await openSlowBody()
  const trickle = setInterval(() => {
    if (!socket.destroyed) socket.write(' ')
  }, 100)
  try {
    expect(await closed).toBeLessThan(DEADLINE_MS + CLOSE_SLACK_MS)
  } finally {
    clearInterval(trickle)
  }
}, 15_000)

it('holds no timer for a request without a body, while one that announces a body is held to the deadline', async () => {
  const app = Fastify()
  registerRequestDeadlines(app, requestDeadlines(DEADLINE_MS))
  let arrived = 0
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  // Answers only when the test says, as an event stream stays open.
  app.route({
    method: ['GET', 'POST'],
    url: '/held',
    handler: async () => {
      arrived += 1
      await released
      return { ok: true }
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const heldPort = (app.server.address() as AddressInfo).port
  // Timers armed for the deadline's length: one per request that must still arrive.
  const armed = vi.spyOn(globalThis, 'setTimeout')
  const deadlineTimers = () => armed.mock.calls.filter(([, delay]) => delay === DEADLINE_MS).length
  try {
    const answers = Array.from({ length: 20 }, () =>
      fetch(`http://127.0.0.1:${String(heldPort)}/held`).then((response) => response.status),
    )
    await expect.poll(() => arrived, { timeout: 10_000 }).toBe(20)
    // Twenty requests under way, none of them holding a timer to the deadline.
    expect(deadlineTimers()).toBe(0)
    release()
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, () => 200))

    // A body announced and never sent is still closed at the deadline.
    const socket = connect(heldPort, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.on('error', () => undefined)
    socket.resume()
    const opened = performance.now()
    const closed = new Promise<number>((resolve) => {
      socket.once('close', () => {
        resolve(performance.now() - opened)
      })
    })
    socket.write(
      'POST /held HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    )
    expect(await closed).toBeLessThan(DEADLINE_MS + CLOSE_SLACK_MS)
    expect(deadlineTimers()).toBe(1)
  } finally {
    release()
    await app.close()
  }
}, 20_000)
