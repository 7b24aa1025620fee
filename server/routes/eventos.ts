import type { FastifyInstance } from 'fastify'
import { authenticateSession, type SessionCheckDeps } from '../auth/authenticate.js'
import { STREAM_CHECKS_AT_ONCE } from '../http/capacity.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import { DOCUMENT_ONLY_HEADERS } from '../http/security-headers.js'
import { createWorkQueue } from '../http/work-queue.js'
import type { Admission, LiveEvents } from '../live/live-events.js'
import { CARE_ERROR_RESPONSES, SESSION_HEADERS_SCHEMA } from './care-schemas.js'

/** When a refused stream (instance or address full) may try again. */
const STREAM_RETRY_AFTER_SECONDS = 10

/** A stream the instance or the caller's address has no room for gets 503 or 429. */
function refuseUnlessAdmitted(
  admission: Admission,
): asserts admission is Exclude<Admission, 'full' | 'address'> {
  if (admission === 'full') {
    throw new HttpError(503, 'server_busy', MESSAGES.serverBusy, undefined, {
      retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
    })
  }
  if (admission === 'address') {
    throw new HttpError(
      429,
      'rate_limited',
      'Demasiadas conexiones en directo desde tu red. Inténtalo de nuevo en unos segundos.',
      undefined,
      { retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS },
    )
  }
}

/** `Last-Event-ID` as sent back by a reconnecting client: a log id, or something unusable. */
export function parseLastEventId(header: string | undefined): number | 'invalid' | undefined {
  if (header === undefined) return undefined
  const value = header.trim()
  return /^\d{1,15}$/.test(value) ? Number(value) : 'invalid'
}

/**
 * `GET /api/eventos`: the signed-in user's live events as Server-Sent Events (`X-Authorization`
 * like every request; a token never travels in the URL). `?cola=1` from a professional's queue
 * screen marks them available in the directory while the stream is open.
 */
export function registerEventosRoute(
  app: FastifyInstance,
  { session, live }: { session: SessionCheckDeps; live: LiveEvents },
) {
  // Places held bound the waiting line: every check waiting holds one.
  const sessionChecks = createWorkQueue({
    concurrency: STREAM_CHECKS_AT_ONCE,
    maxWaiting: Number.POSITIVE_INFINITY,
  })
  app.get<{ Querystring: { cola?: '1' } }>(
    '/api/eventos',
    {
      schema: {
        summary:
          'Eventos en directo (text/event-stream): id = posición en el registro del centro; reanuda con Last-Event-ID',
        headers: {
          ...SESSION_HEADERS_SCHEMA,
          properties: {
            ...SESSION_HEADERS_SCHEMA.properties,
            'last-event-id': { type: 'string', maxLength: 64 },
          },
        },
        querystring: {
          type: 'object',
          properties: { cola: { type: 'string', enum: ['1'] } },
          additionalProperties: false,
        },
        response: CARE_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      // A place is held before the session's check: a flood past the cap is shed before any
      // database work, and the checks waiting their turn count against the cap.
      const place = live.admit(request.ip)
      refuseUnlessAdmitted(place)
      let viewer: Awaited<ReturnType<typeof authenticateSession>>
      try {
        viewer = await sessionChecks.run(() => authenticateSession(request, reply, session))
      } catch (error) {
        place.release()
        throw error
      }
      const { account, claims, token } = viewer

      reply.hijack()
      const response = reply.raw
      // An event stream is no document: helmet's policies for documents mean nothing on it, and
      // each open stream would hold them (~700 bytes of text, a dozen objects) for its lifetime.
      for (const name of DOCUMENT_ONLY_HEADERS) response.removeHeader(name)
      // The other security and CORS headers set by the hooks so far, then the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value)
      }
      const lastEventId = parseLastEventId(
        typeof request.headers['last-event-id'] === 'string'
          ? request.headers['last-event-id']
          : undefined,
      )
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise hold events back to fill a buffer.
        'x-accel-buffering': 'no',
      })
      response.write('retry: 3000\n\n')
      const stream = await live.open(
        response,
        { id: account.id, rol: account.rol, tenant: account.tenant },
        {
          place,
          claims,
          session: token,
          address: request.ip,
          queue: request.query.cola === '1',
          lastEventId,
        },
      )
      // What the stream's lifetime holds on to: not the framework's request (the logger only).
      const { log } = request
      request.raw.once('close', () => {
        live.close(stream).catch((error: unknown) => {
          log.warn({ err: error }, 'closing a live stream failed')
        })
      })
      if (request.raw.destroyed) await live.close(stream)
    },
  )
}
