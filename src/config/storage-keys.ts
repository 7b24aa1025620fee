/** The localStorage keys of the spec (SPEC §3). Only `lib/storage.ts` reads or writes them. */
export const STORAGE_KEYS = {
  token: 'token',
  tenant: 'tenant',
  logo: 'logo',
  refresh: 'refresh',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

/** Value of `refresh` that means "the branding must be reloaded". */
export const REFRESH_FLAG_ON = '1'
