/** A page cache of its own for each rendering in unit tests, as the app gives one by context. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'

/** A cache like the app's: a failure is said at once, never retried behind the test's back. */
export function newTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } })
}

export function WithQueryClient({
  client = newTestQueryClient(),
  children,
}: {
  client?: QueryClient
  children: ReactNode
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
