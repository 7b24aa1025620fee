/**
 * "Mi perfil" (docs/profile.md): one's name, email and password, and a patient's rights over their
 * data (download it, see which staff read it, close the account). Shapes and limits written once
 * with TypeBox for the server's route schemas (and OpenAPI) and the screen's parsing and forms.
 */
import { Type, type Static } from 'typebox'
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './account-rules.js'
import { NewPassword, RolSchema } from './accounts.js'
import { TenantId } from './hospitals.js'
import { LINK_CODE_MAX_LENGTH } from './join-rules.js'

/** Hours the link confirming a new email address stays valid. */
export const EMAIL_CHANGE_LINK_TTL_HOURS = 24

/** The query parameter of the profile's address that carries an email change's code. */
export const EMAIL_CHANGE_CODE_PARAM = 'codigo'

/**
 * Limits of "Descargar mis datos": at most this many requests (the newest), and photos up to this
 * many bytes in all; what does not fit is counted in the file (`fotos_omitidas`), never cut silently.
 */
export const EXPORT_MAX_REQUESTS = 1000
export const EXPORT_MAX_PHOTO_BYTES = 64 * 1024 * 1024
/**
 * The largest ZIP the app downloads: the photos' limit and room for the JSON (a conversation's
 * messages are many but short).
 */
export const EXPORT_DOWNLOAD_MAX_BYTES = EXPORT_MAX_PHOTO_BYTES + 64 * 1024 * 1024
/** Downloads of one's data a client address may ask for in {@link EXPORT_WINDOW_MS}. */
export const EXPORTS_PER_WINDOW = 5
export const EXPORT_WINDOW_MS = 15 * 60_000
/** The name the ZIP is saved under, and the JSON file inside it. */
export const EXPORT_FILE_NAME = 'mis-datos.zip'
export const EXPORT_JSON_NAME = 'mis-datos.json'
/** The version of the JSON's layout, written in it (`formato`). */
export const EXPORT_FORMAT = 'clinica-mis-datos/1'

/** Staff reads "Quién ha consultado mis datos" lists at most (per staff member and consultation). */
export const DATA_READS_LIMIT = 200

const CurrentPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })
const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH })

/** `GET /api/perfil`: the signed-in account as its profile shows it. */
export const Perfil = Type.Object({
  nombre: Type.String(),
  email: Type.String(),
  rol: RolSchema,
  tenant: Type.String(),
  /** The account may download its data, see who read it and close itself (patients). */
  mis_datos: Type.Boolean(),
})
export type Perfil = Static<typeof Perfil>

/** `PUT /api/perfil/nombre`. */
export const CambioNombre = Type.Object(
  { nombre: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH * 4 }) },
  { additionalProperties: false },
)
export type CambioNombre = Static<typeof CambioNombre>

/** `POST /api/perfil/contrasena`: the current password and the new one (the joining rule). */
export const CambioContrasena = Type.Object(
  { actual: CurrentPassword, nueva: NewPassword },
  { additionalProperties: false },
)
export type CambioContrasena = Static<typeof CambioContrasena>

/** `POST /api/perfil/correo`: the new address, confirmed by the link sent to it. */
export const CambioCorreo = Type.Object(
  { email: Email, password: CurrentPassword },
  { additionalProperties: false },
)
export type CambioCorreo = Static<typeof CambioCorreo>

/** `POST /api/perfil/correo/confirmar`: the code of the link sent to the new address. */
export const ConfirmacionCorreo = Type.Object(
  { tenant: TenantId, codigo: Type.String({ minLength: 1, maxLength: LINK_CODE_MAX_LENGTH }) },
  { additionalProperties: false },
)
export type ConfirmacionCorreo = Static<typeof ConfirmacionCorreo>

/** The answer of a confirmed email change: the account's address now. */
export const CorreoCambiado = Type.Object({ email: Type.String() })
export type CorreoCambiado = Static<typeof CorreoCambiado>

/** `POST /api/perfil/cerrar`: closing one's account, confirmed with the password. */
export const CierreCuenta = Type.Object(
  { password: CurrentPassword },
  { additionalProperties: false },
)
export type CierreCuenta = Static<typeof CierreCuenta>

/** One staff member's reads of one of the patient's consultations. */
export const LecturaDeMisDatos = Type.Object({
  profesional: Type.Object({ nombre: Type.String(), rol: RolSchema }),
  asistencia: Type.Object({
    id: Type.String(),
    motivo: Type.String(),
    creada_en: Type.String({ format: 'date-time' }),
  }),
  primera: Type.String({ format: 'date-time' }),
  ultima: Type.String({ format: 'date-time' }),
  veces: Type.Integer({ minimum: 1 }),
})
export type LecturaDeMisDatos = Static<typeof LecturaDeMisDatos>

/** `GET /api/perfil/lecturas`: newest read first, at most {@link DATA_READS_LIMIT}. */
export const LecturasDeMisDatos = Type.Object({ lecturas: Type.Array(LecturaDeMisDatos) })
export type LecturasDeMisDatos = Static<typeof LecturasDeMisDatos>
