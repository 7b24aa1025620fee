/** The referral reads as the page's cache holds them (apart from `care-queries.ts`, like their calls). */
import { queryOptions } from '@tanstack/react-query'
import { careKeys } from './care-queries'
import { listReferidos } from './referrals-api'

/** The signed-in professional's referrals, made and received; read again on a request's change. */
export function referidosQuery() {
  return queryOptions({
    queryKey: careKeys.referidos,
    queryFn: ({ signal }) => listReferidos(signal),
  })
}
