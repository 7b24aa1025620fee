/**
 * The changes of a hospital's specialties panel (its forms send `intent` and `centro`): add,
 * rename, retire, offer again.
 */
import { ESPECIALIDADES_POR_CENTRO_MAX } from '../../contract/specialties'
import { ApiError } from '../../lib/api-errors'
import { addSpecialty, changeSpecialty } from './admin-api'
import { describeAdminError } from './admin-errors'
import { changeNamedHospital, fieldOf, type ChangeFields } from './form-fields'

/** What the specialties panel can ask to do. */
export const SPECIALTY_INTENTS = {
  add: 'crear-especialidad',
  rename: 'renombrar-especialidad',
  retire: 'retirar-especialidad',
  restore: 'recuperar-especialidad',
} as const

/** How the change went, in Spanish. */
export interface SpecialtyChange {
  isError: boolean
  text: string
  /** True when a specialty was added or renamed: its form empties for the next one. */
  isDone?: boolean
}

async function change(form: ChangeFields, centro: string): Promise<SpecialtyChange> {
  const id = Number(fieldOf(form, 'id'))
  const nombre = fieldOf(form, 'nombre')
  switch (fieldOf(form, 'intent')) {
    case SPECIALTY_INTENTS.add: {
      const added = await addSpecialty(centro, nombre)
      return { isError: false, isDone: true, text: `Especialidad añadida: ${added.nombre}.` }
    }
    case SPECIALTY_INTENTS.rename: {
      const renamed = await changeSpecialty(centro, id, { nombre })
      return { isError: false, isDone: true, text: `Especialidad renombrada: ${renamed.nombre}.` }
    }
    case SPECIALTY_INTENTS.retire: {
      const retired = await changeSpecialty(centro, id, { activa: false })
      return {
        isError: false,
        text: `Especialidad retirada: ${retired.nombre}. Ya no se ofrece; las consultas que la nombran la conservan.`,
      }
    }
    case SPECIALTY_INTENTS.restore: {
      const restored = await changeSpecialty(centro, id, { activa: true })
      return { isError: false, text: `Especialidad ofrecida de nuevo: ${restored.nombre}.` }
    }
    default:
      throw new Error('Unknown change to a specialty')
  }
}

function describeSpecialtyError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'name_taken') {
    return 'Este centro ya tiene una especialidad con ese nombre.'
  }
  if (error instanceof ApiError && error.code === 'limit_reached') {
    return `Un centro puede tener hasta ${String(ESPECIALIDADES_POR_CENTRO_MAX)} especialidades.`
  }
  return describeAdminError(error)
}

/** Makes the change the specialties panel sent, for the hospital it names. */
export function changeSpecialtyFromPanel(fields: ChangeFields): Promise<SpecialtyChange> {
  return changeNamedHospital<SpecialtyChange>(fields, change, (error) => ({
    isError: true,
    text: describeSpecialtyError(error),
  }))
}
