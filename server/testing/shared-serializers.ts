import {
  SerializerSelector,
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

// Fastify's own factory: what every app would otherwise build its serializers with.
const buildSerializers = SerializerSelector()

// Per factory options (as JSON), then per response schema object.
const compiled = new Map<string, WeakMap<object, Serializer>>()

const sharedFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = buildSerializers(externalSchemas, options)
  const key = JSON.stringify({ externalSchemas, options })
  const bySchema = compiled.get(key) ?? new WeakMap<object, Serializer>()
  compiled.set(key, bySchema)
  return (route) => {
    const { schema } = route
    if (typeof schema !== 'object' || schema === null) return compile(route)
    const known = bySchema.get(schema)
    if (known !== undefined) return known
    const serializer = compile(route)
    bySchema.set(schema, serializer)
    return serializer
  }
}

/**
 * Fastify's response serializers, compiled once per schema in a test file instead of once per
 * app: the server suites build an app for nearly every test, and compiling the API's response
 * schemas was about a third of each build. A route's response schema is one module constant, the
 * same object in every app, and its serializer a pure function of it: sharing it changes no
 * answer. Only the serializers: Fastify treats any validator factory given here as a foreign one
 * and then validates headers differently, so validators stay Fastify's own, per app.
 */
export const SHARED_SERIALIZERS: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: { buildSerializer: sharedFactory },
}
