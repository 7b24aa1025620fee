/** Paths of the API the app talks to (DESIGN.md, "API contract"), relative to the API base URL. */
export const API_PATHS = {
  hospitales: '/api/hospitales',
  login: '/api/auth/login',
  me: '/api/me',
  health: '/api/health',
  adminHospitales: '/api/admin/hospitales',
} as const

/** `/api/admin/hospitales/{tenant}` and what hangs from it (`/logo`, `/cuentas`, `/cuentas/{id}`). */
export function adminHospitalPath(tenant: string, ...rest: (string | number)[]): string {
  return [API_PATHS.adminHospitales, tenant, ...rest]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(String(part))))
    .join('/')
}

/** Request header carrying the user's bearer token (`X-Authorization: Bearer <token>`). */
export const TOKEN_HEADER = 'X-Authorization'

/** Every API path starts with this; the service worker never answers it with the app shell. */
export const API_PREFIX = '/api/'

/** True for `/api` and everything under `/api/`, on any host. */
export function isApiPathname(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith(API_PREFIX)
}
