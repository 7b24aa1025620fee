/**
 * The changes of a hospital's kiosks panel (its forms send `intent` and `centro`): enrol this
 * device, revoke a kiosk. Enrolling keeps the issued credential on this device, which from then
 * on sends it with every walk-in.
 */
import { QUIOSCOS_POR_CENTRO_MAX } from '../../contract/kiosks'
import { ApiError } from '../../lib/api-errors'
import { forgetKioskCredential, keepKioskCredential } from '../../lib/kiosk-credential'
import { enrolKiosk, revokeKiosk } from './admin-api'
import { describeAdminError } from './admin-errors'
import { changeNamedHospital, fieldOf, type ChangeFields } from './form-fields'

/** What the kiosks panel can ask to do. */
export const KIOSK_INTENTS = {
  enrol: 'alta-quiosco',
  revoke: 'revocar-quiosco',
} as const

/** How the change went, in Spanish. */
export interface KioskChange {
  isError: boolean
  text: string
  /** True once this device was enrolled: the page turns kiosk mode on. */
  isEnrolled?: boolean
}

async function change(form: ChangeFields, centro: string): Promise<KioskChange> {
  switch (fieldOf(form, 'intent')) {
    case KIOSK_INTENTS.enrol: {
      const { quiosco, token } = await enrolKiosk(centro, fieldOf(form, 'nombre'))
      keepKioskCredential({ tenant: centro, id: quiosco.id, nombre: quiosco.nombre, token })
      return {
        isError: false,
        isEnrolled: true,
        text: `Este dispositivo es ahora el quiosco «${quiosco.nombre}»: admite visitas presenciales y queda en modo quiosco.`,
      }
    }
    case KIOSK_INTENTS.revoke: {
      const revoked = await revokeKiosk(centro, Number(fieldOf(form, 'id')))
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

/** Makes the change the kiosks panel sent, for the hospital it names. */
export function changeKioskFromPanel(fields: ChangeFields): Promise<KioskChange> {
  return changeNamedHospital<KioskChange>(fields, change, (error) => ({
    isError: true,
    text: describeKioskError(error),
  }))
}
