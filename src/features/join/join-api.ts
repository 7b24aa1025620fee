/** The calls of joining and getting back in by email, typed for the screens. */
import { API_PATHS } from '../../config/api-paths'
import type { PlantillaTerminos, Terminos, TerminosVigentes } from '../../contract/join'
import { api } from '../../lib/api'

export interface Registration {
  tenant: string
  nombre: string
  email: string
  password: string
  terminos_version?: number
}

/** Creates an unconfirmed account; the answer is the same whether or not the address had one. */
export async function register(registration: Registration): Promise<void> {
  await api.request(API_PATHS.registro, {
    method: 'POST',
    body: { ...registration, acepta_terminos: true },
  })
}

/** Confirms the email with the link's code; the answer opens a session (`startSession`). */
export function confirmAccount(tenant: string, codigo: string): Promise<unknown> {
  return api.request(API_PATHS.validarCuenta, {
    method: 'POST',
    body: { tenant, codigo },
    isCredentialCheck: true,
  })
}

/** Another confirmation link, if the address has an account waiting for one. */
export async function resendConfirmation(tenant: string, email: string): Promise<void> {
  await api.request(API_PATHS.reenviarValidacion, { method: 'POST', body: { tenant, email } })
}

/** A reset link by email, if the address has an account. */
export async function requestReset(tenant: string, email: string): Promise<void> {
  await api.request(API_PATHS.olvido, { method: 'POST', body: { tenant, email } })
}

/**
 * A new password with the code of an emailed link (other sessions end); the answer opens a
 * session (`startSession`).
 */
export function resetWithLink(tenant: string, codigo: string, password: string): Promise<unknown> {
  return api.request(API_PATHS.restablecerEnlace, {
    method: 'POST',
    body: { tenant, codigo, password },
    isCredentialCheck: true,
  })
}

/** One's first password, with the code of the invitation an administrator had emailed. */
export function acceptInvitation(
  tenant: string,
  codigo: string,
  password: string,
): Promise<unknown> {
  return api.request(API_PATHS.aceptarInvitacion, {
    method: 'POST',
    body: { tenant, codigo, password },
    isCredentialCheck: true,
  })
}

/** A new password with the one-time code an administrator gave. */
export async function resetWithAccessCode(body: {
  tenant: string
  email: string
  codigo: string
  password: string
}): Promise<void> {
  await api.request(API_PATHS.restablecerAcceso, {
    method: 'POST',
    body,
    isCredentialCheck: true,
  })
}

/** The hospital's current terms, or null when it has published none. */
export async function readTerms(tenant: string): Promise<Terminos | null> {
  const answer = await api.request<TerminosVigentes>(
    `${API_PATHS.terminos}?${new URLSearchParams({ tenant }).toString()}`,
  )
  return answer.vigentes
}

/** Accepts `version` of the signed-in person's hospital's terms. */
export async function acceptTerms(version: number): Promise<void> {
  await api.request(API_PATHS.aceptarTerminos, { method: 'POST', body: { version } })
}

/** The Spanish template a hospital's terms start from, with its name (its administrators). */
export function readTermsTemplate(tenant: string, signal?: AbortSignal) {
  return api.request<PlantillaTerminos>(
    `${API_PATHS.adminHospitales}/${encodeURIComponent(tenant)}/terminos/plantilla`,
    { signal },
  )
}

/** Publishes a new version of a hospital's terms (its administrators). */
export function publishTerms(tenant: string, texto: string): Promise<Terminos> {
  return api.request<Terminos>(
    `${API_PATHS.adminHospitales}/${encodeURIComponent(tenant)}/terminos`,
    { method: 'POST', body: { texto } },
  )
}
