/**
 * The password rule, the one for every password set in the product: an administrator's initial
 * password for an account, a reset with a one-time code or an emailed link, a registration. The
 * server applies it to every request that sets one and the forms check it before sending.
 */
import { PASSWORD_MAX_LENGTH } from './account-rules.js'

/** Shortest password accepted, in characters as people see them. */
export const PASSWORD_MIN_LENGTH = 10

/**
 * Passwords people choose most often that are long enough to pass the length rule: short ones
 * are refused by length already. Compared without case, spaces or accents.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '1234567890',
  '12345678910',
  '123456789012',
  '0987654321',
  '1111111111',
  '0000000000',
  '1122334455',
  '1234512345',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'asdfghjkl1',
  'asdfghjklñ',
  'zxcvbnm123',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'contrasena',
  'contrasena1',
  'contrasena12',
  'contrasena123',
  'micontrasena',
  'iloveyou12',
  'teamo12345',
  'administrador',
  'administrator',
  'bienvenido1',
  'bienvenido123',
  'welcome123',
  'hospital123',
  'hospital1234',
  'clinica123',
  'clinica1234',
  'paciente123',
  'barcelona1',
  'barcelona10',
  'realmadrid',
  'realmadrid1',
  'abcdefghij',
  'abc1234567',
  'abcd123456',
  'a123456789',
  'q1w2e3r4t5',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'aaaaaaaaaa',
  'superman12',
  'princesa12',
  'football12',
]

/** Why a password is refused, or null when it may be used. */
export type PasswordProblem = 'too_short' | 'too_long' | 'common'

function comparable(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s/g, '').toLowerCase()
}

const COMMON = new Set(COMMON_PASSWORDS.map(comparable))

const graphemes = new Intl.Segmenter('es', { granularity: 'grapheme' })

function countCharacters(value: string): number {
  return Array.from(graphemes.segment(value)).length
}

/** The rule a password breaks (length counted in characters as people see them), or null. */
export function findPasswordProblem(password: string): PasswordProblem | null {
  const length = countCharacters(password)
  if (length < PASSWORD_MIN_LENGTH) return 'too_short'
  if (length > PASSWORD_MAX_LENGTH) return 'too_long'
  if (COMMON.has(comparable(password))) return 'common'
  return null
}

/** The policy, shown before anyone types. */
export const PASSWORD_POLICY_TEXT = `Al menos ${PASSWORD_MIN_LENGTH} caracteres, y que no sea una de las contraseñas más comunes (como «1234567890» o «contraseña123»).`

/** What to tell a person whose password breaks a rule: which rule. */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `La contraseña es demasiado corta: debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  too_long: `La contraseña es demasiado larga: como máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  common: 'Esa contraseña es una de las más usadas y fáciles de adivinar: elige otra.',
}
