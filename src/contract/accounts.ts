/**
 * Accounts, roles and sessions: their shapes and limits, written once with TypeBox for the server
 * that writes them (route schemas, OpenAPI) and the screens that read them (answers parsed,
 * forms constrained).
 */
import { Type, type Static } from 'typebox'
import {
  ACCESS_CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_SHAPE,
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  ROLES,
} from './account-rules.js'
import { TenantId } from './hospitals.js'
import { EspecialidadesDeCuenta } from './specialties.js'

export {
  ACCESS_CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  ROL_LABELS,
  ROLES,
  rolLabel,
  type Rol,
} from './account-rules.js'

// Surrounding spaces are allowed in requests: the address is trimmed before it is used.
const EMAIL_PATTERN = String.raw`^\s*${EMAIL_SHAPE}\s*$`

export const RolSchema = Type.Enum(ROLES)
const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH })
/**
 * A password being set. The rule itself (`password-rule.ts`) counts characters as people see
 * them, which a schema cannot: the server applies it; the schema only bounds the bytes.
 */
export const NewPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4 })

/** An account as the administration API shows it: never its password hash. */
export const AdminAccount = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  nombre: Type.String(),
  rol: RolSchema,
  tenant: Type.String(),
  activo: Type.Boolean(),
  /** A professional's specialties (active ones), sorted; empty for everyone else. */
  especialidades: Type.Array(Type.String()),
  /** Invited by email and no password chosen yet ("Invitación pendiente"). */
  invitacion_pendiente: Type.Boolean(),
})
export type AdminAccount = Static<typeof AdminAccount>

/** Accounts one page of the accounts panel holds (staff first, then patients, by email). */
export const CUENTAS_PAGINA = 50
/** Longest text the accounts panel searches names and emails for. */
export const BUSQUEDA_CUENTAS_MAX_LENGTH = 100

/** Query of a hospital's accounts: a search, a role, and the page after an account. */
export const CuentasQuery = Type.Object(
  {
    buscar: Type.Optional(
      Type.String({
        maxLength: BUSQUEDA_CUENTAS_MAX_LENGTH,
        description: 'Texto que contiene el nombre o el correo',
      }),
    ),
    rol: Type.Optional(RolSchema),
    despues: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,14}$',
        description: 'Id de la última cuenta recibida: responde la página siguiente',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CuentasQuery = Static<typeof CuentasQuery>

/** Creating an account of a hospital (its administrators). */
export const NuevaCuenta = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN }),
    nombre: Type.String({ maxLength: PERSON_NAME_MAX_LENGTH }),
    rol: RolSchema,
    /**
     * An initial password (registration's rules) for someone without email at hand; without it
     * the person is invited by email to choose their own.
     */
    password: Type.Optional(NewPassword),
    /** A professional's specialties: one or more of the hospital's active ones. */
    especialidades: Type.Optional(EspecialidadesDeCuenta),
  },
  { additionalProperties: false },
)
export type NuevaCuenta = Static<typeof NuevaCuenta>

/** Changing an account: disable it, give it a one-time access code, or set its specialties. */
export const CambioCuenta = Type.Union([
  Type.Object({ activo: Type.Boolean() }, { additionalProperties: false }),
  Type.Object({ especialidades: EspecialidadesDeCuenta }, { additionalProperties: false }),
  Type.Object({ restablecer_acceso: Type.Literal(true) }, { additionalProperties: false }),
])
export type CambioCuenta = Static<typeof CambioCuenta>

/** A reset's answer: the account and its one-time access code, shown once. */
export const CuentaConCodigo = Type.Object({
  ...AdminAccount.properties,
  codigo_acceso: Type.String(),
  caduca_en: Type.String(),
})
export type CuentaConCodigo = Static<typeof CuentaConCodigo>

/** An entry of a hospital's audit log: who changed what, when, before and after. */
export const EntradaAuditoria = Type.Object({
  id: Type.Integer(),
  tenant: Type.String(),
  autor: Type.String(),
  accion: Type.String(),
  objeto: Type.String(),
  antes: Type.Unknown(),
  despues: Type.Unknown(),
  fecha: Type.String(),
})
export type EntradaAuditoria = Static<typeof EntradaAuditoria>

/** Sign-in request (`POST /api/auth/login`). */
export const InicioSesion = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    tenant: TenantId,
  },
  { additionalProperties: false },
)
export type InicioSesion = Static<typeof InicioSesion>

/** `POST /api/auth/desbloquear`: the signed-in account's own password, to reopen a locked screen. */
export const DesbloqueoPantalla = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }) },
  { additionalProperties: false },
)
export type DesbloqueoPantalla = Static<typeof DesbloqueoPantalla>

/** Who is signed in, as a sign-in answers it. */
export const SessionUser = Type.Object({
  nombre: Type.String(),
  rol: RolSchema,
  // Its hospital: an account signed in at the portal (`main`) is taken to its own.
  tenant: Type.String(),
})
export type SessionUser = Static<typeof SessionUser>

/** Sign-in answer: the bearer token and who it belongs to. */
export const SesionIniciada = Type.Object({
  token: Type.String({ minLength: 1 }),
  user: SessionUser,
})
export type SesionIniciada = Static<typeof SesionIniciada>

/**
 * `GET /api/me`: the signed-in account, read from the database on every call.
 * `terminos_pendientes`: a patient who must accept their hospital's current terms before their
 * next request.
 */
export const Me = Type.Object({
  // The account's id, so its administration screens know which row is its own (always sent).
  id: Type.Optional(Type.Integer()),
  ...SessionUser.properties,
  terminos_pendientes: Type.Boolean(),
  /** A guest of immediate care: a session for one request, without an account of its own. */
  invitado: Type.Optional(Type.Boolean()),
})
export type Me = Static<typeof Me>

/** A new password set with a one-time code (`POST /api/auth/restablecer-acceso`). */
export const RestablecerAcceso = Type.Object(
  {
    tenant: TenantId,
    email: Email,
    codigo: Type.String({ minLength: 1, maxLength: ACCESS_CODE_MAX_LENGTH }),
    password: NewPassword,
  },
  { additionalProperties: false },
)
export type RestablecerAcceso = Static<typeof RestablecerAcceso>
