/** The browser tests' push service: on a loopback address of its own, at the run's port. */
import { E2E_PORT } from './mail'

export const PUSH_SERVICE_HOST = '127.0.0.2'
export const PUSH_SERVICE_ORIGIN = `http://${PUSH_SERVICE_HOST}:${String(E2E_PORT)}`
