/**
 * A hospital's shapes and limits, written once with TypeBox: the public branding answer
 * (`verHospitales`), the record its administrators see, and the requests that create and edit
 * it. The server's route schemas and OpenAPI, the page's parsing of answers and the forms'
 * constraints all come from here.
 */
import { Type, type Static } from 'typebox'
import {
  HOSPITAL_NAME_MAX_LENGTH,
  TELEFONO_MAX_LENGTH,
  TELEFONO_PATTERN,
} from './branding-answer.js'
import { COLOR_MAX_LENGTH } from './colors.js'
import { SHORT_NAME_MAX_LENGTH } from './manifest.js'
import { TENANT_ID_MAX_LENGTH } from './tenants.js'

/** A tenant identifier as the API receives it (the tenant rule itself is `isTenantId`). */
export const TenantId = Type.String({ minLength: 1, maxLength: TENANT_ID_MAX_LENGTH })

/** A colour as a request may send it; the server stores and answers it as `#rrggbb`. */
export const Color = Type.String({ maxLength: COLOR_MAX_LENGTH })

const HospitalName = Type.String({ maxLength: HOSPITAL_NAME_MAX_LENGTH })

/** A contact phone as an editor sends it; '' removes it. */
export const Telefono = Type.String({
  maxLength: TELEFONO_MAX_LENGTH,
  pattern: `(^$)|(${TELEFONO_PATTERN})`,
})

/** A hospital's public branding, one element of the `verHospitales` answer. */
export const HospitalPublico = Type.Object({
  tenant: Type.String(),
  nombre: Type.String(),
  color_primario: Type.String(),
  color_secundario: Type.String(),
  imagen: Type.String(),
  /** Contact phone ("Teléfono de contacto"), '' when the hospital gave none. */
  telefono: Type.String(),
  /** What a home screen shows under the icon ("Nombre corto"); '' = shortened from `nombre`. */
  nombre_corto: Type.String(),
})
export type HospitalPublico = Static<typeof HospitalPublico>

/** The `verHospitales` answer: the tenant's record, or nothing when it is unknown. */
export const HospitalesAnswer = Type.Array(HospitalPublico)

/** A hospital as its administrators see it: the public record and whether it is enabled. */
export const AdminHospital = Type.Object({
  ...HospitalPublico.properties,
  activo: Type.Boolean(),
})
export type AdminHospital = Static<typeof AdminHospital>

/** Creating a hospital (product administrators). */
export const NuevoHospital = Type.Object(
  {
    tenant: TenantId,
    nombre: HospitalName,
    color_primario: Color,
    color_secundario: Color,
  },
  { additionalProperties: false },
)
export type NuevoHospital = Static<typeof NuevoHospital>

/** Editing a hospital: any of its fields; `activo` by product administrators only. */
export const CambiosHospital = Type.Object(
  {
    nombre: Type.Optional(HospitalName),
    color_primario: Type.Optional(Color),
    color_secundario: Type.Optional(Color),
    telefono: Type.Optional(Telefono),
    /** '' goes back to the name shortened; the server counts the characters a person sees. */
    nombre_corto: Type.Optional(Type.String({ maxLength: SHORT_NAME_MAX_LENGTH * 8 })),
    activo: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type CambiosHospital = Static<typeof CambiosHospital>

/** Answer of a logo upload: the logo's new URL. */
export const LogoSubido = Type.Object({ imagen: Type.String() })
export type LogoSubido = Static<typeof LogoSubido>
