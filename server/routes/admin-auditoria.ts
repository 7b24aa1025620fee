import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AdminGuards } from '../auth/admin-guards.js'
import type { AuditLog } from '../repositories/audit-log.js'
import { AUDIT_CURSOR_PARAM, AUDIT_PAGE_SIZE } from '../../src/contract/audit.js'
import { ADMIN_ERROR_RESPONSES, AUDIT_ENTRY_SCHEMA, TENANT_PARAMS_SCHEMA } from './admin-schemas.js'

/**
 * `GET /api/admin/hospitales/{tenant}/auditoria[?antes={id}]`: the hospital's changes, newest
 * first, a page at a time; `antes` names the oldest entry already shown (a cursor, so new entries
 * arriving meanwhile never shift a page).
 */
export function registerAdminAuditoriaRoute(
  instance: FastifyInstance,
  { guards, audit }: { guards: AdminGuards; audit: AuditLog },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/api/admin/hospitales/:tenant/auditoria',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Registro de cambios del centro (quién, cuándo, qué, antes y después)',
        params: TENANT_PARAMS_SCHEMA,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            // Query values are strings (no coercion here): a positive integer id, spelled plainly.
            [AUDIT_CURSOR_PARAM]: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' },
          },
        },
        response: {
          200: { type: 'array', items: AUDIT_ENTRY_SCHEMA },
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const cursor = request.query[AUDIT_CURSOR_PARAM]
      return audit.listForTenant(
        request.params.tenant,
        AUDIT_PAGE_SIZE,
        cursor === undefined ? undefined : Number(cursor),
      )
    },
  )
}
