/**
 * The profile's calls, typed for its screen (docs/profile.md). The export is health data: read
 * through the API client into memory and handed straight to the download, never stored.
 */
import { API_PATHS } from '../../config/api-paths'
import {
  CorreoCambiado,
  EXPORT_DOWNLOAD_MAX_BYTES,
  EXPORT_FILE_NAME,
  LecturasDeMisDatos,
  Perfil,
} from '../../contract/profile'
import { readAnswer } from '../../lib/answer-shape'
import { api } from '../../lib/api'

export async function readPerfil(signal?: AbortSignal): Promise<Perfil> {
  return readAnswer(Perfil, await api.request(API_PATHS.perfil, { signal }))
}

export async function changeName(nombre: string): Promise<Perfil> {
  return readAnswer(
    Perfil,
    await api.request(API_PATHS.perfilNombre, { method: 'PUT', body: { nombre } }),
  )
}

/** A new password; the answer opens this device's session again (the others end). */
export function changePassword(actual: string, nueva: string): Promise<unknown> {
  return api.request(API_PATHS.perfilContrasena, {
    method: 'POST',
    body: { actual, nueva },
  })
}

/** Sends the link that confirms `email` to it. */
export async function requestEmailChange(email: string, password: string): Promise<void> {
  await api.request(API_PATHS.perfilCorreo, { method: 'POST', body: { email, password } })
}

/** Confirms an email change with its link's code (no session needed). */
export async function confirmEmailChange(tenant: string, codigo: string): Promise<CorreoCambiado> {
  return readAnswer(
    CorreoCambiado,
    await api.request(API_PATHS.perfilCorreoConfirmar, {
      method: 'POST',
      body: { tenant, codigo },
    }),
  )
}

export async function readLecturas(signal?: AbortSignal): Promise<LecturasDeMisDatos> {
  return readAnswer(LecturasDeMisDatos, await api.request(API_PATHS.perfilLecturas, { signal }))
}

/** How long the ZIP's object URL outlives the click that downloads it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000

/** Downloads one's data as `mis-datos.zip`, from memory. */
export async function downloadMisDatos(): Promise<void> {
  const zip = await api.blob(API_PATHS.perfilDatos, { maxBytes: EXPORT_DOWNLOAD_MAX_BYTES })
  const url = URL.createObjectURL(zip)
  const link = document.createElement('a')
  link.href = url
  link.download = EXPORT_FILE_NAME
  link.click()
  // Revoked once the browser has surely taken the file (revoking at once may cancel it).
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, DOWNLOAD_URL_LIFETIME_MS)
}

/** Closes one's account for good; the session ends with it. */
export async function closeAccount(password: string): Promise<void> {
  await api.request(API_PATHS.perfilCerrar, { method: 'POST', body: { password } })
}
