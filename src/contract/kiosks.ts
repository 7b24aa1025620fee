/**
 * A hospital's kiosks: devices in its waiting room that a hospital administrator enrolled from the
 * administration. Enrolling issues a kiosk token, kept on that device only; a walk-in is accepted
 * only with a valid, unrevoked token of the same hospital. Shapes written once with TypeBox for the
 * route schemas, OpenAPI and the screens.
 */
import { Type, type Static } from 'typebox'

/** Longest kiosk name, in characters ("Recepción planta baja"). */
export const QUIOSCO_NOMBRE_MAX_LENGTH = 60
/** The kiosk's name as a free-text field: one rule for the form and the server. */
export const QUIOSCO_NOMBRE_FIELD = {
  label: 'nombre del quiosco',
  maxLength: QUIOSCO_NOMBRE_MAX_LENGTH,
  isMultiline: false,
} as const

/** Kiosks a hospital may have enrolled, revoked ones included. */
export const QUIOSCOS_POR_CENTRO_MAX = 200

import { KIOSK_TOKEN_PATTERN } from './kiosk-rules.js'

export { KIOSK_TOKEN_PATTERN, type KioskCredential } from './kiosk-rules.js'

/** A kiosk token as a schema: what a walk-in carries and enrolment answers. */
export const KioskToken = Type.String({
  pattern: KIOSK_TOKEN_PATTERN,
  description: 'Credencial del quiosco emitida por la administración del centro',
})

/** One of a hospital's kiosks as its administration sees it (never its token). */
export const Quiosco = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  creado_en: Type.String({ format: 'date-time' }),
  /** Null while the kiosk may send walk-ins. */
  revocado_en: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type Quiosco = Static<typeof Quiosco>

/** Enrolling the device the administrator is on. */
export const NuevoQuiosco = Type.Object(
  // Bytes bound generously: the server counts characters as people see them.
  { nombre: Type.String({ minLength: 1, maxLength: QUIOSCO_NOMBRE_MAX_LENGTH * 4 }) },
  { additionalProperties: false },
)
export type NuevoQuiosco = Static<typeof NuevoQuiosco>

/** Enrolment's answer: the kiosk and its token, shown this once and kept by that device. */
export const QuioscoEmitido = Type.Object({ quiosco: Quiosco, token: KioskToken })
export type QuioscoEmitido = Static<typeof QuioscoEmitido>

/** Said to a walk-in sent without a valid kiosk token of the hospital. */
export const KIOSCO_NO_AUTORIZADO =
  'Este dispositivo no está dado de alta como quiosco del centro. Pide ayuda en recepción.'
