import type { IncomingHttpHeaders } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorBody } from './http-errors.js'
import {
  UPLOAD_DEADLINE_RATIO,
  UPLOAD_MIN_BYTES_PER_SECOND,
  UPLOAD_STALL_RATIO,
} from './connection-limits.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an upload: it is held to a progress check instead of the whole-request
     * deadline (see `connection-limits.ts`).
     */
    upload?: boolean
  }
}

/** Every deadline of a request, derived from the whole-request one. */
export interface RequestDeadlines {
  /** An ordinary request arrives whole within it. */
  requestMs: number
  /** An upload advances by the minimum rate within each window of this length. */
  uploadStallMs: number
  /** Nothing, upload or not, takes longer (enforced by Node on every connection). */
  uploadMs: number
}

export function requestDeadlines(requestMs: number): RequestDeadlines {
  return {
    requestMs,
    uploadStallMs: Math.round(requestMs * UPLOAD_STALL_RATIO),
    uploadMs: requestMs * UPLOAD_DEADLINE_RATIO,
  }
}

const TIMEOUT_BODY: ErrorBody = {
  error: 'request_timeout',
  message:
    'La conexión es demasiado lenta o se ha detenido: no ha llegado todo. Vuelve a intentarlo.',
}

/** True when the head announces a body to follow (a length above 0, or chunks). */
function announcesBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true
  const length = headers['content-length']
  return length !== undefined && length !== '0'
}

/** Answers 408 and closes the connection: the rest of the body is never read. */
function expire(request: FastifyRequest, reply: FastifyReply) {
  const socket = request.raw.socket
  if (reply.sent || reply.raw.headersSent) {
    socket.destroy()
    return
  }
  reply.raw.once('finish', () => socket.destroy())
  void reply.code(408).header('connection', 'close').send(TIMEOUT_BODY)
}

/**
 * Holds each request's body to its deadline: an ordinary request must arrive whole within
 * `requestMs`; a route marked `config.upload` must keep arriving, each window of `uploadStallMs`
 * bringing at least the minimum rate. Bytes the server itself holds back (the body is waiting to
 * be read) never count against the client.
 */
export function registerRequestDeadlines(app: FastifyInstance, deadlines: RequestDeadlines) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw
    // An injected request (tests) has no connection to hold.
    if (!(raw.socket instanceof Socket)) {
      done()
      return
    }
    if (request.routeOptions.config.upload !== true) {
      // A request that announces no body has arrived whole with its head: nothing to wait for,
      // and no timer holding the request for the deadline's length (an open event stream
      // would keep it, and the request, for that long).
      if (!announcesBody(raw.headers)) {
        done()
        return
      }
      // Runs even after an early answer (a 404, a 429): a body still trickling in holds the
      // connection all the same.
      const timer = setTimeout(() => {
        if (!raw.complete) expire(request, reply)
      }, deadlines.requestMs)
      timer.unref()
      raw.once('close', () => {
        clearTimeout(timer)
      })
      done()
      return
    }
    const socket = raw.socket
    const minBytes = (UPLOAD_MIN_BYTES_PER_SECOND * deadlines.uploadStallMs) / 1000
    let lastRead = socket.bytesRead
    const watch = setInterval(() => {
      if (raw.complete || raw.destroyed) {
        clearInterval(watch)
        return
      }
      const read = socket.bytesRead
      const arrived = read - lastRead
      lastRead = read
      // A full buffer means the handler has not read yet (backpressure): not the client's delay.
      const heldByServer = raw.isPaused() || raw.readableLength >= raw.readableHighWaterMark
      if (!heldByServer && arrived < minBytes) {
        clearInterval(watch)
        expire(request, reply)
      }
    }, deadlines.uploadStallMs)
    watch.unref()
    raw.once('close', () => {
      clearInterval(watch)
    })
    done()
  })
}
