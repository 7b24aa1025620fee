/**
 * The changes of the hospitals panel: create a hospital, turn one off or on (the panel sends
 * `intent` and `centro`). A change names the version it read in
 * `If-Match`, so one saved meanwhile by someone else is refused (412), never overwritten.
 * Failures are answers, never thrown: the panel says them.
 */
import { isTenantId } from '../../contract/tenants'
import { createHospital, readHospital, updateHospital, type Hospital } from './admin-api'
import { describeAdminError } from './admin-errors'
import { fieldOf, type ChangeFields } from './form-fields'

/** What the hospitals panel can ask to do. */
export const HOSPITAL_INTENTS = {
  create: 'crear-centro',
  disable: 'desactivar-centro',
  enable: 'reactivar-centro',
} as const

/** The fields every change of the hospitals panel sends besides its own. */
export const HOSPITAL_FIELDS = { intent: 'intent', centro: 'centro', nombre: 'nombre' } as const

/** How a change went, in Spanish. */
export interface HospitalChange {
  isError: boolean
  text: string
  /** The hospital just created: its form empties and it is chosen to set up. */
  created?: Hospital
  /** The hospital just turned off: no longer offered to manage. */
  disabled?: string
}

async function setActive(centro: string, activo: boolean): Promise<void> {
  if (!isTenantId(centro)) throw new Error('No hospital named for the change')
  const { etag } = await readHospital(centro)
  await updateHospital(centro, etag, { activo })
}

async function change(form: ChangeFields): Promise<HospitalChange> {
  // A new address is the server's to judge: its refusal is the message the person reads.
  const centro = fieldOf(form, HOSPITAL_FIELDS.centro).trim()
  const nombre = fieldOf(form, HOSPITAL_FIELDS.nombre)
  switch (fieldOf(form, HOSPITAL_FIELDS.intent)) {
    case HOSPITAL_INTENTS.create: {
      const created = await createHospital({
        tenant: centro,
        nombre,
        color_primario: fieldOf(form, 'color_primario'),
        color_secundario: fieldOf(form, 'color_secundario'),
      })
      return {
        isError: false,
        created,
        text: `Centro creado: ${created.nombre} (/${created.tenant}). Crea ahora su cuenta de administración.`,
      }
    }
    case HOSPITAL_INTENTS.disable:
      await setActive(centro, false)
      return {
        isError: false,
        disabled: centro,
        text: `Centro desactivado: ${nombre}. Sus cuentas ya no pueden entrar.`,
      }
    case HOSPITAL_INTENTS.enable:
      await setActive(centro, true)
      return {
        isError: false,
        text: `Centro reactivado: ${nombre}. Sus cuentas pueden volver a entrar.`,
      }
    default:
      throw new Error('Unknown change to a hospital')
  }
}

/** Makes the change the hospitals panel sent. */
export async function changeHospital(fields: ChangeFields): Promise<HospitalChange> {
  try {
    return await change(fields)
  } catch (error) {
    return { isError: true, text: describeAdminError(error) }
  }
}
