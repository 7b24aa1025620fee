import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { AccountStanding } from '../repositories/accounts.js'
import type { Actor } from '../repositories/audit-log.js'
import { isProductAdmin, may } from '../../src/contract/permissions.js'
import { authenticate, type SessionCheckDeps } from './authenticate.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator making the request, set by the admin guards. */
    actor: Actor | null
  }
}

function toActor(account: AccountStanding): Actor {
  return { id: account.id, email: account.email, tenant: account.tenant, rol: account.rol }
}

export interface AdminGuards {
  /** Lets through product administrators only. */
  productAdmin: preHandlerAsyncHookHandler
  /** Lets through administrators of the route's `:tenant` and product administrators. */
  tenantAdmin: preHandlerAsyncHookHandler
}

/**
 * Role checks as route preHandlers: 401 without a valid session (disabled accounts included),
 * 403 for a patient, a professional, or an administrator of another hospital.
 */
export function createAdminGuards(deps: SessionCheckDeps): AdminGuards {
  const forbidden = () => new HttpError(403, 'forbidden', MESSAGES.forbidden)

  async function check(
    request: FastifyRequest,
    reply: FastifyReply,
    allows: (account: AccountStanding) => boolean,
  ) {
    const account = await authenticate(request, reply, deps)
    if (!allows(account)) throw forbidden()
    request.actor = toActor(account)
  }

  return {
    productAdmin: async (request, reply) => {
      await check(request, reply, isProductAdmin)
    },
    tenantAdmin: async (request, reply) => {
      const { tenant } = request.params as { tenant?: string }
      await check(
        request,
        reply,
        (account) => tenant !== undefined && may(account, 'administrar', { tenant }),
      )
    },
  }
}
