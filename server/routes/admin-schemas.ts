import { ROLES } from '../../src/contract/accounts.js'
import { ERROR_RESPONSE_SCHEMA, TENANT_SCHEMA } from '../schemas.js'

/** `:tenant` in admin URLs. */
export const TENANT_PARAMS_SCHEMA = {
  type: 'object',
  required: ['tenant'],
  additionalProperties: false,
  properties: { tenant: TENANT_SCHEMA },
} as const

const COLOR_SCHEMA = { type: 'string', maxLength: 50 } as const

export const HOSPITAL_SCHEMA = {
  type: 'object',
  required: ['tenant', 'nombre', 'color_primario', 'color_secundario', 'imagen', 'activo'],
  properties: {
    tenant: { type: 'string' },
    nombre: { type: 'string' },
    color_primario: { type: 'string' },
    color_secundario: { type: 'string' },
    imagen: { type: 'string' },
    activo: { type: 'boolean' },
  },
} as const

export const CREATE_HOSPITAL_BODY_SCHEMA = {
  type: 'object',
  required: ['tenant', 'nombre', 'color_primario', 'color_secundario'],
  additionalProperties: false,
  properties: {
    tenant: TENANT_SCHEMA,
    nombre: { type: 'string', maxLength: 200 },
    color_primario: COLOR_SCHEMA,
    color_secundario: COLOR_SCHEMA,
  },
} as const

export const PATCH_HOSPITAL_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    nombre: { type: 'string', maxLength: 200 },
    color_primario: COLOR_SCHEMA,
    color_secundario: COLOR_SCHEMA,
    activo: { type: 'boolean' },
  },
} as const

export const IF_MATCH_HEADERS_SCHEMA = {
  type: 'object',
  properties: { 'if-match': { type: 'string', maxLength: 200 } },
} as const

export const ACCOUNT_SCHEMA = {
  type: 'object',
  required: ['id', 'email', 'nombre', 'rol', 'tenant', 'activo'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    nombre: { type: 'string' },
    rol: { type: 'string', enum: [...ROLES] },
    tenant: { type: 'string' },
    activo: { type: 'boolean' },
  },
} as const

/** Every admin route's error answers. */
export const ADMIN_ERROR_RESPONSES = {
  '4xx': ERROR_RESPONSE_SCHEMA,
} as const
