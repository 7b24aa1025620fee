/** The administration calls of the API (`/api/admin/hospitales…`), typed for the screens. */
import { adminHospitalPath, API_PATHS } from '../../config/api-paths'
import { api } from '../../lib/api'

export type Rol = 'cliente' | 'profesional' | 'admin'

export interface Hospital {
  tenant: string
  nombre: string
  color_primario: string
  color_secundario: string
  imagen: string
  activo: boolean
}

/** A hospital with the version a change must name in `If-Match`. */
export interface VersionedHospital {
  hospital: Hospital
  etag: string
}

export interface Account {
  id: number
  email: string
  nombre: string
  rol: Rol
  tenant: string
  activo: boolean
}

export interface NewHospital {
  tenant: string
  nombre: string
  color_primario: string
  color_secundario: string
}

export interface NewAccount {
  email: string
  nombre: string
  rol: Rol
  password: string
}

export interface AccessCode {
  codigo_acceso: string
  caduca_en: string
}

export const listHospitals = () => api.request<Hospital[]>(API_PATHS.adminHospitales)

export const createHospital = (hospital: NewHospital) =>
  api.request<Hospital>(API_PATHS.adminHospitales, { method: 'POST', body: hospital })

async function versioned(
  path: string,
  init: Parameters<typeof api.request>[1] = {},
): Promise<VersionedHospital> {
  let etag = ''
  const hospital = await api.request<Hospital>(path, {
    ...init,
    onHeaders: (headers) => {
      etag = headers.get('ETag') ?? ''
    },
  })
  return { hospital, etag }
}

export const readHospital = (tenant: string) => versioned(adminHospitalPath(tenant))

/** Saves changes to the version `etag`; a 412 means someone else saved first. */
export const updateHospital = (
  tenant: string,
  etag: string,
  changes: Partial<Pick<Hospital, 'nombre' | 'color_primario' | 'color_secundario' | 'activo'>>,
) =>
  versioned(adminHospitalPath(tenant), {
    method: 'PATCH',
    body: changes,
    headers: { 'If-Match': etag },
  })

export const uploadLogo = (tenant: string, file: File, onProgress: (sent: number) => void) => {
  const form = new FormData()
  form.append('logo', file)
  return api.upload<{ imagen: string }>(adminHospitalPath(tenant, 'logo'), form, { onProgress })
}

export const listAccounts = (tenant: string) =>
  api.request<Account[]>(adminHospitalPath(tenant, 'cuentas'))

export const createAccount = (tenant: string, account: NewAccount) =>
  api.request<Account>(adminHospitalPath(tenant, 'cuentas'), { method: 'POST', body: account })

export const disableAccount = (tenant: string, id: number) =>
  api.request<Account>(adminHospitalPath(tenant, 'cuentas', id), {
    method: 'PATCH',
    body: { activo: false },
  })

export const resetAccess = (tenant: string, id: number) =>
  api.request<Account & AccessCode>(adminHospitalPath(tenant, 'cuentas', id), {
    method: 'PATCH',
    body: { restablecer_acceso: true },
  })
