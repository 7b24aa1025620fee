import type { Kysely } from 'kysely'
import { MAX_SUSCRIPCIONES_POR_CUENTA, type SuscripcionPush } from '../../src/contract/push.js'
import type { DatabaseSchema } from '../database/schema.js'

type Executor = Kysely<DatabaseSchema>

/** A device's subscription as the sender needs it. */
export interface SuscripcionRow {
  id: number
  endpoint: string
  p256dh: string
  auth: string
  user_id: number
  tenant: string
}

/** Who a device's subscription belongs to. */
export interface SuscripcionOwner {
  id: number
  tenant: string
}

/** The `suscripciones_push` table: one row per device, owned by its last signed-in account. */
export interface SuscripcionRepository {
  /**
   * Keeps the device's subscription for `owner`: a device already known moves to them (a shared
   * tablet: whoever signs in next), dropping what was still pending for the previous owner. Beyond
   * {@link MAX_SUSCRIPCIONES_POR_CUENTA} devices the account's oldest ones are forgotten.
   */
  save(owner: SuscripcionOwner, subscription: SuscripcionPush): Promise<void>
  /** Forgets the device whose endpoint this is (and its pending alerts); false if unknown. */
  removeByEndpoint(endpoint: string): Promise<boolean>
  /** Forgets a device the push service no longer knows (404/410), and its pending alerts. */
  removeById(id: number): Promise<void>
  findById(id: number): Promise<SuscripcionRow | undefined>
  /** Ids of `userIds`' devices, inside the caller's transaction. */
  listIdsOfUsers(trx: Executor, userIds: readonly number[]): Promise<number[]>
  /** Ids of the devices of `tenant`'s enabled professionals, inside the caller's transaction. */
  listIdsOfProfessionals(trx: Executor, tenant: string): Promise<number[]>
  countOf(userId: number): Promise<number>
}

export function createSuscripcionRepository(
  db: Executor,
  now: () => number,
): SuscripcionRepository {
  async function removeWithAlerts(trx: Executor, ids: readonly number[]) {
    if (ids.length === 0) return
    await trx.deleteFrom('avisos_pendientes').where('suscripcion_id', 'in', ids).execute()
    await trx.deleteFrom('suscripciones_push').where('id', 'in', ids).execute()
  }

  return {
    async save(owner, subscription) {
      await db.transaction().execute(async (trx) => {
        const previous = await trx
          .selectFrom('suscripciones_push')
          .select(['id', 'user_id'])
          .where('endpoint', '=', subscription.endpoint)
          .executeTakeFirst()
        if (previous !== undefined && previous.user_id !== owner.id) {
          // Nothing meant for the previous owner reaches the next one's screen.
          await trx
            .deleteFrom('avisos_pendientes')
            .where('suscripcion_id', '=', previous.id)
            .where('enviado_en', 'is', null)
            .execute()
        }
        const values = {
          user_id: owner.id,
          tenant: owner.tenant,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          creada_en: new Date(now()).toISOString(),
        }
        await trx
          .insertInto('suscripciones_push')
          .values({ endpoint: subscription.endpoint, ...values })
          .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
          .execute()
        const surplus = await trx
          .selectFrom('suscripciones_push')
          .select('id')
          .where('user_id', '=', owner.id)
          .orderBy('creada_en', 'desc')
          .orderBy('id', 'desc')
          .offset(MAX_SUSCRIPCIONES_POR_CUENTA)
          .limit(1_000)
          .execute()
        await removeWithAlerts(
          trx,
          surplus.map((row) => row.id),
        )
      })
    },

    async removeByEndpoint(endpoint) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('suscripciones_push')
          .select('id')
          .where('endpoint', '=', endpoint)
          .executeTakeFirst()
        if (row === undefined) return false
        await removeWithAlerts(trx, [row.id])
        return true
      })
    },

    async removeById(id) {
      await db.transaction().execute((trx) => removeWithAlerts(trx, [id]))
    },

    findById: (id) =>
      db
        .selectFrom('suscripciones_push')
        .select(['id', 'endpoint', 'p256dh', 'auth', 'user_id', 'tenant'])
        .where('id', '=', id)
        .executeTakeFirst(),

    async listIdsOfUsers(trx, userIds) {
      if (userIds.length === 0) return []
      const rows = await trx
        .selectFrom('suscripciones_push')
        .select('id')
        .where('user_id', 'in', userIds)
        .execute()
      return rows.map((row) => row.id)
    },

    async listIdsOfProfessionals(trx, tenant) {
      const rows = await trx
        .selectFrom('suscripciones_push')
        .innerJoin('users', 'users.id', 'suscripciones_push.user_id')
        .select('suscripciones_push.id')
        .where('users.tenant', '=', tenant)
        .where('users.rol', '=', 'profesional')
        .where('users.activo', '=', 1)
        .execute()
      return rows.map((row) => row.id)
    },

    async countOf(userId) {
      const row = await db
        .selectFrom('suscripciones_push')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },
  }
}
