/**
 * A hospital's specialties: each keeps its own list, managed by its administrators ("Especialidades"),
 * and each professional has one or more of them. A retired specialty stays on the records that
 * name it but is offered no more (requests, referrals, accounts). Shapes written once with TypeBox
 * for the route schemas, OpenAPI and the screens.
 */
import { Type, type Static } from 'typebox'
import { ESPECIALIDAD_MAX_LENGTH } from './care.js'

export { ESPECIALIDAD_MAX_LENGTH }

/** Specialties a hospital may keep, retired ones included (a list anyone can read through). */
export const ESPECIALIDADES_POR_CENTRO_MAX = 100
/** Specialties one professional may have. */
export const ESPECIALIDADES_POR_CUENTA_MAX = 10

// Bytes bound generously: the server counts characters as people see them (`readFreeText`).
const NombreEspecialidad = Type.String({ minLength: 1, maxLength: ESPECIALIDAD_MAX_LENGTH * 4 })

/** One of a hospital's specialties as its administration sees it. */
export const Especialidad = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  /** False once retired: kept on old records, offered no more. */
  activa: Type.Boolean(),
})
export type Especialidad = Static<typeof Especialidad>

/** Adding a specialty to a hospital. */
export const NuevaEspecialidad = Type.Object(
  { nombre: NombreEspecialidad },
  { additionalProperties: false },
)
export type NuevaEspecialidad = Static<typeof NuevaEspecialidad>

/** Renaming a specialty, retiring it (`activa: false`) or offering it again. */
export const CambioEspecialidad = Type.Object(
  {
    nombre: Type.Optional(NombreEspecialidad),
    activa: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type CambioEspecialidad = Static<typeof CambioEspecialidad>

/** A professional's specialties, by name: each one of the hospital's active ones. */
export const EspecialidadesDeCuenta = Type.Array(NombreEspecialidad, {
  maxItems: ESPECIALIDADES_POR_CUENTA_MAX,
})

/** The names a hospital offers today (`GET /api/especialidades`), sorted. */
export const EspecialidadesOfrecidas = Type.Array(Type.String())
export type EspecialidadesOfrecidas = Static<typeof EspecialidadesOfrecidas>

/** Sorts specialty names as Spanish readers expect (accents and case aside). */
export function sortSpecialtyNames(names: Iterable<string>): string[] {
  return [...names].sort((a, b) => a.localeCompare(b, 'es'))
}

/** One name whatever its case and accents: "pediatria" and "Pediatría" are one specialty. */
export function isSameSpecialtyName(a: string, b: string): boolean {
  return a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0
}
