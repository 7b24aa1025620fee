import type { FastifyInstance } from 'fastify'
import type { AdminGuards } from '../auth/admin-guards.js'
import type { AuditLog } from '../repositories/audit-log.js'
import { NO_QUERY_SCHEMA } from '../schemas.js'
import { ADMIN_ERROR_RESPONSES, AUDIT_ENTRY_SCHEMA, TENANT_PARAMS_SCHEMA } from './admin-schemas.js'

/** Entries returned by one call: the newest ones. */
export const AUDIT_PAGE_SIZE = 200

/** `GET /api/admin/hospitales/{tenant}/auditoria`: the hospital's changes, newest first. */
export function registerAdminAuditoriaRoute(
  app: FastifyInstance,
  { guards, audit }: { guards: AdminGuards; audit: AuditLog },
) {
  app.get<{ Params: { tenant: string } }>(
    '/api/admin/hospitales/:tenant/auditoria',
    {
      preHandler: guards.tenantAdmin,
      schema: {
        summary: 'Registro de cambios del centro (quién, cuándo, qué, antes y después)',
        params: TENANT_PARAMS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: {
          200: { type: 'array', items: AUDIT_ENTRY_SCHEMA },
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request) => audit.listForTenant(request.params.tenant, AUDIT_PAGE_SIZE),
  )
}
