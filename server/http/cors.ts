import type { FastifyInstance } from 'fastify'
import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors'
import { isApiUrl } from './request-path.js'

/** Preflight answers are reused by the browser for this long. */
const PREFLIGHT_MAX_AGE_SECONDS = 600

/**
 * CORS for `/api/*`, so one build of the app can talk to an API on another origin
 * (`API_BASE_URL`). Any origin is allowed on purpose: the API uses no cookies or other
 * ambient credentials (the session travels in the X-Authorization header the page sets
 * itself), so a foreign page gains nothing it could not do with curl. Every method and request
 * header the API takes is allowed (administration saves with `PATCH` and `If-Match`); the
 * answer headers the app reads (`ETag`, `Retry-After`) are exposed.
 */
const API_CORS: FastifyCorsOptions = {
  origin: '*',
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  // Last-Event-ID: a live event stream resumes across origins too.
  allowedHeaders: ['Content-Type', 'X-Authorization', 'If-Match', 'If-None-Match', 'Last-Event-ID'],
  exposedHeaders: ['Retry-After', 'ETag'],
  maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  cacheControl: 'no-store',
  // Any OPTIONS under /api/ is a preflight, answered in the hook without reading a body.
  strictPreflight: false,
}

/**
 * Registers `@fastify/cors` for the API only (the app's own files need none). Call it before
 * the route policy: the plugin's catch-all `OPTIONS` route takes no input (preflights are
 * answered in its hook) and is hidden from the OpenAPI description.
 */
export async function registerApiCors(app: FastifyInstance) {
  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => {
      callback(null, isApiUrl(request.url) ? API_CORS : { origin: false })
    },
  })
}
