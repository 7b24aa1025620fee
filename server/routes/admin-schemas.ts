/**
 * The administration routes' schemas: the contract's shapes (written once there), plus what only
 * the HTTP layer has (path parameters, headers, which statuses answer errors).
 */
import { Type } from 'typebox'
import { AdminAccount, CuentaConCodigo, EntradaAuditoria } from '../../src/contract/accounts.js'
import { AdminHospital, CambiosHospital, NuevoHospital } from '../../src/contract/hospitals.js'
import { ERROR_RESPONSE_SCHEMA, TENANT_SCHEMA } from '../http/route-schemas.js'

/** `:tenant` in admin URLs. */
export const TENANT_PARAMS_SCHEMA = Type.Object(
  { tenant: TENANT_SCHEMA },
  { additionalProperties: false },
)

/** `:tenant/cuentas/:id` in admin URLs. */
export const ACCOUNT_PARAMS_SCHEMA = Type.Object(
  { tenant: TENANT_SCHEMA, id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) },
  { additionalProperties: false },
)

export const HOSPITAL_SCHEMA = AdminHospital
export const CREATE_HOSPITAL_BODY_SCHEMA = NuevoHospital
export const PATCH_HOSPITAL_BODY_SCHEMA = CambiosHospital
export const ACCOUNT_SCHEMA = AdminAccount
/** A change of an account answers the account; a reset, with its one-time code. */
export const CHANGED_ACCOUNT_SCHEMA = Type.Union([CuentaConCodigo, AdminAccount])
export const AUDIT_ENTRY_SCHEMA = EntradaAuditoria

// An entity tag is short; anything longer is not one of ours.
export const IF_MATCH_HEADERS_SCHEMA = Type.Object({
  'if-match': Type.Optional(Type.String({ maxLength: 200 })),
})

/** Every admin route's error answers. */
export const ADMIN_ERROR_RESPONSES = {
  '4xx': ERROR_RESPONSE_SCHEMA,
} as const
