/** The localStorage keys (docs/storage.md). Only `lib/storage.ts` reads or writes them. */
export const STORAGE_KEYS = {
  token: 'token',
  tenant: 'tenant',
  logo: 'logo',
  refresh: 'refresh',
  // Beyond the product's four (docs/storage.md): the device's own settings, not the user's data.
  /** `"1"` on a device several people use: sign out (or lock, for a professional) when idle. */
  sharedDevice: 'dispositivo-compartido',
  /**
   * `"1"` while a professional's session on a shared device is locked: every tab shows the lock
   * screen, a reload too, until their password opens it. Goes with the session.
   */
  screenLock: 'pantalla-bloqueada',
  /** When someone last used the app in any tab (ms since the epoch), for the inactivity timer. */
  lastActivity: 'ultima-actividad',
  /** `"1"` on a waiting-room kiosk: large type, shared-device sign-out, unattended updates. */
  kiosk: 'modo-kiosco',
  /**
   * The kiosk credential the hospital's administration issued to this device (JSON: hospital,
   * kiosk id and name, token): walk-ins are accepted only with it. Kept through sign-outs.
   */
  kioskCredential: 'quiosco',
  /**
   * A new value each time a session ends on this device (401 wipe, sign-out), written after the
   * wipe: a tab that was reloading when it happened learns of it at start-up.
   */
  sessionEnd: 'fin-de-sesion',
} as const

/** sessionStorage: the `sessionEnd` value this tab last knew of. */
export const SEEN_SESSION_END_KEY = 'fin-de-sesion-visto'

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

/** Value of `refresh` that means "the branding must be reloaded". */
export const REFRESH_FLAG_ON = '1'

/** sessionStorage: the room or desk a professional calls walk-ins to ("Consulta 2"), for this session. */
export const CALL_ROOM_KEY = 'sala-de-llamada'
