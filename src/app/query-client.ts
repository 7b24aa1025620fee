/**
 * The page's one cache of server state (TanStack Query): every screen reads the API through
 * queries held here, each with its own staleness, and live events write into it. One client per
 * page, created at start-up and given to the router and to React; nothing reads it as a module
 * global (docs/server-state.md).
 */
import { onlineManager, QueryClient } from '@tanstack/react-query'
import type { ConnectionMonitor } from '../features/pwa/connection/connection-status'
import type { Branding } from '../contract/branding'
import { BRANDING_QUERY_ROOT } from '../features/tenant/branding-query'
import { SIGNED_OUT, SESSION_QUERY_KEY } from '../features/auth/session-query'

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client and the service worker decide what an outage answers (the worker's
        // kept branding, "sin comprobar" for a session, a screen's "Reintentar"): a query is
        // never held back because the browser says it is offline.
        networkMode: 'always',
        // Which the library would otherwise turn off with the mode above.
        refetchOnReconnect: true,
        // A failure is said at once; what an outage interrupted is asked for again on reconnect.
        retry: false,
      },
      // Nor is a change: sent at once, its failure is the panel's to say ("No hay conexión"),
      // never a change held paused behind a disabled button.
      mutations: { networkMode: 'always' },
    },
  })
}

/**
 * Reconnect refetches follow the app's own idea of the connection (real API answers and the
 * health probe), not `navigator.onLine`, which a hospital Wi-Fi without the API can leave true.
 */
export function followConnection(monitor: Pick<ConnectionMonitor, 'subscribe' | 'getSnapshot'>) {
  onlineManager.setEventListener((setOnline) => {
    setOnline(monitor.getSnapshot().isReachable)
    return monitor.subscribe(() => {
      setOnline(monitor.getSnapshot().isReachable)
    })
  })
}

/**
 * A session ended on this device (sign-out, the 401 wipe, another tab's): the cache is emptied
 * (`clear`: every query and mutation, health data among them, and whatever was under way) and the
 * session reads signed out at once, so the next person at a shared device sees nothing of the
 * last one. Hospitals' branding is public: it is put back, so the sign-in screen stays branded.
 */
export function forgetUserData(client: QueryClient): void {
  const branding = client.getQueriesData<Branding | null>({ queryKey: [BRANDING_QUERY_ROOT] })
  client.clear()
  for (const [queryKey, data] of branding) {
    if (data !== undefined) client.setQueryData(queryKey, data)
  }
  client.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT)
}
