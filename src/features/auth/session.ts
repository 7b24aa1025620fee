/**
 * The signed-in user's session: sign-in, the current user, sign-out and the 401 reaction. The token
 * lives in `localStorage.token` (docs/storage.md); everything else is derived from the API.
 */
import { API_PATHS } from '../../config/api-paths'
import type { InicioSesion, Me, SessionUser } from '../../contract/accounts'
import { DEFAULT_TENANT, isTenantId } from '../../contract/tenants'
import { readAnswer } from '../../lib/answer-shape'
import { NetworkError, TimeoutError } from '../../lib/api-errors'
import { loadApi } from '../../lib/load-api'
import { announceSessionEnding } from '../../lib/session-ending'
import { SEEN_SESSION_END_KEY } from '../../config/storage-keys'
import {
  clearTabStorage,
  clearUserStorage,
  readSessionValue,
  readValue,
  removeValue,
  writeSessionValue,
  writeValue,
} from '../../lib/storage'
import { forgetScreenLock } from './screen-lock'
import { keepDeviceSettingsThrough } from './shared-device'

export { hasSessionToken } from './session-token'

export type { SessionUser }

// The answers' schemas load beside the request they check (no waterfall), never before the first
// screen works.
const loadSessionSchemas = () => import('../../contract/accounts')

// What ends with a session on this device (user caches, the push subscription), fetched when a
// session ends (the outbox's code is already here by then: the page starts its replay at
// start-up).
const forgetDeviceData = async () =>
  (await import('../../lib/device-session-data')).forgetDeviceSessionData()
const clearOutbox = async () => (await import('../../shared/care-outbox-db')).clearOutbox()

/**
 * Fetches the code sign-in needs (its route action, the API client, the answer's schemas), once
 * the screen is idle: a press waits for the server alone.
 */
export function preloadSignIn(): void {
  void Promise.all([import('./sign-in-action'), loadApi(), loadSessionSchemas()]).catch(
    () => undefined,
  )
}
export type CurrentUser = Me
export type Credentials = InicioSesion

/**
 * Starts the session an answer of the API opens (`{ token, user }`: sign-in, a confirmed
 * account, a new password through an emailed link): stores the token, returns the user, whose
 * hospital is the account's (or `fallbackTenant` when the answer names none usable).
 */
export async function startSession(answer: unknown, fallbackTenant: string): Promise<SessionUser> {
  const { SesionIniciada } = await loadSessionSchemas()
  const { token, user } = await readAnswer(SesionIniciada, answer)
  // A new session starts unlocked, whatever the last one on this device left.
  forgetScreenLock()
  writeValue('token', token)
  return { ...user, tenant: isTenantId(user.tenant) ? user.tenant : fallbackTenant }
}

/**
 * Signs in and stores the token. Wrong credentials reject with an `ApiError` of status 401. The
 * user comes with the hospital the account belongs to (through `main`, any hospital's).
 */
export async function signIn(credentials: Credentials): Promise<SessionUser> {
  const { api } = await loadApi()
  const answer = await api.request(API_PATHS.login, {
    method: 'POST',
    body: credentials,
    isCredentialCheck: true,
  })
  return startSession(answer, credentials.tenant)
}

/**
 * The signed-in user, or null without a token. A stale token rejects (and triggers the 401 flow).
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!readValue('token')) return null
  const [schemas, answer] = await Promise.all([
    loadSessionSchemas(),
    loadApi().then(({ api }) => api.request(API_PATHS.me)),
  ])
  const { id, nombre, rol, tenant, terminos_pendientes, invitado } = await readAnswer(
    schemas.Me,
    answer,
  )
  const user = { nombre, rol, tenant, terminos_pendientes, ...(invitado ? { invitado } : {}) }
  return id === undefined ? user : { id, ...user }
}

/**
 * What the app can honestly say about the session: nobody signed in; signed in and confirmed by
 * the API; or a token is stored but the API could not be reached to confirm it (offline, API
 * down). The last one is neither: the header says so and "Cerrar sesión" stays available.
 */
export type SessionState =
  { status: 'signed-out' } | { status: 'verified'; user: CurrentUser } | { status: 'unverified' }

/** Reads the session; never rejects. A 401 still runs the app-wide reaction first. */
export async function readSession(): Promise<SessionState> {
  if (!readValue('token')) return { status: 'signed-out' }
  try {
    const user = await fetchCurrentUser()
    return user ? { status: 'verified', user } : { status: 'signed-out' }
  } catch (error) {
    if (error instanceof NetworkError || error instanceof TimeoutError) {
      return { status: 'unverified' }
    }
    return { status: 'signed-out' }
  }
}

/**
 * True when the signed-in account belongs to another hospital than the one on screen: its token
 * opens nothing here, so the app must not present the user as this hospital's patient or staff.
 * `main`, the product's own portal, takes any account.
 */
export function belongsToOtherHospital(user: CurrentUser, tenant: string): boolean {
  return user.tenant !== '' && user.tenant !== tenant && tenant !== DEFAULT_TENANT
}

/**
 * Sign-out, on a shared device too: the token, this tab's sessionStorage and every user cache go,
 * so the next person at the kiosk finds nothing of the previous one. The hospital stays chosen
 * (tenant, logo: public, not personal).
 */
export async function signOut(): Promise<void> {
  announceSessionEnding()
  removeValue('token')
  clearTabStorage()
  markSessionEnded()
  // Unsent care writes are health data and carry the token: they go with the session.
  await Promise.all([forgetDeviceData(), clearOutbox()])
}

/**
 * Another tab signed out or was wiped: this tab forgets its own share of the session too (its
 * sessionStorage: drafts, a return path), since the 401 reaction (docs/api-requests.md) clears all
 * browser storage of the user and each tab's sessionStorage can only be cleared by that tab.
 */
export function forgetSessionInThisTab(): void {
  clearTabStorage()
}

/**
 * Says where every tab looks (localStorage) that a session ended here, after the wipe: the other
 * tabs hear of it as it happens, and one that was reloading meanwhile at its start-up.
 */
function markSessionEnded(): void {
  writeValue('fin-de-sesion', String(Math.random()))
}

/**
 * At start-up: a session ended in another tab since this tab last looked (its broadcast came
 * while this tab was reloading) takes this tab's sessionStorage with it too, as the wipe would
 * have. A tab opened afresh, or one whose sessionStorage a session's end already emptied, has
 * nothing to forget.
 */
export function catchUpWithSessionEnds(): void {
  const mark = readValue('fin-de-sesion') ?? ''
  const seen = readSessionValue(SEEN_SESSION_END_KEY)
  if (seen !== null && seen !== mark) clearTabStorage()
  writeSessionValue(SEEN_SESSION_END_KEY, mark)
}

/**
 * The 401 reaction (docs/api-requests.md): all browser storage of the user goes, public branding
 * stays.
 */
export async function wipeSession(): Promise<void> {
  announceSessionEnding()
  keepDeviceSettingsThrough(clearUserStorage)
  markSessionEnded()
  await Promise.all([forgetDeviceData(), clearOutbox()])
}
