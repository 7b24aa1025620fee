/**
 * The administration calls of the API (`/api/admin/hospitales…`), typed for the screens: every
 * answer is read against the contract's schema of its shape.
 */
import { adminHospitalPath, API_PATHS } from '../../config/api-paths'
import {
  AdminAccount,
  CuentaConCodigo,
  EntradaAuditoria,
  type NuevaCuenta,
  type Rol,
} from '../../contract/accounts'
import { AUDIT_CURSOR_PARAM } from '../../contract/audit'
import {
  AdminHospital,
  LogoSubido,
  type CambiosHospital,
  type NuevoHospital,
} from '../../contract/hospitals'
import { Especialidad, type CambioEspecialidad } from '../../contract/specialties'
import { Quiosco, QuioscoEmitido } from '../../contract/kiosks'
import { readAnswer, readList } from '../../lib/answer-shape'
import { api } from '../../lib/api'

export type { AdminAccount as Account, AdminHospital as Hospital, Rol, Especialidad, Quiosco }
export type { NuevoHospital as NewHospital, NuevaCuenta as NewAccount }

/** A hospital with the version a change must name in `If-Match`. */
export interface VersionedHospital {
  hospital: AdminHospital
  etag: string
}

export const listHospitals = async () =>
  readList(AdminHospital, await api.request(API_PATHS.adminHospitales))

export const createHospital = async (hospital: NuevoHospital) =>
  readAnswer(
    AdminHospital,
    await api.request(API_PATHS.adminHospitales, { method: 'POST', body: hospital }),
  )

async function versioned(
  path: string,
  init: Parameters<typeof api.request>[1] = {},
): Promise<VersionedHospital> {
  let etag = ''
  const answer = await api.request(path, {
    ...init,
    onHeaders: (headers) => {
      etag = headers.get('ETag') ?? ''
    },
  })
  return { hospital: await readAnswer(AdminHospital, answer), etag }
}

export const readHospital = (tenant: string) => versioned(adminHospitalPath(tenant))

/** Saves changes to the version `etag`; a 412 means someone else saved first. */
export const updateHospital = (tenant: string, etag: string, changes: CambiosHospital) =>
  versioned(adminHospitalPath(tenant), {
    method: 'PATCH',
    body: changes,
    headers: { 'If-Match': etag },
  })

export const uploadLogo = async (
  tenant: string,
  file: File,
  onProgress: (sent: number) => void,
) => {
  const form = new FormData()
  form.append('logo', file)
  const answer = await api.upload(adminHospitalPath(tenant, 'logo'), form, { onProgress })
  return readAnswer(LogoSubido, answer)
}

/** Which accounts a page of the panel shows: a search, a role, after an account. */
export interface AccountsFilter {
  buscar?: string
  rol?: Rol
  despues?: number
}

/** A page of the hospital's accounts (staff first), as the filter asks. */
export const listAccounts = async (tenant: string, filter: AccountsFilter = {}) => {
  const query = new URLSearchParams()
  if (filter.buscar !== undefined && filter.buscar.trim() !== '') query.set('buscar', filter.buscar)
  if (filter.rol) query.set('rol', filter.rol)
  if (filter.despues !== undefined) query.set('despues', String(filter.despues))
  const search = query.size === 0 ? '' : `?${query.toString()}`
  return readList(
    AdminAccount,
    await api.request(`${adminHospitalPath(tenant, 'cuentas')}${search}`),
  )
}

export const createAccount = async (tenant: string, account: NuevaCuenta) =>
  readAnswer(
    AdminAccount,
    await api.request(adminHospitalPath(tenant, 'cuentas'), { method: 'POST', body: account }),
  )

/** Disables an account (its sessions end at once) or enables it again. */
export const setAccountActive = async (tenant: string, id: number, activo: boolean) =>
  readAnswer(
    AdminAccount,
    await api.request(adminHospitalPath(tenant, 'cuentas', id), {
      method: 'PATCH',
      body: { activo },
    }),
  )

/** One page of the audit log, newest first; `beforeId` asks for the entries older than it. */
export const listAudit = async (tenant: string, beforeId?: number) => {
  const path = adminHospitalPath(tenant, 'auditoria')
  const query =
    beforeId === undefined
      ? ''
      : `?${new URLSearchParams({ [AUDIT_CURSOR_PARAM]: String(beforeId) }).toString()}`
  return readList(EntradaAuditoria, await api.request(`${path}${query}`))
}

export const resetAccess = async (tenant: string, id: number) =>
  readAnswer(
    CuentaConCodigo,
    await api.request(adminHospitalPath(tenant, 'cuentas', id), {
      method: 'PATCH',
      body: { restablecer_acceso: true },
    }),
  )

/** A professional's specialties, replaced by these (active ones of the hospital, by name). */
export const setAccountSpecialties = async (tenant: string, id: number, especialidades: string[]) =>
  readAnswer(
    AdminAccount,
    await api.request(adminHospitalPath(tenant, 'cuentas', id), {
      method: 'PATCH',
      body: { especialidades },
    }),
  )

/** Sends an account's invitation again; the earlier link stops working. */
export const resendInvitation = async (tenant: string, id: number) =>
  readAnswer(
    AdminAccount,
    await api.request(adminHospitalPath(tenant, 'cuentas', id, 'invitacion'), { method: 'POST' }),
  )

/** The hospital's specialties, retired ones included, by name. */
export const listSpecialties = async (tenant: string) =>
  readList(Especialidad, await api.request(adminHospitalPath(tenant, 'especialidades')))

export const addSpecialty = async (tenant: string, nombre: string) =>
  readAnswer(
    Especialidad,
    await api.request(adminHospitalPath(tenant, 'especialidades'), {
      method: 'POST',
      body: { nombre },
    }),
  )

/** Renames a specialty, retires it or offers it again. */
export const changeSpecialty = async (tenant: string, id: number, changes: CambioEspecialidad) =>
  readAnswer(
    Especialidad,
    await api.request(adminHospitalPath(tenant, 'especialidades', id), {
      method: 'PATCH',
      body: changes,
    }),
  )

/** The hospital's kiosks, revoked ones included, newest first. */
export const listKiosks = async (tenant: string) =>
  readList(Quiosco, await api.request(adminHospitalPath(tenant, 'quioscos')))

/** Enrols the device this runs on as a kiosk: the answer carries its token, this once. */
export const enrolKiosk = async (tenant: string, nombre: string) =>
  readAnswer(
    QuioscoEmitido,
    await api.request(adminHospitalPath(tenant, 'quioscos'), {
      method: 'POST',
      body: { nombre },
    }),
  )

/** Revokes a kiosk: its walk-ins are refused from now on. */
export const revokeKiosk = async (tenant: string, id: number) =>
  readAnswer(
    Quiosco,
    await api.request(adminHospitalPath(tenant, 'quioscos', id, 'revocar'), { method: 'POST' }),
  )
