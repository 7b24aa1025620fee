/**
 * A push service for tests, on a loopback address: it holds the devices' keys (as a browser
 * would), checks each post's VAPID signature (RFC 8292) against the server's public key, decrypts
 * the body (RFC 8291, `http_ece`) and records it. Answers can be scripted per device (410, 429
 * with `Retry-After`…). Stops by itself after `lifetimeMs`.
 */
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decrypt } from 'http_ece'
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose'

export interface TestSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** One post the service received. */
export interface ReceivedPush {
  device: string
  /** The answer it got. */
  status: number
  /** The VAPID JWT's claims, verified with the key the `Authorization` header names. */
  claims: JWTPayload
  /** The public key the `Authorization` header names (`k=`). */
  signingKey: string
  ttl: number
  urgency: string | undefined
  /** The decrypted body, parsed as JSON. */
  payload: unknown
  receivedAt: number
}

export interface ScriptedAnswer {
  status: number
  retryAfter?: string
}

export interface TestPushService {
  origin: string
  /** A new device: its subscription, whose keys only this service and the test hold. */
  subscribe(): TestSubscription
  /** The next posts to `endpoint` get these answers, in order (then 201). */
  script(endpoint: string, answers: ScriptedAnswer[]): void
  received: ReceivedPush[]
  /** Posts it refused: a bad signature or a body it could not decrypt. */
  failures: string[]
  /** Resolves with the first post (already received or to come) matching `predicate`. */
  next(
    predicate: (push: ReceivedPush, position: number) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedPush>
  close(): Promise<void>
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      resolve(Buffer.concat(chunks))
    })
    request.on('error', reject)
  })
}

/** Verifies `Authorization: vapid t=<jwt>, k=<key>` (ES256 over the service's origin). */
async function verifyVapid(header: string | undefined, origin: string, nowMs: number) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match?.[1] || !match[2]) throw new Error(`No VAPID authorization: ${String(header)}`)
  const [token, signingKey] = [match[1], match[2]]
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('VAPID JWT is not ES256')
  const raw = Buffer.from(signingKey, 'base64url')
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  )
  const { payload } = await jwtVerify(token, key, {
    audience: origin,
    currentDate: new Date(nowMs),
  })
  if (typeof payload.sub !== 'string' || !/^(?:mailto:|https:)/.test(payload.sub)) {
    throw new Error('VAPID JWT has no mailto:/https: subject')
  }
  return { claims: payload, signingKey }
}

export async function startTestPushService({
  host = '127.0.0.1',
  port = 0,
  lifetimeMs = 120_000,
}: { host?: string; port?: number; lifetimeMs?: number } = {}): Promise<TestPushService> {
  const devices = new Map<string, { ecdh: ECDH; auth: string; answers: ScriptedAnswer[] }>()
  const received: ReceivedPush[] = []
  const failures: string[] = []
  const waiters = new Set<{
    predicate: (push: ReceivedPush, position: number) => boolean
    resolve: (push: ReceivedPush) => void
  }>()
  let origin = ''

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const device = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1]
      const known = device === undefined ? undefined : devices.get(device)
      if (request.method !== 'POST' || device === undefined || known === undefined) {
        response.writeHead(404).end()
        return
      }
      let push: ReceivedPush
      try {
        const { claims, signingKey } = await verifyVapid(
          request.headers.authorization,
          origin,
          Date.now(),
        )
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error('Body is not aes128gcm')
        }
        const plain = decrypt(body, {
          version: 'aes128gcm',
          privateKey: known.ecdh,
          authSecret: known.auth,
        })
        const answer = known.answers.shift() ?? { status: 201 }
        push = {
          device,
          status: answer.status,
          claims,
          signingKey,
          ttl: Number(request.headers.ttl),
          urgency: request.headers.urgency as string | undefined,
          payload: JSON.parse(plain.toString('utf8')) as unknown,
          receivedAt: Date.now(),
        }
        response.writeHead(
          answer.status,
          answer.retryAfter === undefined ? {} : { 'retry-after': answer.retryAfter },
        )
        response.end()
      } catch (error) {
        failures.push(String(error))
        response.writeHead(400).end()
        return
      }
      received.push(push)
      for (const waiter of waiters) {
        if (waiter.predicate(push, received.length - 1)) {
          waiters.delete(waiter)
          waiter.resolve(push)
        }
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const address = server.address() as AddressInfo
  origin = `http://${host}:${String(address.port)}`
  const lifetime = setTimeout(() => {
    server.closeAllConnections()
    server.close()
  }, lifetimeMs)
  lifetime.unref()

  return {
    origin,
    received,
    failures,
    subscribe() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16).toString('base64url')
      const device = randomUUID()
      devices.set(device, { ecdh, auth, answers: [] })
      return {
        endpoint: `${origin}/push/${device}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      }
    },
    script(endpoint, answers) {
      const device = devices.get(endpoint.split('/').pop() ?? '')
      if (!device) throw new Error(`Unknown device ${endpoint}`)
      device.answers.push(...answers)
    },
    next(predicate, timeoutMs = 20_000) {
      const found = received.find((push, position) => predicate(push, position))
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve }
        waiters.add(waiter)
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error('No such push arrived in time.'))
        }, timeoutMs).unref()
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(lifetime)
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}
