import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'

/**
 * Logger settings for the running server. Request lines carry no headers or bodies, and the
 * redaction list keeps credentials (X-Authorization, passwords, tokens) out even if a future
 * log call passes them.
 */
export function createLoggerOptions(level = 'info'): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers["x-authorization"]',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.password_hash',
        '*.token',
        '*.codigo',
        'body',
      ],
      censor: '[redacted]',
    },
  }
}

/** One concise line per answered request: method, path without query, status, duration. */
export class ConciseLogController extends LogController {
  override incomingRequest() {
    // The completion line says everything; two lines per request is noise.
  }

  override routeNotFound() {
    // Reported by requestCompleted with status 404.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: request.method,
      path: request.url.split('?', 1)[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request failed')
    else reply.log.info(line, 'request')
  }
}
