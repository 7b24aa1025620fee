import { parseColor, toHex } from '../../src/contract/colors.js'
import { isNewHospitalSlug } from '../../src/contract/tenants.js'
import { SHORT_NAME_MAX_LENGTH } from '../../src/contract/manifest.js'
import {
  freeTextMessage,
  graphemesOf,
  hasVisibleCharacter,
  readFreeText,
  type FreeTextField,
} from '../../src/contract/text.js'
import { HttpError } from './http-errors.js'

// C0/C1 controls, and the bidirectional overrides that make a name display as something else.
const HOSTILE_NAME_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]/u

/** Throws a Spanish 400 unless `tenant` can name a new hospital (the one tenant rule). */
export function assertNewTenantId(tenant: string): void {
  if (!isNewHospitalSlug(tenant)) {
    throw new HttpError(
      400,
      'invalid_tenant',
      `«${tenant.slice(0, 40)}» no puede ser la dirección de un centro: usa letras minúsculas sin acentos, números y guiones sueltos (sin puntos ni espacios), y ningún nombre reservado.`,
    )
  }
}

/**
 * The name as stored (trimmed), or a Spanish 400 for an empty or hostile one: the one rule of
 * free texts, on one line. Its longest length is the contract's, also bounded by the route's
 * schema in bytes.
 */
export function readName(value: string, maxLength: number, field = 'nombre'): string {
  return readCareText(value, { label: field, maxLength, isMultiline: false })
}

/** The free text as stored (trimmed), or the one rule's Spanish 400 (`readFreeText`). */
export function readCareText(value: string, field: FreeTextField): string {
  const text = readFreeText(value, field)
  if (text === null) throw new HttpError(400, 'invalid_request', freeTextMessage(field))
  return text
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

/**
 * The short name as stored (trimmed; '' = shortened from the name), or a Spanish 400: at most
 * `SHORT_NAME_MAX_LENGTH` characters as a person counts them (an emoji or an accented letter is
 * one), none of them a control character.
 */
export function readShortName(value: string): string {
  const name = value.trim()
  if (name === '') return ''
  if (
    !hasVisibleCharacter(name) ||
    graphemesOf(name).length > SHORT_NAME_MAX_LENGTH ||
    HOSTILE_NAME_CHARACTERS.test(name)
  ) {
    throw new HttpError(
      400,
      'invalid_request',
      `El nombre corto debe tener como mucho ${String(SHORT_NAME_MAX_LENGTH)} caracteres visibles, sin caracteres de control.`,
    )
  }
  return name
}
