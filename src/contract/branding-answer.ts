/**
 * How an untrusted `verHospitales` answer becomes a tenant's branding (branding.ts), and the
 * limits of what a hospital may set. Apart from the branding's shape: the page's first screen
 * starts from branding already checked, and only loading a new answer needs this.
 */
import { deriveBrandingColors, type Branding } from './branding.js'
import { parseColor } from './colors.js'
import { SHORT_NAME_MAX_LENGTH } from './manifest.js'
import { isApiPathname } from './tenants.js'
import { cleanDisplayName } from './text.js'

const MAX_LOGO_URL_LENGTH = 2048
const MAX_DATA_LOGO_LENGTH = 256 * 1024
const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/]+={0,2}$/i
// Control characters and whitespace: browsers strip some of them while parsing (`java\tscript:`),
// so a URL containing any is refused before it is parsed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/

// A `.` or `..` segment, plain or percent-encoded: resolving it changes what a path points to
// (`/logos/../api/me` is `/api/me`), so a logo path holding one is refused, not resolved.
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?:[/\\?#]|$)/i

/**
 * An absolute logo URL, or null. Accepted: an https URL on any host; a path or URL on the API's
 * own origin (http too, as in local development); a base64 raster `data:` image. Refused: an
 * http URL on another host (mixed content on an https page, and outside the page's CSP, so it
 * could never show), `javascript:`, SVG data, credentials, dot segments, the API's own paths.
 */
export function sanitizeLogoUrl(value: unknown, apiBaseUrl: string): string | null {
  if (typeof value !== 'string' || value === '') return null
  if (value.toLowerCase().startsWith('data:')) {
    return value.length <= MAX_DATA_LOGO_LENGTH && RASTER_DATA_URL.test(value) ? value : null
  }
  if (value.length > MAX_LOGO_URL_LENGTH || CONTROL_OR_SPACE.test(value)) return null
  if (DOT_SEGMENT.test(value.split(/[?#]/, 1)[0] ?? '')) return null
  let url: URL
  let base: URL
  try {
    base = new URL(apiBaseUrl)
    url = new URL(value, base)
  } catch {
    return null
  }
  const isSameOrigin = url.origin === base.origin
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isSameOrigin)) return null
  if (url.username || url.password) return null
  if (isSameOrigin && isApiPathname(url.pathname)) return null
  return url.href
}

/**
 * Longest hospital name: in characters as the API stores it, in graphemes as it is shown (header,
 * title, app name). Kept here, beside the name rule, so the worker reads it without TypeBox.
 */
export const HOSPITAL_NAME_MAX_LENGTH = 80

/** Longest contact phone, in characters. */
export const TELEFONO_MAX_LENGTH = 30
/** A contact phone: digits, an optional leading +, spaces, dots, dashes and brackets. */
export const TELEFONO_PATTERN = String.raw`^\+?\(?[0-9][0-9 ().-]*$`
const TELEFONO = new RegExp(TELEFONO_PATTERN)

function sanitizePhone(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const phone = value.trim()
  return phone.length <= TELEFONO_MAX_LENGTH && TELEFONO.test(phone) ? phone : null
}

function sanitizeName(value: unknown, maxLength = HOSPITAL_NAME_MAX_LENGTH): string | null {
  if (typeof value !== 'string') return null
  const name = cleanDisplayName(value.slice(0, MAX_RAW_NAME_LENGTH), maxLength)
  return name === '' ? null : name
}

// Work on a bounded prefix: a 100,000-character name is cut long before it is segmented.
const MAX_RAW_NAME_LENGTH = 4096

export type BrandingResult =
  | {
      ok: true
      branding: Branding
      /** The answer's `imagen` as sent, when it was accepted (stored as `localStorage.logo`). */
      imagen: string | null
      warnings: string[]
    }
  | { ok: false; reason: string }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Reads a `verHospitales` answer (docs/branding.md): an array whose first element carries
 * `color_primario`, `color_secundario` and `imagen`. Any invalid colour rejects the whole answer,
 * so a tenant is never shown half branded; an unusable logo only drops the logo.
 */
export function parseHospitalesAnswer(
  body: unknown,
  tenant: string,
  apiBaseUrl: string,
): BrandingResult {
  if (!Array.isArray(body)) return { ok: false, reason: 'the answer is not an array' }
  const first: unknown = body[0]
  if (first === undefined) return { ok: false, reason: 'the answer is an empty array' }
  if (!isRecord(first)) return { ok: false, reason: 'the first element is not an object' }
  if (typeof first.tenant === 'string' && first.tenant !== tenant) {
    return { ok: false, reason: `the answer belongs to another tenant (${first.tenant})` }
  }
  const primario = parseColor(first.color_primario)
  const secundario = parseColor(first.color_secundario)
  if (!primario) return { ok: false, reason: 'color_primario is not a valid colour' }
  if (!secundario) return { ok: false, reason: 'color_secundario is not a valid colour' }

  const warnings: string[] = []
  const logoUrl = sanitizeLogoUrl(first.imagen, apiBaseUrl)
  if (!logoUrl && first.imagen !== undefined && first.imagen !== null && first.imagen !== '') {
    warnings.push('imagen is not a usable logo URL; the logo is not shown')
  }
  const telefono = sanitizePhone(first.telefono)
  const nombreCorto = sanitizeName(first.nombre_corto, SHORT_NAME_MAX_LENGTH)
  return {
    ok: true,
    warnings,
    imagen: logoUrl === null ? null : (first.imagen as string),
    branding: {
      tenant,
      nombre: sanitizeName(first.nombre),
      ...(telefono === null ? {} : { telefono }),
      ...(nombreCorto === null ? {} : { nombreCorto }),
      colors: deriveBrandingColors(primario, secundario),
      logoUrl,
    },
  }
}
