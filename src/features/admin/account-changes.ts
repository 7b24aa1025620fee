/**
 * The changes of a hospital's accounts panel (its forms send `intent` and `centro`): create,
 * disable, enable, reset access, set specialties, resend an invitation. Failures are answers,
 * never thrown: the panel says them.
 */
import { ROL_LABELS } from '../../contract/accounts'
import {
  createAccount,
  resendInvitation,
  resetAccess,
  setAccountActive,
  setAccountSpecialties,
  type Rol,
} from './admin-api'
import { describeAdminError } from './admin-errors'
import { changeNamedHospital, fieldOf, type ChangeFields } from './form-fields'

/** The fields every change of the accounts panel sends besides its own. */
export const ACCOUNT_FIELDS = { intent: 'intent', centro: 'centro', id: 'id' } as const

/** What the accounts panel can ask to do. */
export const ACCOUNT_INTENTS = {
  create: 'crear-cuenta',
  disable: 'desactivar-cuenta',
  enable: 'reactivar-cuenta',
  resetAccess: 'restablecer-acceso',
  specialties: 'especialidades-cuenta',
  resendInvitation: 'reenviar-invitacion',
} as const

/** The form field carrying a professional's specialties (a JSON list of names). */
export const SPECIALTIES_FIELD = 'especialidades'

/** The specialties a form submitted as a JSON list; anything else reads as none. */
function specialtiesField(form: ChangeFields): string[] {
  try {
    const value: unknown = JSON.parse(fieldOf(form, SPECIALTIES_FIELD) || '[]')
    return Array.isArray(value)
      ? value.filter((entry): entry is string => typeof entry === 'string')
      : []
  } catch {
    return []
  }
}

/** A one-time access code, shown once to the administrator who asked for it. */
export interface IssuedCode {
  email: string
  codigo: string
  caduca: string
}

/** How the change went, in Spanish. */
export interface AccountChange {
  isError: boolean
  text: string
  /** True when an account was created: its form empties for the next one. */
  isCreated?: boolean
  issued?: IssuedCode
}

function formatExpiry(iso: string): string {
  return new Date(iso).toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short' })
}

async function change(form: ChangeFields, centro: string): Promise<AccountChange> {
  const id = Number(fieldOf(form, ACCOUNT_FIELDS.id))
  const email = fieldOf(form, 'email')
  switch (fieldOf(form, ACCOUNT_FIELDS.intent)) {
    case ACCOUNT_INTENTS.create: {
      const password = fieldOf(form, 'password')
      const created = await createAccount(centro, {
        nombre: fieldOf(form, 'nombre'),
        email,
        rol: fieldOf(form, 'rol') as Rol,
        // Without one, the person is invited by email to choose their own.
        ...(password === '' ? {} : { password }),
        especialidades: specialtiesField(form),
      })
      return {
        isError: false,
        isCreated: true,
        text: created.invitacion_pendiente
          ? `Cuenta creada: ${created.email} (${ROL_LABELS[created.rol]}). Le hemos enviado una invitación por correo para que elija su contraseña.`
          : `Cuenta creada: ${created.email} (${ROL_LABELS[created.rol]}).`,
      }
    }
    case ACCOUNT_INTENTS.specialties: {
      const changed = await setAccountSpecialties(centro, id, specialtiesField(form))
      return {
        isError: false,
        text:
          changed.especialidades.length === 0
            ? `${email} ya no tiene especialidades.`
            : `Especialidades de ${email}: ${changed.especialidades.join(', ')}.`,
      }
    }
    case ACCOUNT_INTENTS.resendInvitation:
      await resendInvitation(centro, id)
      return {
        isError: false,
        text: `Invitación reenviada a ${email}. El enlace anterior ya no sirve.`,
      }
    case ACCOUNT_INTENTS.disable:
      await setAccountActive(centro, id, false)
      return {
        isError: false,
        text: `Cuenta desactivada: ${email}. Sus sesiones se han cerrado.`,
      }
    case ACCOUNT_INTENTS.enable:
      await setAccountActive(centro, id, true)
      return { isError: false, text: `Cuenta reactivada: ${email}. Ya puede iniciar sesión.` }
    case ACCOUNT_INTENTS.resetAccess: {
      const answer = await resetAccess(centro, id)
      return {
        isError: false,
        text: `Código de acceso creado para ${email}.`,
        issued: { email, codigo: answer.codigo_acceso, caduca: formatExpiry(answer.caduca_en) },
      }
    }
    default:
      throw new Error('Unknown change to an account')
  }
}

/** Makes the change the accounts panel sent, for the hospital it names. */
export function changeAccount(fields: ChangeFields): Promise<AccountChange> {
  return changeNamedHospital<AccountChange>(fields, change, (error) => ({
    isError: true,
    text: describeAdminError(error),
  }))
}
