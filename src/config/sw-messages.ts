/** Messages between the page and the service worker. */
export const SW_MESSAGES = {
  /** Page → worker: the user accepted the update; activate the waiting worker. */
  skipWaiting: 'SKIP_WAITING',
  /** Worker → pages: a fresher `verHospitales` answer for `tenant` is in the cache. */
  brandingUpdated: 'BRANDING_UPDATED',
} as const

export interface BrandingUpdatedMessage {
  type: typeof SW_MESSAGES.brandingUpdated
  tenant: string
}
