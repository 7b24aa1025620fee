/** Paths of the API the app talks to (DESIGN.md, "API contract"), relative to the API base URL. */
export const API_PATHS = {
  hospitales: '/api/hospitales',
  login: '/api/auth/login',
  me: '/api/me',
  health: '/api/health',
} as const

/** Request header carrying the user's bearer token (`X-Authorization: Bearer <token>`). */
export const TOKEN_HEADER = 'X-Authorization'
