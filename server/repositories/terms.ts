import { may } from '../../src/contract/permissions.js'
import type { AppDatabase } from '../database/schema.js'
import type { Terminos } from '../../src/contract/join.js'
import type { Actor, AuditLog } from './audit-log.js'

export interface TermsRepository {
  /** The hospital's newest terms, or undefined when it has published none. */
  current(tenant: string): Promise<Terminos | undefined>
  /** Publishes the next version; the audit log records who did. */
  publish(actor: Actor, tenant: string, texto: string): Promise<Terminos>
  /** Records that the account accepted `version` (once; accepting again keeps the first date). */
  accept(userId: number, tenant: string, version: number): Promise<void>
  /** The newest version the account accepted, or 0. */
  acceptedVersion(userId: number, tenant: string): Promise<number>
}

/**
 * True when `account` is a patient who has not accepted their hospital's current terms: they must
 * before their next request (`terminos_pendientes` of `GET /api/me`, and the request's 409).
 */
export async function hasPendingTerms(
  terms: Pick<TermsRepository, 'current' | 'acceptedVersion'>,
  account: { id: number; rol: string; tenant: string },
): Promise<boolean> {
  if (!may(account, 'aceptar_terminos')) return false
  const current = await terms.current(account.tenant)
  return (
    current !== undefined &&
    (await terms.acceptedVersion(account.id, account.tenant)) < current.version
  )
}

export function createTermsRepository(
  db: AppDatabase,
  audit: AuditLog,
  now: () => number,
): TermsRepository {
  return {
    async current(tenant) {
      return db
        .selectFrom('terms')
        .select(['version', 'texto', 'publicado_en'])
        .where('tenant', '=', tenant)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    async publish(actor, tenant, texto) {
      return db.transaction().execute(async (trx) => {
        const newest = await trx
          .selectFrom('terms')
          .select((eb) => eb.fn.max('version').as('version'))
          .where('tenant', '=', tenant)
          .executeTakeFirst()
        // Two admins publishing at once: the primary key lets one insert this number; the other
        // transaction fails and its admin publishes again.
        const terms: Terminos = {
          version: (newest?.version ?? 0) + 1,
          texto,
          publicado_en: new Date(now()).toISOString(),
        }
        await trx
          .insertInto('terms')
          .values({ tenant, ...terms })
          .execute()
        await audit.append(trx, actor, {
          tenant,
          accion: 'terminos.publicados',
          objeto: `version ${terms.version}`,
          antes: null,
          despues: { version: terms.version },
        })
        return terms
      })
    },

    async accept(userId, tenant, version) {
      await db
        .insertInto('terms_acceptances')
        .values({ user_id: userId, tenant, version, aceptado_en: new Date(now()).toISOString() })
        .onConflict((conflict) => conflict.columns(['user_id', 'tenant', 'version']).doNothing())
        .execute()
    },

    async acceptedVersion(userId, tenant) {
      const row = await db
        .selectFrom('terms_acceptances')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('user_id', '=', userId)
        .where('tenant', '=', tenant)
        .executeTakeFirst()
      return row?.version ?? 0
    },
  }
}
