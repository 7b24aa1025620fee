/**
 * Reads an API answer against the contract's schema of its shape: the answer is used only when it
 * has that shape, so a screen never renders half a record from a mismatched server.
 *
 * The contract's schemas are JSON Schema, and they use a small part of it; this checker reads
 * that part (KEYWORDS) in about a kilobyte, where the schema library's own checker weighs dozens.
 * Its verdicts are TypeBox's on every schema of the contract (answer-shape.test.ts), and a schema
 * with a keyword it does not read fails the build (scripts/contract-schemas.ts) instead of being
 * half-checked.
 */
import type { Static, TSchema } from 'typebox'
import { InvalidResponseError } from './api-errors'

/** A JSON Schema as this checker reads it. */
interface Schema {
  type?: string
  properties?: Readonly<Record<string, Schema>>
  required?: readonly string[]
  additionalProperties?: boolean
  minProperties?: number
  items?: Schema
  minItems?: number
  maxItems?: number
  anyOf?: readonly Schema[]
  enum?: readonly unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
}

/** The keywords this checker reads; any other (but annotations) is one it would not check. */
export const KEYWORDS: ReadonlySet<string> = new Set<keyof Schema>([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'items',
  'minItems',
  'maxItems',
  'anyOf',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
])

/** Keywords that only describe (OpenAPI, forms): nothing to check. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  'readOnly',
  'writeOnly',
  'deprecated',
])

// RFC 3339 date-time and RFC 9562 UUID, as the contract's server writes them.
const DATE_TIME =
  /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:[Zz]|([+-])(\d\d):(\d\d))$/
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function isDateTime(text: string): boolean {
  const parts = DATE_TIME.exec(text)
  if (!parts) return false
  const at = (index: number) => Number(parts[index] ?? 0)
  const [year, month, day, hour, minute, second] = [at(1), at(2), at(3), at(4), at(5), at(6)]
  const offset = (parts[7] === '-' ? -1 : 1) * (at(8) * 60 + at(9))
  const isLeapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const daysInMonth = month === 2 && isLeapYear ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0)
  if (day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 60) return false
  if (at(8) > 23 || at(9) > 59) return false
  // A leap second is the last second of a UTC day only.
  return second < 60 || (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 === 1439
}

const FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  'date-time': isDateTime,
  uuid: (text) => UUID.test(text),
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// Lengths count characters (code points), as JSON Schema and the server do: an emoji is one.
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g
const lengthOf = (text: string) => text.length - (text.match(SURROGATE_PAIR)?.length ?? 0)

const TYPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  object: isObject,
  array: Array.isArray,
  string: (value) => typeof value === 'string',
  integer: Number.isInteger,
  number: Number.isFinite,
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
}

function isOfSchema(schema: Schema, value: unknown): boolean {
  if (schema.type !== undefined && !(TYPES[schema.type]?.(value) ?? false)) return false
  if (schema.anyOf && !schema.anyOf.some((option) => isOfSchema(option, value))) return false
  if (schema.enum && !schema.enum.includes(value)) return false
  if ('const' in schema && value !== schema.const) return false
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && lengthOf(value) < schema.minLength) return false
    if (schema.maxLength !== undefined && lengthOf(value) > schema.maxLength) return false
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false
    if (schema.format !== undefined && !(FORMATS[schema.format]?.(value) ?? true)) return false
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false
    if (schema.maximum !== undefined && value > schema.maximum) return false
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false
    const { items } = schema
    if (items && !value.every((item) => isOfSchema(items, item))) return false
  }
  if (isObject(value)) return isObjectOfSchema(schema, value)
  return true
}

function isObjectOfSchema(schema: Schema, value: Record<string, unknown>): boolean {
  const properties = schema.properties ?? {}
  const keys = Object.getOwnPropertyNames(value)
  if (schema.minProperties !== undefined && keys.length < schema.minProperties) return false
  if (!(schema.required ?? []).every((key) => Object.hasOwn(value, key))) return false
  if (
    schema.additionalProperties === false &&
    !keys.every((key) => Object.hasOwn(properties, key))
  ) {
    return false
  }
  return Object.entries(properties).every(
    ([key, property]) =>
      !Object.hasOwn(value, key) ||
      // An optional property may be present as undefined, as TypeBox allows.
      (value[key] === undefined && !(schema.required ?? []).includes(key)) ||
      isOfSchema(property, value[key]),
  )
}

/** `value` has the shape `schema` describes. */
export function isAnswer<S extends TSchema>(schema: S, value: unknown): value is Static<S> {
  return isOfSchema(schema, value)
}

/**
 * The keywords of `schema` (and of the schemas within it) this checker does not read, with
 * where they are: empty when it checks all of the schema.
 */
export function keywordsNotChecked(schema: unknown, at = '#'): string[] {
  if (!isObject(schema)) return [`${at}: not a schema`]
  return Object.entries(schema).flatMap(([keyword, value]): string[] => {
    if (ANNOTATIONS.has(keyword)) return []
    if (!KEYWORDS.has(keyword)) return [`${at}/${keyword}`]
    if (keyword === 'properties' && isObject(value)) {
      return Object.entries(value).flatMap(([key, property]) =>
        keywordsNotChecked(property, `${at}/properties/${key}`),
      )
    }
    if (keyword === 'anyOf' && Array.isArray(value)) {
      return value.flatMap((option, index) =>
        keywordsNotChecked(option, `${at}/anyOf/${String(index)}`),
      )
    }
    if (keyword === 'items') return keywordsNotChecked(value, `${at}/items`)
    if (keyword === 'additionalProperties' && value !== false) return [`${at}/${keyword}`]
    if (keyword === 'type' && !(typeof value === 'string' && value in TYPES)) return [`${at}/type`]
    if (keyword === 'format' && !(typeof value === 'string' && value in FORMATS)) {
      return [`${at}/format`]
    }
    return []
  })
}

/**
 * `answer` typed as `schema`'s shape; rejects with an `InvalidResponseError` when it has another.
 * A promise, like the request it follows: callers chain it onto the answer.
 */
export function readAnswer<S extends TSchema>(schema: S, answer: unknown): Promise<Static<S>> {
  return isAnswer(schema, answer)
    ? Promise.resolve(answer)
    : Promise.reject(new InvalidResponseError('The answer does not have the expected shape'))
}

/** Every entry of a list answer, as `schema` describes it; rejects when one has another shape. */
export function readList<S extends TSchema>(schema: S, answer: unknown): Promise<Static<S>[]> {
  return Array.isArray(answer) && answer.every((entry) => isAnswer(schema, entry))
    ? Promise.resolve(answer)
    : Promise.reject(new InvalidResponseError('The answer is not a list of the expected shape'))
}
