import fc from 'fast-check'
import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { Me } from '../contract/accounts'
import { Asistencia, COMENTARIO_MAX_LENGTH } from '../contract/care'
import { isAnswer, keywordsNotChecked, readAnswer, readList } from './answer-shape'
import { InvalidResponseError } from './api-errors'

describe('readAnswer', () => {
  it('gives back an answer of the expected shape', async () => {
    const me = {
      nombre: 'Lucía',
      rol: 'cliente',
      tenant: 'hospital-central',
      terminos_pendientes: false,
    }
    await expect(readAnswer(Me, me)).resolves.toBe(me)
  })

  it.each([
    ['no tenant', { nombre: 'Lucía', rol: 'cliente' }],
    ['a role the contract does not list', { nombre: 'Lucía', rol: 'root', tenant: 'x' }],
    ['a number for a name', { nombre: 7, rol: 'cliente', tenant: 'x' }],
    ['an array', []],
    ['null', null],
  ])('refuses an answer with %s', async (_case, answer) => {
    await expect(readAnswer(Me, answer)).rejects.toThrow(InvalidResponseError)
  })
})

describe('readList', () => {
  const me = { nombre: 'Lucía', rol: 'cliente', tenant: 'x', terminos_pendientes: false }

  it('gives back a list whose every entry has the shape', async () => {
    await expect(readList(Me, [me, me])).resolves.toEqual([me, me])
  })

  it.each([
    ['an object', me],
    ['one entry of another shape', [me, { ...me, rol: 'root' }]],
  ])('refuses %s', async (_case, answer) => {
    await expect(readList(Me, answer)).rejects.toThrow(InvalidResponseError)
  })
})

// Every schema the contract exports, by module and name.
const CONTRACT_SCHEMAS = Object.entries(
  import.meta.glob<Record<string, unknown>>(['../contract/*.ts', '!../contract/*.test.ts'], {
    eager: true,
  }),
).flatMap(([path, module]) =>
  Object.entries(module).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null && '~kind' in value
      ? [[`${path.replace('../contract/', '')} ${name}`, value] as const]
      : [],
  ),
)

interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
}

/**
 * Values near `schema`'s shape: mostly of it, and (with `chaos`) with any part swapped for any
 * JSON value, an object given a key more, strings and numbers just past their bounds.
 */
function valuesOf(schema: JsonSchema, chaos: boolean): fc.Arbitrary<unknown> {
  const shaped = shapedValuesOf(schema, chaos)
  return chaos ? fc.oneof({ weight: 6, arbitrary: shaped }, fc.jsonValue()) : shaped
}

function shapedValuesOf(schema: JsonSchema, chaos: boolean): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valuesOf(option, chaos)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if ('const' in schema) return fc.constant(schema.const)
  switch (schema.type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          valuesOf(property, chaos),
        ]),
      )
      const record = fc.record(properties, { requiredKeys: schema.required ?? [] })
      return chaos
        ? fc
            .tuple(record, fc.option(fc.tuple(fc.string(), fc.jsonValue())))
            .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value))
        : record
    }
    case 'array':
      return fc.array(schema.items ? valuesOf(schema.items, chaos) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(3, schema.maxItems ?? 3),
      })
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid()
      if (schema.format === 'date-time') {
        const [min, max] = [new Date('1970-01-01'), new Date('2100-01-01')]
        return fc.date({ min, max, noInvalidDate: true }).map((date) => date.toISOString())
      }
      if (schema.pattern !== undefined) {
        // A repeated character class with lengths ("^[A-Za-z0-9_-]+$", 32 to 128): made from the
        // class, so the lengths hold too; any other pattern as fast-check reads it.
        const repeated = /^\^(\[[^\]]+\])\+\$$/.exec(schema.pattern)
        if (repeated?.[1] === undefined) return fc.stringMatching(new RegExp(schema.pattern, 'u'))
        return fc.string({
          unit: fc.stringMatching(new RegExp(`^${repeated[1]}$`, 'u')),
          minLength: Math.max(1, schema.minLength ?? 1),
          maxLength: Math.max(1, Math.min(schema.maxLength ?? 40, 200)),
        })
      }
      const past = chaos ? 1 : 0
      return fc.string({
        unit: 'binary',
        minLength: Math.max(0, (schema.minLength ?? 0) - past),
        maxLength: Math.min(schema.maxLength ?? 40, 60) + past,
      })
    }
    case 'integer':
    case 'number': {
      const past = chaos ? 1 : 0
      const bounds = {
        min: (schema.minimum ?? -1000) - past,
        max: (schema.maximum ?? 1_000_000) + past,
      }
      return schema.type === 'integer' ? fc.integer(bounds) : fc.double(bounds)
    }
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return fc.jsonValue()
  }
}

