/**
 * Joining a hospital on one's own: registration, the links sent by email (account confirmation,
 * access reset) and the hospital's terms. The limits and the request and
 * answer shapes live here once, for the server's schemas and the screens' checks alike.
 */
import { Type, type Static } from 'typebox'
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './account-rules.js'
import { NewPassword } from './accounts.js'
import { TenantId } from './hospitals.js'
import { LINK_CODE_MAX_LENGTH, TERMS_MAX_LENGTH } from './join-rules.js'

export {
  CONFIRMATION_LINK_TTL_HOURS,
  LINK_CODE_FAILURES,
  LINK_CODE_MAX_LENGTH,
  RESET_LINK_TTL_MINUTES,
  INVITATION_LINK_TTL_DAYS,
  TERMS_MAX_LENGTH,
  type LinkCodeFailure,
} from './join-rules.js'

const Tenant = TenantId
const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH })
const LinkCode = Type.String({ minLength: 1, maxLength: LINK_CODE_MAX_LENGTH })

/** `POST /api/auth/registro`. `terminos_version`: the version of the terms the person accepted. */
export const RegistroBody = Type.Object(
  {
    tenant: Tenant,
    nombre: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH * 4 }),
    email: Email,
    password: NewPassword,
    acepta_terminos: Type.Literal(true),
    terminos_version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
)
export type RegistroBody = Static<typeof RegistroBody>

/** A request that names only an address of a hospital: resend the confirmation, forgot password. */
export const EmailRequestBody = Type.Object(
  { tenant: Tenant, email: Email },
  { additionalProperties: false },
)
export type EmailRequestBody = Static<typeof EmailRequestBody>

/** `POST /api/auth/validar-cuenta`: the code from the confirmation link. */
export const ValidarCuentaBody = Type.Object(
  { tenant: Tenant, codigo: LinkCode },
  { additionalProperties: false },
)
export type ValidarCuentaBody = Static<typeof ValidarCuentaBody>

/** `POST /api/auth/restablecer-enlace`: the code from the reset link and the new password. */
export const RestablecerEnlaceBody = Type.Object(
  { tenant: Tenant, codigo: LinkCode, password: NewPassword },
  { additionalProperties: false },
)
export type RestablecerEnlaceBody = Static<typeof RestablecerEnlaceBody>

/** `POST /api/auth/aceptar-invitacion`: the code from the invitation link and one's password. */
export const AceptarInvitacionBody = RestablecerEnlaceBody
export type AceptarInvitacionBody = RestablecerEnlaceBody

/** A version of a hospital's terms. */
export const Terminos = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  texto: Type.String(),
  publicado_en: Type.String({ format: 'date-time' }),
})
export type Terminos = Static<typeof Terminos>

/** `GET /api/terminos`: the current version, or null while the hospital has published none. */
export const TerminosVigentes = Type.Object({ vigentes: Type.Union([Terminos, Type.Null()]) })
export type TerminosVigentes = Static<typeof TerminosVigentes>

/** `POST /api/admin/hospitales/{tenant}/terminos`: a new version of the terms. */
export const PublicarTerminosBody = Type.Object(
  { texto: Type.String({ minLength: 1, maxLength: TERMS_MAX_LENGTH }) },
  { additionalProperties: false },
)
export type PublicarTerminosBody = Static<typeof PublicarTerminosBody>

/**
 * `GET /api/admin/hospitales/{tenant}/terminos/plantilla`: the Spanish template a hospital's
 * terms start from, with its name (`terms-template.ts`).
 */
export const PlantillaTerminos = Type.Object({ texto: Type.String() })
export type PlantillaTerminos = Static<typeof PlantillaTerminos>

/** `POST /api/terminos/aceptar`: the version the signed-in person accepts. */
export const AceptarTerminosBody = Type.Object(
  { version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
  { additionalProperties: false },
)
export type AceptarTerminosBody = Static<typeof AceptarTerminosBody>
