/** The administration calls of the API (`/api/admin/hospitales…`), typed for the screens. */
import { adminHospitalPath, API_PATHS } from '../../config/api-paths'
import { api } from '../../lib/api'
import type { AdminAccount, AdminHospital, Rol } from '../../contract/accounts'
import { AUDIT_CURSOR_PARAM, type AuditEntry } from '../../contract/audit'

export type { AdminAccount as Account, AdminHospital as Hospital, Rol }

/** A hospital with the version a change must name in `If-Match`. */
export interface VersionedHospital {
  hospital: AdminHospital
  etag: string
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

export const listHospitals = () => api.request<AdminHospital[]>(API_PATHS.adminHospitales)

export const createHospital = (hospital: NewHospital) =>
  api.request<AdminHospital>(API_PATHS.adminHospitales, { method: 'POST', body: hospital })

async function versioned(
  path: string,
  init: Parameters<typeof api.request>[1] = {},
): Promise<VersionedHospital> {
  let etag = ''
  const hospital = await api.request<AdminHospital>(path, {
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
  changes: Partial<
    Pick<AdminHospital, 'nombre' | 'color_primario' | 'color_secundario' | 'activo'>
  >,
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
  api.request<AdminAccount[]>(adminHospitalPath(tenant, 'cuentas'))

export const createAccount = (tenant: string, account: NewAccount) =>
  api.request<AdminAccount>(adminHospitalPath(tenant, 'cuentas'), { method: 'POST', body: account })

/** Disables an account (its sessions end at once) or enables it again. */
export const setAccountActive = (tenant: string, id: number, activo: boolean) =>
  api.request<AdminAccount>(adminHospitalPath(tenant, 'cuentas', id), {
    method: 'PATCH',
    body: { activo },
  })

/** One page of the audit log, newest first; `beforeId` asks for the entries older than it. */
export const listAudit = (tenant: string, beforeId?: number) => {
  const path = adminHospitalPath(tenant, 'auditoria')
  const query =
    beforeId === undefined
      ? ''
      : `?${new URLSearchParams({ [AUDIT_CURSOR_PARAM]: String(beforeId) }).toString()}`
  return api.request<AuditEntry[]>(`${path}${query}`)
}

export const resetAccess = (tenant: string, id: number) =>
  api.request<AdminAccount & AccessCode>(adminHospitalPath(tenant, 'cuentas', id), {
    method: 'PATCH',
    body: { restablecer_acceso: true },
  })
