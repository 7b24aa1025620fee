/**
 * The product's hospitals through the administration route: its loader lists them (the panel
 * asks with `useFetcher().load('?panel=centros')`), its action creates one or turns one off or
 * on (the panel submits `intent` and `centro`). A change names the version it read in
 * `If-Match`, so one saved meanwhile by someone else is refused (412), never overwritten.
 * Failures are answers, never thrown: the panel says them.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom'
import { isTenantId } from '../../contract/tenants'
import {
  createHospital,
  listHospitals,
  readHospital,
  updateHospital,
  type Hospital,
} from './admin-api'
import { describeAdminError } from './admin-errors'
import { textField } from './form-fields'
import { refused } from './panel-route'

/** The query that asks the administration route's loader for the hospitals. */
export const HOSPITALS_PANEL = 'centros'

/** What the hospitals panel can ask the action to do. */
export const HOSPITAL_INTENTS = {
  create: 'crear-centro',
  disable: 'desactivar-centro',
  enable: 'reactivar-centro',
} as const

/** The fields every change of the hospitals panel submits besides its own. */
export const HOSPITAL_FIELDS = { intent: 'intent', centro: 'centro', nombre: 'nombre' } as const

/** The loader's answer: the hospitals, or why they could not be read. */
export type HospitalsData = { hospitals: Hospital[] } | { error: unknown }

/** The action's answer: how the change went, in Spanish. */
export interface HospitalChange {
  isError: boolean
  text: string
  /** The hospital just created: its form empties and it is chosen to set up. */
  created?: Hospital
  /** The hospital just turned off: no longer offered to manage. */
  disabled?: string
}

/** The query `useFetcher().load` sends for the hospitals. */
export const hospitalsQuery = `?${new URLSearchParams({ panel: HOSPITALS_PANEL }).toString()}`

/** Lists the hospitals when asked (`?panel=centros`); null for anything else. */
export async function loadHospitals({
  request,
}: LoaderFunctionArgs): Promise<HospitalsData | null> {
  if (new URL(request.url).searchParams.get('panel') !== HOSPITALS_PANEL) return null
  try {
    return { hospitals: await listHospitals() }
  } catch (error) {
    return { error }
  }
}

async function setActive(centro: string, activo: boolean): Promise<void> {
  if (!isTenantId(centro)) throw new Error('No hospital named for the change')
  const { etag } = await readHospital(centro)
  await updateHospital(centro, etag, { activo })
}

async function change(form: FormData): Promise<HospitalChange> {
  // A new address is the server's to judge: its refusal is the message the person reads.
  const centro = textField(form, HOSPITAL_FIELDS.centro).trim()
  const nombre = textField(form, HOSPITAL_FIELDS.nombre)
  switch (textField(form, HOSPITAL_FIELDS.intent)) {
    case HOSPITAL_INTENTS.create: {
      const created = await createHospital({
        tenant: centro,
        nombre,
        color_primario: textField(form, 'color_primario'),
        color_secundario: textField(form, 'color_secundario'),
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

/** Makes the change the hospitals panel submitted. */
export async function changeHospital({ request }: ActionFunctionArgs) {
  try {
    return await change(await request.formData())
  } catch (error) {
    return refused<HospitalChange>({ isError: true, text: describeAdminError(error) })
  }
}
