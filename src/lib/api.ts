/**
 * The app's one API client, configured from `config/env.ts` and the stored token; it tells the
 * app's reactions (`setApiEventHandlers`) what it sees.
 */
import { config } from '../config/env'
import { createApiClient } from './api-client'
import { apiEvents } from './api-events'
import { readValue } from './storage'

export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  apiOrigins: config.apiOrigins,
  timeoutMs: config.requestTimeoutMs,
  readToken: () => readValue('token'),
})
api.setEventHandlers(apiEvents)
