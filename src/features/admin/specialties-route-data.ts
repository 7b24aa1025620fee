/**
 * A hospital's specialties through the administration route: its loader reads them (the panel
 * asks with `useFetcher().load('?panel=especialidades&centro=…')`), its action changes them (the
 * panel's forms submit `intent` and `centro`). The router reloads every loaded panel after a
 * change that succeeded, so the accounts panel offers a new specialty at once.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom'
import { ESPECIALIDADES_POR_CENTRO_MAX } from '../../contract/specialties'
import { ApiError } from '../../lib/api-errors'
import { addSpecialty, changeSpecialty, listSpecialties, type Especialidad } from './admin-api'
import { describeAdminError } from './admin-errors'
import { textField } from './form-fields'
import { askedCentro, changeNamedHospital } from './panel-route'

/** The query that asks the administration route's loader for a hospital's specialties. */
export const SPECIALTIES_PANEL = 'especialidades'

/** What the specialties panel can ask the action to do. */
export const SPECIALTY_INTENTS = {
  add: 'crear-especialidad',
  rename: 'renombrar-especialidad',
  retire: 'retirar-especialidad',
  restore: 'recuperar-especialidad',
} as const

/** The loader's answer: the specialties, or why they could not be read. */
export type SpecialtiesData = { especialidades: Especialidad[] } | { error: unknown }

/** The action's answer: how the change went, in Spanish. */
export interface SpecialtyChange {
  isError: boolean
  text: string
  /** True when a specialty was added or renamed: its form empties for the next one. */
  isDone?: boolean
}

/** The query `useFetcher().load` sends for `centro`'s specialties. */
export function specialtiesQuery(centro: string): string {
  return `?${new URLSearchParams({ panel: SPECIALTIES_PANEL, centro }).toString()}`
}

/** Reads `centro`'s specialties when asked (`?panel=especialidades`); null for anything else. */
export async function loadSpecialties({
  request,
}: LoaderFunctionArgs): Promise<SpecialtiesData | null> {
  const centro = askedCentro(request, SPECIALTIES_PANEL)
  if (centro === null) return null
  try {
    return { especialidades: await listSpecialties(centro) }
  } catch (error) {
    return { error }
  }
}

async function change(form: FormData, centro: string): Promise<SpecialtyChange> {
  const id = Number(textField(form, 'id'))
  const nombre = textField(form, 'nombre')
  switch (textField(form, 'intent')) {
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

/** Makes the change the specialties panel submitted, for the hospital it names. */
export async function changeSpecialtyFromPanel({ request }: ActionFunctionArgs) {
  return changeNamedHospital<SpecialtyChange>(request, change, (error) => ({
    isError: true,
    text: describeSpecialtyError(error),
  }))
}
