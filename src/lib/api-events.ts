/**
 * Where the app says how it reacts to what the API client sees (a 401, the API reachable or not),
 * apart from the client itself: the reactions are wired at start-up, while the client's code
 * loads with the first request that needs it, never with the first screen.
 */
import type { ApiEventHandlers } from './api-client'

let handlers: Partial<ApiEventHandlers> = {}

/** Sets the app's reactions; those not given stay as they were. */
export function setApiEventHandlers(next: Partial<ApiEventHandlers>): void {
  handlers = { ...handlers, ...next }
}

/** What the app's client calls: whatever reactions are set when the event happens. */
export const apiEvents: ApiEventHandlers = {
  onUnauthorized: (code) => handlers.onUnauthorized?.(code),
  onReachable: () => handlers.onReachable?.(),
  onUnreachable: () => handlers.onUnreachable?.(),
}
