/**
 * The account roles and the shapes the administration API answers: one definition for the
 * server that writes them and the screens that read them.
 */

/** Account roles (the reserved route names that suggest them, SPEC §6). */
export const ROLES = ['cliente', 'profesional', 'admin'] as const

export type Rol = (typeof ROLES)[number]

/** Shortest password an account may have (chosen by an administrator or with an access code). */
export const ACCOUNT_PASSWORD_MIN_LENGTH = 8

/** A hospital as its administrators see it (the public `verHospitales` answer omits `activo`). */
export interface AdminHospital {
  tenant: string
  nombre: string
  color_primario: string
  color_secundario: string
  imagen: string
  activo: boolean
}

/** An account as the administration API shows it: never its password hash. */
export interface AdminAccount {
  id: number
  email: string
  nombre: string
  rol: Rol
  tenant: string
  activo: boolean
}
