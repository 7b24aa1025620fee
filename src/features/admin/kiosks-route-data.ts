/**
 * A hospital's kiosks through the administration route: its loader reads them
 * (`?panel=quioscos&centro=…`), its action enrols this device or revokes a kiosk. Enrolling keeps
 * the issued credential on this device, which from then on sends it with every walk-in.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom'
import { QUIOSCOS_POR_CENTRO_MAX } from '../../contract/kiosks'
import { ApiError } from '../../lib/api-errors'
import { forgetKioskCredential, keepKioskCredential } from '../../lib/kiosk-credential'
import { enrolKiosk, listKiosks, revokeKiosk, type Quiosco } from './admin-api'
import { describeAdminError } from './admin-errors'
import { textField } from './form-fields'
import { askedCentro, changeNamedHospital } from './panel-route'

/** The query that asks the administration route's loader for a hospital's kiosks. */
export const KIOSKS_PANEL = 'quioscos'

/** What the kiosks panel can ask the action to do. */
export const KIOSK_INTENTS = {
  enrol: 'alta-quiosco',
  revoke: 'revocar-quiosco',
} as const

/** The loader's answer: the kiosks, or why they could not be read. */
export type KiosksData = { quioscos: Quiosco[] } | { error: unknown }

/** The action's answer: how the change went, in Spanish. */
export interface KioskChange {
  isError: boolean
  text: string
  /** True once this device was enrolled: the page turns kiosk mode on. */
  isEnrolled?: boolean
}

/** The query `useFetcher().load` sends for `centro`'s kiosks. */
export function kiosksQuery(centro: string): string {
  return `?${new URLSearchParams({ panel: KIOSKS_PANEL, centro }).toString()}`
}

/** Reads `centro`'s kiosks when asked (`?panel=quioscos`); null for anything else. */
export async function loadKiosks({ request }: LoaderFunctionArgs): Promise<KiosksData | null> {
  const centro = askedCentro(request, KIOSKS_PANEL)
  if (centro === null) return null
  try {
    return { quioscos: await listKiosks(centro) }
  } catch (error) {
    return { error }
  }
}

async function change(form: FormData, centro: string): Promise<KioskChange> {
  switch (textField(form, 'intent')) {
    case KIOSK_INTENTS.enrol: {
      const { quiosco, token } = await enrolKiosk(centro, textField(form, 'nombre'))
      keepKioskCredential({ tenant: centro, id: quiosco.id, nombre: quiosco.nombre, token })
      return {
        isError: false,
        isEnrolled: true,
        text: `Este dispositivo es ahora el quiosco «${quiosco.nombre}»: admite visitas presenciales y queda en modo quiosco.`,
      }
    }
    case KIOSK_INTENTS.revoke: {
      const revoked = await revokeKiosk(centro, Number(textField(form, 'id')))
      forgetKioskCredential(centro, revoked.id)
      return {
        isError: false,
        text: `Quiosco revocado: ${revoked.nombre}. Ya no admite visitas presenciales.`,
      }
    }
    default:
      throw new Error('Unknown change to a kiosk')
  }
}

function describeKioskError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'limit_reached') {
    return `Un centro puede dar de alta hasta ${String(QUIOSCOS_POR_CENTRO_MAX)} quioscos.`
  }
  return describeAdminError(error)
}

/** Makes the change the kiosks panel submitted, for the hospital it names. */
export async function changeKioskFromPanel({ request }: ActionFunctionArgs) {
  return changeNamedHospital<KioskChange>(request, change, (error) => ({
    isError: true,
    text: describeKioskError(error),
  }))
}