// Many values per schema on a shared machine: the default few seconds are not always enough.
describe('isAnswer', { timeout: 60_000 }, () => {
  it('finds schemas in the contract to check', () => {
    expect(CONTRACT_SCHEMAS.length).toBeGreaterThan(30)
  })

  it.each(CONTRACT_SCHEMAS)('reads all of %s', (_name, schema) => {
    expect(keywordsNotChecked(schema)).toEqual([])
  })

  it.each(CONTRACT_SCHEMAS)("gives TypeBox's verdict on %s, for values of it", (_name, schema) => {
    let accepted = 0
    fc.assert(
      fc.property(valuesOf(schema as JsonSchema, false), (value) => {
        const verdict = Value.Check(schema, value)
        if (verdict) accepted += 1
        expect(isAnswer(schema, value)).toBe(verdict)
      }),
      { numRuns: 100 },
    )
    // Not a vacuous agreement: most of what was made has the shape.
    expect(accepted).toBeGreaterThan(50)
  })

  it.each(CONTRACT_SCHEMAS)(
    "gives TypeBox's verdict on %s, for values near it",
    (_name, schema) => {
      fc.assert(
        fc.property(valuesOf(schema as JsonSchema, true), (value) => {
          expect(isAnswer(schema, value)).toBe(Value.Check(schema, value))
        }),
        { numRuns: 100 },
      )
    },
  )

  it.each([
    '2024-02-29T10:00:00Z',
    '2023-02-29T10:00:00Z',
    '2024-04-31T10:00:00Z',
    '2024-13-01T10:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T10:60:00Z',
    '2024-01-01T10:00:00',
    '2024-01-01 10:00:00Z',
    '2024-01-01t10:00:00.123456z',
    '2024-01-01T10:00:00+01:00',
    '2024-01-01T10:00:00+24:00',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60+01:00',
    '2017-01-01T00:59:60+01:00',
  ])("gives TypeBox's verdict on the date-time %s", (creadaEn) => {
    const sample = { ...ASISTENCIA, creada_en: creadaEn }
    expect(isAnswer(Asistencia, sample)).toBe(Value.Check(Asistencia, sample))
  })

  it('counts lengths in characters, as the server does', () => {
    const rated = (comentario: string) => ({
      ...ASISTENCIA,
      estado: 'finalizada',
      valoracion: { puntuacion: 5, comentario },
    })
    // The schema bounds a comment's size (the free-text rule counts its characters): at that
    // bound, 🙂 (two UTF-16 units) counts as one, as TypeBox and the server count it.
    // The schema's bound for a comment: four times the rule's characters (src/contract/care.ts).
    const bound = COMENTARIO_MAX_LENGTH * 4
    expect(isAnswer(Asistencia, rated('🙂'.repeat(bound)))).toBe(true)
    expect(isAnswer(Asistencia, rated('🙂'.repeat(bound + 1)))).toBe(false)
  })
})

describe('keywordsNotChecked', () => {
  it('names each keyword it would not check, and where', () => {
    expect(
      keywordsNotChecked({
        type: 'object',
        description: 'annotations are not checked',
        properties: { tags: { type: 'array', items: { type: 'string', uniqueItems: true } } },
        patternProperties: { '^x-': {} },
        anyOf: [{ format: 'email' }],
      }),
    ).toEqual(['#/properties/tags/items/uniqueItems', '#/patternProperties', '#/anyOf/0/format'])
  })
})

const ASISTENCIA = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  tenant: 'hospital-central',
  estado: 'en_espera',
  origen: 'paciente',
  motivo: 'Dolor de cabeza',
  especialidad: null,
  paciente: { id: 1, nombre: 'Lucía' },
  profesional: null,
  fotos: [],
  creada_en: '2024-01-01T10:00:00Z',
  atendida_en: null,
  cerrada_en: null,
  caduca_en: '2024-01-01T10:30:00Z',
  resumen: null,
  valoracion: null,
  espera: { posicion: 1, estimacion_minutos: null, profesionales_conectados: 0 },
  ticket: null,
  derivada_de: null,
  derivacion: null,
  asignada_a: null,
  motivo_cierre: null,
}
