import { parseColor, toHex } from '../src/contract/colors.js'
import { DEFAULT_TENANT, isTenantId } from '../src/contract/tenants.js'
import { HttpError } from './http-errors.js'

// C0/C1 controls, and the bidirectional overrides that make a name display as something else.
const HOSTILE_NAME_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]/u

/** Throws a Spanish 400 unless `tenant` can name a new hospital (the one tenant rule). */
export function assertNewTenantId(tenant: string): void {
  if (tenant === DEFAULT_TENANT || !isTenantId(tenant)) {
    throw new HttpError(
      400,
      'invalid_tenant',
      `«${tenant.slice(0, 40)}» no puede ser la dirección de un centro: usa letras, números y guiones, sin espacios, y ningún nombre reservado.`,
    )
  }
}

/**
 * The name as stored (trimmed), or a Spanish 400 for an empty or hostile one. Its longest length
 * is the contract's, checked by the route's schema; `maxLength` only words the message.
 */
export function readName(value: string, maxLength: number, field = 'nombre'): string {
  const name = value.trim()
  if (name === '' || name.length > maxLength || HOSTILE_NAME_CHARACTERS.test(name)) {
    throw new HttpError(
      400,
      'invalid_request',
      `El campo «${field}» debe tener entre 1 y ${maxLength} caracteres, sin caracteres de control.`,
    )
  }
  return name
}

/**
 * The colour as stored, `#rrggbb`, or a Spanish 400: any colour the app's one validator accepts
 * (hex, rgb(), hsl()), in the one form that reaches CSS and manifests.
 */
export function readColor(value: string, field: string): string {
  const rgb = parseColor(value)
  if (!rgb) {
    throw new HttpError(400, 'invalid_color', `El campo «${field}» debe ser un color como #1f4e8c.`)
  }
  return toHex(rgb)
}
