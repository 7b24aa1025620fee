/**
 * What the page loads of the API client on demand (`load-api.ts`): the client, and the
 * reachability probe that only the connection monitor uses.
 */
import { API_PATHS } from '../config/api-paths'
import { api } from './api'
import { ApiError, InvalidResponseError } from './api-errors'

export { api }

/**
 * The reachability probe (`GET /api/health`): any answer, whatever its status, means reachable.
 * It tells the app's reactions nothing itself, and no answer of it ends a session (health never
 * answers 401); the client reads every body to its end, so no connection stays held.
 */
export async function probeHealth(timeoutMs: number): Promise<boolean> {
  try {
    await api.request(API_PATHS.health, { isProbe: true, signal: AbortSignal.timeout(timeoutMs) })
    return true
  } catch (error) {
    // An answer of any kind came back: the API (or what stands in front of it) is there.
    return error instanceof ApiError || error instanceof InvalidResponseError
  }
}
