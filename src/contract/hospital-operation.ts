/**
 * How a hospital runs, as its administrators set it ("Funcionamiento"): how long a request may
 * wait before it expires, within bounds that keep a queue meaningful; and the steps that make a
 * new hospital ready to open ("Puesta en marcha"), each read from the hospital's real data.
 */
import { Type, type Static } from 'typebox'

/**
 * Minutes a patient's request may wait: at least long enough for a professional to see it, at
 * most a few hours (beyond that a request is no longer a call for help but an appointment).
 */
export const REQUEST_EXPIRY_MINUTES = { min: 5, max: 240 } as const
/**
 * Minutes an immediate request (no account, or a walk-in at the front desk) may wait: the person
 * is there now, so the upper bound is shorter.
 */
export const IMMEDIATE_EXPIRY_MINUTES = { min: 2, max: 120 } as const

/** `GET`/`PUT /api/admin/hospitales/{tenant}/funcionamiento`. */
export const Funcionamiento = Type.Object(
  {
    caducidad_minutos: Type.Integer({
      minimum: REQUEST_EXPIRY_MINUTES.min,
      maximum: REQUEST_EXPIRY_MINUTES.max,
    }),
    caducidad_inmediata_minutos: Type.Integer({
      minimum: IMMEDIATE_EXPIRY_MINUTES.min,
      maximum: IMMEDIATE_EXPIRY_MINUTES.max,
    }),
  },
  { additionalProperties: false },
)
export type Funcionamiento = Static<typeof Funcionamiento>

/** The steps of a hospital's opening, in the order the administration lists them. */
export const ONBOARDING_STEPS = [
  { key: 'colores_y_logo', label: 'Colores y logotipo del centro' },
  { key: 'telefono', label: 'Teléfono de contacto' },
  { key: 'terminos', label: 'Términos y condiciones publicados' },
  { key: 'especialidades', label: 'Al menos una especialidad' },
  { key: 'primer_profesional', label: 'Primera cuenta de profesional' },
  { key: 'pagina_instalacion', label: 'Página de instalación impresa' },
] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]['key']

/** `GET /api/admin/hospitales/{tenant}/puesta-en-marcha`: which steps are done. */
export const PuestaEnMarcha = Type.Object({
  colores_y_logo: Type.Boolean(),
  telefono: Type.Boolean(),
  terminos: Type.Boolean(),
  especialidades: Type.Boolean(),
  primer_profesional: Type.Boolean(),
  pagina_instalacion: Type.Boolean(),
})
export type PuestaEnMarcha = Static<typeof PuestaEnMarcha>

/** True when every step is done: the checklist is shown no more. */
export function isOpeningDone(steps: PuestaEnMarcha): boolean {
  return ONBOARDING_STEPS.every(({ key }) => steps[key])
}

/** The request expiry limits as a form holds them (text), before they are read. */
export type ExpiryLimitsInput = Record<keyof Funcionamiento, string>

const EXPIRY_FIELDS = [
  { key: 'caducidad_minutos', what: 'una solicitud', bounds: REQUEST_EXPIRY_MINUTES },
  {
    key: 'caducidad_inmediata_minutos',
    what: 'una atención inmediata o presencial',
    bounds: IMMEDIATE_EXPIRY_MINUTES,
  },
] as const

/** What a form says for each limit: the field's label, with its bounds. */
export function expiryLimitLabel(key: keyof Funcionamiento): string {
  const field = EXPIRY_FIELDS.find((candidate) => candidate.key === key) ?? EXPIRY_FIELDS[0]
  return `Minutos que puede esperar ${field.what} (entre ${String(field.bounds.min)} y ${String(field.bounds.max)})`
}

/** A whole number of minutes within `bounds`, or null. */
function readMinutes(text: string, bounds: { min: number; max: number }): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,4}$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value >= bounds.min && value <= bounds.max ? value : null
}

export type ExpiryLimitsReading =
  { ok: true; limits: Funcionamiento } | { ok: false; field: keyof Funcionamiento; problem: string }

/**
 * Reads the limits a form holds: the values, or the first problem in Spanish (the same bounds
 * the server's schema enforces).
 */
export function readExpiryLimits(input: ExpiryLimitsInput): ExpiryLimitsReading {
  for (const { key, what, bounds } of EXPIRY_FIELDS) {
    if (readMinutes(input[key], bounds) === null) {
      return {
        ok: false,
        field: key,
        problem: `Los minutos que puede esperar ${what} deben ser un número entero entre ${String(bounds.min)} y ${String(bounds.max)}.`,
      }
    }
  }
  return {
    ok: true,
    limits: {
      caducidad_minutos: Number(input.caducidad_minutos.trim()),
      caducidad_inmediata_minutos: Number(input.caducidad_inmediata_minutos.trim()),
    },
  }
}
