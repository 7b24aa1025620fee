/**
 * A hospital's accounts through the administration route: its loader reads them (a panel asks
 * with `useFetcher().load('?panel=cuentas&centro=…')`), its action changes them (the panel's
 * forms submit `intent` and `centro` with `useFetcher().submit`). The router reloads every loaded
 * panel after a change that succeeded. Failures are answers, never thrown: the panel says them.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom'
import { ROL_LABELS, ROLES } from '../../contract/accounts'
import {
  createAccount,
  listAccounts,
  resendInvitation,
  resetAccess,
  setAccountActive,
  setAccountSpecialties,
  type Account,
  type AccountsFilter,
  type Rol,
} from './admin-api'
import { describeAdminError } from './admin-errors'
import { textField } from './form-fields'
import { askedCentro, changeNamedHospital } from './panel-route'

/** The query that asks the administration route's loader for a hospital's accounts. */
export const ACCOUNTS_PANEL = 'cuentas'

/** The fields every change of the accounts panel submits besides its own. */
export const ACCOUNT_FIELDS = { intent: 'intent', centro: 'centro', id: 'id' } as const

/** What the accounts panel can ask the action to do. */
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
function specialtiesField(form: FormData): string[] {
  try {
    const value: unknown = JSON.parse(textField(form, SPECIALTIES_FIELD) || '[]')
    return Array.isArray(value)
      ? value.filter((entry): entry is string => typeof entry === 'string')
      : []
  } catch {
    return []
  }
}

/** The loader's answer: the accounts, or why they could not be read. */
export type AccountsData = { accounts: Account[] } | { error: unknown }

/** A one-time access code, shown once to the administrator who asked for it. */
export interface IssuedCode {
  email: string
  codigo: string
  caduca: string
}

/** The action's answer: how the change went, in Spanish. */
export interface AccountChange {
  isError: boolean
  text: string
  /** True when an account was created: its form empties for the next one. */
  isCreated?: boolean
  issued?: IssuedCode
}

/** The query `useFetcher().load` sends for the first page of `centro`'s accounts. */
export function accountsQuery(
  centro: string,
  filter: Pick<AccountsFilter, 'buscar' | 'rol'> = {},
): string {
  const query = new URLSearchParams({ panel: ACCOUNTS_PANEL, centro })
  if (filter.buscar !== undefined && filter.buscar.trim() !== '') query.set('buscar', filter.buscar)
  if (filter.rol) query.set('rol', filter.rol)
  return `?${query.toString()}`
}

function askedFilter(request: Request): Pick<AccountsFilter, 'buscar' | 'rol'> {
  const query = new URL(request.url).searchParams
  const buscar = query.get('buscar')
  const asked = query.get('rol')
  const rol = ROLES.find((value) => value === asked)
  return { ...(buscar === null ? {} : { buscar }), ...(rol ? { rol } : {}) }
}

function formatExpiry(iso: string): string {
  return new Date(iso).toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short' })
}

/** Reads `centro`'s accounts when asked (`?panel=cuentas`); null for anything else. */
export async function loadAccounts({ request }: LoaderFunctionArgs): Promise<AccountsData | null> {
  const centro = askedCentro(request, ACCOUNTS_PANEL)
  if (centro === null) return null
  try {
    return { accounts: await listAccounts(centro, askedFilter(request)) }
  } catch (error) {
    return { error }
  }
}

async function change(form: FormData, centro: string): Promise<AccountChange> {
  const id = Number(textField(form, ACCOUNT_FIELDS.id))
  const email = textField(form, 'email')
  switch (textField(form, ACCOUNT_FIELDS.intent)) {
    case ACCOUNT_INTENTS.create: {
      const password = textField(form, 'password')
      const created = await createAccount(centro, {
        nombre: textField(form, 'nombre'),
        email,
        rol: textField(form, 'rol') as Rol,
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

/** Makes the change the accounts panel submitted, for the hospital it names. */
export async function changeAccount({ request }: ActionFunctionArgs) {
  return changeNamedHospital<AccountChange>(request, change, (error) => ({
    isError: true,
    text: describeAdminError(error),
  }))
}
