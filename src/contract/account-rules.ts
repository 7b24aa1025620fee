/**
 * Accounts' roles, limits and email rule as plain values, without the schema library: the
 * screens of a first load (the sign-in form, the header) read them without paying for the
 * schemas built from them in `accounts.ts`.
 */
import type { FreeTextField } from './text.js'

/** Account roles (the reserved route names that suggest them: cliente, profesional, admin). */
export const ROLES = ['cliente', 'profesional', 'admin'] as const
export type Rol = (typeof ROLES)[number]

/** How each role reads in the interface: the one table. */
export const ROL_LABELS: Readonly<Record<Rol, string>> = {
  cliente: 'Paciente',
  profesional: 'Profesional',
  admin: 'Administración',
}

/** The Spanish label of a role; a role this version does not know reads as it is. */
export function rolLabel(rol: string): string {
  return (ROL_LABELS as Partial<Record<string, string>>)[rol] ?? rol
}

/** Longest person's name of an account, in characters. */
export const PERSON_NAME_MAX_LENGTH = 100
/** A person's name as a free text (`readFreeText`): one line, {@link PERSON_NAME_MAX_LENGTH}. */
export const PERSON_NAME_FIELD: FreeTextField = {
  label: 'nombre',
  maxLength: PERSON_NAME_MAX_LENGTH,
  isMultiline: false,
}
/** Longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254
/** Longest password accepted (bounds the hashing work an anonymous caller can ask for). */
export const PASSWORD_MAX_LENGTH = 256
/** Longest one-time access code accepted. */
export const ACCESS_CODE_MAX_LENGTH = 64

/**
 * An email address's shape, the one rule: one @, something on each side, a dot in the domain, no
 * spaces and no control characters (PostgreSQL text cannot hold a NUL, and none belongs in an
 * address). The shape, not RFC 5322. Unanchored, so a schema can allow the spaces a request may
 * carry around it (`accounts.ts`).
 */
export const EMAIL_SHAPE = String.raw`[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+`
const EMAIL_RULE = new RegExp(`^${EMAIL_SHAPE}$`, 'u')

/** True when `value`, without surrounding spaces, is shaped like an email address. */
export function isEmailAddress(value: string): boolean {
  const address = value.trim()
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_RULE.test(address)
}
