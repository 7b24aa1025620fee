/** Every in-app URL is built here; nobody concatenates `/${tenant}/…` by hand. */
import {
  INSTALL_SEGMENT,
  WAITING_ROOM_SEGMENT,
  loginPath,
  PROFILE_SEGMENT,
  REGISTER_SEGMENT,
  tenantRoot,
  type ReservedSegment,
} from '../contract/tenants'
import { homeScreenOf } from '../contract/permissions'

/** The diagnostics screen's segment inside a tenant (a child route, not a reserved name). */
export const TECHNICAL_INFO_SEGMENT = 'informacion-tecnica'

export const paths = {
  tenantRoot,
  login: loginPath,
  /** One of the reserved screens inside a tenant, e.g. `screen('hospital-x', 'pagos')`. */
  screen: (tenant: string, screen: ReservedSegment) => `${tenantRoot(tenant)}/${screen}`,
  /** "Información técnica": the app's state on this device, for support. */
  technicalInfo: (tenant: string) => `${tenantRoot(tenant)}/${TECHNICAL_INFO_SEGMENT}`,
  /** "Instala la app de {hospital}": a QR code and steps to print for the front desk. */
  install: (tenant: string) => `${tenantRoot(tenant)}/${INSTALL_SEGMENT}`,
  waitingRoom: (tenant: string) => `${tenantRoot(tenant)}/${WAITING_ROOM_SEGMENT}`,
  /** "Crear una cuenta": a patient joins the hospital on their own. */
  register: (tenant: string) => `${tenantRoot(tenant)}/${REGISTER_SEGMENT}`,
  /** "Mi perfil": one's name, email and password, and a patient's data. */
  profile: (tenant: string) => `${tenantRoot(tenant)}/${PROFILE_SEGMENT}`,
  /**
   * The address a person opens to install `tenant`'s app (QR code and printed text): the
   * hospital's root, the shortest to type; the routing rules open it at the sign-in screen, the
   * installed app's start page.
   */
  installAddress: (tenant: string, origin: string) => new URL(tenantRoot(tenant), origin).href,
  manifest: (tenant: string) => `${tenantRoot(tenant)}/manifest.webmanifest`,
  /** The screen a signed-in user of `rol` lands on. */
  home: (tenant: string, rol: string) => `${tenantRoot(tenant)}/${homeScreenOf(rol)}`,
  /** Where the 401 reaction sends the user; the routing rules add the (now default) tenant. */
  signedOut: '/login',
  /**
   * The 401 reaction's `/login` (docs/api-requests.md), saying in the URL (never in storage, which
   * the wipe has just cleared) that the session expired, on which hospital and which screen: the
   * sign-in screen offers the way back.
   */
  sessionExpired: (
    tenant: string | null,
    returnTo: string | null,
    reason: SessionEndReason | null = null,
  ) => {
    const query = new URLSearchParams({ [EXPIRED_PARAMS.expired]: '1' })
    if (tenant !== null) query.set(EXPIRED_PARAMS.hospital, tenant)
    if (returnTo !== null) query.set(EXPIRED_PARAMS.returnTo, returnTo)
    if (reason !== null) query.set(EXPIRED_PARAMS.reason, reason)
    return `/login?${query.toString()}`
  },
} as const

/** Query parameters of the sign-in screen after an expired session. */
export const EXPIRED_PARAMS = {
  expired: 'caducada',
  hospital: 'centro',
  returnTo: 'volver',
  /** Why the session ended when it was not an expiry (a new password, the account or its hospital disabled). */
  reason: 'motivo',
} as const

/** Values of `EXPIRED_PARAMS.reason`. */
export const SESSION_END_REASONS = {
  passwordChanged: 'contrasena-cambiada',
  accountDisabled: 'cuenta-desactivada',
  hospitalDisabled: 'centro-desactivado',
} as const

export type SessionEndReason = (typeof SESSION_END_REASONS)[keyof typeof SESSION_END_REASONS]

/** The reason a 401's error code gives for a session's end, or null for a plain expiry. */
export function sessionEndReasonOf(code: string | null): SessionEndReason | null {
  if (code === 'password_changed') return SESSION_END_REASONS.passwordChanged
  if (code === 'account_disabled') return SESSION_END_REASONS.accountDisabled
  if (code === 'hospital_disabled') return SESSION_END_REASONS.hospitalDisabled
  return null
}

/**
 * `candidate` when it is a path inside `tenant`'s app other than its sign-in screens: where a
 * user may be sent back after signing in again. Null otherwise (another hospital, another
 * origin, `//host`, anything odd): a return path from a URL is never trusted further.
 */
export function returnPathWithin(tenant: string, candidate: string | null): string | null {
  if (candidate === null) return null
  const root = `${tenantRoot(tenant)}/`
  let url: URL
  try {
    url = new URL(candidate, 'https://app.invalid')
  } catch {
    return null
  }
  const path = url.pathname + url.search
  const isSameApp = url.origin === 'https://app.invalid' && candidate.startsWith(root)
  const isSignIn = /\/(login|admin-login)$/.test(url.pathname)
  return isSameApp && path === candidate && !isSignIn ? path : null
}
