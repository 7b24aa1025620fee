/** The app's one API client, configured from `config/env.ts` and the stored token. */
import { config } from '../config/env'
import { createApiClient } from './api-client'
import { readValue } from './storage'

export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  apiOrigins: config.apiOrigins,
  timeoutMs: config.requestTimeoutMs,
  readToken: () => readValue('token'),
})
